"""Who asks about which campaign: the one way every page and every API view finds its
viewer, and the one way a service finds the player whose kingdom acts."""

from __future__ import annotations

import datetime as dt
from functools import cache, cached_property
from typing import TypeVar

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db import connection
from django.db.models import Model, QuerySet
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext as _
from rest_framework.exceptions import NotFound
from rest_framework.request import Request

from campaign.core.errors import Hidden, Refused
from campaign.core.inputs import ID
from campaign.core.viewers import NotAMember, membership_for, viewer_for
from campaign.models import Campaign, Membership, Turn
from campaign.tokens.authentication import token_holder
from campaign.tokens.services import token_use_due
from campaign.turns.selectors import current_turn
from kingdoms.models import Kingdom
from rules.turn.visibility import Viewer

Row = TypeVar("Row", bound=Model)


class Access:
    """Who is looking at which campaign: what every campaign page and API view starts
    from.

    The viewer (rules.turn.visibility.Viewer: what his kingdom discovered and scouted,
    two queries) is read when first asked for, so that a view which answers before it
    shows anything, the map's "not modified" (campaign.map.api), pays for the membership
    and its campaign alone, one query.
    """

    def __init__(
        self, campaign: Campaign, membership: Membership, viewer: Viewer | None = None
    ) -> None:
        self.campaign = campaign
        self.membership = membership
        if viewer is not None:
            self.__dict__["viewer"] = viewer

    @cached_property
    def viewer(self) -> Viewer:
        return viewer_for(self.membership)

    @property
    def kingdom(self) -> Kingdom | None:
        """The member's kingdom; None for the GM and for a player without one."""
        return self.membership.kingdom

    @property
    def is_gm(self) -> bool:
        return self.membership.role == Membership.Role.GM


def campaign_access(request: HttpRequest | Request, campaign_id: int) -> Access:
    """The campaign and what the requesting user may see of it.

    A campaign the user has no part in answers 404 like one that does not exist, so that
    an outsider learns nothing, not even that it exists: ``Hidden``, which a page shows
    as the site's 404 page and the API as its JSON 404.
    """
    if not request.user.is_authenticated:
        raise Hidden()
    # One query for both: every view of a campaign pays it. A user has one membership
    # a campaign, so the query asks for a row, not the first in any order (first()'s
    # ORDER BY takes the ORM longer to write than the database to answer).
    mine = Membership.objects.select_related("campaign", "kingdom")
    membership = next(iter(mine.filter(campaign_id=campaign_id, user=request.user)[:1]), None)
    if membership is None:
        raise Hidden()
    return Access(membership.campaign, membership)


def token_membership(request: HttpRequest, campaign_id: int, *fields: str) -> tuple | None:
    """The ``fields`` (Membership's, e.g. ``campaign__map_version``) of the membership in
    the campaign of the user whose API token the request carries, in one query with the
    token (campaign.tokens.authentication.token_holder): for a view that answers before
    DRF authenticates anyone, the map's 304. None when that query finds none, the request
    carries no token, or a personal token's use is due to be written down: the view then
    goes the usual way (TokenAuthentication, campaign_access), which writes it down and
    answers a bad token, a stranger and a missing campaign as ever."""
    holder = token_holder(request)
    if holder is None:
        return None
    sql, params = _token_membership_query(holder.by, holder.also, holder.last_used, fields)
    values = dict(zip(_STAND_INS, (campaign_id, holder.key), strict=True))
    with connection.cursor() as cursor:
        cursor.execute(sql, [values.get(param, param) for param in params])
        row = cursor.fetchone()
    if row is None or holder.last_used and token_use_due(_aware(row[-1])):
        return None
    return row[: len(fields)]


_STAND_INS = (-7_353_713, "(stand-in)")
"""A campaign's id and a key (or digest: hexadecimal) that no request has, in the query
as the ORM writes it. Were one not to come out of the ORM as it went in, the query would
find nothing and every request go the usual way."""


@cache
def _token_membership_query(
    by: str, also: tuple, last_used: str | None, fields: tuple[str, ...]
) -> tuple[str, tuple]:
    """token_membership's query as the ORM writes it, once a process for each kind of
    token, for the stand-in campaign and key: writing it costs the ORM more than the
    database takes to answer it."""
    campaign_id, key = _STAND_INS
    user = {f"user__{by}": key} | {f"user__{lookup}": value for lookup, value in also}
    columns = (*fields, f"user__{last_used}") if last_used else fields
    mine = Membership.objects.filter(campaign_id=campaign_id, **user).values_list(*columns)
    return mine[:1].query.sql_with_params()


def _aware(moment: dt.datetime | None) -> dt.datetime | None:
    """A moment as a cursor returns it: SQLite's come naive, in UTC."""
    if moment is None or timezone.is_aware(moment):
        return moment
    return moment.replace(tzinfo=dt.UTC)


def gm_access(request: HttpRequest, campaign_id: int) -> Access:
    """The GM's access to the GM console's pages; the campaign's players are refused
    (403), a stranger learns nothing (404)."""
    access = campaign_access(request, campaign_id)
    if not access.is_gm:
        raise PermissionDenied(_("The console is for the campaign's game master only."))
    return access


def visible_or_404(visible: QuerySet[Row], pk: int) -> Row:
    """The row ``pk`` among those the viewer may see, ``visible``; else the 404 that a
    missing id gets, word for word (campaign.core.errors.Hidden)."""
    row = visible.filter(pk=pk).first()
    if row is None:
        raise Hidden()
    return row


def kingdom_named(access: Access, request: Request) -> Kingdom | None:
    """The campaign's kingdom that ``?kingdom=<id>`` names, None if none is named; an id
    that is not one of the campaign's kingdoms answers as a missing one."""
    wanted = request.query_params.get("kingdom", "")
    if not wanted:
        return None
    number = ID.parse(wanted)
    if number is None:
        raise Hidden()
    return visible_or_404(access.campaign.kingdoms.all(), number)


def current_turn_or_404(campaign: Campaign) -> Turn:
    turn = current_turn(campaign)
    if turn is None:
        raise NotFound(_("The campaign has no turn yet."))
    return turn


def player_in_play(campaign: Campaign, user: User, *, acts: str, acts_not: str) -> Membership:
    """The user's membership as the player of a kingdom still in play, for a write his
    kingdom makes. Refused (403) to anyone else ("Only a player with a kingdom spends
    power.") and to the player of an eliminated kingdom, E-27 ("Marienburg is eliminated:
    it spends no power."); ``acts`` and ``acts_not`` end those sentences."""
    try:
        membership = membership_for(user, campaign)
    except NotAMember:
        membership = None
    kingdom = membership.kingdom if membership is not None else None
    if kingdom is None or membership.role != Membership.Role.PLAYER:
        raise Refused(_("Only a player with a kingdom %(acts)s.") % {"acts": acts}, status=403)
    if kingdom.eliminated:
        raise Refused(
            _("%(kingdom)s is eliminated: it %(acts_not)s.")
            % {"kingdom": kingdom.name, "acts_not": acts_not},
            status=403,
        )
    return membership
