"""Who is asking on a page, and how a page answers: the seat of a signed-in member, the full page
or the HTMX partial, and a refusal's status."""

from __future__ import annotations

from dataclasses import dataclass

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from campaign.core.errors import Refused
from campaign.core.viewers import NotAMember, membership_for, viewer_for
from campaign.models import Campaign, Membership
from rules.turn.visibility import Viewer


@dataclass(frozen=True)
class Seat:
    """Who is looking at which campaign: what every campaign page starts from."""

    campaign: Campaign
    membership: Membership
    viewer: Viewer

    @property
    def kingdom(self):
        return self.membership.kingdom


def seat_for(request: HttpRequest, campaign_id: int) -> Seat:
    """The request's seat at the campaign; 404 for a non-member, so as not to reveal it."""
    campaign = get_object_or_404(Campaign, pk=campaign_id)
    try:
        membership = membership_for(request.user, campaign)
    except NotAMember:
        raise Http404("No such campaign.") from None
    return Seat(campaign, membership, viewer_for(membership))


def render_page(
    request: HttpRequest, full: str, partial: str, context: dict, status: int = 200
) -> HttpResponse:
    """The whole page, or for an HTMX request only the partial that the page includes."""
    return render(request, partial if request.htmx else full, context, status=status)


def refusal_status(request: HttpRequest, refused: Refused) -> int:
    """HTMX only swaps successful answers, so a refusal it shows is a 200; a plain form
    post gets the refusal's own status."""
    return 200 if request.htmx else refused.status
