"""Roaming forces on the map: the one movement helper of E-39 (and E-12).

The Beast (App G) uses it now; dragons, the wyvern and the hordes of the supplement will.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.core.dice import Dice, Roll
from rules.core.hexgrid import DIRECTIONS, neighbours
from rules.core.state import Coord, HexState


def legal_step(hexes: Mapping[Coord, HexState], cell: Coord) -> bool:
    """E-12, E-39: a roaming force never enters sea nor leaves the map."""
    return cell in hexes and not hexes[cell].terrain.is_sea


def roam(
    hexes: Mapping[Coord, HexState], at: Coord, dice: Dice, who: str
) -> tuple[Coord, tuple[Roll, ...]]:
    """E-39, App G: one hex in the direction of a d6, 1 = N then clockwise (flat-topped
    hexes, rules.core.hexgrid.DIRECTIONS). A step into sea or off the map is replaced by a
    uniform choice among the legal neighbours (a logged die of as many faces); with none
    the force stays (E-12). Returns where it ends and the rolls it used."""
    roll = dice.d6(f"E-39 direction of {who} from {at} (1 = N, clockwise)")
    wanted = neighbours(at)[roll.result - 1]
    if legal_step(hexes, wanted):
        return wanted, (roll,)
    legal = [cell for cell in neighbours(at) if legal_step(hexes, cell)]
    if not legal:
        return at, (roll,)
    if len(legal) == 1:
        return legal[0], (roll,)
    choice = dice.roll(len(legal), f"E-12 E-39 {who} turns aside: one of {len(legal)} ways")
    return legal[choice.result - 1], (roll, choice)


__all__ = ["DIRECTIONS", "legal_step", "roam"]
