"""Tables 12 and 13, unit and character recovery (§5.8): one modifier registry each, with
the modifiers defined away from the table (E-21).

Table 13's registry holds its own lines (−1 after an abstract battle, −1 if his side
lost: not in a draw, E-10), E-02's Surgeon (bought at step 3b:
rules.kingdoms.spending.surgeon_kingdoms), Table 22's Arcane resilience and Table 17's Shrine, +1
each, stacking (E-02). Table 12's holds E-01's rest flag and Table 21's Drillmaster.
rules.battles.postbattle rolls both tables; the rules page lists every line.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.modifiers import Modifier
from rules.core.state import BattleState, CharacterState, World
from rules.core.tables import MinorFeature


@dataclass(frozen=True)
class Circumstances:
    """What a Table 13 roll knows beyond the battle's hex, once the battle is over
    (rules.battles.postbattle): at the fall itself (rules.battles.battle) none of it is known
    yet."""

    abstract: bool = False
    lost: bool = False  # E-10: never in a draw
    surgeon: bool = False  # E-02: his kingdom hired one this turn
    character: CharacterState | None = None  # as he is now, if not as the world has him


NOTHING_KNOWN = Circumstances()


def _abstract(world: World, battle: BattleState, character_id: int, known: Circumstances) -> int:
    """§5.7, Table 13, E-02: one −1, however often the rulebook states it."""
    return world.ruleset.recovery_abstract if known.abstract else 0


def _lost(world: World, battle: BattleState, character_id: int, known: Circumstances) -> int:
    return world.ruleset.recovery_lost if known.lost else 0


def _surgeon(world: World, battle: BattleState, character_id: int, known: Circumstances) -> int:
    return world.ruleset.recovery_surgeon if known.surgeon else 0


def _arcane(world: World, battle: BattleState, character_id: int, known: Circumstances) -> int:
    """Table 22 Arcane resilience."""
    character = known.character or world.characters.get(character_id)
    resilient = character is not None and "arcane_resilience" in character.skills
    return world.ruleset.recovery_arcane_resilience if resilient else 0


def _shrine(world: World, battle: BattleState, character_id: int, known: Circumstances) -> int:
    """Table 17 Shrine: +1 for armies fighting in this hex, either side."""
    hex_ = world.hexes.get(battle.hex)
    shrine = hex_ is not None and hex_.minor_feature == MinorFeature.SHRINE
    return world.ruleset.shrine_recovery if shrine else 0


TABLE_13_MODIFIERS: tuple[Modifier, ...] = (
    Modifier("After an abstract battle {recovery_abstract:+d}", "Table 13 §5.7 E-02", _abstract),
    Modifier("His side lost {recovery_lost:+d} (not in a draw)", "Table 13 E-10", _lost),
    Modifier(
        "His kingdom hired a Surgeon this turn {recovery_surgeon:+d}", "Table 10 Table 13 E-02",
        _surgeon,
    ),
    Modifier(
        "Arcane resilience {recovery_arcane_resilience:+d}", "Table 22 Table 13 E-02", _arcane
    ),
    Modifier(
        "A battle in a hex with a Shrine {shrine_recovery:+d} (both sides)",
        "Table 17 Table 13 E-21",
        _shrine,
    ),
)  # fmt: skip
"""E-21: Table 13's one registry; each value is (world, battle, character id,
circumstances) → int."""


def recovery_modifiers(
    world: World, battle: BattleState, character_id: int, known: Circumstances = NOTHING_KNOWN
) -> list[tuple[str, int]]:
    """The Table 13 modifiers of one character who fought ``battle``, each with its words
    and value (those that apply only). Without ``known``: those known when he falls
    (the Shrine, Arcane resilience), which rules.battles.battle writes on CharacterFell."""
    found = []
    for modifier in TABLE_13_MODIFIERS:
        value = modifier.value(world, battle, character_id, known)
        if value:
            found.append((modifier.words(world.ruleset), value))
    return found


def _rested(world: World, battle: BattleState, army_id: int, rested: frozenset[int]) -> int:
    """E-01: the army's rest flag, which this battle used (RestFlagUsed)."""
    return world.ruleset.recovery_rested if army_id in rested else 0


def _drillmaster(world: World, battle: BattleState, army_id: int, rested: frozenset[int]) -> int:
    """Table 21 Drillmaster, E-21: on the army's General."""
    drilled = any(
        c.is_general and "drillmaster" in c.skills for c in world.roster.with_army(army_id)
    )
    return world.ruleset.recovery_drillmaster if drilled else 0


TABLE_12_MODIFIERS: tuple[Modifier, ...] = (
    Modifier(
        "The army Rested before this battle {recovery_rested:+d}", "Table 12 Table 5 E-01",
        _rested,
    ),
    Modifier(
        "Drillmaster on the army's General {recovery_drillmaster:+d}", "Table 21 Table 12 E-21",
        _drillmaster,
    ),
)  # fmt: skip
"""E-21: Table 12's one registry; each value is (world, battle, army id, the armies whose
rest flag the battle used) → int."""


def unit_recovery_modifiers(
    world: World, battle: BattleState, army_id: int, rested: frozenset[int]
) -> list[tuple[str, int]]:
    """The Table 12 modifiers of one army's units after ``battle`` (those that apply)."""
    found = []
    for modifier in TABLE_12_MODIFIERS:
        value = modifier.value(world, battle, army_id, rested)
        if value:
            found.append((modifier.words(world.ruleset), value))
    return found
