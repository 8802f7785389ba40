"""The wilds' peoples and beasts (new-rules.md §5; rules.modules.wildlands): their
tables, and the helpers the scenario cases (tests/scenarios/modules/wildlands/) do
not show on their own."""

from __future__ import annotations

import pytest

from rules import modules
from rules.core.dice import ForcedDice
from rules.core.state import Order, OrderKind
from rules.modules.roaming import fly
from rules.modules.wildlands import brigands, cultists, lairs, raiders, roamers
from rules.modules.wildlands.actors import strengthened, weakened
from rules.modules.wildlands.points import ArmyStrengthened
from rules.modules.wildlands.sites import Site
from tests.rules.rules_builder import army, build

TABLES = [cultists.T_CULT, brigands.T_BANDIT, brigands.T_MONSTER, lairs.T_LAIR, raiders.T_RAIDER]


@pytest.mark.parametrize("table", TABLES, ids=lambda t: t.title)
def test_each_table_covers_its_die_once(table):
    table.validate()


def test_t_monster_names_each_foe_of_the_supplement():
    assert [brigands.T_MONSTER.lookup(face) for face in range(1, 7)] == [
        "myth", "daemons", "chaos_dwarfs", "beastmen", "dark_elves", "orcs_goblins",
    ]  # fmt: skip


def test_amb_02_an_army_brought_to_nothing_is_destroyed():
    world = build("F1 F1", armies=(army(1, 1, 300, (0, 0)),))
    after, events = weakened(world, 1, 500, "T-RAIDER")
    assert 1 not in after.armies
    assert [e.type for e in events] == ["ArmyWeakened", "ArmyDestroyed"]
    assert events[0].points_lost == 300


def test_recruits_raise_the_allocation_with_the_points_e_14():
    world = build("F1 F1", armies=(army(1, 1, 2000, (0, 0)),))
    after, [event] = strengthened(world, 1, 300, "T-CULT")
    assert (after.armies[1].points, after.armies[1].allocation) == (2300, 2300)
    assert isinstance(event, ArmyStrengthened) and event.kingdom_id == 1
    assert event.seen_by() == (False, frozenset({1}), ())


def test_nr_gen_10_a_flight_keeps_its_direction_and_stops_before_the_sea():
    world = build("F. F. F. ~. F.")
    dice = ForcedDice([3])  # south-east, along the row
    assert fly(world.hexes, (0, 0), dice, "the wyvern", 6) == ((2, 0), tuple(dice.rolls))


def test_amb_29_the_raiders_ship_goes_to_the_nearest_sea_hex():
    world = build("~. F. F. F. ~.\nF. F. F. F. F.")
    assert raiders.nearest_sea(world, (3, 1)) == (4, 0)
    assert raiders.nearest_sea(build("F. F."), (0, 0)) is None


def test_an_invasion_over_one_sea_hex_crosses_it_and_a_land_one_crosses_none():
    world = build("F1 ~. F.\nF1 F. F.", armies=(army(1, 1, 2000, (0, 0)),))
    over_sea = Order(army_id=1, kind=OrderKind.INVADE, target=(2, 0), origin=(0, 0))
    by_land = Order(army_id=1, kind=OrderKind.INVADE, target=(1, 1), origin=(0, 1))
    assert lairs.crossed_sea(world, over_sea) == [(1, 0)]
    assert lairs.crossed_sea(world, by_land) == []


def test_the_map_reads_where_each_roaming_force_stands():
    state = {
        "wildlands.chaos_horde.forces": {"#1": {"at": [2, 0], "points": 900}},
        "wildlands.wyvern.forces": {"#1": {"at": [0, 3], "points": 2000}},
        "wildlands.northern_raiders.ships": {"#1": {"at": [4, 0], "turn": 1}},
    }
    assert roamers.standing(state) == {
        (2, 0): Site.CHAOS_HORDE,
        (0, 3): Site.WYVERN,
        (4, 0): Site.NORTHERN_RAIDERS,
    }


def test_modules_sharing_a_switch_show_it_once():
    assert modules.switches().count("wildlands") == 1
    assert len([m for m in modules.REGISTRY if m.option == "wildlands"]) > 1
