"""The map as a viewer may see it (E-29, Q22): one query for the hexes, each judged by
rules.turn.visibility; and the map a GM draws at set-up, as a plan the set-up checks read."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.db import connection
from django.db.models import (
    BooleanField,
    Count,
    ExpressionWrapper,
    Q,
    QuerySet,
    TextField,
    Value,
)
from django.db.models.functions import Cast, NullIf
from django.utils.safestring import SafeString

from battles.sieges.selectors import OngoingSiege, ongoing_sieges
from campaign.core.inputs import COORD
from campaign.map import svg as mapsvg
from campaign.models import Campaign, Hex
from kingdoms.models import Kingdom, NeutralKingdom
from rules.core import hexgrid
from rules.core.mapgen import KingdomPlan, MapPlan, NeutralPlan
from rules.core.problems import Problem
from rules.core.setup_checks import setup_warnings
from rules.core.state import Coord, Defence, Feature, Terrain
from rules.modules.works.bridges import bridges_standing
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
    siege it is and where its sheet is, in the API and on the page; a hex whose contents
    the viewer sees says under ``bridge`` whether a bridge stands on it (NR-BRIDGE-2)."""
    if sieges is None:
        sieges = ongoing_sieges(campaign.pk)
    view = hex_viewer(viewer, _siege_marks(sieges), bridges_standing(campaign.module_state))
    return [view(row) for row in hex_rows(campaign)]  # rows in HexFacts' order


def visible_hex(campaign: Campaign, viewer: Viewer, coord: tuple[int, int]) -> dict | None:
    """One hex as visible_map shows it to the viewer, or None if the map has no such
    hex: two queries (the ongoing sieges, the hex)."""
    rows = hex_rows(campaign, coord)
    if not rows:
        return None
    sieges = _siege_marks(ongoing_sieges(campaign.pk))
    return hex_viewer(viewer, sieges, bridges_standing(campaign.module_state))(rows[0])


def _siege_marks(sieges: list[OngoingSiege]) -> dict[tuple[int, int], dict]:
    """E-37: each besieged hex's mark, as the map shows it."""
    return {(s.q, s.r): {"id": s.id, "url": s.url, "page": s.page} for s in sieges}


def hex_rows(campaign: Campaign, coord: tuple[int, int] | None = None) -> list[tuple]:
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


def drawn_plan(campaign: Campaign) -> MapPlan:
    """The campaign's map as set-up plans one (rules.core.mapgen.MapPlan), for the set-up
    checks (rules.core.setup_checks): the terrain, each player kingdom with its capital
    and land, each neutral kingdom with its land, features and its capital's defence.
    Three queries."""
    terrain: dict[Coord, Terrain] = {}
    features: dict[Coord, Feature] = {}
    defences: dict[Coord, Defence] = {}
    land: dict[int, list[Coord]] = defaultdict(list)
    neutral_land: dict[int, list[Coord]] = defaultdict(list)
    rows = Hex.objects.filter(campaign=campaign).order_by("r", "q")
    for q, r, kind, owner, neutral, feature, defence in rows.values_list(
        "q", "r", "terrain", "owner_id", "neutral_kingdom_id", "feature", "defence"
    ):
        terrain[(q, r)] = Terrain(kind)
        if owner is not None:
            land[owner].append((q, r))
        if neutral is not None:
            neutral_land[neutral].append((q, r))
        if feature:
            features[(q, r)] = Feature(feature)
        if defence:
            defences[(q, r)] = Defence(defence)
    kingdoms = [
        KingdomPlan(capital, land[pk], name=name)
        for pk, name, capital in _capitals(Kingdom.objects.filter(campaign=campaign))
    ]
    neutrals = [
        NeutralPlan(
            capital,
            neutral_land[pk],
            {cell: features[cell] for cell in neutral_land[pk] if cell in features},
            name=name,
            defence=defences.get(capital),
        )
        for pk, name, capital in _capitals(NeutralKingdom.objects.filter(campaign=campaign))
    ]
    return MapPlan(terrain=terrain, kingdoms=kingdoms, neutrals=neutrals)


def _capitals(kingdoms: QuerySet) -> list[tuple[int, str, Coord]]:
    rows = kingdoms.filter(capital__isnull=False).order_by("id")
    return [
        (pk, name, (q, r))
        for pk, name, q, r in rows.values_list("id", "name", "capital__q", "capital__r")
    ]


@dataclass(frozen=True)
class Drawing:
    """The map editor's page: the map as the GM sees it, with the places at its edge
    where it may grow, its kingdoms and neutral kingdoms, and the set-up defaults it
    leaves (rules.core.setup_checks)."""

    svg: SafeString
    kingdoms: list[Kingdom]  # each with its ``land``, its number of hexes
    neutrals: list[NeutralKingdom]  # each with its ``land`` too
    warnings: list[Problem]


def map_drawing(campaign: Campaign, viewer: Viewer) -> Drawing:
    """The GM's map being drawn (``viewer`` is his): every hex, and outlines around it."""
    # No turn yet, so no siege; and no fog: nobody has explored anything, and the GM
    # draws the land itself
    hexes = [{**h, "explored": True} for h in visible_map(campaign, viewer, sieges=[])]
    kingdoms = list(_with_land(Kingdom.objects.filter(campaign=campaign)))
    neutrals = list(_with_land(NeutralKingdom.objects.filter(campaign=campaign)))
    cells = {(h["q"], h["r"]) for h in hexes}
    ghosts = {
        n
        for cell in cells
        for n in hexgrid.neighbours(cell)
        if n not in cells and all(COORD.low <= axis <= COORD.high for axis in n)
    }
    svg = mapsvg.render_map(
        hexes,
        {k.pk: mapsvg.KingdomInfo(k.name, k.colour) for k in kingdoms},
        neutral_names={n.pk: n.name for n in neutrals},
        ghosts=ghosts,
    )
    return Drawing(svg, kingdoms, neutrals, setup_warnings(drawn_plan(campaign)))


def _with_land(kingdoms: QuerySet) -> QuerySet:
    return kingdoms.select_related("capital").annotate(land=Count("hexes")).order_by("id")
