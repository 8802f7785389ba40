"""Writes of a campaign's GM: who may act as its GM, and the chronicle of his corrections."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.utils.translation import gettext as _

from campaign.chronicle.services import chronicle_record
from campaign.core.errors import Refused
from campaign.models import Campaign, Membership


def require_gm(*, campaign: Campaign, user: User) -> None:
    is_gm = Membership.objects.filter(
        campaign=campaign, user=user, role=Membership.Role.GM
    ).exists()
    if not is_gm:
        raise Refused(_("Only the campaign's game master can do that."), status=403)


def gm_correction_record(*, campaign: Campaign, by: User, thing: str, changes: list[str]) -> None:
    """A GM's correction in the admin is told in the chronicle, visible to the GM only:
    it may touch hidden facts (a neutral kingdom, an unexplored hex)."""
    turn = campaign.turns.order_by("-number").first()
    if turn is None:
        return
    chronicle_record(
        turn, "GMCorrection", {"by": by.get_username(), "thing": thing, "changes": changes}
    )
