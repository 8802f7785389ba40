"""Table 13, character recovery (§5.8): the modifiers defined away from the table (E-21).

Table 13's rolls themselves are issue 4's (post-battle recovery). What issue 3 defines
for them is already here, as Table 13's one registry, so that issue 4 reads the
modifiers from one place and the rules page lists them (E-21): Table 17's Shrine, +1
for the characters of armies fighting in its hex. (E-02's Surgeon, bought at step 3b,
is stored for the turn: rules.spending.surgeon_kingdoms.)
"""

from __future__ import annotations

from rules.modifiers import Modifier
from rules.state import BattleState, World
from rules.tables import MinorFeature


def _shrine(world: World, battle: BattleState, character_id: int) -> int:
    """Table 17 Shrine: +1 for armies fighting in this hex, either side."""
    hex_ = world.hexes.get(battle.hex)
    shrine = hex_ is not None and hex_.minor_feature == MinorFeature.SHRINE
    return world.ruleset.shrine_recovery if shrine else 0


TABLE_13_MODIFIERS: tuple[Modifier, ...] = (
    Modifier(
        "A battle in a hex with a Shrine {shrine_recovery:+d} (both sides)",
        "Table 17 Table 13 E-21",
        _shrine,
    ),
)
"""E-21: Table 13's one registry; each value is (world, battle, character id) → int."""


def recovery_modifiers(
    world: World, battle: BattleState, character_id: int
) -> list[tuple[str, int]]:
    """The Table 13 modifiers of one character who fought ``battle``, each with its words
    and value (those that apply only): what issue 4's recovery roll adds."""
    found = []
    for modifier in TABLE_13_MODIFIERS:
        value = modifier.value(world, battle, character_id)
        if value:
            found.append((modifier.words(world.ruleset), value))
    return found
