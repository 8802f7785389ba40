"""Hex maths on a flat-topped axial grid (E-39) and the two relations of E-16.

* *Distance* is plain grid distance; sea hexes count as cells (patrol radius, Scout).
* *Adjacency* is grid neighbours plus the one-sea-hex crossing (A-1.1.2.2, A-1.1.2.3):
  invasion targets and friendly paths (Q5).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping

from rules.core.state import Coord, HexState, Terrain

DIRECTIONS: tuple[Coord, ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
"""E-39: direction 1 = N, then clockwise: N, NE, SE, S, SW, NW."""


def neighbours(c: Coord) -> list[Coord]:
    """The six grid neighbours of ``c`` in direction order (E-39), on or off the map."""
    q, r = c
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS]


def along(c: Coord, way: int, steps: int) -> Coord:
    """NR-GEN-9/10, E-39: the hex ``steps`` hexes from ``c`` in a straight line in the
    direction a d6 named (1 = N, clockwise), on or off the map."""
    dq, dr = DIRECTIONS[way - 1]
    return (c[0] + dq * steps, c[1] + dr * steps)


def distance(a: Coord, b: Coord) -> int:
    """Plain grid distance in hexes (E-16)."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def within(c: Coord, radius: int) -> list[Coord]:
    """Every cell at distance <= ``radius`` of ``c``, sorted."""
    q, r = c
    return sorted(
        (q + dq, r + dr)
        for dq in range(-radius, radius + 1)
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1)
    )


def ring(c: Coord, radius: int) -> list[Coord]:
    """Every cell at distance exactly ``radius`` of ``c``, sorted: walked side by side from
    its six corners (a corner ``radius`` steps along a direction, the side two directions
    on), so a ring costs its own cells, not the hexagon inside it."""
    if radius == 0:
        return [c]
    q, r = c
    cells = []
    for i, (cq, cr) in enumerate(DIRECTIONS):
        dq, dr = DIRECTIONS[(i + 2) % 6]
        corner_q, corner_r = q + cq * radius, r + cr * radius
        cells.extend((corner_q + dq * j, corner_r + dr * j) for j in range(radius))
    return sorted(cells)


def distances_to(sources: Iterable[Coord], radius: int) -> dict[Coord, int]:
    """The grid distance (E-16) from every cell within ``radius`` of (0, 0) to the nearest
    of ``sources``, by one breadth-first search from all of them at once rather than a
    distance per cell and source. A shortest path between two cells of that hexagon never
    leaves it (each step moves every cube coordinate towards the end), so the search
    finds the plain distance."""
    found = {source: 0 for source in sources}
    queue = deque(found)
    while queue:
        cell = queue.popleft()
        step = found[cell] + 1
        for nxt in neighbours(cell):
            if nxt not in found and distance(nxt, (0, 0)) <= radius:
                found[nxt] = step
                queue.append(nxt)
    return found


def line(a: Coord, b: Coord) -> list[Coord]:
    """The cells on the straight line from ``a`` to ``b``, both included (cube lerp).

    The tiny nudge makes points that fall exactly between two cells always round the
    same way, so a line never zig-zags on an edge.
    """
    steps = distance(a, b)
    if steps == 0:
        return [a]
    return [
        _cube_round(
            a[0] + (b[0] - a[0]) * i / steps + 1e-6,
            a[1] + (b[1] - a[1]) * i / steps + 1e-6,
        )
        for i in range(steps + 1)
    ]


def _cube_round(q: float, r: float) -> Coord:
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return (rq, rr)


def flood_fill(
    start: Coord,
    passable: Callable[[Coord], bool],
    step: Callable[[Coord], Iterable[Coord]] = neighbours,
) -> set[Coord]:
    """Every cell reachable from ``start`` through passable cells (empty if start is not)."""
    if not passable(start):
        return set()
    reached = {start}
    queue = deque([start])
    while queue:
        for nxt in step(queue.popleft()):
            if nxt not in reached and passable(nxt):
                reached.add(nxt)
                queue.append(nxt)
    return reached


def terrain_map(hexes: Mapping[Coord, HexState]) -> dict[Coord, Terrain]:
    """The terrain of every hex on the map, the input of ``adjacent``."""
    return {coord: h.terrain for coord, h in hexes.items()}


def adjacent(c: Coord, terrain: Mapping[Coord, Terrain]) -> set[Coord]:
    """E-16 adjacency (A-1.1.2.2, A-1.1.2.3): grid neighbours on the map, plus every land
    hex across exactly one sea hex. Never two sea hexes, never a hex off the map."""
    result: set[Coord] = set()
    for n in neighbours(c):
        if n not in terrain:
            continue
        result.add(n)
        if terrain[n].is_sea:
            result.update(
                coast
                for coast in neighbours(n)
                if coast != c and coast in terrain and not terrain[coast].is_sea
            )
    return result


def connected_to_capital(
    capital: Coord | None, owned: set[Coord], terrain: Mapping[Coord, Terrain]
) -> set[Coord]:
    """A-1.2.4, Q5, Q9: the owned hexes with a friendly path (own hexes only, with sea
    adjacency) to the capital. Empty when there is no capital or it is not owned."""
    if capital is None:
        return set()
    return flood_fill(capital, owned.__contains__, lambda c: adjacent(c, terrain))


def orphans(
    capital: Coord | None, owned: set[Coord], terrain: Mapping[Coord, Terrain]
) -> set[Coord]:
    """A-1.3.1: the owned hexes cut off from the capital."""
    return owned - connected_to_capital(capital, owned, terrain)
