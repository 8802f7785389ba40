"""The Beast Awakes as pure rules (§5.12 App G, E-04, E-12, E-21, E-39): rules.modules.beast
and the one movement helper, rules.modules.roaming."""

from __future__ import annotations

import dataclasses

import msgspec

from rules import modules
from rules.battles.battle import basic_strategy_modifier
from rules.core.dice import ForcedDice
from rules.core.events import BattleDeclared, HexRavaged, ModuleStateChanged
from rules.core.ruleset import ruleset_from_overrides
from rules.core.state import Defence, Feature, Order, OrderKind, Role
from rules.modules.beast import BeastNews, lair_candidates, ravaged
from rules.modules.roaming import roam
from rules.turn.final import resolve_final
from rules.turn.provisional import declared_battles, resolve_provisional
from rules.turn.visibility import Audience, Context, audience
from tests.rules.module_events import apply_module_events
from tests.rules.rules_builder import apply_provisional, army, build, of_type

ON = ruleset_from_overrides({"options": {"the_beast": 1}})


def _awake(world, at, lair=None):
    lair = lair or at
    world.module_state = {"the_beast": {"lair": list(lair), "at": list(at), "awake": True}}
    return world


def test_direction_1_is_north_then_clockwise():
    grid = build("F. F. F.\nF. F. F.\nF. F. F.").hexes
    ends = [roam(grid, (1, 1), ForcedDice([face]), "x")[0] for face in range(1, 7)]
    assert ends == [(1, 0), (2, 0), (2, 1), (1, 2), (0, 2), (0, 1)]


def test_sea_and_off_map_steps_turn_aside_uniformly_or_stay():
    grid = build("F. ~. F.").hexes
    assert roam(grid, (0, 0), ForcedDice([3]), "x")[0] == (0, 0)  # sea east, nothing else
    grid = build("F. ~.\nF. F.").hexes
    to, rolls = roam(grid, (1, 1), ForcedDice([2]), "x")  # NE is off the map
    assert to == (0, 1) and len(rolls) == 1  # one legal neighbour: no second die
    grid = build("F. F. F.\nF. ~. F.").hexes
    to, rolls = roam(grid, (1, 0), ForcedDice([4, 2]), "x")  # S is sea; legal: (2,0),(0,1)?
    assert len(rolls) == 2 and to != (1, 1)


def test_the_lair_is_unowned_wild_and_two_hexes_from_any_kingdom():
    world = build("F1 M. S. M. F.", hexes={(4, 0): {"feature": Feature.DEEP_WOODS}})
    assert lair_candidates(world) == [(2, 0), (3, 0), (4, 0)]


def test_ravage_downgrades_a_mega_feature_removes_a_major_one_and_the_defences():
    world = build("F1 F1", hexes={(0, 0): {"feature": Feature.CITY, "defence": Defence.FORTRESS}})
    assert ravaged(world.hexes[(0, 0)]).feature is Feature.TOWN
    assert ravaged(world.hexes[(0, 0)]).defence is None
    town = msgspec.structs.replace(world.hexes[(1, 0)], feature=Feature.TOWN, watchtower=True)
    assert ravaged(town).feature is None and not ravaged(town).watchtower


def test_a_sleeping_beast_is_woken_by_a_scout_of_its_lair():
    world = build("F1 F. M.", ruleset=ON, armies=(army(1, 1),))
    world.module_state = {"the_beast": {"lair": [2, 0], "at": [2, 0], "awake": False}}
    orders = [Order(army_id=1, kind=OrderKind.SCOUT, target=(2, 0))]
    _, _, events = modules.invasions(world, orders, [], ForcedDice([]))
    assert [e.what for e in of_type(events, BeastNews)] == ["woke"]
    assert of_type(events, ModuleStateChanged)[0].state["awake"] is True


def test_the_beast_has_terror_plus_1_on_table_23_only_in_its_own_battle():
    world = _awake(build("F1 F1 M.", ruleset=ON, armies=(army(1, 1, position=(0, 0)),)), (2, 0))
    orders = [Order(army_id=1, kind=OrderKind.PATROL, target=(0, 0))]
    events = resolve_provisional(world, orders, ForcedDice([6])).events
    [battle] = declared_battles(events)
    after = apply_module_events(apply_provisional(world, events), events)
    points = {1: 2000}
    assert basic_strategy_modifier(after, battle, Role.ATTACKER, points) == 1
    off = dataclasses.replace(after, ruleset=ruleset_from_overrides({}))
    assert basic_strategy_modifier(off, battle, Role.ATTACKER, points) == 0


def test_a_neutral_kingdom_defends_its_hex_with_its_army():
    world = _awake(build("F1 F. M.", ruleset=ON), (2, 0))
    world.hexes[(1, 0)] = msgspec.structs.replace(
        world.hexes[(1, 0)], neutral_kingdom=7, feature=Feature.TOWN
    )
    events = resolve_provisional(world, [], ForcedDice([6])).events
    [declared] = of_type(events, BattleDeclared)
    assert declared.defender_neutral_kingdom_id == 7 and declared.defender_points == 2500
    after = apply_module_events(apply_provisional(world, events), events)
    battles = declared_battles(events)
    final = resolve_final(after, battles, ForcedDice([3, 3, 6, 1, 4])).events  # the Beast wins
    assert of_type(final, HexRavaged) and not [e for e in final if e.type == "HexConquered"]


def test_no_module_no_beast():
    world = _awake(build("F1 F1 M."), (2, 0))
    events = resolve_provisional(world, [], ForcedDice([])).events
    assert not of_type(events, BeastNews)


def _carrying(events, roll):
    """The events that carry this very roll (the same Roll object the dice recorded)."""
    return [e for e in events if any(r is roll for r in e.rolls)]


def test_app_g_a_return_roll_that_keeps_the_beast_awake_is_on_the_gms_record():
    """App G: a rampaging Beast rolls a d6 at the end of each turn and sleeps on a 1.
    A 4 keeps it awake: nothing is announced, but the roll is on an event like every
    roll of the turn (provably fair dice), the GM's record of the Beast's state."""
    world = _awake(build("F1 F. M.", ruleset=ON), (1, 0), lair=(2, 0))
    dice = ForcedDice([4])
    events = modules.end_of_turn(world, [], dice)
    [roll] = dice.rolls
    assert "return to its lair" in roll.purpose
    [record] = _carrying(events, roll)
    assert isinstance(record, ModuleStateChanged) and record.state["awake"] is True
    assert record.state["at"] == [1, 0], "still on the rampage where it stands"
    assert audience(record, Context()) == Audience(False), "the GM's alone"
    assert not of_type(events, BeastNews)


def test_app_g_a_return_roll_of_1_sends_the_beast_to_sleep_in_its_lair_for_all_to_read():
    world = _awake(build("F1 F. M.", ruleset=ON), (1, 0), lair=(2, 0))
    dice = ForcedDice([1])
    events = modules.end_of_turn(world, [], dice)
    [roll] = dice.rolls
    [news] = _carrying(events, roll)
    assert isinstance(news, BeastNews) and news.what == "slept"
    assert audience(news, Context()).public
    [state] = of_type(events, ModuleStateChanged)
    assert (state.state["awake"], state.state["at"]) == (False, [2, 0])
