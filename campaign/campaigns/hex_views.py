"""The map as the place where a player acts: the panel of a tapped hex, and the hexes an
army may aim its orders at, which the map lights (static/warpost/map-panel.js)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_GET

from campaign.campaigns.hex_panel import hex_panel
from campaign.core.access import campaign_access
from campaign.core.inputs import COORD, ID
from campaign.core.pages import render_page
from campaign.models import Turn
from campaign.turns.selectors import current_turn
from kingdoms.orders.judge import OrderJudge
from kingdoms.selectors import visible_armies


@login_required
@require_GET
def hex_panel_view(request: HttpRequest, campaign_id: int, q: int, r: int) -> HttpResponse:
    """GET the panel of hex (q, r); ``?army=`` names the army the player tapped first,
    whose actions lead. A hex off the map answers 404, as a missing campaign does."""
    access = campaign_access(request, campaign_id)
    on_the_grid = all(COORD.low <= axis <= COORD.high for axis in (q, r))  # E-39
    panel = (
        hex_panel(access, (q, r), ID.parse(request.GET.get("army", ""))) if on_the_grid else None
    )
    if panel is None:
        raise Http404("No such hex.")
    context = {"access": access, "campaign": access.campaign, "panel": panel}
    return render_page(
        request,
        "campaign/campaigns/hex_page.html",
        "campaign/campaigns/partials/hex_panel.html",
        context,
    )


@login_required
@require_GET
def army_targets(request: HttpRequest, campaign_id: int, army_id: int) -> JsonResponse:
    """Table 5: the hexes the player's army may aim each order at this turn, as the rules
    judge them on submission (``targets``: {"invade": [[q, r], …], "scout": …,
    "patrol": …}) and the hex it stands on (``at``); no targets
    while the turn takes no orders. Another kingdom's army answers 404, as a missing
    one; the GM, who gives no orders, finds none of his."""
    access = campaign_access(request, campaign_id)
    if access.kingdom is None:
        raise Http404("No army of yours here.")
    mine = visible_armies(access.campaign, access.viewer).filter(kingdom=access.kingdom)
    army = get_object_or_404(mine, pk=army_id)
    turn = current_turn(access.campaign)
    targets = {}
    if turn is not None and turn.state == Turn.State.OPEN:
        found = OrderJudge(turn, access.viewer).targets(army)
        targets = {kind.value: [list(cell) for cell in cells] for kind, cells in found.items()}
    at = [army.position.q, army.position.r] if army.position else None
    return JsonResponse(
        {"army": army.pk, "turn": turn.number if turn else None, "at": at, "targets": targets}
    )
