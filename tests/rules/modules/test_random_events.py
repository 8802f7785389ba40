"""Table 31, random events, as pure rules (§5.12, E-12, E-14): rules.modules.random_events."""

from __future__ import annotations

import pytest

from rules import modules
from rules.core.dice import ForcedDice
from rules.core.dicetable import DiceTable
from rules.core.events import ArmyDestroyed, ArmyWeakened, PowerAdjusted
from rules.core.ruleset import RulesetError, rows_from_text, ruleset_from_overrides
from rules.core.state import Order, OrderKind
from rules.modules.random_events import (
    TABLE_31,
    BanditsStruck,
    RandomEvent,
    RandomEventRolled,
    StormsCalledOff,
    WanderingHero,
    unrest_hexes,
)
from rules.turn.orders import patrol_bases
from rules.turn.provisional import resolve_provisional
from tests.rules.rules_builder import army, build, of_type

ON = ruleset_from_overrides({"options": {"random_events": 1}})


def test_table_31_is_a_2d6_table_of_eleven_rows():
    TABLE_31.validate()
    assert [TABLE_31.lookup(n) for n in (2, 7, 12)] == [
        RandomEvent.BEAST_STIRS, RandomEvent.QUIET, RandomEvent.OMEN,
    ]  # fmt: skip


def test_an_edited_table_31_must_cover_2_to_12():
    with pytest.raises(RulesetError, match="2 is not covered"):
        rows_from_text("table-31", "3-12 quiet")
    with pytest.raises(RulesetError, match="not within 2–12"):
        rows_from_text("table-31", "1-12 quiet")
    with pytest.raises(RulesetError, match="is not a result"):
        rows_from_text("table-31", "2-12 earthquake")


def test_a_d6_table_still_starts_at_1():
    with pytest.raises(ValueError, match="1 is not covered"):
        DiceTable("T", "r", 6, ((2, 6, None),)).validate()


def test_the_module_runs_only_when_switched_on():
    world = build("F1 F.")
    assert modules.active(world) == []
    world = build("F1 F.", ruleset=ON)
    assert [m.option for m in modules.active(world)] == ["random_events"]


def _phase_one(world, dice, orders=()):
    return modules.phase_one(world, list(orders), ForcedDice(dice))


def test_every_row_is_announced_to_everyone():
    for first, second in ((1, 1), (3, 4), (6, 6)):
        world = build("F1 F.", ruleset=ON)
        _, _, events = _phase_one(world, [first, second])
        [rolled] = of_type(events, RandomEventRolled)
        assert rolled.roll == first + second and rolled.kingdom_ids == () and rolled.text


def test_the_beast_stirs_for_nothing_with_its_module_off():
    _, _, events = _phase_one(build("F1 F.", ruleset=ON), [1, 1])
    assert "nothing comes of it" in events[0].text and len(events) == 2  # + the state


def test_hidden_treasure_and_harvests_change_power():
    world = build("F1 F.", ruleset=ON)
    world.kingdoms[1] = world.kingdoms[1].__class__(id=1, name="K1", capital=(0, 0), power=1)
    after, _, events = _phase_one(world, [5, 6])  # 11
    assert of_type(events, PowerAdjusted)[0].power == 3 and after.kingdoms[1].power == 3
    after, _, events = _phase_one(world, [2, 3])  # 5
    assert of_type(events, PowerAdjusted)[0].change == -1


def test_plague_and_deserters_hit_player_armies_rounded_to_5():
    world = build("F1 F.", ruleset=ON, armies=(army(1, 1, 1003), army(2, 1, 240, allocation=1000)))
    after, orders, events = _phase_one(world, [1, 2], [Order(army_id=2, kind=OrderKind.REST)])
    assert [(e.army_id, e.points_left) for e in of_type(events, ArmyWeakened)] == [(1, 753), (2, 0)]
    assert of_type(events, ArmyDestroyed)[0].army_id == 2 and orders == []
    after, _, events = _phase_one(world, [3, 3, 1])  # deserters, army 1: 100.3 → 105
    assert of_type(events, ArmyWeakened)[0].points_lost == 105


def test_bandits_pick_an_unpatrolled_hex_against_this_turns_patrols():
    world = build("F1 F1 F1 F1", ruleset=ON, armies=(army(1, 1),))
    orders = [Order(army_id=1, kind=OrderKind.PATROL, target=(0, 0))]
    world, orders, _ = _phase_one(world, [2, 2], orders)
    patrols = patrol_bases(world, orders)
    _, _, events = modules.invasions(world, orders, patrols, ForcedDice([2]))
    [struck] = of_type(events, BanditsStruck)
    assert struck.hex == (3, 0)  # (2, 0) and (3, 0) are unpatrolled; the d2 picks the second
    assert unrest_hexes(world) == set()  # the state after the strike is in its event


def test_bandits_find_nothing_when_every_hex_is_patrolled():
    world = build("F1 F1", ruleset=ON, armies=(army(1, 1),))
    orders = [Order(army_id=1, kind=OrderKind.PATROL, target=(0, 0))]
    world, orders, _ = _phase_one(world, [2, 2], orders)
    _, _, events = modules.invasions(world, orders, patrol_bases(world, orders), ForcedDice([]))
    assert of_type(events, BanditsStruck)[0].hex is None


def test_storms_call_off_sea_crossings_and_narrow_patrols():
    world = build("F1 ~. F1\nF1 F. F.", ruleset=ON, armies=(army(1, 1), army(2, 1)))
    orders = [
        Order(army_id=1, kind=OrderKind.INVADE, target=(2, 1), origin=(2, 0)),
        Order(army_id=2, kind=OrderKind.PATROL, target=(0, 0), sea_cover=((2, 0),)),
    ]
    world, orders, _ = _phase_one(world, [5, 5], orders)
    patrols = patrol_bases(world, orders)
    assert (2, 0) in patrols[0].area  # across the sea (A-1.1.2.4)
    kept, narrowed, events = modules.invasions(world, orders, patrols, ForcedDice([]))
    assert kept == orders and events == []  # (2, 0) → (2, 1) is a land step
    assert (2, 0) not in narrowed[0].area and (0, 1) in narrowed[0].area
    far = [Order(army_id=1, kind=OrderKind.INVADE, target=(2, 0), origin=(0, 0))]
    kept, _, events = modules.invasions(world, far, [], ForcedDice([]))
    assert kept == [] and of_type(events, StormsCalledOff)[0].kingdom_ids == (1,)


def test_storms_leave_rest_and_scout_orders_alone():
    """Table 31 row 10, E-12: storms call off invasions across the sea, nothing else; a
    turn of storms with an army resting (an order with no hex) and scouts sent two hexes
    away still resolves, and both orders stand."""
    world = build("F1 F. F.", ruleset=ON, armies=(army(1, 1), army(2, 1)))
    orders = [
        Order(army_id=1, kind=OrderKind.REST),
        Order(army_id=2, kind=OrderKind.SCOUT, target=(2, 0), origin=(0, 0)),
    ]
    world, orders, _ = _phase_one(world, [5, 5], orders)
    kept, _, events = modules.invasions(world, orders, [], ForcedDice([]))
    assert kept == orders and of_type(events, StormsCalledOff) == []


def test_a_wandering_hero_is_offered():
    _, _, events = _phase_one(build("F1 F.", ruleset=ON), [4, 5])
    assert of_type(events, WanderingHero)[0].minimum_bid == 1


def test_the_whole_provisional_phase_rolls_table_31_first():
    world = build("F1 F.", ruleset=ON, armies=(army(1, 1),))
    events = resolve_provisional(world, [], ForcedDice([3, 4])).events
    assert events[0].type == "RandomEventRolled" and events[0].event is RandomEvent.QUIET
