"""The chronicle page: each turn's entries as the viewer may see them (Q22)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from campaign.campaigns.views import recent_turns
from campaign.chronicle.narration import Names, narrate
from campaign.chronicle.selectors import visible_chronicle
from campaign.core.access import Access, campaign_access
from campaign.core.pages import render_page
from campaign.models import Turn
from kingdoms.selectors import (
    player_kingdoms,
    visible_armies,
    visible_neutral_kingdoms,
)


def chronicle_names(access: Access) -> Names:
    """Names the reader may know, so that narration never names a stranger."""
    return Names(
        kingdoms={k.id: k.name for k in player_kingdoms(access.campaign)},
        neutral_kingdoms={
            n.id: n.name for n in visible_neutral_kingdoms(access.campaign, access.viewer)
        },
        armies={
            a.id: _("%(kingdom)s's %(army)s") % {"kingdom": a.kingdom.name, "army": a.name}
            for a in visible_armies(access.campaign, access.viewer)
        },
    )


def chronicle_by_turn(access: Access, turn: Turn | None = None) -> list[dict]:
    """Narrated entries grouped by turn, newest first, each turn with its public seed; each
    line's rule beside its text, for the page to show as a link into the rulebook."""
    entries = visible_chronicle(access.campaign, access.viewer, turn)
    if not entries:
        return []
    names = chronicle_names(access)
    turns = {t.number: t for t in access.campaign.turns.all()}
    groups: list[dict] = []
    for entry in entries:
        if not groups or groups[-1]["number"] != entry["turn"]:
            groups.append({"number": entry["turn"], "turn": turns.get(entry["turn"]), "lines": []})
        groups[-1]["lines"].append(
            {"kind": entry["kind"], "rule": entry.get("rule") or "", "text": narrate(entry, names)}
        )
    return groups


@login_required
@require_GET
def chronicle(request: HttpRequest, campaign_id: int) -> HttpResponse:
    access = campaign_access(request, campaign_id)
    current, previous = recent_turns(access.campaign)
    context = {
        "access": access,
        "campaign": access.campaign,
        "turn": current,
        "previous_turn": previous,
        "chronicle": chronicle_by_turn(access),
    }
    return render_page(
        request,
        "campaign/chronicle/chronicle.html",
        "campaign/chronicle/partials/chronicle_turns.html",
        context,
    )
