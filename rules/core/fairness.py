"""Start positions side by side (A-1.0.1): the room each player kingdom has to grow.

A GM choosing a generated map wants every player to start with about as much within
reach as the others. A kingdom grows by invading a land hex next to it (A-1.0.4, A-1.2.2),
across one sea hex too (E-16), so the room around a start is counted in invasions: the
land hexes outside the kingdom that so many invasions in a row can reach, the hexes among
them with a feature known at set-up (a neutral kingdom's City and its major feature,
A-1.4.3–4), and how many invasions away the nearest other player is.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from rules.core import hexgrid
from rules.core.state import Coord, Feature, Terrain

NEAR, FAR = 2, 4  # invasions: the next turns, and the early campaign


@dataclass(frozen=True)
class StartRoom:
    capital: Coord
    hexes: int  # the kingdom's own (Q19)
    land_near: int  # land hexes outside it, up to NEAR invasions away
    land_far: int  # … up to FAR
    features_near: int  # of those, hexes with a feature known at set-up
    features_far: int
    nearest_rival: int | None  # invasions to the nearest other kingdom's hex; None: none


def start_room(
    terrain: Mapping[Coord, Terrain],
    kingdoms: Sequence[tuple[Coord, Collection[Coord]]],
    features: Mapping[Coord, Feature],
) -> list[StartRoom]:
    """A-1.0.1, A-1.0.4, E-16: for each kingdom, given as its capital and its hexes, the
    room around it, in the order given."""
    rooms = []
    for capital, own in kingdoms:
        steps = _invasions_away(terrain, set(own))
        rivals = [
            steps[cell]
            for other_capital, other in kingdoms
            if other_capital != capital
            for cell in other
            if cell in steps
        ]
        near = [cell for cell, n in steps.items() if 0 < n <= NEAR]
        far = [cell for cell, n in steps.items() if 0 < n <= FAR]
        rooms.append(
            StartRoom(
                capital=capital,
                hexes=len(own),
                land_near=len(near),
                land_far=len(far),
                features_near=sum(cell in features for cell in near),
                features_far=sum(cell in features for cell in far),
                nearest_rival=min(rivals, default=None),
            )
        )
    return rooms


def _invasions_away(terrain: Mapping[Coord, Terrain], own: set[Coord]) -> dict[Coord, int]:
    """Every land hex the kingdom can reach by invading hex after hex, with the number of
    invasions it takes (0 for its own hexes), up to FAR."""
    steps = {cell: 0 for cell in own}
    queue = deque(sorted(own))
    while queue:
        cell = queue.popleft()
        if steps[cell] == FAR:
            continue
        for nxt in sorted(hexgrid.adjacent(cell, terrain)):
            if nxt not in steps and not terrain[nxt].is_sea:
                steps[nxt] = steps[cell] + 1
                queue.append(nxt)
    return steps
