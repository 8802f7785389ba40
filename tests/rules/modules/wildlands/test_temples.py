"""A temple found by an examination (new-rules.md §5: NR-TEMPLE-9, T-TEMPLE-RACE,
AMB-20), its handler called directly until the Examine order exists; its powers through
the turn are scenario cases (tests/scenarios/modules/wildlands/temples.yaml)."""

from __future__ import annotations

import dataclasses

from rules.core.dice import ForcedDice
from rules.core.ruleset import ruleset_from_overrides
from rules.modules.wildlands.sites import HANDLERS, Examination, Site
from rules.modules.wildlands.temples import TempleNews, holder, race_of, warded
from tests.rules.rules_builder import army, build, of_type

TEMPLES = "wildlands.temple"


def _found(race: str | None, terrain: str = "F"):
    world = build(
        f"{terrain}1 F1",
        armies=(army(1, 1, 2000, (0, 0)),),
        ruleset=ruleset_from_overrides({"options": {"wildlands": 1}}),
    )
    if race:
        world.kingdoms[1] = dataclasses.replace(world.kingdoms[1], race=race)
    exam = Examination(hex=(0, 0), army_id=1, kingdom_id=1, column="plain", roll=67)
    return HANDLERS[Site.TEMPLE].discover(world, exam, ForcedDice([]))


def test_no_race_yet_leaves_the_temple_abandoned_amb_20():
    world, events = _found(None)
    assert race_of(world, 1) is None
    assert world.module_state[TEMPLES]["0,0"] == {
        "kingdom_id": 1,
        "army_id": 1,
        "turn": 1,
        "race": None,
    }
    assert [e.what for e in of_type(events, TempleNews)] == ["temple_found"]


def test_the_owner_consecrates_it_to_his_race_amb_20():
    world, events = _found("high_elves")
    assert holder(world.module_state[TEMPLES]["0,0"]) == 1
    assert [e.what for e in of_type(events, TempleNews)] == ["temple_found", "temple_claimed"]
    assert warded(world, (0, 0)) and not warded(world, (1, 0))


def test_a_dark_elf_shrine_never_stands_on_a_river_t_temple_race():
    world, _ = _found("dark_elves", terrain="R")
    assert world.module_state[TEMPLES]["0,0"]["race"] is None


def test_races_without_a_temple_get_none_amb_20():
    world, _ = _found("lizardmen")
    assert holder(world.module_state[TEMPLES]["0,0"]) is None
