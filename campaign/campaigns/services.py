"""Writes of a campaign's GM: who may act as its GM, the chronicle of his corrections, and
the version of what the campaign's map shows."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db.models import F
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


def map_version_bump(*, campaign: Campaign, whole: bool = False) -> None:
    """What the campaign's map shows may have changed: its version goes one up, in one
    query, inside the caller's transaction, so the new version is seen with the new map.

    Every write that changes a hex, a siege, the turn, or what a viewer knows of the map
    calls it once it has written: the map API's ETag and its shared build are keyed on
    the version (campaign.map.selectors.map_body), so a write that does not bump leaves
    stale maps. ``whole``: the write may have taken back something a viewer knew (a GM's
    edit or correction, a seat), which comparing two maps cannot tell; a poller behind
    it then gets the whole map again."""
    bumped = {"map_version": F("map_version") + 1}
    if whole:
        bumped["map_version_whole"] = F("map_version") + 1
    Campaign.objects.filter(pk=campaign.pk).update(**bumped)
