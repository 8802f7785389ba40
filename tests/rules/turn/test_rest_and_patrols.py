"""Rest (Table 5, E-01, E-14, Q7), the patrol's sea swap (A-1.1.2.4, Q13, E-16), a
second covering patrol (P-C4, E-15) and Table 23's modifier registry with the Ford or
bridge (Table 17, E-07, E-21). The scenario cases show the same rules turn by turn."""

from __future__ import annotations

import dataclasses

import pytest

from rules.battles.battle import TABLE_23_MODIFIERS, basic_strategy_modifier
from rules.core.events import BattleFought, BattleWon
from rules.core.state import (
    BattleState,
    DefenderKind,
    Order,
    OrderKind,
    Role,
    Ruleset,
    Side,
    Strategy,
)
from rules.turn.orders import Patrol, covering_patrol, patrol_area, sea_swap, why_illegal
from rules.turn.rest import resolve_rest, rest_flags_used
from tests.rules.rules_builder import army, build

# --- Rest (Table 5, E-14, E-01, Q7) -------------------------------------------------


def test_table_5_e14_rest_rebuilds_the_army_to_its_allocation():
    world = build("F1 F.", armies=(army(1, 1, 1200, allocation=2000),))
    [rested] = resolve_rest(world, [Order(army_id=1, kind=OrderKind.REST)])
    assert (rested.army_id, rested.points, rested.points_regained) == (1, 2000, 800)
    assert rested.ordered and rested.rule == "Table 5 E-14 E-01"


def test_q7_an_army_without_an_order_rests_and_one_with_an_order_does_not():
    world = build("F1 F.", armies=(army(1, 1), army(2, 1, 900, allocation=1500)))
    events = resolve_rest(world, [Order(army_id=1, kind=OrderKind.INVADE, target=(1, 0))])
    assert [(e.army_id, e.points, e.ordered, e.rule) for e in events] == [
        (2, 1500, False, "Q7 Table 5 E-14 E-01")
    ]


def test_e27_an_eliminated_kingdoms_armies_do_not_rest():
    world = build("F1 F2", armies=(army(1, 1), army(2, 2)))
    world.kingdoms[2] = dataclasses.replace(world.kingdoms[2], eliminated=True)
    assert [e.army_id for e in resolve_rest(world, [])] == [1]


def _battle(events_fought: bool, attacker=(1,), defender=(20,)) -> tuple[BattleState, list]:
    battle = BattleState(
        key=7,
        hex=(1, 0),
        defender_kind=DefenderKind.PATROL,
        attacker=Side(points=2000, kingdom_id=1, army_ids=attacker),
        defender=Side(points=2000, kingdom_id=2, army_ids=defender),
    )
    fought = BattleFought(
        rule="x", battle_key=7, hex=(1, 0), attacker_strategy=Strategy.HOLD,
        defender_strategy=Strategy.HOLD, attacker_total=1, defender_total=2,
        result="marginal", winner=Role.DEFENDER,
    )  # fmt: skip
    won = BattleWon(rule="x", battle_key=7, hex=(1, 0), winner=Role.DEFENDER)
    return battle, ([fought, won] if events_fought else [won])


def test_e01_a_fought_battle_uses_and_clears_every_rested_armys_flag_once():
    battle, events = _battle(True, attacker=(1, 2), defender=(20,))
    rested = {2, 20, 99}
    used = rest_flags_used(battle, events, rested)
    assert [(e.army_id, e.battle_key, e.rule) for e in used] == [(2, 7, "E-01"), (20, 7, "E-01")]
    assert rested == {99}
    assert rest_flags_used(battle, events, rested) == []  # a second battle: no flag left


def test_e01_no_battle_fought_keeps_the_flag():
    """A retreat (A-2.4), an undefended hex or a lost cause is no battle."""
    battle, events = _battle(False)
    rested = {1}
    assert rest_flags_used(battle, events, rested) == [] and rested == {1}


# --- The sea swap (A-1.1.2.4, Q13, E-16) --------------------------------------------

ISLAND = """
F2 ~. F2 F1
~. ~. ~. F1
"""
TWO_OF_THREE = """
F. F. F. F. F. F2
F. F2 F2 F2 ~. F2
F. F2 F2 ~. F2 F1
"""


def test_a_1_1_2_4_the_island_two_sea_hexes_next_to_one_land_hex():
    world = build(ISLAND)
    assert sea_swap(world, (0, 0)) == (2, [(2, 0)])
    assert patrol_area(world, (0, 0)) == {(0, 0), (2, 0)}


def test_a_1_1_2_4_two_of_three_only_the_named_hexes():
    world = build(TWO_OF_THREE)
    assert sea_swap(world, (3, 1)) == (2, [(4, 2), (5, 0), (5, 1)])
    area = patrol_area(world, (3, 1), [(5, 0), (5, 1)])
    assert {(5, 0), (5, 1)} <= area and (4, 2) not in area
    assert (4, 1) not in area and (3, 2) not in area  # sea hexes are never covered


def test_q13_e16_the_radius_is_grid_distance_sea_hexes_counted():
    world = build(TWO_OF_THREE, ruleset=Ruleset(patrol_radius=0))
    assert sea_swap(world, (3, 1)) == (0, []) and patrol_area(world, (3, 1)) == {(3, 1)}


def _patrol(sea_cover=(), base=(3, 1)):
    return Order(army_id=20, kind=OrderKind.PATROL, target=base, sea_cover=sea_cover)


@pytest.mark.parametrize(
    "sea_cover, message",
    [
        ((), "this patrol covers 2 sea hexes: name 2 of the land hexes (4, 2), (5, 0), (5, 1)"),
        (((5, 1),), "this patrol covers 2 sea hexes: name 2 of the land hexes (4, 2), (5, 0), "
                    "(5, 1)"),
        (((5, 1), (5, 1)), "(5, 1) is named twice: name each land hex across the sea once"),
        (((5, 1), (1, 1)), "(1, 1) is not a land hex across this patrol's sea hexes: choose "
                           "among (4, 2), (5, 0), (5, 1)"),
        (((5, 1), (4, 2)), None),
    ],
)  # fmt: skip
def test_a_1_1_2_4_why_illegal_asks_for_exactly_k_of_the_candidates(sea_cover, message):
    world = build(TWO_OF_THREE, armies=(army(20, 2),))
    problem = why_illegal(world, 2, _patrol(sea_cover))
    assert (problem and problem.message) == message


def test_a_1_1_2_4_no_sea_in_reach_names_nothing():
    world = build("F2 F2 F.", armies=(army(20, 2),))
    assert why_illegal(world, 2, _patrol(((2, 0),), base=(0, 0))).message == (
        "(2, 0) is not across the sea from this patrol: it has no land hexes across the sea to name"
    )


def test_a_1_1_2_4_only_a_patrol_names_hexes_across_the_sea():
    world = build("F2 F1", armies=(army(20, 2),))
    order = Order(army_id=20, kind=OrderKind.INVADE, target=(1, 0), sea_cover=((1, 0),))
    assert why_illegal(world, 2, order).message == (
        "only a Patrol order names land hexes across the sea"
    )


def test_e16_a_swapped_in_hex_the_player_does_not_own_is_ignored():
    world = build(ISLAND.replace("~. F2 F1", "~. F3 F1"))
    patrols = [Patrol(army(20, 2), (0, 0), patrol_area(world, (0, 0)))]
    assert (2, 0) in patrols[0].area
    assert covering_patrol(world, (2, 0), patrols) is None


# --- A second covering patrol (P-C4, E-15) ------------------------------------------


def test_p_c4_e15_the_unused_covering_patrol_with_the_most_points_now():
    world = build("F2 F2 F2")
    area = frozenset(world.hexes)
    big, middle, small = army(20, 2, 2500), army(21, 2, 2000), army(22, 2, 1500)
    patrols = [Patrol(p, (0, 0), area) for p in (big, middle, small)]
    assert covering_patrol(world, (1, 0), patrols).id == 20
    assert covering_patrol(world, (1, 0), patrols, used_up={20}).id == 21
    # 21 lost points earlier in the turn: 22 has more now
    assert covering_patrol(world, (1, 0), patrols, used_up={20}, points={21: 1200}).id == 22
    assert covering_patrol(world, (1, 0), patrols, used_up={20, 21, 22}) is None


# --- Table 23's registry and the Ford or bridge (E-21, Table 17, E-07) ---------------


def test_e21_table_23_is_one_registry_that_names_each_modifier_and_its_rule():
    rules = {modifier.rule for modifier in TABLE_23_MODIFIERS}
    assert "Table 17 E-07 E-21" in rules and "Table 23" in rules
    assert all(modifier.name and callable(modifier.value) for modifier in TABLE_23_MODIFIERS)


def _ford_battle(ford_at):
    world = build(
        "F1 F2 F2",
        armies=(army(1, 1, position=(0, 0)), army(20, 2, position=(2, 0))),
        hexes={ford_at: {"minor_feature": "ford"}},
        capitals={2: (2, 0)},
    )
    battle = BattleState(
        key=1,
        hex=(1, 0),
        defender_kind=DefenderKind.PATROL,
        attacker=Side(points=2000, kingdom_id=1, army_ids=(1,)),
        defender=Side(points=2000, kingdom_id=2, army_ids=(20,)),
    )
    points = {1: 2000, 20: 2000}
    return (
        basic_strategy_modifier(world, battle, Role.ATTACKER, points),
        basic_strategy_modifier(world, battle, Role.DEFENDER, points),
    )


def test_table_17_a_ford_in_the_invaders_origin_is_plus_1_to_the_attacker_only():
    assert _ford_battle((0, 0)) == (1, 1)  # the defender's 1 is home ground
    assert _ford_battle((1, 0)) == (0, 1)  # the invaded hex is no origin
    assert _ford_battle((2, 0)) == (0, 1)  # nor the patrol's base
