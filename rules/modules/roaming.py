"""Roaming forces on the map: the one movement helper of E-39 (and E-12), the battle a
roaming force's entry into a hex brings, and what it ravages.

The Beast (App G), the Chaos horde and the wyvern (rules.modules.wildlands.roamers) use
them.
"""

from __future__ import annotations

from collections.abc import Mapping

import msgspec

from rules.core.dice import Dice, Roll
from rules.core.events import BattleDeclared, HexRavaged
from rules.core.hexgrid import DIRECTIONS, neighbours
from rules.core.state import ArmyState, Coord, DefenderKind, Feature, HexState, World
from rules.turn.orders import covering_patrol

DOWNGRADE = {Feature.CITY: Feature.TOWN, Feature.DEEP_MINE: Feature.MINE}
DOWNGRADE[Feature.DEEP_WOODS] = Feature.WOODS


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


def fly(
    hexes: Mapping[Coord, HexState], at: Coord, dice: Dice, who: str, steps: int
) -> tuple[Coord, tuple[Roll, ...]]:
    """NR-GEN-10, E-39: ``steps`` hexes in a straight line in one rolled direction (the
    first step as ``roam`` takes it, turning aside from sea or the map's edge); the flight
    ends early at the last hex before sea or the edge (AMB-03)."""
    first, rolls = roam(hexes, at, dice, who)
    if first == at or steps <= 1:
        return first, rolls
    dq, dr = first[0] - at[0], first[1] - at[1]
    here = first
    for _ in range(steps - 1):
        ahead = (here[0] + dq, here[1] + dr)
        if not legal_step(hexes, ahead):
            break
        here = ahead
    return here, rolls


def attacks_army(army: ArmyState, hex_: Coord, points: int, rule: str) -> BattleDeclared:
    """E-12: a roaming force of ``points`` attacks ``army`` at ``hex_`` as a patrol it
    meets (the army may fight or retreat); the force never retreats and takes no hex."""
    return BattleDeclared(
        rule=rule,
        hex=hex_,
        defender_kind=DefenderKind.PATROL,
        attacker_kingdom_id=None,
        attacker_army_ids=(),
        attacker_points=points,
        defender_kingdom_id=army.kingdom_id,
        defender_army_ids=(army.id,),
        defender_points=army.points,
    )


def entry_battle(world: World, hex_: Coord, patrols: list, points: int, rule: str):
    """E-12, E-39: a roaming force of ``points`` invades the hex it entered, as a neutral
    that never retreats: in a player hex, the covering patrol meets it; in a neutral
    kingdom's hex, the kingdom's army. None: nobody meets it (a player hex without a
    patrol, an unowned hex), and the hex is ravaged."""
    h = world.hexes[hex_]
    if h.owner is not None:
        patrol = covering_patrol(world, hex_, patrols)
        if patrol is None:
            return None
        return attacks_army(patrol, hex_, points, f"{rule} E-12 Table 5")
    if h.neutral_kingdom is not None:
        return BattleDeclared(
            rule=f"{rule} E-12 A-1.4.8",
            hex=hex_,
            defender_kind=DefenderKind.NEUTRAL_KINGDOM,
            attacker_kingdom_id=None,
            attacker_army_ids=(),
            attacker_points=points,
            defender_neutral_kingdom_id=h.neutral_kingdom,
            defender_points=world.ruleset.neutral_kingdom_defending_points,
        )
    return None


def ravaged(h: HexState) -> HexState:
    """App G, E-39: the mega-feature downgraded or the major feature removed; the
    fortress and the watchtower removed ("sacked" anywhere in the supplement)."""
    feature = DOWNGRADE.get(h.feature) if h.feature is not None else None
    return msgspec.structs.replace(h, feature=feature, defence=None, watchtower=False)


def hex_ravaged(h: HexState, after: HexState, rule: str) -> HexRavaged:
    """App G, E-39: the event of the hex ``h`` left as ``after`` (``ravaged``, or any
    other loss of its features)."""
    return HexRavaged(
        rule=rule,
        hex=h.coord,
        feature_before=h.feature,
        feature=after.feature,
        defence_removed=h.defence is not None,
        watchtower_removed=h.watchtower,
    )


__all__ = [
    "DIRECTIONS",
    "attacks_army",
    "entry_battle",
    "fly",
    "hex_ravaged",
    "legal_step",
    "ravaged",
    "roam",
]
