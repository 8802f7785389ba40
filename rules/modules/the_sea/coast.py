"""The coast as pirates sail it (NR-PIRATE-3, NR-PIRATE-4, AMB-32) and the sea hex an
invasion crosses (A-1.1.2.2).

Pirates sail from coastal land hex to coastal land hex, never over the sea (NR-PIRATE-3,
NR-SEA-1). Warpost's map has no editor field for a coastline's "upper" and "lower" ways
(AMB-32), so they are fixed by one convention: "up" the coast keeps the sea on the
pirate's left hand, "down" on its right. From a hex, the next one up is found by turning
clockwise (E-39's direction order) from a sea neighbour to the first neighbour that is
not sea: that neighbour touches the same sea hex, so the step follows the shore. A step
off the map sails the pirate off it (NR-PIRATE-6).
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.core.hexgrid import neighbours
from rules.core.state import Coord, HexState, Terrain

OFF_MAP = None


def is_sea(hexes: Mapping[Coord, HexState], cell: Coord) -> bool:
    return cell in hexes and hexes[cell].terrain is Terrain.SEA


def is_coastal(hexes: Mapping[Coord, HexState], cell: Coord) -> bool:
    """A land hex next to a sea hex."""
    return (
        cell in hexes
        and not is_sea(hexes, cell)
        and any(is_sea(hexes, n) for n in neighbours(cell))
    )


def coast_step(hexes: Mapping[Coord, HexState], at: Coord, up: bool) -> Coord | None:
    """The next coastal hex from ``at`` "up" (sea on the left) or "down" (sea on the
    right), or None when that step leaves the map (NR-PIRATE-6). With the sea on several
    sides, the first sea neighbour in direction order decides (E-39)."""
    around = neighbours(at)
    turn = 1 if up else -1
    for i, cell in enumerate(around):
        if not is_sea(hexes, cell):
            continue
        ahead = around[(i + turn) % 6]
        if not is_sea(hexes, ahead):
            return ahead if ahead in hexes else OFF_MAP
    return at  # no sea around: nowhere to sail (not reached from a coastal hex)


def crossed_sea(hexes: Mapping[Coord, HexState], origin: Coord, target: Coord) -> Coord | None:
    """A-1.1.2.2: the sea hex between an invasion's origin and its target, when they are
    not grid neighbours (the first in direction order from the origin), else None."""
    if target in neighbours(origin):
        return None
    shared = [c for c in neighbours(origin) if c in neighbours(target) and is_sea(hexes, c)]
    return shared[0] if shared else None
