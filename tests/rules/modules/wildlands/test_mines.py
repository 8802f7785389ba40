"""A mine found by an examination (new-rules.md §5: NR-MINE-2/3/4, T-MINE, T-MINE-RARE,
T-MINE-EXH, AMB-21), its handler called directly with forced dice until the Examine
order exists; the winter's income is a scenario case
(tests/scenarios/modules/wildlands/mines.yaml)."""

from __future__ import annotations

import dataclasses

from rules.core.dice import ForcedDice
from rules.core.events import ArmyWeakened
from rules.core.ruleset import ruleset_from_overrides
from rules.modules.wildlands.mines import MineNews
from rules.modules.wildlands.news import ArmyBolstered
from rules.modules.wildlands.sites import HANDLERS, Examination, Site
from tests.rules.rules_builder import army, build, of_type

HEX = (0, 0)
MINES = "wildlands.mine"


def _found(dice: list[int], race: str | None = None):
    world = build(
        "M1 F1",
        armies=(army(1, 1, 2000, HEX),),
        ruleset=ruleset_from_overrides({"options": {"wildlands": 1}}),
    )
    if race:
        world.kingdoms[1] = dataclasses.replace(world.kingdoms[1], race=race)
    exam = Examination(hex=HEX, army_id=1, kingdom_id=1, column="mountain", roll=73)
    forced = ForcedDice(dice)
    world, events = HANDLERS[Site.MINE].discover(world, exam, forced)
    assert forced.unused == []
    return world, events


def _kind(world) -> str | None:
    return world.module_state.get(MINES, {}).get("0,0", {}).get("kind")


def test_t_mine_2_4_base_and_5_precious_metals_stay_as_sites_nr_mine_4():
    assert _kind(_found([2])[0]) == "base"
    assert _kind(_found([5])[0]) == "precious"


def test_t_mine_rare_gems_steel_and_a_collapse():
    assert _kind(_found([6, 2])[0]) == "gems"
    assert _kind(_found([6, 4])[0]) == "meteoric"
    world, events = _found([6, 1, 3])  # a collapse: 3 × 10 points
    assert _kind(world) is None and of_type(events, ArmyWeakened)[0].points_lost == 30


def test_t_mine_rare_6_warpstone_is_for_skaven_and_chaos_alone():
    assert _kind(_found([6, 6], race="skaven")[0]) == "warpstone"
    world, events = _found([6, 6, 4])  # no race: poisoned, 40 points, no mine
    assert _kind(world) is None
    assert of_type(events, MineNews)[0].what == "mine_warpstone"


def test_t_mine_exh_collapse_and_the_trolls():
    world, events = _found([1, 2, 5])
    assert of_type(events, ArmyWeakened)[0].points_lost == 50 and _kind(world) is None
    _, events = _found([1, 6, 2], race="orcs_goblins")  # the trolls join: 2 × 100
    assert of_type(events, ArmyBolstered)[0].points_gained == 200
    _, events = _found([1, 6, 2])  # they strike the others: 2 × 10
    assert of_type(events, ArmyWeakened)[0].points_lost == 20


def test_t_mine_exh_4_5_entrances_are_told_base_22():
    _, events = _found([1, 4, 3])
    assert of_type(events, MineNews)[0].other == "dwarf_hold"
    _, events = _found([1, 5, 6])
    assert of_type(events, MineNews)[0].other == "skaven_fortress"


def test_a_dwarf_rerolls_a_worked_out_mine_once_nr_mine_3_amb_21():
    world, events = _found([1, 3], race="dwarfs")
    assert _kind(world) == "base"
    assert [e.what for e in of_type(events, MineNews)] == ["dwarf_reroll", "mine_found"]
    world, events = _found([1, 1, 2, 6], race="dwarfs")  # T-MINE again 1; EXH 2 stands
    assert of_type(events, ArmyWeakened)[0].points_lost == 60
