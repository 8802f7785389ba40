"""Table 17's campaign effects (§5.10, E-07, E-21): rules.turn.minor_features,
rules.battles.recovery,
and their ruleset options (the Table 17 block; the Monument in Table 1's)."""

from __future__ import annotations

import dataclasses

import msgspec

from rules.battles.recovery import TABLE_13_MODIFIERS, recovery_modifiers
from rules.core.dice import ForcedDice
from rules.core.events import BanditLairRolled
from rules.core.ruleset import OPTIONS, ruleset_from_overrides
from rules.core.state import BattleState, DefenderKind, Ruleset, Side
from rules.core.table_options import TABLE_1, TABLE_17
from rules.turn.minor_features import bandit_lairs, monument_halves, patrol_radius, ruins_modifiers
from rules.turn.orders import patrol_area
from rules.turn.power import effective_power_halves
from tests.rules.rules_builder import build


def _with(world, coord, **changes):
    world.hexes[coord] = msgspec.structs.replace(world.hexes[coord], **changes)
    return world


def test_table_17_values_are_ruleset_options_of_the_table_17_block():
    for name in (
        "old_road_patrol_radius", "ruins_scouting", "shrine_recovery", "bandit_lair_unrest_on",
        "bandit_lair_unrest_turns",
    ):  # fmt: skip
        assert OPTIONS[name].metadata["table"] == TABLE_17
        assert "Table 17" in OPTIONS[name].metadata["rule"]
    assert OPTIONS["monument_scores"].metadata["table"] == TABLE_1
    assert Ruleset().monument_scores == 0, "optional: it changes the victory formula"


def test_old_road_gives_its_patrol_radius_2_and_the_option_sets_it():
    """Table 17 Old road, Table 5, Q13."""
    world = _with(build("F1 F1 F1 F1"), (0, 0), minor_feature="old_road")
    assert patrol_radius(world, (0, 0)) == 2
    assert patrol_radius(world, (1, 0)) == 1
    assert (2, 0) in patrol_area(world, (0, 0)) and (3, 0) not in patrol_area(world, (0, 0))
    world.ruleset = ruleset_from_overrides({"options": {"old_road_patrol_radius": 3}})
    assert (3, 0) in patrol_area(world, (0, 0))
    world.ruleset = ruleset_from_overrides({"options": {"patrol_radius": 3}})
    assert patrol_radius(world, (0, 0)) == 3, "an Old road never shortens a house radius"


def test_ancient_ruins_at_the_target_and_at_the_origin_each_give_plus_1():
    """Table 17 Ancient ruins, Table 8, E-07: "from" is the scouts' origin."""
    world = build("F1 F. F.")
    _with(world, (0, 0), minor_feature="ancient_ruins")
    _with(world, (2, 0), minor_feature="ancient_ruins")
    assert [v for _, v in ruins_modifiers(world, (2, 0), (0, 0))] == [1, 1]
    assert [v for _, v in ruins_modifiers(world, (2, 0), None)] == [1]
    assert ruins_modifiers(world, (1, 0), (1, 0)) == []


def test_the_shrine_is_a_line_of_table_13s_registry_for_both_sides():
    """Table 17 Shrine, Table 13 (post-battle reads the hook), E-21."""
    world = _with(build("F1 F."), (1, 0), minor_feature="shrine")
    battle = BattleState(
        key=1,
        hex=(1, 0),
        defender_kind=DefenderKind.NEUTRAL,
        attacker=Side(points=2000, kingdom_id=1, army_ids=(1,)),
        defender=Side(points=1000),
    )
    assert "Table 17 Table 13 E-21" in [m.rule for m in TABLE_13_MODIFIERS]
    assert recovery_modifiers(world, battle, 10) == [
        ("A battle in a hex with a Shrine +1 (both sides)", 1)
    ]
    elsewhere = dataclasses.replace(battle, hex=(0, 0))
    assert recovery_modifiers(world, elsewhere, 10) == []
    world.ruleset = ruleset_from_overrides({"options": {"shrine_recovery": 2}})
    assert recovery_modifiers(world, battle, 10)[0][1] == 2


def test_a_bandit_lair_rolls_for_its_owner_and_a_1_brings_unrest_this_turn():
    """Table 17 Bandit lair, Table 3: rolled in coordinate order, owned lairs only."""
    world = build("F1 F1 F. F2", turn=4)
    for coord in ((1, 0), (2, 0), (3, 0)):
        _with(world, coord, minor_feature="bandit_lair")
    dice = ForcedDice([1, 3])
    after, events = bandit_lairs(world, dice)
    assert [(e.hex, e.kingdom_id, e.unrest) for e in events] == [
        ((1, 0), 1, True),
        ((3, 0), 2, False),
    ]
    assert all(isinstance(e, BanditLairRolled) for e in events)
    assert (after.hexes[(1, 0)].unrest_from, after.hexes[(1, 0)].unrest_until) == (4, 4)
    assert after.hexes[(3, 0)].unrest_from is None
    public, insiders, secret = events[0].seen_by()
    assert public and insiders == {1} and secret == ("rolls",)
    assert events[1].seen_by()[0] is False, "a quiet roll is the owner's"


def test_a_bandit_lair_never_shortens_a_running_unrest():
    """Table 3: an Unrest from an edict (turns 4–5) goes on to its end."""
    world = _with(
        build("F1 F1", turn=4), (1, 0), minor_feature="bandit_lair", unrest_from=4, unrest_until=5
    )
    after, _ = bandit_lairs(world, ForcedDice([1]))
    assert (after.hexes[(1, 0)].unrest_from, after.hexes[(1, 0)].unrest_until) == (4, 5)


def test_the_monument_adds_half_a_point_only_with_the_optional_rule():
    """Table 17 Monument, Table 1 (optional)."""
    assert monument_halves(Ruleset(), ["monument", None]) == 0
    on = ruleset_from_overrides({"options": {"monument_scores": 1}})
    assert monument_halves(on, ["monument", "monument", "shrine", None]) == 2
    world = _with(build("F1 F1"), (1, 0), minor_feature="monument")
    assert effective_power_halves(world, 1, 0) == 4
    world.ruleset = on
    assert effective_power_halves(world, 1, 0) == 5
    looted = _with(world, (1, 0), looted_turn=world.turn)
    assert effective_power_halves(looted, 1, 0) == 2, "a hex looted this turn scores 0"
