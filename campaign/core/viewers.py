"""Who a signed-in user is in a campaign: his membership, and the rules' Viewer it gives (E-29,
Q22)."""

from __future__ import annotations

import dataclasses

from django.contrib.auth.models import AnonymousUser, User

from campaign.models import Campaign, Membership
from rules.core.tables import ScoutLevel
from rules.turn.visibility import Viewer, scout_report_view


class NotAMember(Exception):
    """The user has no part in this campaign: views answer 404, so as not to reveal it."""


def membership_for(user: User | AnonymousUser, campaign: Campaign) -> Membership:
    if not user.is_authenticated:
        raise NotAMember(campaign.pk)
    membership = (
        Membership.objects.select_related("kingdom").filter(campaign=campaign, user=user).first()
    )
    if membership is None:
        raise NotAMember(campaign.pk)
    return membership


def membership_viewer(membership: Membership) -> Viewer:
    """The viewer as far as his membership alone tells, without a query: the GM, or his
    kingdom's player knowing nothing yet. Enough to pick his kingdom's rows
    (kingdoms.selectors.visible_armies); ``viewer_for`` adds what he knows, which
    showing a hex needs."""
    if membership.role == Membership.Role.GM:
        return Viewer(is_gm=True)
    return Viewer(kingdom_id=membership.kingdom_id)


def viewer_for(membership: Membership) -> Viewer:
    """The one description of a viewer that rules.turn.visibility understands."""
    viewer = membership_viewer(membership)
    if viewer.is_gm or viewer.kingdom_id is None:
        return viewer
    kingdom = membership.kingdom
    known = frozenset(kingdom.known_neutral_kingdoms.values_list("id", flat=True))
    return dataclasses.replace(
        viewer, known_neutral_kingdoms=known, scout_reports=scout_reports(kingdom)
    )


def scout_reports(kingdom, until: int | None = None) -> dict[tuple[int, int], dict]:
    """Table 8, E-29: the latest thing the kingdom's scouts learned of each hex, in one
    query; of two reports of one turn the fuller one counts. Lost scouts learned nothing.
    ``until``: what they had learned by the end of that turn (the chronicle's replay)."""
    reports = kingdom.scout_reports.exclude(level=ScoutLevel.LOST)
    if until is not None:
        reports = reports.filter(turn__number__lte=until)
    rows = reports.values_list("hex__q", "hex__r", "turn__number", "level", "facts").order_by()
    latest = sorted(rows, key=lambda row: (row[2], ScoutLevel(row[3]).rank))
    return {(q, r): scout_report_view(level, turn, facts) for q, r, turn, level, facts in latest}
