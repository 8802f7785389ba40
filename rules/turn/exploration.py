"""Table 7 exploration of an unexplored hex (A-1.0.5, A-1.0.7, A-1.5.2, E-08).

Shared by the two steps that explore: an invasion (§3 step 3e, the result is public) and
scouting (step 3d, the result stays secret until the hex is invaded, §5.4, E-29). The
caller decides which event tells of it.
"""

from __future__ import annotations

import msgspec

from rules.core.dice import Dice, Roll
from rules.core.ruleset import defender_table, exploration_table, table
from rules.core.state import Defender, Feature, HexState, Ruleset, Terrain


def explore_hex(hex_: HexState, ruleset: Ruleset, dice: Dice) -> tuple[HexState, tuple[Roll, ...]]:
    """A-1.0.5, A-1.0.7, A-1.5.2, E-08: Table 7 on the terrain, the minor-feature d6
    (every hex, Empty too) and its Table 17 type on 5+, then the defender's size when
    there is a major feature. Returns the hex as explored and the rolls made."""
    where = f"at {hex_.coord}"
    rolls: list[Roll] = [dice.d6(f"Table 7 exploration ({hex_.terrain.value}) {where}")]
    feature = exploration_table(ruleset, hex_.terrain).lookup(rolls[-1].result)
    if hex_.terrain is Terrain.DELTA and ruleset.new_tiles:
        feature = _no_city(hex_, ruleset, dice, feature, rolls)
    minor = None
    rolls.append(dice.d6(f"minor feature check (E-08) {where}"))
    if table(ruleset, "minor-feature-check").lookup(rolls[-1].result):
        rolls.append(dice.d6(f"Table 17 minor feature {where}"))
        minor = table(ruleset, "table-17").lookup(rolls[-1].result)
    defender = None
    if feature is not None:
        sizes = defender_table(ruleset, feature)
        rolls.append(dice.d6(f"{sizes.title} size {where}"))
        size = sizes.lookup(rolls[-1].result)
        defender = Defender(points=size, original_points=size)
    explored = msgspec.structs.replace(
        hex_, explored=True, feature=feature, minor_feature=minor, defender=defender
    )
    return explored, tuple(rolls)


def _no_city(
    hex_: HexState, ruleset: Ruleset, dice: Dice, feature: Feature | None, rolls: list[Roll]
) -> Feature | None:
    """NR-DELTA-4, E-33: a delta never holds a City: the result is rolled again, at most
    ``delta_city_rerolls`` times (a GM's table of Cities only would never end), and a
    City still left is nothing."""
    for _ in range(ruleset.delta_city_rerolls):
        if feature is not Feature.CITY:
            return feature
        rolls.append(dice.d6(f"NR-DELTA-4 Table 7 re-roll of a City at {hex_.coord}"))
        feature = exploration_table(ruleset, hex_.terrain).lookup(rolls[-1].result)
    return None if feature is Feature.CITY else feature
