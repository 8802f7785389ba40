"""The map as a viewer may see it (E-29, Q22): one query for the hexes, each judged by
rules.turn.visibility; the map API's body, built once a version and shared; and the map a
GM draws at set-up, as a plan the set-up checks read."""

from __future__ import annotations

import threading
from collections import OrderedDict, defaultdict
from dataclasses import dataclass, field

import orjson
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
from campaign.core.access import Access
from campaign.core.inputs import COORD
from campaign.map import svg as mapsvg
from campaign.models import Campaign, Hex, Membership
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


@dataclass
class SharedMap:
    """One campaign's map at one version (Campaign.map_version), as far as every viewer
    shares it: its rows, the turn, the sieges' marks, the bridges, and each hex encoded as a viewer
    sees it who has neither a kingdom nor anything it discovered (``public``). A
    player's map differs from it only in his own hexes, those of the neutral kingdoms
    he discovered and those he scouted (rules.turn.visibility.hex_viewer); those are
    judged again for him, the rest is shared bytes."""

    version: int
    turn: int | None
    rows: list[tuple]  # in HexFacts' order (hex_rows)
    sieges: dict[tuple[int, int], dict]
    bridges: frozenset[tuple[int, int]]  # NR-BRIDGE-2: the hexes a bridge stands on
    public: list[bytes]
    index: dict[tuple[int, int], int]  # a hex's place in ``rows``
    owned: dict[int, list[int]]  # by player kingdom, its hexes' places
    neutral: dict[int, list[int]]  # by neutral kingdom, likewise
    gm: list[bytes] | None = None  # the GM's map, once a GM asked
    # By whose map it is (map_audience), where it differs from ``public``: each hex's
    # place and its encoding, judged for him once a version
    overlays: dict[str, dict[int, bytes]] = field(default_factory=dict)


MAP_HEXES_KEPT = 100_000
"""The hexes of the shared maps a process keeps, the latest used first (about 0.9 MB a
thousand hexes, bench/map_api.py): a campaign's current map, and its previous ones for
the pollers asking what changed since (map_body's ``since``); ten maps of 10,000 hexes.
The latest map is kept whatever its size."""

_builds: OrderedDict[tuple[int, int], SharedMap] = OrderedDict()
_builds_lock = threading.Lock()


def shared_map(campaign: Campaign) -> SharedMap:
    """The campaign's SharedMap at its version: kept by this process once built (three
    queries: the hexes, the turn, the ongoing sieges). The version is read before the
    rows, so a build holds that version's map or a newer one, never an older; a build a
    write overtook (the version read again with the turn has moved on) serves its
    request and is not kept, so a kept build holds its version's map exactly, which
    ``since`` compares."""
    key = (campaign.pk, campaign.map_version)
    with _builds_lock:
        built = _builds.get(key)
        if built is not None:
            _builds.move_to_end(key)
            return built
    built, version = _shared_map_build(campaign)
    if version != campaign.map_version:
        return built
    with _builds_lock:
        _builds[key] = built
        kept = sum(len(b.rows) for b in _builds.values())
        while kept > MAP_HEXES_KEPT and len(_builds) > 1:
            kept -= len(_builds.popitem(last=False)[1].rows)
    return built


def shared_maps_forget() -> None:
    """Forget every kept map: for a test that changes rows behind the services' back."""
    with _builds_lock:
        _builds.clear()


def _shared_map_build(campaign: Campaign) -> tuple[SharedMap, int | None]:
    """The build, and the campaign's version once it is read."""
    sieges = _siege_marks(ongoing_sieges(campaign.pk))
    bridges = bridges_standing(campaign.module_state)
    rows = hex_rows(campaign)
    turn, version = _turn_and_version(campaign)
    view = hex_viewer(Viewer(), sieges, bridges)
    owned: dict[int, list[int]] = defaultdict(list)
    neutral: dict[int, list[int]] = defaultdict(list)
    for place, row in enumerate(rows):
        if row[3] is not None:  # HexFacts.owner_id
            owned[row[3]].append(place)
        if row[4] is not None:  # HexFacts.neutral_kingdom_id
            neutral[row[4]].append(place)
    built = SharedMap(
        version=campaign.map_version,
        turn=turn,
        rows=rows,
        sieges=sieges,
        bridges=bridges,
        public=[_encoded(view(row)) for row in rows],
        index={(row[0], row[1]): place for place, row in enumerate(rows)},
        owned=dict(owned),
        neutral=dict(neutral),
    )
    return built, version


def _turn_and_version(campaign: Campaign) -> tuple[int | None, int | None]:
    """The current turn's number and the campaign's map version, read last: one query,
    two before the first turn opens."""
    latest = campaign.turns.order_by("-number").values_list("number", "campaign__map_version")
    row = latest.first()
    if row is not None:
        return row
    version = Campaign.objects.filter(pk=campaign.pk).values_list("map_version", flat=True)
    return None, version.first()


def _encoded(hex_view: dict) -> bytes:
    """The hex as JSON, in a bytes object of its own size: orjson's own keeps the room of
    its working buffer, some 4 KB a hex, which made a kept map of 10,000 hexes weigh
    80 MB instead of 3."""
    return bytes(memoryview(orjson.dumps(hex_view)))


def _own_places(shared: SharedMap, viewer: Viewer) -> set[int]:
    """The hexes where the viewer's map may differ from the public one: his kingdom's,
    the discovered neutral kingdoms', the scouted ones (rules.turn.visibility.hex_viewer
    asks nothing else of the viewer)."""
    places = set(shared.owned.get(viewer.kingdom_id, ()))
    for neutral in viewer.known_neutral_kingdoms:
        places.update(shared.neutral.get(neutral, ()))
    places.update(shared.index[c] for c in viewer.scout_reports if c in shared.index)
    return places


def map_audience(role: str, kingdom_id: int | None) -> str:
    """Whose map a member sees, by his membership's role and kingdom: every GM the same
    one, a player his kingdom's (what it holds, discovered and scouted), a member without
    a kingdom the public one. With the map's version it names the map (the map API's
    ETag)."""
    if role == Membership.Role.GM:
        return "gm"
    return f"k{kingdom_id}" if kingdom_id else "public"


def _hexes_for(shared: SharedMap, access: Access) -> tuple[list[bytes], set[int]]:
    """Each hex of the map, encoded, as the member may see it; and the places where his
    map differs from the public one."""
    if access.is_gm:
        if shared.gm is None:
            view = hex_viewer(access.viewer, shared.sieges, shared.bridges)
            shared.gm = [_encoded(view(row)) for row in shared.rows]
        return shared.gm, set()
    audience = map_audience(access.membership.role, access.membership.kingdom_id)
    overlay = shared.overlays.get(audience)
    if overlay is None:
        view = hex_viewer(access.viewer, shared.sieges, shared.bridges)
        places = _own_places(shared, access.viewer)
        overlay = {place: _encoded(view(shared.rows[place])) for place in places}
        shared.overlays[audience] = overlay
    if not overlay:
        return shared.public, set()
    hexes = list(shared.public)
    for place, encoded in overlay.items():
        hexes[place] = encoded
    return hexes, set(overlay)


def map_body(access: Access, since: int | None = None) -> bytes:
    """The map as the member may see it, as the map API sends it: every hex, as
    visible_map shows it, or with ``since`` (a version he holds) the hexes whose view
    may have changed since then (_changed_places): every hex whose view changed as
    everyone sees it, and his own, discovered and scouted hexes, since what he knows of
    them may have grown; the
    whole map when this process no longer keeps that version, or a change outside the
    turn steps (Campaign.map_version_whole) may have taken back something he knew. The
    answer says ``since`` only when it holds the changes alone.

    Built once a version and shared (shared_map), and each player's own hexes judged
    for him once a version: a map asked again costs the joining of its bytes."""
    campaign = access.campaign
    shared = shared_map(campaign)
    hexes, own = _hexes_for(shared, access)
    head = {"turn": shared.turn, "version": shared.version}
    changed = None if since is None else _changed_places(access, shared, own, since)
    if changed is not None:
        head["since"] = since
        hexes = [hexes[place] for place in sorted(changed)]
    start = orjson.dumps(head)[:-1] + b',"hexes":['
    return start + b",".join(hexes) + b"]}"


def _changed_places(
    access: Access, shared: SharedMap, own: set[int], since: int
) -> set[int] | None:
    """The places of the hexes whose view may have changed since version ``since``, the
    viewer's ``own`` among them; None when only the whole map will do.

    A player is told of a hex whose public view changed, and of the hexes he knew
    something of then or now; never of one whose hidden facts alone changed, which
    would tell him that something happened there (E-29). The GM sees every fact."""
    campaign = access.campaign
    if since == shared.version:
        return set()
    if since < campaign.map_version_whole:
        return None
    with _builds_lock:
        before = _builds.get((campaign.pk, since))
    if before is None or [r[:2] for r in before.rows] != [r[:2] for r in shared.rows]:
        return None  # not kept, or another map: hexes came and went
    if access.is_gm:
        pairs = zip(before.rows, shared.rows, strict=True)
        changed = {place for place, (old, new) in enumerate(pairs) if old != new}
        return changed | _sieges_changed(before, shared) | _bridges_changed(before, shared)
    pairs = zip(before.public, shared.public, strict=True)
    changed = {place for place, (old, new) in enumerate(pairs) if old != new}
    # What he knew then is within what he knows now (discoveries and reports only grow
    # between steps; a change that takes one back makes the whole map), at then's places
    return changed | own | _own_places(before, access.viewer)


def _sieges_changed(before: SharedMap, shared: SharedMap) -> set[int]:
    """E-37: the hexes whose siege began or ended."""
    every = before.sieges.keys() | shared.sieges.keys()
    moved = {c for c in every if before.sieges.get(c) != shared.sieges.get(c)}
    return {shared.index[c] for c in moved if c in shared.index}


def _bridges_changed(before: SharedMap, shared: SharedMap) -> set[int]:
    """NR-BRIDGE-2: the hexes whose bridge was built or lost."""
    return {shared.index[c] for c in before.bridges ^ shared.bridges if c in shared.index}


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
