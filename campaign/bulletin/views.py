"""The turn's bulletin page (A-2.1): everyone reads the rumours and mercenaries for hire;
the GM publishes them while the turn takes orders."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from campaign.bulletin.forms import OfferForm, RumourForm
from campaign.bulletin.selectors import turn_bulletin
from campaign.bulletin.services import mercenary_offer_publish, rumour_publish
from campaign.core.access import Access, campaign_access
from campaign.core.errors import Refused
from campaign.core.pages import refusal_status, render_page
from campaign.turns.selectors import current_turn


@login_required
@require_http_methods(["GET", "POST"])
def bulletin_page(request: HttpRequest, campaign_id: int) -> HttpResponse:
    access = campaign_access(request, campaign_id)
    if request.method == "GET":
        return _render(request, access)
    try:
        _publish(request, access)
    except Refused as refused:
        return _render(request, access, refused, refusal_status(request, refused))
    return _render(request, access)


def _publish(request: HttpRequest, access: Access) -> None:
    turn = current_turn(access.campaign)
    if turn is None:
        raise Refused(_("This campaign has no turn yet."))
    form = (RumourForm if request.POST.get("what") == "rumour" else OfferForm)(request.POST)
    if not form.is_valid():
        raise form.refusal()
    if isinstance(form, RumourForm):
        rumour_publish(turn=turn, by=request.user, text=form.cleaned_data["text"])
        return
    # points left empty: the service's default (Q18)
    wanted = {name: value for name, value in form.cleaned_data.items() if value is not None}
    mercenary_offer_publish(turn=turn, by=request.user, **wanted)


def _render(
    request: HttpRequest, access: Access, refused: Refused | None = None, status: int = 200
) -> HttpResponse:
    turn = current_turn(access.campaign)
    context = {
        "access": access,
        "campaign": access.campaign,
        "turn": turn,
        "bulletin": turn_bulletin(turn),
        "refused": refused,
        "posted": request.POST if refused else {},
    }
    return render_page(
        request,
        "campaign/bulletin/bulletin.html",
        "campaign/bulletin/partials/bulletin.html",
        context,
        status,
    )
