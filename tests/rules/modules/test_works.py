"""The works module's bridges (new-rules.md §8; rules.modules.works.bridges): the price
from the river's source, what may be bridged, the timber limit."""

from __future__ import annotations

import dataclasses
from enum import StrEnum

import msgspec

from rules.core.state import Ruleset, World
from rules.modules.works.bridges import bridge_price, bridge_problem, has_bridge, steps_from_source
from tests.rules.rules_builder import build

RIVER = "R1 R1 R1 R1 R1 R1 ~. W1"  # a source at (0, 0), the mouth at (5, 0)


class NewTile(StrEnum):
    """The new-tiles module's terrains, as another branch's enum would spell them."""

    CHASM = "chasm"
    FAULT = "fault"


def _world(rows: str = RIVER, turn: int = 4, **options) -> World:
    world = build(rows, turn=turn)
    world.ruleset = Ruleset(works=1, **options)
    return world


def _as(world: World, coord, terrain) -> World:
    world.hexes[coord] = msgspec.structs.replace(world.hexes[coord], terrain=terrain)
    return world


def test_steps_count_along_the_river_from_its_source_amb_50():
    world = _world()
    assert [steps_from_source(world, (q, 0)) for q in range(6)] == [0, 1, 2, 3, 4, 5]


def test_a_river_from_sea_to_sea_has_no_source_amb_50():
    world = _world("~. R1 R1 ~.")
    assert steps_from_source(world, (1, 0)) is None
    assert bridge_price(world, (1, 0)) == 2  # downstream


def test_the_first_four_hexes_cost_one_crown_and_the_rest_two_nr_bridge_1():
    world = _world()
    assert [bridge_price(world, (q, 0)) for q in range(6)] == [1, 1, 1, 1, 2, 2]


def test_the_prices_and_the_headwater_are_the_gms_options():
    world = _world(bridge_headwater_hexes=2, bridge_headwater_crowns=3, bridge_downstream_crowns=5)
    assert [bridge_price(world, (q, 0)) for q in range(4)] == [3, 3, 5, 5]


def test_a_chasm_bridge_costs_its_own_price_nr_bridge_4_amb_33():
    world = _as(_world(), (2, 0), NewTile.CHASM)
    assert bridge_price(world, (2, 0)) == 2
    world.ruleset = dataclasses.replace(world.ruleset, bridge_chasm_crowns=4)
    assert bridge_price(world, (2, 0)) == 4
    assert bridge_problem(world, 1, (2, 0)) is None


def test_a_fault_takes_no_bridge_nr_bridge_4():
    world = _as(_world(), (2, 0), NewTile.FAULT)
    assert bridge_problem(world, 1, (2, 0)).rule == "NR-BRIDGE-4"


def test_only_rivers_and_chasms_are_bridged_in_the_kingdoms_own_hexes():
    world = _world("R1 R2 F1 W1")
    assert bridge_problem(world, 1, (0, 0)) is None
    assert bridge_problem(world, 1, (1, 0)).message == "(1, 0) is not a hex of your kingdom"
    assert bridge_problem(world, 1, (2, 0)).message == "a bridge spans a river or a chasm"


def test_bridges_are_ordered_in_the_winter_turn_alone_nr_bridge_1_e_31():
    assert bridge_problem(_world(turn=3), 1, (0, 0)).rule == "NR-BRIDGE-1 E-31"


def test_a_bridged_or_ordered_hex_takes_no_second_bridge():
    world = _world()
    world.module_state = {
        "works": {"bridges": [[0, 0]], "ordered": [{"kingdom_id": 1, "hex": [1, 0], "turn": 4}]}
    }
    assert "has a bridge already" in bridge_problem(world, 1, (0, 0)).message
    assert "has a bridge already" in bridge_problem(world, 1, (1, 0)).message


def test_the_timber_limit_is_a_winters_bridges_per_forest_hex_nr_bridge_3_base_13():
    world = _world()  # one Forest hex
    assert bridge_problem(world, 1, (0, 0)) is None
    world.module_state = {"works": {"ordered": [{"kingdom_id": 1, "hex": [1, 0], "turn": 4}]}}
    assert bridge_problem(world, 1, (0, 0)).rule == "NR-BRIDGE-3 BASE-13"
    world.ruleset = dataclasses.replace(world.ruleset, timber_per_forest=2)
    assert bridge_problem(world, 1, (0, 0)) is None
    world.module_state = {"works": {"ordered": [{"kingdom_id": 1, "hex": [1, 0], "turn": 0}]}}
    assert bridge_problem(_world(), 1, (0, 0)) is None  # last winter's orders are built


def test_a_bridge_found_with_a_chasm_city_counts_nr_bridge_2_nr_chasm_4():
    world = _world()
    assert not has_bridge(world, (2, 0))
    world.module_state = {"new_tiles": {"bridges": [[2, 0]]}}
    assert has_bridge(world, (2, 0))
