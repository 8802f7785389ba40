"""Every read with rules attached: what a viewer may see of a campaign.

The HTML pages and the REST API both read through here, and every function takes the
``Viewer`` that ``viewer_for`` builds, so that one function (rules.visibility) decides
what a person sees. Each function runs a fixed number of queries, whatever the map size.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth.models import AnonymousUser, User
from django.db import connection
from django.db.models import BooleanField, ExpressionWrapper, Q, QuerySet, TextField, Value
from django.db.models.functions import Cast, NullIf
from django.utils import timezone

from battles.siege_selectors import OngoingSiege, ongoing_sieges
from campaign.models import Campaign, Hex, Membership, Turn, TurnEvent
from rules.tables import ScoutLevel
from rules.visibility import Viewer, entry_view, hex_viewer, rule_seen, scout_report_view

HEX_FACT_FIELDS = (  # the columns of a map row, in rules.visibility.HexFacts' order
    "q",
    "r",
    "terrain",
    "owner_id",
    "neutral_kingdom_id",
    "public_explored",
    "feature",
    "minor_feature",
    "defence",
    "watchtower",
    "defender_points",
    "is_orphan",
    "secondary_json",  # Q16: public like the terrain
)


# E-29: a hex explored by scouting alone is unexplored on everyone's map until invaded;
# the database says so in the same column, so the map pays nothing per hex for it.
PUBLIC_EXPLORED = ExpressionWrapper(
    Q(explored=True, scouted_only=False), output_field=BooleanField()
)

# Q16: most hexes have no secondary terrain; their JSON column then arrives as NULL, so
# the map makes no string per hex for it (about 1 ms of a 10,000-hex map's ~30).
SECONDARY_JSON = NullIf(
    Cast("secondary_terrains", TextField()), Value("[]"), output_field=TextField()
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
    return Viewer(
        kingdom_id=kingdom.id, known_neutral_kingdoms=known, scout_reports=_scout_reports(kingdom)
    )


def _scout_reports(kingdom) -> dict[tuple[int, int], dict]:
    """Table 8, E-29: the latest thing the kingdom's scouts learned of each hex, in one
    query; of two reports of one turn the fuller one counts. Lost scouts learned nothing."""
    rows = (
        kingdom.scout_reports.exclude(level=ScoutLevel.LOST)
        .values_list("hex__q", "hex__r", "turn__number", "level", "facts")
        .order_by()
    )
    latest = sorted(rows, key=lambda row: (row[2], ScoutLevel(row[3]).rank))
    return {(q, r): scout_report_view(level, turn, facts) for q, r, turn, level, facts in latest}


def current_turn(campaign: Campaign) -> Turn | None:
    return campaign.turns.order_by("-number").first()


# The server steps, by the state that claims them (§3 Phases 3 and 6–7)
STEP_NAMES = {Turn.State.PROVISIONAL: "Provisional Results", Turn.State.FINAL: "Final Results"}


@dataclass(frozen=True)
class LateStep:
    """A server step still running TURN_STEP_LATE_SECONDS after its claim: most likely
    lost with its worker or its message; running it again is safe (it is idempotent)."""

    name: str
    minutes: int  # since it was claimed


def _late_after() -> dt.timedelta:
    return dt.timedelta(seconds=settings.TURN_STEP_LATE_SECONDS)


def late_step(turn: Turn | None) -> LateStep | None:
    if turn is None or turn.state not in STEP_NAMES or turn.claimed_at is None:
        return None
    running = timezone.now() - turn.claimed_at
    if running < _late_after():
        return None
    return LateStep(STEP_NAMES[turn.state], int(running.total_seconds() // 60))


def late_turns() -> QuerySet[Turn]:
    """Every turn whose server step is late, in all campaigns (for the sweep)."""
    return Turn.objects.filter(
        state__in=list(STEP_NAMES), claimed_at__lte=timezone.now() - _late_after()
    )


def visible_map(
    campaign: Campaign, viewer: Viewer, sieges: list[OngoingSiege] | None = None
) -> list[dict]:
    """Every hex of the map as the viewer may see it: one query, and one more for the
    ongoing sieges (E-37) unless the caller read them already (``sieges``,
    battles.siege_selectors.ongoing_sieges). A besieged hex says under ``siege`` which
    siege it is and where its sheet is, in the API and on the page."""
    if sieges is None:
        sieges = ongoing_sieges(campaign.pk)
    view = hex_viewer(viewer, _siege_marks(sieges))
    return [view(row) for row in _hex_rows(campaign)]  # rows in HexFacts' order


def visible_hex(campaign: Campaign, viewer: Viewer, coord: tuple[int, int]) -> dict | None:
    """One hex as visible_map shows it to the viewer, or None if the map has no such
    hex: two queries (the ongoing sieges, the hex)."""
    rows = _hex_rows(campaign, coord)
    if not rows:
        return None
    return hex_viewer(viewer, _siege_marks(ongoing_sieges(campaign.pk)))(rows[0])


def _siege_marks(sieges: list[OngoingSiege]) -> dict[tuple[int, int], dict]:
    """E-37: each besieged hex's mark, as the map shows it."""
    return {(s.q, s.r): {"id": s.id, "url": s.url, "page": s.page} for s in sieges}


def _hex_rows(campaign: Campaign, coord: tuple[int, int] | None = None) -> list[tuple]:
    """The map's rows straight from the cursor: the ORM writes the SQL, but its per-row
    converters would add a third to the time of a 10,000-hex map. SQLite's booleans
    then arrive as 0/1, which hex_view reads as truth values, and the secondary terrains
    as JSON text (or NULL), which it decodes. ``coord``: that hex's row alone."""
    hexes = Hex.objects.filter(campaign=campaign).annotate(
        public_explored=PUBLIC_EXPLORED, secondary_json=SECONDARY_JSON
    )
    if coord is not None:
        hexes = hexes.filter(q=coord[0], r=coord[1])
    query = hexes.order_by("r", "q").values_list(*HEX_FACT_FIELDS)
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
            rule = rule_seen(rule, payload, seen)
            entries.append({"turn": number, "id": entry_id, "kind": kind, "rule": rule, **seen})
    return entries


def turn_bulletin(turn: Turn | None) -> dict:
    """A-2.1: the turn's rumours and mercenaries, public to the whole campaign."""
    if turn is None:
        return {"rumours": [], "offers": []}
    return {"rumours": list(turn.rumours.all()), "offers": list(turn.mercenary_offers.all())}
