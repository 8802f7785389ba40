"""The campaign map as server-rendered SVG: terrain, borders, fog of war, the viewer's armies.

The input is what the selectors let the viewer see (campaign.map.selectors.visible_map,
kingdoms.selectors.visible_armies); this module only draws it. It builds one string by
joining parts, with no template per hex, so that a 10,000-hex map renders in a blink.
Hexes are flat-topped and addressed in axial coordinates (q, r), as in rules.core.hexgrid.
"""

from __future__ import annotations

import math
import re
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from campaign.chronicle.narration import scouting_findings
from rules.core.state import Terrain

SIZE = 20  # the hex's circumradius in SVG user units; the viewBox scales it to the screen
SQRT3 = math.sqrt(3)

# The map's look is in static/warpost/warpost.css ("The map"), one class a terrain
# (m-t-fields, …, m-t-unknown): the Content-Security-Policy refuses an inline <style>.
TERRAINS = frozenset(Terrain)

FEATURE_MARKS = {
    "town": "T",
    "city": "C",
    "mine": "M",
    "deep_mine": "DM",
    "woods": "W",
    "deep_woods": "DW",
    "arcane_ruins": "R",
    "wizard_tower": "WT",
}

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
    ghosts: Iterable[tuple[int, int]] = (),
) -> SafeString:
    """The whole map as one <svg> element.

    ``hexes`` are visible_map dicts; ``armies`` are Army rows (with their position) the
    viewer may see. A hex neither explored nor the viewer's own is drawn under fog; one
    the viewer scouted (Table 8) gets a dashed ring and his report in its tooltip.
    ``ghosts``: places off the map drawn as outlines to click, where the GM drawing the
    map may add a hex.
    """
    if not hexes:
        return mark_safe('<p class="empty">This campaign has no map yet.</p>')
    neutral_names = neutral_names or {}
    owners = {(h["q"], h["r"]): h["owner"] for h in hexes}
    ghosts = sorted(ghosts)
    parts = [_open_svg([(h["q"], h["r"]) for h in hexes] + ghosts)]
    parts.extend(_ghost_cell(q, r) for q, r in ghosts)
    parts.extend(_hex_cell(h, kingdoms, neutral_names, viewer_kingdom_id) for h in hexes)
    parts.append(_borders(owners, kingdoms))
    parts.append(_army_markers(armies, kingdoms))
    parts.append("</svg>")
    return mark_safe("".join(parts))


def _open_svg(cells: list[tuple[int, int]]) -> str:
    xs, ys = zip(*(centre(q, r) for q, r in cells), strict=True)
    pad = SIZE * 1.2
    left, top = min(xs) - pad, min(ys) - pad
    width, height = max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad
    # A group, not an img: an img's children are hidden from screen readers, and the
    # map's hexes carry their description (<title>) and its siege marks are links.
    name = escape(gettext("Campaign map"))
    return (
        f'<svg class="map" xmlns="http://www.w3.org/2000/svg" role="group" '
        f'aria-label="{name}" viewBox="{left:.1f} {top:.1f} {width:.1f} {height:.1f}" '
        f'preserveAspectRatio="xMidYMid meet">'
        '<defs><polygon id="m-hex" points="' + _HEX_POINTS + '"/>'
        '<pattern id="m-fog" width="6" height="6" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)"><rect width="6" height="6" fill="#f4f1ea" '
        'fill-opacity=".55"/><line x1="0" y1="0" x2="0" y2="6" stroke="#bdb6a6" '
        'stroke-width="2"/></pattern></defs>'
    )


def _hex_cell(
    h: dict,
    kingdoms: Mapping[int, KingdomInfo],
    neutral_names: Mapping[int, str],
    viewer: int | None,
) -> str:
    q, r = h["q"], h["r"]
    x, y = centre(q, r)
    fogged = not h["explored"] and (viewer is None or h["owner"] != viewer)
    terrain = h["terrain"] if h["terrain"] in TERRAINS else "unknown"
    # role="img": a screen reader reads the hex as one picture named by its <title>.
    cell = [
        f'<g class="m-hex" role="img" data-q="{q}" data-r="{r}" '
        f'transform="translate({x:.1f} {y:.1f})">'
        f"<title>{escape(describe(h, kingdoms, neutral_names))}</title>"
        f'<use href="#m-hex" class="m-cell m-t-{terrain}"/>'
    ]
    if fogged:
        # The pattern by attribute: not every browser finds a url(#m-fog) of the stylesheet
        # in the page.
        cell.append('<use href="#m-hex" class="m-fog" fill="url(#m-fog)"/>')
    if h.get("scouted"):
        cell.append('<use href="#m-hex" class="m-scouted"/>')
    mark = _mark(h)
    if mark:
        cell.append(f'<text class="m-mark" y="-4">{mark}</text>')
    if h["neutral_kingdom"] is not None:
        cell.append('<text class="m-mark m-nk" y="7">\u265b</text>')  # a crown: its capital land
    siege = h.get("siege")
    if siege:
        cell.append(_siege_marker(q, r, siege))
    cell.append("</g>")
    return "".join(cell)


def _ghost_cell(q: int, r: int) -> str:
    x, y = centre(q, r)
    return (
        f'<g class="m-hex m-ghost" data-q="{q}" data-r="{r}" '
        f'transform="translate({x:.1f} {y:.1f})"><title>({q}, {r}) off the map</title>'
        '<use href="#m-hex" class="m-cell m-off"/></g>'
    )


def _siege_marker(q: int, r: int, siege: dict) -> str:
    """E-37: crossed swords on a besieged hex, a link to the siege sheet."""
    return (
        f'<a class="m-siege" href="{escape(siege["page"])}" data-siege="{siege["id"]}">'
        f"<title>Under siege: open the siege sheet of ({q}, {r})</title>"
        '<circle cx="9" cy="-9" r="5.5"/><text x="9" y="-9">\u2694</text></a>'
    )


def _mark(h: dict) -> str:
    """Letters for what the viewer knows stands in the hex: feature, defence, watchtower."""
    letters = [FEATURE_MARKS.get(h["feature"] or "", "")]
    if h["defence"]:
        letters.append("F")
    if h["watchtower"]:
        letters.append("w")
    return escape("".join(letters))


def describe(h: dict, kingdoms: Mapping[int, KingdomInfo], neutral_names: Mapping[int, str]) -> str:
    """The hex's tooltip: its coordinates and whatever the viewer may see of it."""
    words = [f"({h['q']}, {h['r']}) {h['terrain'].title()}"]
    if h.get("secondary_terrains"):  # Q16
        words[0] += " with " + ", ".join(t.title() for t in h["secondary_terrains"])
    if h.get("siege"):
        words.append("under siege")  # E-37
    owner = kingdoms.get(h["owner"]) if h["owner"] is not None else None
    if owner is not None:
        words.append(f"held by {owner.name}" + (" (orphan)" if h["orphan"] else ""))
    if h["neutral_kingdom"] is not None:
        words.append(f"land of {neutral_names.get(h['neutral_kingdom'], 'a neutral kingdom')}")
    report = h.get("scouted")
    if report:
        scouted = f"scouted on turn {report['turn']}: {scouting_findings(report['level'], report)}"
        if not h["explored"]:  # all the viewer knows of its contents is the report
            return "; ".join([*words, "unexplored", scouted])
        words.append(scouted)
    for key in ("feature", "defence"):
        if h[key]:
            words.append(h[key].replace("_", " "))
    if h["minor_feature"]:
        words.append(h["minor_feature"])
    if h["watchtower"]:
        words.append("watchtower")
    if h["defender_points"]:
        words.append(f"{h['defender_points']:,} defending points")
    if not h["explored"]:
        words.append("unexplored")
    return "; ".join(words)


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
            markers.append(
                f'<g class="m-army-marker" data-army="{army.pk}" '
                f'transform="translate({x + dx:.1f} {y + 8:.1f})">'
                f"<title>{escape(army.name)}: {army.points:,} points</title>"
                f'<circle class="m-army" r="5.5" fill="{_colour_of(army.kingdom_id, kingdoms)}"/>'
                f'<text class="m-army-label">{escape(army.name[:1].upper())}</text></g>'
            )
    return "".join(markers)
