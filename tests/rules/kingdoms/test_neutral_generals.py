"""A-1.4.10–11, E-20: a neutral kingdom's General leads its army on Table 23 and gains
XP as a player's character does; and App G's numbers come from the ruleset."""

from __future__ import annotations

import dataclasses

import msgspec

from rules.battles.battle import basic_strategy_modifier, characters, decision
from rules.core.ruleset import OPTIONS, ruleset_from_overrides
from rules.core.state import BattleState, CharacterState, Decision, DefenderKind, Role, Side
from rules.core.table_options import BEAST, TABLE_31
from rules.modules import beast
from tests.rules.rules_builder import build, character

GENERAL = CharacterState(
    id=90, name="Grom", kingdom_id=None, army_id=None, generalship=2, is_general=True,
    neutral_kingdom_id=5,
)  # fmt: skip


def _world():
    world = build("F1 F. F.", characters=(GENERAL, character(10, 1, 1, is_general=True)))
    world.hexes[(1, 0)] = msgspec.structs.replace(world.hexes[(1, 0)], neutral_kingdom=5)
    return world


def test_the_neutral_general_leads_the_kingdoms_army_defending_or_incited():
    """A-1.4.8, A-1.4.10: his Generalship counts for the army's side, never elsewhere."""
    world = _world()
    defending = BattleState(
        key=1,
        hex=(1, 0),
        defender_kind=DefenderKind.NEUTRAL_KINGDOM,
        attacker=Side(points=2500, kingdom_id=1, army_ids=(2,)),
        defender=Side(points=2500, neutral_kingdom_id=5),
    )
    points = {2: 2500}
    assert [c.id for c in characters(world, defending.defender)] == [90]
    assert basic_strategy_modifier(world, defending, Role.DEFENDER, points) == 2 + 1  # home
    incited = BattleState(
        key=2,
        hex=(0, 0),
        defender_kind=DefenderKind.PATROL,
        attacker=Side(points=2000, neutral_kingdom_id=5),
        defender=Side(points=2000, kingdom_id=1, army_ids=(2,)),
    )
    assert basic_strategy_modifier(world, incited, Role.ATTACKER, points) == 2
    feature = dataclasses.replace(
        defending, defender_kind=DefenderKind.NEUTRAL, defender=Side(points=1000)
    )
    assert characters(world, feature.defender) == [], "a feature's defenders have none"


def test_the_beast_in_its_lair_never_retreats_whatever_q6_says():
    """E-12: a roaming force, attacking or defending its lair, always fights."""
    lenient = ruleset_from_overrides({"options": {"neutrals_always_fight": 0}})
    asked = Side(points=2000, decision=Decision.RETREAT)
    assert decision(asked, lenient) is Decision.RETREAT
    assert decision(asked, lenient, roaming=True) is Decision.FIGHT


def test_the_modules_numbers_are_ruleset_options_in_their_blocks():
    """§5.12: Table 31 and App G, every number."""
    for name in ("plague_points", "deserters_percent", "poor_harvest_power",
                 "good_harvest_power", "treasure_power", "beast_stir", "bandits_unrest_turns",
                 "wandering_hero_bid"):  # fmt: skip
        assert OPTIONS[name].metadata["table"] == TABLE_31
    for name in ("beast_points", "beast_terror", "beast_slaying_power", "beast_slaying_xp",
                 "beast_wakes_on", "beast_battle_bonus", "beast_battle_distance",
                 "beast_sleeps_on", "beast_lair_distance"):  # fmt: skip
        assert OPTIONS[name].metadata["table"] == BEAST
    assert "E-04" in OPTIONS["beast_slaying_xp"].metadata["rule"]


def test_the_beast_defends_its_lair_only_while_it_is_there():
    """App G, E-12: asleep or back home it defends; away, or slain, it does not."""
    world = build("F1 F. M.")
    world.ruleset = ruleset_from_overrides({"options": {"the_beast": 1, "beast_points": 2500}})
    world.module_state = {"the_beast": {"lair": [2, 0], "at": [2, 0], "awake": False}}
    assert beast.defender(world, (2, 0)) == Side(points=2500)
    assert beast.defender(world, (1, 0)) is None
    world.module_state = {"the_beast": {"lair": [2, 0], "at": [1, 0], "awake": True}}
    assert beast.defender(world, (2, 0)) is None
    world.module_state = {"the_beast": {"lair": [2, 0], "at": [2, 0], "slain": True}}
    assert beast.defender(world, (2, 0)) is None
