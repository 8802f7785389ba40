"""Who reaches an API view of a campaign: its members, each with his seat at it.

settings.REST_FRAMEWORK's default permissions ask for credentials (401) and keep a
read-only token to reading (403, campaign.tokens.authentication.TokenScope); a view of a
campaign adds IsCampaignMember (``MEMBERS``), and one that acts for the member's kingdom
HasKingdom. What only the GM may do, the services refuse, for the pages and the API alike.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from rest_framework.permissions import BasePermission
from rest_framework.request import Request
from rest_framework.settings import api_settings
from rest_framework.views import APIView

from campaign.core.access import campaign_access
from campaign.core.errors import Refused


class IsCampaignMember(BasePermission):
    """Only a campaign's members reach its views; anyone else gets the 404 of a campaign
    that does not exist, word for word, so that an id tells nothing.

    A route names its campaign (``campaign_id``), or only an object of it (a battle, a
    side, a siege): then the campaign is the object's, once the view's get_object() has
    found it (the view's ``campaign_id_of``). Either way ``request.access`` then holds the
    requester's campaign.core.access.Access (the campaign, his membership, his viewer),
    looked up once.
    """

    def has_permission(self, request: Request, view: APIView) -> bool:
        if "campaign_id" in view.kwargs:
            request.access = campaign_access(request, view.kwargs["campaign_id"])
        return True

    def has_object_permission(self, request: Request, view: APIView, obj) -> bool:
        if "campaign_id" not in view.kwargs:
            request.access = campaign_access(request, view.campaign_id_of(obj))
        return True


class HasKingdom(BasePermission):
    """The view acts for the member's own kingdom: a member without one (the GM) may not."""

    def has_permission(self, request: Request, view: APIView) -> bool:
        if request.access.membership.kingdom is None:
            # Raised rather than returned: DRF's own 403 would name no field.
            raise Refused(_("You have no kingdom in this campaign."), field="kingdom", status=403)
        return True


MEMBERS = (*api_settings.DEFAULT_PERMISSION_CLASSES, IsCampaignMember)
"""A view of a campaign: the default permissions, then IsCampaignMember."""
