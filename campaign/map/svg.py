"""The campaign map as server-rendered SVG: terrain, borders, fog of war, the viewer's armies.

The input is what the selectors let the viewer see (campaign.map.selectors.visible_map,
kingdoms.selectors.visible_armies); this module only draws it. It builds one string by
joining parts, with no template per hex, so that a 10,000-hex map renders in a blink.
Hexes are flat-topped and addressed in axial coordinates (q, r), as in rules.core.hexgrid.

Everything drawn more than once is defined once in <defs> and reused with <use href>:
the hexagon, a pattern per terrain, a <symbol> per feature and mark. The hexes come in
chunks of about 200 (``<g class="m-chunk" data-bbox="x y w h">``) that
static/warpost/map-view.js hides when they are out of view. A map too wide to read whole
may come with an overview as well (``overview=True``): its terrains, fog and marks as a
handful of paths, drawn alone while the map is seen from afar, so that the browser lays out
and paints a few shapes rather than 10,000 hexes. The legend
(templates/campaign/map/partials/legend.html) draws its entries with the same ids.
"""

from __future__ import annotations

import math
import re
from collections import defaultdict
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass

from django.utils.formats import number_format
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from campaign.chronicle.narration import scouting_findings
from campaign.core import words as engine_words
from rules.core.state import OrderKind, Terrain

SIZE = 20  # the hex's circumradius in SVG user units; the viewBox scales it to the screen
SQRT3 = math.sqrt(3)
CHUNK = 14  # hexes a side of a chunk: 14 x 14 = 196 hexes drawn or hidden together
FAR_WIDTH = SIZE * 1.5 * 100  # 100 columns: under 18 px a hex even on a 2560 px screen

# The map's look is in static/warpost/warpost.css ("The map"), one class a terrain
# (m-t-fields, …, m-t-unknown): the Content-Security-Policy refuses an inline <style>.
TERRAINS = frozenset(Terrain)

# Each terrain's fill: a colour and a few strokes that tell it apart without colour
# (mountain peaks, trees, reeds, waves), tiled in user space.
_TERRAIN_PATTERNS = {
    "fields": ("#d9e3a0", '<path d="M2 9h4M9 3h4" stroke="#a9b86a" stroke-width=".8"/>'),
    "river": ("#a7d3ee", '<path d="M0 7q3.5-3 7 0t7 0" fill="none" stroke="#4b8fc4"/>'),
    "forest": ("#6fa86a", '<path d="M4 2 1.5 7h5ZM11 8 8.5 13h5Z" fill="#3e7440"/>'),
    "swamp": (
        "#9aa87a",
        '<path d="M3 10V6M5 10V5M7 10V7M10 4h4" stroke="#5d6b43" stroke-width=".8"/>',
    ),
    "mountain": (
        "#b6aca0",
        '<path d="M1 12 5 4l4 8M7 12l3-5 3 5" fill="none" stroke="#6f655a" stroke-width=".9"/>',
    ),
    "sea": (
        "#3f78b5",
        '<path d="M1 5q2-2 4 0t4 0M6 11q2-2 4 0t4 0" fill="none" stroke="#8fb6df" '
        'stroke-width=".8"/>',
    ),
    # new-rules.md §2: the supplement's tiles (rules.modules.new_tiles), each its own mark
    "delta": (
        "#a9d8c8",
        '<path d="M7 0v5L2 14M7 5l5 9M7 5v9" fill="none" stroke="#4b8fc4" stroke-width=".8"/>',
    ),
    "chasm": (
        "#c9b98a",
        '<path d="M0 8l3-3 3 4 3-4 3 4 2-2" fill="none" stroke="#4a3b2a" stroke-width="1.4"/>',
    ),
    "rocky_promontory": (
        "#c9c2a6",
        '<path d="M2 12l2-4 2 4ZM8 6l2-4 2 4Z" fill="#6f655a"/>'
        '<path d="M0 13q2-1 4 0" fill="none" stroke="#3f78b5" stroke-width=".8"/>',
    ),
    "coastal_island": (
        "#e3d9a0",
        '<circle cx="7" cy="7" r="3.5" fill="none" stroke="#3f78b5" stroke-width=".9"/>',
    ),
    "rocky_coast": (
        "#a89f94",
        '<path d="M1 13l3-6M5 13l3-6M9 13l3-6" stroke="#4f463c" stroke-width=".9"/>',
    ),
    "fault": (
        "#cfd59a",
        '<path d="M0 3l6 4-3 2 11 4" fill="none" stroke="#7a2e1a" stroke-width="1.2"/>',
    ),
    "volcano": (
        "#8c7d73",
        '<path d="M2 13 6 5h2l4 8Z" fill="#5a4a40"/><path d="M6 5h2L7 2Z" fill="#d2402a"/>',
    ),
    "sandbanks": (
        "#7fa9cf",
        '<path d="M2 4h4M8 10h4" stroke="#e8d9a0" stroke-width="1.6" stroke-linecap="round"/>',
    ),
    "plateau": (
        "#c2b49a",
        '<path d="M1 12l3-5h6l3 5" fill="none" stroke="#6f655a" stroke-width=".9"/>',
    ),
}
SUPPLEMENT_TILES = tuple(t for t in Terrain if not t.is_base)


def tile_legend(new_tiles: bool) -> list[dict]:
    """The legend's entries of the supplement's tiles (new-rules.md §2), each its terrain
    and its word, when the campaign plays them (its ``new_tiles`` option)."""
    if not new_tiles:
        return []
    return [
        {"terrain": t.value, "label": engine_words.label(engine_words.TERRAINS, t.value)}
        for t in SUPPLEMENT_TILES
    ]


_UNKNOWN_FILL = "#dddddd"

# The symbols, drawn in a 20 x 20 box; a <use> places and sizes them.
_SYMBOLS = {
    "town": '<path d="M3 10 10 3l7 7v8H3Z"/><path class="m-sym-cut" d="M8.5 18v-4h3v4"/>',
    "city": '<path d="M1 19V8h4V4h3v4h2V1h3v7h2V5h3v14Z"/>',
    "mine": '<path d="M2 19v-8a8 8 0 0 1 16 0v8h-4v-6a4 4 0 0 0-8 0v6Z"/>',
    "deep_mine": '<path d="M2 19v-8a8 8 0 0 1 16 0v8h-4v-6a4 4 0 0 0-8 0v6Z"/>'
    '<path d="M8.5 12h3v3h2l-3.5 4-3.5-4h2Z"/>',
    "woods": '<path d="M10 1 4 11h4l-3 5h10l-3-5h4Z"/><path d="M9 16h2v3H9Z"/>',
    "deep_woods": '<path d="M6 2 1 11h3l-3 5h10l-3-5h3ZM14 4l-4 7h3l-2 5h8l-2-5h3Z"/>'
    '<path d="M5 16h2v3H5ZM14 16h2v3h-2Z"/>',
    "arcane_ruins": '<path d="M2 17h16v2H2ZM4 16V6h3v10ZM8.5 16V3h3v13ZM13 16v-6h3v6Z"/>',
    "wizard_tower": '<path d="M10 0 5 7h10ZM7 8h6v11H7Z"/>'
    '<path class="m-sym-cut" d="M9 11h2v3H9Z"/>',
    "fortress": '<path d="M1 19V6h3v3h2V6h3v3h2V6h3v3h2V6h3v13Z"/>',
    "great_fortress": '<path d="M1 19V9h3v2h2V9h2V3h4v6h2v2h2V9h3v10Z"/>'
    '<path d="M8 3V1h1v2h1V1h1v2h1V1"/>',
    "watchtower": '<path d="M6 19 7.5 8H5V2h10v6h-2.5L14 19Z"/>'
    '<path class="m-sym-cut" d="M8 4h4v2H8Z"/>',
    "neutral": '<path d="M4 19V1h1.5v2H17l-3 4 3 4H5.5v8Z"/>',
    "neutral_capital": '<path d="M1 17 2 5l4.5 4.5L10 2l3.5 7.5L18 5l1 12Z"/>',
    "siege": '<path d="M3 3 17 17M17 3 3 17" stroke-width="3"/>'
    '<path d="M1 15l4 4M15 19l4-4" stroke-width="2"/>',
    "wildland_site": '<path d="M10 1 12.5 7.5 19 10 12.5 12.5 10 19 7.5 12.5 1 10 7.5 7.5Z"/>',
    "roamer": '<path d="M2 18 6 4l2 6 2-9 2 9 2-6 4 14Z"/>',
    "battle": '<path d="m10 0 2 6 5-3-2 5 5 2-5 2 2 5-5-3-2 6-2-6-5 3 2-5-5-2 5-2-2-5 5 3Z"/>',
    # NR-BRIDGE-2: a bridge, a flat deck over a low arch, across the river (or chasm) it
    # spans: a band through the hex's middle, clear of the feature above and armies below
    "bridge": '<path d="M0 7h20v2.5H0Z"/>'
    '<path d="M1.5 9.5V13H4v-.5a6 2.5 0 0 1 12 0v.5h2.5V9.5Z"/>',
    # new-rules.md §6: a pirate ship, a hull under a black sail
    "pirate": '<path d="M9 1v12H3l6-12Z"/><path d="M11 3l6 10h-6Z"/>'
    '<path class="m-sym-cut" d="M1 14h18l-3 5H4Z"/>',
}

# Where each kind of symbol stands in a hex (x, y, size), so that several fit side by side.
_FEATURE_AT = (-7, -16, 14)
_DEFENCE_AT = (-17, -6, 10)
_TOWER_AT = (7, -6, 10)
_NEUTRAL_AT = (-15, 3, 9)
_SITE_AT = (6, 4, 9)  # NR-WILD-5: a wildland site the viewer knows of
_ROAMER_AT = (-4, 6, 9)  # NR-CHORDE-2, NR-WYVERN-2: a Chaos horde or the wyvern
_BRIDGE_AT = (-12, -12, 24)  # NR-BRIDGE-2: its band across the hex's middle

# The orders drawn as arrows (A-1.1.2.4: a patrol's cover across the sea has its own).
SEA_COVER = "sea_cover"
ARROW_KINDS = (OrderKind.INVADE.value, OrderKind.PATROL.value, OrderKind.SCOUT.value, SEA_COVER)

# Kingdom colours are typed in by a GM; anything but a plain hex colour is not trusted
# into an attribute.
_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
FALLBACK_COLOUR = "#888888"

# The six axial neighbour directions and, for each, the two corners of the shared edge.
# Corner i of a flat-topped hex sits at 60*i degrees; the edge towards a neighbour at
# angle a runs between the corners at a-30 and a+30 degrees.
_DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def _edge_corners(dq: int, dr: int) -> tuple[int, int]:
    dx, dy = 1.5 * dq, SQRT3 * (dr + dq / 2)
    angle = math.degrees(math.atan2(dy, dx)) % 360
    first = round((angle - 30) / 60) % 6
    return first, (first + 1) % 6


_CORNERS = [
    (SIZE * math.cos(math.radians(60 * i)), SIZE * math.sin(math.radians(60 * i))) for i in range(6)
]
_EDGES = [((dq, dr), _edge_corners(dq, dr)) for dq, dr in _DIRECTIONS]
_HEX_POINTS = " ".join(f"{x:.2f},{y:.2f}" for x, y in _CORNERS)


@dataclass(frozen=True)
class KingdomInfo:
    name: str
    colour: str


@dataclass(frozen=True)
class Arrow:
    """One of the viewer's orders: ``army`` goes (or looks, or patrols) from ``start``
    to ``end``; ``kind`` is one of ARROW_KINDS."""

    army: int
    name: str
    kind: str
    start: tuple[int, int]
    end: tuple[int, int]


@dataclass(frozen=True)
class BattleMark:
    """A battle the viewer may see (battles.decisions.selectors.visible_battles)."""

    q: int
    r: int
    label: str


def safe_colour(colour: str) -> str:
    return colour if _COLOUR.fullmatch(colour or "") else FALLBACK_COLOUR


def centre(q: int, r: int) -> tuple[float, float]:
    """Axial (q, r) to the pixel centre of a flat-topped hex."""
    return SIZE * 1.5 * q, SIZE * SQRT3 * (r + q / 2)


def render_map(
    hexes: list[dict],
    kingdoms: Mapping[int, KingdomInfo],
    armies: Iterable = (),
    *,
    viewer_kingdom_id: int | None = None,
    neutral_names: Mapping[int, str] | None = None,
    neutral_capitals: Collection[tuple[int, int]] = (),
    ghosts: Iterable[tuple[int, int]] = (),
    home: tuple[int, int] | None = None,
    orders: Iterable[Arrow] = (),
    battles: Iterable[BattleMark] = (),
    patrol_cover: Collection[tuple[int, int]] = (),
    pirates: Iterable[tuple[int, int]] = (),
    overview: bool = False,
) -> SafeString:
    """The whole map as one <svg> element.

    ``hexes`` are visible_map dicts; ``armies`` are Army rows (with their position) the
    viewer may see. A hex neither explored nor the viewer's own is drawn under fog; one
    the viewer scouted (Table 8) gets a dashed ring and his report in its tooltip.
    ``neutral_capitals``: the capitals of the neutral kingdoms the viewer knows.
    ``ghosts``: places off the map drawn as outlines to click, where the GM drawing the
    map may add a hex. ``home``: the hex the keyboard starts from (the viewer's capital),
    else the map's middle. ``orders``, ``battles``, ``patrol_cover``: the viewer's own
    orders as arrows, the battles he may see, the hexes his patrols cover this turn.
    ``pirates``: where the pirate ships are (new-rules.md §6: public).
    ``overview``: a map wider than FAR_WIDTH gets the overview of its hexes
    (_overview), for pages whose map-view.js swaps it for the hexes when zoomed in.
    """
    if not hexes:
        empty = escape(_("This campaign has no map yet."))
        return mark_safe(f'<p class="empty">{empty}</p>')
    neutral_names = neutral_names or {}
    owners = {(h["q"], h["r"]): h["owner"] for h in hexes}
    home = home if home in owners else _middle(list(owners))
    words = _vocabulary()
    draw = _CellPainter(kingdoms, neutral_names, set(neutral_capitals), viewer_kingdom_id, words)
    ghosts = sorted(ghosts)
    opening, far = _open_svg([(h["q"], h["r"]) for h in hexes] + ghosts, home)
    parts = [opening]
    parts.extend(_ghost_cell(q, r) for q, r in ghosts)
    if overview and far:
        parts.append(_overview(hexes, viewer_kingdom_id))
    for bbox, chunk in _chunks(hexes):
        parts.append(f'<g class="m-chunk" data-bbox="{bbox}">')
        parts.extend(draw(h, (h["q"], h["r"]) == home) for h in chunk)
        parts.append("</g>")
    parts.append(_borders(owners, kingdoms))
    parts.append(_patrol_cover(patrol_cover))
    parts.append(_arrows(orders))
    parts.append(_battle_marks(battles))
    parts.append(_pirate_marks(pirates))
    parts.append(_army_markers(armies, kingdoms))
    parts.append("</svg>")
    return mark_safe("".join(parts))


def _middle(cells: list[tuple[int, int]]) -> tuple[int, int]:
    """The hex nearest the middle of the map's drawing."""
    xs, ys = zip(*(centre(q, r) for q, r in cells), strict=True)
    mx, my = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    return min(cells, key=lambda c: (centre(*c)[0] - mx) ** 2 + (centre(*c)[1] - my) ** 2)


def _chunks(hexes: list[dict]) -> list[tuple[str, list[dict]]]:
    """The hexes in square blocks of CHUNK x CHUNK (by column and offset row), each with
    its bounding box in user units, as "x y w h"."""
    blocks: dict[tuple[int, int], list[dict]] = defaultdict(list)
    for h in hexes:
        q, r = h["q"], h["r"]
        blocks[(q // CHUNK, (r + (q >> 1)) // CHUNK)].append(h)
    out = []
    for key in sorted(blocks):
        chunk = blocks[key]
        xs, ys = zip(*(centre(h["q"], h["r"]) for h in chunk), strict=True)
        left, top = min(xs) - SIZE, min(ys) - SIZE
        bbox = f"{left:.0f} {top:.0f} {max(xs) + SIZE - left:.0f} {max(ys) + SIZE - top:.0f}"
        out.append((bbox, chunk))
    return out


def _open_svg(cells: list[tuple[int, int]], home: tuple[int, int]) -> tuple[str, bool]:
    """The <svg> tag and its <defs>; and whether the map starts seen from afar."""
    xs, ys = zip(*(centre(q, r) for q, r in cells), strict=True)
    pad = SIZE * 1.2
    left, top = min(xs) - pad, min(ys) - pad
    width, height = max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad
    # A map too wide for its hexes to be read whole on any screen starts seen from afar
    # (plain colours, static/warpost/map-view.js): its first paint is the cheapest.
    far = width > FAR_WIDTH
    classes = "map m-far" if far else "map"
    # Outside the f-string, where makemessages finds them
    name, kind = escape(_("Campaign map")), escape(_("map"))
    tag = (
        f'<svg class="{classes}" xmlns="http://www.w3.org/2000/svg" role="group" '
        f'aria-label="{name}" aria-roledescription="{kind}" data-home="{home[0]},{home[1]}" '
        f'viewBox="{left:.1f} {top:.1f} {width:.1f} {height:.1f}" '
        f'preserveAspectRatio="xMidYMid meet">'
        f"{_defs()}"
    )
    return tag, far


def _defs() -> str:
    """The shapes every hex and mark reuses: the hexagon, the terrain patterns, the fog,
    the symbols and the arrowheads."""
    parts = ['<defs><polygon id="m-hex" points="' + _HEX_POINTS + '"/>']
    for terrain, (colour, strokes) in _TERRAIN_PATTERNS.items():
        parts.append(
            f'<pattern id="m-p-{terrain}" width="14" height="14" patternUnits="userSpaceOnUse">'
            f'<rect width="14" height="14" fill="{colour}"/>{strokes}</pattern>'
        )
    parts.append(
        '<pattern id="m-fog" width="6" height="6" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)"><rect width="6" height="6" fill="#f4f1ea" '
        'fill-opacity=".55"/><line x1="0" y1="0" x2="0" y2="6" stroke="#bdb6a6" '
        'stroke-width="2"/></pattern>'
    )
    parts.extend(
        f'<symbol id="m-s-{name}" viewBox="0 0 20 20">{body}</symbol>'
        for name, body in _SYMBOLS.items()
    )
    parts.extend(
        f'<marker id="m-head-{kind}" class="m-head-{kind}" viewBox="0 0 10 10" refX="8" '
        'refY="5" markerWidth="4" markerHeight="4" orient="auto">'
        '<path d="M0 0 10 5 0 10Z"/></marker>'
        for kind in ARROW_KINDS
    )
    parts.append("</defs>")
    return "".join(parts)


def _symbol(name: str, at: tuple[int, int, int]) -> str:
    x, y, size = at
    return (
        f'<use href="#m-s-{name}" class="m-sym m-s-{name}" x="{x}" y="{y}" '
        f'width="{size}" height="{size}"/>'
    )


def _terrain_fill(terrain: str) -> str:
    """The fill attribute of a terrain's hex. By attribute, not stylesheet: not every
    browser finds a url(#…) of the stylesheet in the page."""
    return f"url(#m-p-{terrain})" if terrain in _TERRAIN_PATTERNS else _UNKNOWN_FILL


def _plain_colour(terrain: str) -> str:
    """A terrain's colour without its pattern's strokes, as the map seen from afar
    shows it."""
    return _TERRAIN_PATTERNS[terrain][0] if terrain in _TERRAIN_PATTERNS else _UNKNOWN_FILL


def _fogged(h: dict, viewer: int | None) -> bool:
    """Neither explored nor the viewer's own: the hex is drawn under fog."""
    return not h["explored"] and (viewer is None or h["owner"] != viewer)


def _hex_outlines(cells: Iterable[tuple[int, int]], scale: float = 1.0) -> str:
    """The path data of the hexagons at ``cells``, ``scale`` times the hex's size, as one
    subpath each (from the left corner, clockwise)."""
    w, h = SIZE * scale, SIZE * SQRT3 / 2 * scale
    shape = f"l{w / 2:.2f}-{h:.2f}h{w:.2f}l{w / 2:.2f} {h:.2f}-{w / 2:.2f} {h:.2f}h-{w:.2f}z"
    return "".join(f"M{x - w:.1f} {y:.1f}{shape}" for x, y in (centre(q, r) for q, r in cells))


# A hex's corners on a lattice in units of SIZE / 2 across and SIZE * SQRT3 / 2 down,
# where every corner of the map falls on whole numbers: two hexes name a corner they
# share alike, and an outline on it is written in small whole numbers, drawn to the map's
# units by _LATTICE_SCALE.
_LATTICE_CORNERS = [(round(x * 2 / SIZE), round(y * 2 / (SIZE * SQRT3))) for x, y in _CORNERS]
_LATTICE_SCALE = f"scale({SIZE / 2:g} {SIZE * SQRT3 / 2:.4f})"
# An outline's step along a hex's edge, as the arguments of a relative "l" ("+1-1"):
# the signs part the numbers.
_STEPS = {
    (bx - ax, by - ay): f"{bx - ax:+d}{by - ay:+d}"
    for (ax, ay), (bx, by) in zip(
        _LATTICE_CORNERS, _LATTICE_CORNERS[1:] + _LATTICE_CORNERS[:1], strict=True
    )
}


def _region_outline(cells: Collection[tuple[int, int]]) -> str:
    """The path data, on the corner lattice, of the outline of ``cells`` taken together:
    a closed line along every edge between a cell of theirs and one not, clockwise around
    land and so anticlockwise around holes (filled as the nonzero rule does), rather than
    a hexagon a cell: the overview's fog is one line around the explored land. On a hex
    grid the three hexes at a corner all touch, so a corner starts one edge of the
    outline at most."""
    following: dict[tuple[int, int], tuple[int, int]] = {}
    for q, r in cells:
        x, y = 3 * q, 2 * r + q  # the centre on the lattice
        corners = [(x + cx, y + cy) for cx, cy in _LATTICE_CORNERS]
        for (dq, dr), (a, b) in _EDGES:
            if (q + dq, r + dr) not in cells:
                following[corners[a]] = corners[b]
    loops = []
    while following:
        start, step = following.popitem()
        moves = [f"M{start[0]} {start[1]}l", _STEPS[step[0] - start[0], step[1] - start[1]]]
        while step != start:
            after = following.pop(step)
            if after != start:  # the last edge, back to the start, is the "z"
                moves.append(_STEPS[after[0] - step[0], after[1] - step[1]])
            step = after
        moves.append("z")
        loops.append("".join(moves))
    return "".join(loops)


def _overview(hexes: list[dict], viewer: int | None) -> str:
    """The map seen from afar in a few shapes: a path a terrain (in its plain colour),
    one for the fog, one a kind of ring (scouted, orphan)
    and a dot a siege. Decoration only (aria-hidden): the hexes below carry the names,
    and map-view.js turns a tap on it into the hex under the pointer."""
    by_terrain: dict[str, list[tuple[int, int]]] = defaultdict(list)
    fog, scouted, orphans, sieges = [], [], [], []
    for h in hexes:
        at = (h["q"], h["r"])
        by_terrain[h["terrain"] if h["terrain"] in TERRAINS else "unknown"].append(at)
        if _fogged(h, viewer):
            fog.append(at)
        if h.get("scouted"):
            scouted.append(at)
        if h["orphan"]:
            orphans.append(at)
        if h.get("siege"):
            sieges.append(at)
    parts = ['<g class="m-overview" aria-hidden="true">']
    parts.extend(
        f'<path class="m-t-{terrain}" fill="{_plain_colour(terrain)}" '
        f'transform="{_LATTICE_SCALE}" d="{_region_outline(set(cells))}"/>'
        for terrain, cells in sorted(by_terrain.items())
    )
    if fog:
        parts.append(
            f'<path class="m-fog" transform="{_LATTICE_SCALE}" d="{_region_outline(set(fog))}"/>'
        )
    # The rings' sizes are those of the hexes' own (warpost.css, .m-scouted, .m-orphan).
    for name, cells, scale in (("m-scouted", scouted, 0.82), ("m-orphan", orphans, 0.68)):
        if cells:
            parts.append(f'<path class="{name}" d="{_hex_outlines(cells, scale)}"/>')
    for q, r in sieges:  # where _siege_marker draws its disc
        x, y = centre(q, r)
        parts.append(f'<circle class="m-siege-dot" cx="{x + 9:.1f}" cy="{y - 9:.1f}" r="6"/>')
    parts.append("</g>")
    return "".join(parts)


class _CellPainter:
    """Draws one hex as the viewer knows it; made once a map, called once a hex."""

    def __init__(
        self,
        kingdoms: Mapping[int, KingdomInfo],
        neutral_names: Mapping[int, str],
        neutral_capitals: set[tuple[int, int]],
        viewer: int | None,
        words: dict[str, str],
    ) -> None:
        self.kingdoms = kingdoms
        self.neutral_names = neutral_names
        self.neutral_capitals = neutral_capitals
        self.viewer = viewer
        self.words = words

    def __call__(self, h: dict, home: bool) -> str:
        q, r = h["q"], h["r"]
        x, y = centre(q, r)
        fogged = _fogged(h, self.viewer)
        terrain = h["terrain"] if h["terrain"] in TERRAINS else "unknown"
        # The name is the hex's tooltip too: map-view.js makes its <title> on hovering,
        # rather than 10,000 of them here.
        label = escape(describe(h, self.kingdoms, self.neutral_names, self.words))
        focus = ' tabindex="0"' if home else ""
        # A button: Enter, Space or a tap chooses the hex (map-view.js), and a <g> may
        # carry a name only with a role.
        cell = [
            f'<g class="m-hex" data-q="{q}" data-r="{r}" aria-label="{label}" role="button"{focus} '
            f'transform="translate({x:.1f} {y:.1f})">'
            f'<use href="#m-hex" class="m-cell m-t-{terrain}" fill="{_terrain_fill(terrain)}"/>'
        ]
        if fogged:
            cell.append('<use href="#m-hex" class="m-fog" fill="url(#m-fog)"/>')
        if h.get("scouted"):
            cell.append('<use href="#m-hex" class="m-scouted"/>')
        if h["orphan"]:
            cell.append('<use href="#m-hex" class="m-orphan"/>')
        cell.extend(self._symbols(h))
        siege = h.get("siege")
        if siege:
            cell.append(_siege_marker(q, r, siege))
        cell.append("</g>")
        return "".join(cell)

    def _symbols(self, h: dict) -> list[str]:
        """What the viewer knows stands in the hex: feature, defence, watchtower, bridge,
        and whose neutral land it is."""
        found = []
        if h["feature"] in engine_words.FEATURES:
            found.append(_symbol(h["feature"], _FEATURE_AT))
        if h["defence"] in engine_words.DEFENCES:
            found.append(_symbol(h["defence"], _DEFENCE_AT))
        if h["watchtower"]:
            found.append(_symbol("watchtower", _TOWER_AT))
        if h.get("bridge"):  # seen with the contents (rules.turn.visibility.hex_viewer)
            found.append(_symbol("bridge", _BRIDGE_AT))
        if h.get("site"):
            found.append(_symbol("wildland_site", _SITE_AT))
        if h.get("roamer"):
            found.append(_symbol("roamer", _ROAMER_AT))
        if h["neutral_kingdom"] is not None:
            capital = (h["q"], h["r"]) in self.neutral_capitals
            found.append(_symbol("neutral_capital" if capital else "neutral", _NEUTRAL_AT))
        return found


def _ghost_cell(q: int, r: int) -> str:
    x, y = centre(q, r)
    title = escape(_("(%(q)s, %(r)s) off the map") % {"q": q, "r": r})
    return (
        f'<g class="m-hex m-ghost" data-q="{q}" data-r="{r}" '
        f'transform="translate({x:.1f} {y:.1f})"><title>{title}</title>'
        '<use href="#m-hex" class="m-cell m-off"/></g>'
    )


def _siege_marker(q: int, r: int, siege: dict) -> str:
    """E-37: crossed swords on a besieged hex, a link to the siege sheet."""
    title = escape(_("Under siege: open the siege sheet"))
    return (
        f'<a class="m-siege" href="{escape(siege["page"])}" data-siege="{siege["id"]}" '
        f'data-q="{q}" data-r="{r}"><title>{title}</title>'
        '<circle cx="9" cy="-9" r="6"/>'
        '<use href="#m-s-siege" class="m-sym m-s-siege" x="5" y="-13" width="8" height="8"/></a>'
    )


def _vocabulary() -> dict[str, str]:
    """The words of the hexes' descriptions in the active language, looked up once a map
    rather than once a hex."""
    names = {**engine_words.TERRAINS, **engine_words.FEATURES, **engine_words.DEFENCES}
    words = {key: str(name) for key, name in names.items()}
    words.update(
        watchtower=_("watchtower"),
        bridge=_("a bridge"),
        unexplored=_("unexplored"),
        under_siege=_("under siege"),
        a_neutral_kingdom=_("a neutral kingdom"),
        separator=_("; "),
    )
    return words


def describe(
    h: dict,
    kingdoms: Mapping[int, KingdomInfo],
    neutral_names: Mapping[int, str],
    words: Mapping[str, str] | None = None,
) -> str:
    """The hex's accessible name and tooltip: whatever the viewer may see of it, its
    terrain first; no coordinates (static/warpost/map-view.js adds them on request).
    ``words``: _vocabulary(), when describing a whole map."""
    words = words or _vocabulary()
    terrain = capfirst(words.get(h["terrain"], h["terrain"]))
    if h.get("secondary_terrains"):  # Q16
        others = ", ".join(words.get(t, t) for t in h["secondary_terrains"])
        terrain = _("%(terrain)s with %(others)s") % {"terrain": terrain, "others": others}
    said = [terrain]
    if h.get("siege"):
        said.append(words["under_siege"])  # E-37
    owner = kingdoms.get(h["owner"]) if h["owner"] is not None else None
    if owner is not None:
        if h["orphan"]:
            said.append(_("held by %(kingdom)s (orphan)") % {"kingdom": owner.name})
        else:
            said.append(_("held by %(kingdom)s") % {"kingdom": owner.name})
    if h["neutral_kingdom"] is not None:
        name = neutral_names.get(h["neutral_kingdom"], words["a_neutral_kingdom"])
        said.append(_("land of %(kingdom)s") % {"kingdom": name})
    report = h.get("scouted")
    if report:
        scouted = _("scouted on turn %(turn)s: %(findings)s") % {
            "turn": report["turn"],
            "findings": scouting_findings(report["level"], report),
        }
        if not h["explored"]:  # all the viewer knows of its contents is the report
            return words["separator"].join([*said, words["unexplored"], scouted])
        said.append(scouted)
    said.extend(_contents(h, words))
    if not h["explored"]:
        said.append(words["unexplored"])
    return words["separator"].join(said)


def _contents(h: dict, words: Mapping[str, str]) -> list[str]:
    found = [words.get(h[key], h[key]) for key in ("feature", "defence") if h[key]]
    if h["minor_feature"]:
        found.append(h["minor_feature"])
    if h.get("site"):  # NR-WILD-5 (campaign.map.marks.with_sites)
        found.append(str(engine_words.WILDLAND_SITES.get(h["site"], h["site"])))
    if h.get("roamer"):  # a Chaos horde or the wyvern stands there (with_sites)
        found.append(str(engine_words.WILDLAND_SITES.get(h["roamer"], h["roamer"])))
    if h["watchtower"]:
        found.append(words["watchtower"])
    if h.get("bridge"):
        found.append(words["bridge"])
    points = h["defender_points"]
    if points:
        found.append(
            ngettext("%(points)s defending point", "%(points)s defending points", points)
            % {"points": number_format(points, force_grouping=True)}
        )
    return found


def _borders(
    owners: Mapping[tuple[int, int], int | None], kingdoms: Mapping[int, KingdomInfo]
) -> str:
    """One path per kingdom along the edges where its land meets another's or none."""
    edges: dict[int, list[str]] = defaultdict(list)
    for (q, r), owner in owners.items():
        if owner is None:
            continue
        x, y = centre(q, r)
        for (dq, dr), (a, b) in _EDGES:
            if owners.get((q + dq, r + dr)) != owner:
                (ax, ay), (bx, by) = _CORNERS[a], _CORNERS[b]
                edges[owner].append(f"M{x + ax:.1f} {y + ay:.1f}L{x + bx:.1f} {y + by:.1f}")
    return "".join(
        f'<path class="m-border" stroke="{_colour_of(owner, kingdoms)}" d="{"".join(path)}"/>'
        for owner, path in edges.items()
    )


def _colour_of(kingdom_id: int, kingdoms: Mapping[int, KingdomInfo]) -> str:
    info = kingdoms.get(kingdom_id)
    return safe_colour(info.colour) if info else FALLBACK_COLOUR


def _patrol_cover(cover: Collection[tuple[int, int]]) -> str:
    """A-1.1.2.4, Table 5: a tinted ring on each hex the viewer's patrols cover."""
    if not cover:
        return ""
    title = escape(_("Covered by your patrol"))
    rings = []
    for q, r in sorted(cover):
        x, y = centre(q, r)
        rings.append(
            f'<g class="m-patrol" data-q="{q}" data-r="{r}" '
            f'transform="translate({x:.1f} {y:.1f})"><title>{title}</title>'
            '<use href="#m-hex" class="m-patrol-ring"/></g>'
        )
    return '<g class="m-overlay">' + "".join(rings) + "</g>"


def _arrow_title(arrow: Arrow) -> str:
    sentences = {
        OrderKind.INVADE.value: _("%(army)s invades this hex"),
        OrderKind.PATROL.value: _("%(army)s patrols from this hex"),
        OrderKind.SCOUT.value: _("%(army)s scouts this hex"),
        SEA_COVER: _("%(army)s covers this hex across the sea"),
    }
    return sentences[arrow.kind] % {"army": arrow.name}


def _arrows(orders: Iterable[Arrow]) -> str:
    """The viewer's orders, an arrow each from the army's hex to its target, ending
    short of the target's centre so that the army there stays visible."""
    drawn = []
    for arrow in orders:
        if arrow.kind not in ARROW_KINDS or arrow.start == arrow.end:
            continue
        (x1, y1), (x2, y2) = centre(*arrow.start), centre(*arrow.end)
        length = math.hypot(x2 - x1, y2 - y1)
        shorten = min(SIZE * 0.45, length / 3)
        x2, y2 = x2 - (x2 - x1) * shorten / length, y2 - (y2 - y1) * shorten / length
        q, r = arrow.end
        drawn.append(
            f'<g class="m-order m-order-{arrow.kind}" data-army="{arrow.army}" '
            f'data-q="{q}" data-r="{r}"><title>{escape(_arrow_title(arrow))}</title>'
            f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
            f'marker-end="url(#m-head-{arrow.kind})"/></g>'
        )
    return '<g class="m-overlay">' + "".join(drawn) + "</g>" if drawn else ""


def _battle_marks(battles: Iterable[BattleMark]) -> str:
    marks = []
    for battle in battles:
        x, y = centre(battle.q, battle.r)
        marks.append(
            f'<g class="m-battle" data-q="{battle.q}" data-r="{battle.r}" '
            f'transform="translate({x:.1f} {y:.1f})"><title>{escape(battle.label)}</title>'
            '<use href="#m-s-battle" class="m-sym m-s-battle" x="3" y="-17" width="13" '
            'height="13"/></g>'
        )
    return '<g class="m-overlay">' + "".join(marks) + "</g>" if marks else ""


def _pirate_marks(pirates: Iterable[tuple[int, int]]) -> str:
    """A ship for each pirate flotilla (new-rules.md §6), at the hex's lower right."""
    title = escape(_("Pirate ships"))
    marks = []
    for q, r in pirates:
        x, y = centre(q, r)
        marks.append(
            f'<g class="m-pirate" data-q="{q}" data-r="{r}" '
            f'transform="translate({x:.1f} {y:.1f})"><title>{title}</title>'
            '<use href="#m-s-pirate" class="m-sym m-s-pirate" x="4" y="2" width="12" '
            'height="12"/></g>'
        )
    return '<g class="m-overlay">' + "".join(marks) + "</g>" if marks else ""


def _army_markers(armies: Iterable, kingdoms: Mapping[int, KingdomInfo]) -> str:
    """A disc per army, fanned out when several stand on one hex."""
    by_hex: dict[tuple[int, int], list] = defaultdict(list)
    for army in armies:
        if army.position is not None:
            by_hex[(army.position.q, army.position.r)].append(army)
    markers = []
    for (q, r), here in by_hex.items():
        x, y = centre(q, r)
        for index, army in enumerate(here):
            dx = (index - (len(here) - 1) / 2) * 9
            title = ngettext(
                "%(army)s: %(points)s point", "%(army)s: %(points)s points", army.points
            ) % {"army": army.name, "points": number_format(army.points, force_grouping=True)}
            markers.append(
                f'<g class="m-army-marker" data-army="{army.pk}" data-q="{q}" data-r="{r}" '
                f'transform="translate({x + dx:.1f} {y + 8:.1f})">'
                f"<title>{escape(title)}</title>"
                f'<circle class="m-army" r="5.5" fill="{_colour_of(army.kingdom_id, kingdoms)}"/>'
                f'<text class="m-army-label">{escape(army.name[:1].upper())}</text></g>'
            )
    return "".join(markers)
