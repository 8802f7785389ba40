"""The map as a viewer may see it (E-29, Q22): one query for the hexes, each judged by
rules.turn.visibility."""

from __future__ import annotations

from django.db import connection
from django.db.models import BooleanField, ExpressionWrapper, Q, TextField, Value
from django.db.models.functions import Cast, NullIf

from battles.sieges.selectors import OngoingSiege, ongoing_sieges
from campaign.models import Campaign, Hex
from rules.turn.visibility import Viewer, hex_viewer

HEX_FACT_FIELDS = (  # the columns of a map row, in rules.turn.visibility.HexFacts' order
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


def visible_map(
    campaign: Campaign, viewer: Viewer, sieges: list[OngoingSiege] | None = None
) -> list[dict]:
    """Every hex of the map as the viewer may see it: one query, and one more for the
    ongoing sieges (E-37) unless the caller read them already (``sieges``,
    battles.sieges.selectors.ongoing_sieges). A besieged hex says under ``siege`` which
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
