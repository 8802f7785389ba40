"""The bridges' form on the kingdom page's power tab (new-rules.md §8): the player orders
a bridge in the winter turn (kingdoms.works.services.bridge_order); the page's messages
say what came of it after the redirect."""

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
from kingdoms.works.services import bridge_order


@login_required
@require_POST
def bridges(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """POST: the player's bridge over one of his hexes (never the GM's: he has no kingdom
    to pay for it)."""
    access = campaign_access(request, campaign_id)
    if access.is_gm or access.kingdom is None:
        raise Http404("No kingdom of yours here.")
    form = BridgeForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Name the hex to bridge as q,r."))
    else:
        try:
            bridge_order(kingdom=access.kingdom, by=request.user, hex_=form.coord())
        except Refused as refused:
            messages.error(request, refused.message)
        else:
            messages.success(request, _("Bridge ordered: it stands from this winter's phase."))
    return redirect(reverse("kingdom", args=[campaign_id]) + "?tab=power#bridges")
