"""My kingdom: support, allocations, entitlements and power (§5.6, Table 6, Table 9), and
the crown ledger while a supplement module uses crowns (E-30)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from campaign.core.access import campaign_access
from campaign.core.inputs import ID
from kingdoms.agreements.views import agreements_section
from kingdoms.armies.views import building_context
from kingdoms.capitals.views import fallback_section
from kingdoms.crowns.selectors import crown_ledger
from kingdoms.realm.selectors import kingdom_overview
from kingdoms.selectors import player_kingdoms
from kingdoms.spending.views import spending_section


@login_required
@require_GET
def kingdom_page(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """A player sees his own kingdom; the GM any, chosen with ?kingdom=<id>."""
    access = campaign_access(request, campaign_id)
    if access.is_gm:
        wanted = ID.parse(request.GET.get("kingdom", ""))
        kingdoms = player_kingdoms(access.campaign)
        kingdom = kingdoms.filter(pk=wanted).first() if wanted else kingdoms.first()
    else:
        kingdom = access.kingdom
    if kingdom is None:
        raise Http404("No kingdom to show.")
    overview = kingdom_overview(kingdom, access.campaign.ruleset)
    context = {"access": access, "campaign": access.campaign, **overview}
    context.update(building_context(access, kingdom))  # §5.6 army building (kingdoms.armies.views)
    context.update(agreements_section(access, kingdom))  # Q23 (kingdoms.agreements.views)
    context.update(fallback_section(access, kingdom))  # E-23 (kingdoms.capitals.views)
    context.update(spending_section(access, kingdom))  # Table 10 (kingdoms.spending.views)
    # E-30: the crown ledger, only with a module that uses crowns, only to its own
    context["crowns"] = crown_ledger(kingdom, access.viewer, access.campaign)
    if access.is_gm:
        context["choices"] = list(player_kingdoms(access.campaign))
    return render(request, "kingdoms/realm/kingdom.html", context)
