"""The winter works' forms on the kingdom page's power tab (new-rules.md §5 and §8): the
player orders a bridge or a temple in the winter turn (kingdoms.works.services); the
page's messages say what came of it after the redirect."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from campaign.core.access import campaign_access
from campaign.core.errors import Refused
from kingdoms.works.forms import BridgeForm
from kingdoms.works.services import bridge_order, temple_order


@login_required
@require_POST
def bridges(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """POST: the player's bridge over one of his hexes (NR-BRIDGE-1)."""
    return _winter_order(
        request, campaign_id, bridge_order, "bridges",
        _("Name the hex to bridge as q,r."),
        _("Bridge ordered: it stands from this winter's phase."),
    )  # fmt: skip


@login_required
@require_POST
def temples(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """POST: the player's temple on one of his hexes (NR-TEMPLE-1)."""
    return _winter_order(
        request, campaign_id, temple_order, "temples",
        _("Name the hex of the temple as q,r."),
        _("Temple ordered: it stands from this winter's phase."),
    )  # fmt: skip


def _winter_order(
    request: HttpRequest, campaign_id: int, order, anchor: str, invalid: str, done: str
) -> HttpResponse:
    """A winter work ordered by the player (never the GM: he has no kingdom to pay for
    it), then back to the power tab's section ``anchor``."""
    access = campaign_access(request, campaign_id)
    if access.is_gm or access.kingdom is None:
        raise Http404("No kingdom of yours here.")
    form = BridgeForm(request.POST)
    if not form.is_valid():
        messages.error(request, invalid)
    else:
        try:
            order(kingdom=access.kingdom, by=request.user, hex_=form.coord())
        except Refused as refused:
            messages.error(request, refused.message)
        else:
            messages.success(request, done)
    return redirect(reverse("kingdom", args=[campaign_id]) + f"?tab=power#{anchor}")
