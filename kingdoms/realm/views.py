"""My kingdom: support, allocations, entitlements and power (§5.6, Table 6, Table 9), and
the crown ledger while a supplement module uses crowns (E-30), in tabs: armies, power and
spending, edicts, diplomacy, fallback capitals."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET

from campaign.core.access import Access, campaign_access
from campaign.core.inputs import ID
from campaign.turns.selectors import current_turn
from kingdoms.agreements.views import agreements_section
from kingdoms.armies.sections import building_context
from kingdoms.armies.tab_sections import armies_sections
from kingdoms.capitals.views import fallback_section
from kingdoms.crowns.selectors import crown_ledger
from kingdoms.edicts.selectors import edicts_panel
from kingdoms.models import Kingdom
from kingdoms.races import race_name
from kingdoms.realm.selectors import kingdom_overview
from kingdoms.selectors import player_kingdoms
from kingdoms.spending.views import spending_section
from kingdoms.works.selectors import bridges_section, temples_section

# The page's tabs in order: the ?tab= slug and its label. Each tab's panel holds the
# sections whose ids other pages link to (#agreements, #fallback-capitals, ...).
TABS = (
    ("armies", _("Armies")),
    ("power", _("Power and spending")),
    ("edicts", _("Edicts")),
    ("diplomacy", _("Diplomacy")),
    ("capitals", _("Fallback capitals")),
)


@login_required
@require_GET
def kingdom_page(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """A player sees his own kingdom; the GM any, chosen with ?kingdom=<id>. ?tab= (or a
    #fragment inside a tab, which the page's script reads) opens one tab."""
    access = campaign_access(request, campaign_id)
    if access.is_gm:
        wanted = ID.parse(request.GET.get("kingdom", ""))
        kingdoms = player_kingdoms(access.campaign)
        kingdom = kingdoms.filter(pk=wanted).first() if wanted else kingdoms.first()
    else:
        kingdom = access.kingdom
    if kingdom is None:
        raise Http404("No kingdom to show.")
    context = kingdom_context(access, kingdom, _chosen_tab(request.GET.get("tab", "")))
    return render(request, "kingdoms/realm/kingdom.html", context)


def kingdom_context(
    access: Access, kingdom: Kingdom, tab: str, building: dict | None = None
) -> dict:
    """Everything the kingdom page shows of ``kingdom`` (the caller checks that the
    viewer may see it), opened on ``tab``; ``building`` is the army-building section
    when an army's form was refused and is shown as it was."""
    overview = kingdom_overview(kingdom, access.campaign.ruleset)
    context = {"access": access, "campaign": access.campaign, **overview}
    context["race"] = race_name(kingdom.race)  # NR-RACE: the peoples module
    context.update(building or building_context(access, kingdom))  # §5.6 army building
    # The other domains' sections (kingdoms.armies.tab_sections): the siege trains' one
    context["armies_sections"] = armies_sections(access, kingdom)
    context.update(agreements_section(access, kingdom))  # Q23 (kingdoms.agreements.views)
    context.update(fallback_section(access, kingdom))  # E-23 (kingdoms.capitals.views)
    turn = current_turn(access.campaign)
    context.update(spending_section(access, kingdom, turn))  # Table 10 (kingdoms.spending.views)
    # §5.3: the edicts are the player's own; the GM reads their results in the chronicle
    context["edicts_panel"] = edicts_panel(turn, access.viewer)
    # E-30: the crown ledger, only with a module that uses crowns, only to its own
    context["crowns"] = crown_ledger(kingdom, access.viewer, access.campaign)
    # NR-BRIDGE: the kingdom's bridges and, to its player, the form to order one
    context["bridges"] = bridges_section(kingdom, turn.number if turn else None)
    # NR-TEMPLE-1: the kingdom's temples and, to its player, the form to order one
    context["temples"] = temples_section(kingdom, turn.number if turn else None)
    if access.is_gm:
        context["choices"] = list(player_kingdoms(access.campaign))
    context["tabs"] = kingdom_tabs(context)
    context["tab"] = tab
    return context


def _chosen_tab(wanted: str) -> str:
    """The tab ?tab= names; the first one for a missing or unknown name (a stale link
    still shows the kingdom)."""
    slugs = [slug for slug, _label in TABS]
    return wanted if wanted in slugs else slugs[0]


def kingdom_tabs(context: dict) -> list[dict]:
    """Each tab with the count of what awaits the viewer there: allocations to cut
    (E-14), proposals made to him to answer (Q23), his Cities to name as fallback
    capitals (E-23)."""
    waiting = {
        "armies": context["allocations_to_cut"],
        "diplomacy": context["agreements_to_answer"],
        "capitals": context["capitals_to_name"],
    }
    return [{"slug": slug, "label": label, "badge": waiting.get(slug, 0)} for slug, label in TABS]
