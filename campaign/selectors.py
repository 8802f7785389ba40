"""Every read with rules attached: what a viewer may see of a campaign.

The HTML pages and the REST API both read through here, and every function takes the
``Viewer`` that ``viewer_for`` builds, so that one function (rules.visibility) decides
what a person sees. Each function runs a fixed number of queries, whatever the map size.
"""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User
from django.db import connection
from django.db.models import QuerySet

from campaign.models import Campaign, Hex, Membership, Turn, TurnEvent
from rules.visibility import HexFacts, Viewer, entry_view, hex_view

HEX_FACT_FIELDS = (
    "q",
    "r",
    "terrain",
    "owner_id",
    "neutral_kingdom_id",
    "explored",
    "feature",
    "minor_feature",
    "defence",
    "watchtower",
    "defender_points",
    "is_orphan",
)


class NotAMember(Exception):
    """The user has no part in this campaign: views answer 404, so as not to reveal it."""


def campaigns_for(user: User) -> QuerySet[Campaign]:
    return Campaign.objects.filter(memberships__user=user).distinct().order_by("-created_at")


def membership_for(user: User | AnonymousUser, campaign: Campaign) -> Membership:
    if not user.is_authenticated:
        raise NotAMember(campaign.pk)
    membership = (
        Membership.objects.select_related("kingdom").filter(campaign=campaign, user=user).first()
    )
    if membership is None:
        raise NotAMember(campaign.pk)
    return membership


def viewer_for(membership: Membership) -> Viewer:
    """The one description of a viewer that rules.visibility understands."""
    if membership.role == Membership.Role.GM:
        return Viewer(is_gm=True)
    kingdom = membership.kingdom
    if kingdom is None:
        return Viewer()
    known = frozenset(kingdom.known_neutral_kingdoms.values_list("id", flat=True))
    return Viewer(kingdom_id=kingdom.id, known_neutral_kingdoms=known)


def current_turn(campaign: Campaign) -> Turn | None:
    return campaign.turns.order_by("-number").first()


def visible_map(campaign: Campaign, viewer: Viewer) -> list[dict]:
    """Every hex of the map as the viewer may see it (one query)."""
    make = HexFacts._make
    return [hex_view(make(row), viewer) for row in _hex_rows(campaign)]


def _hex_rows(campaign: Campaign) -> list[tuple]:
    """The map's rows straight from the cursor: the ORM writes the SQL, but its per-row
    converters would add a third to the time of a 10,000-hex map. SQLite's booleans
    then arrive as 0/1, which hex_view reads as truth values."""
    query = Hex.objects.filter(campaign=campaign).order_by("r", "q").values_list(*HEX_FACT_FIELDS)
    sql, params = query.query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def visible_chronicle(campaign: Campaign, viewer: Viewer, turn: Turn | None = None) -> list[dict]:
    """Chronicle entries the viewer may read, newest turn first, each with its turn number."""
    events = TurnEvent.objects.filter(campaign=campaign)
    if turn is not None:
        events = events.filter(turn=turn)
    rows = events.order_by("-turn__number", "id").values_list(
        "turn__number", "id", "kind", "rule", "payload", "public", "kingdom_ids", "secret_fields"
    )
    entries = []
    for number, entry_id, kind, rule, payload, public, kingdom_ids, secret in rows:
        seen = entry_view(payload, public, kingdom_ids, secret, viewer)
        if seen is not None:
            entries.append({"turn": number, "id": entry_id, "kind": kind, "rule": rule, **seen})
    return entries
