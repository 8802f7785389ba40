"""The peoples module's data (rules.kingdoms.races) and its ``race_of`` for other modules
(new-rules §10: T-DIPLO-MATRIX, T-RACE-GOOD, T-RACE-EVIL)."""

from __future__ import annotations

import dataclasses
from itertools import combinations

import msgspec

from rules.core.ruleset import ruleset_from_overrides
from rules.core.state import Defence, Feature
from rules.kingdoms.races import (
    MATRIX_TABLES,
    NO,
    RACE_TABLES,
    Alignment,
    Race,
    as_race,
    column,
    matrix_key,
)
from rules.modules.peoples import allied_army_problem, matrix_cell, race_of
from tests.rules.rules_builder import army, build


def _cell(sender: Race, target: Race):
    return MATRIX_TABLES[matrix_key(sender)].lookup(column(target))


def test_the_matrix_is_symmetric_but_for_chaos_and_skaven_amb_41():
    """The Bretonnians' "1" towards the Wood Elves reads +1, as the other way; Chaos and
    Skaven's -1 against +2 stays as the source has it."""
    asymmetric = {frozenset({a, b}) for a, b in combinations(Race, 2) if _cell(a, b) != _cell(b, a)}
    assert asymmetric == {frozenset({Race.CHAOS, Race.SKAVEN})}
    assert _cell(Race.CHAOS, Race.SKAVEN) == -1 and _cell(Race.SKAVEN, Race.CHAOS) == 2
    assert _cell(Race.BRETONNIANS, Race.WOOD_ELVES) == _cell(Race.WOOD_ELVES, Race.BRETONNIANS) == 1


def test_across_the_alignment_line_only_the_lizardmen_talk_to_orcs_and_skaven():
    across = {
        (a, b) for a in Race for b in Race if a.alignment is not b.alignment and _cell(a, b) != NO
    }
    pairs = {(Race.LIZARDMEN, Race.ORCS_GOBLINS), (Race.LIZARDMEN, Race.SKAVEN)}
    assert across == pairs | {(b, a) for a, b in pairs}
    assert all(_cell(a, b) == 0 for a, b in across)


def test_every_race_talks_best_to_its_own_people():
    assert all(_cell(r, r) == 4 for r in Race)


def test_each_race_table_holds_the_six_races_of_its_alignment():
    for alignment, (_, table) in RACE_TABLES.items():
        table.validate()
        assert [race for _, _, race in table.rows] == [r for r in Race if r.alignment is alignment]
    assert RACE_TABLES[Alignment.EVIL][1].lookup(6) is Race.UNDEAD


def test_race_of_is_the_kingdoms_only_with_the_module_on():
    world = build("F1 F2", ruleset=ruleset_from_overrides({"options": {"peoples": 1}}))
    world.kingdoms[1] = dataclasses.replace(world.kingdoms[1], race="skaven")
    assert race_of(world, 1) == "skaven"
    assert race_of(world, 2) is None  # claimed before the module was on
    assert race_of(world, 9) is None
    off = dataclasses.replace(world, ruleset=ruleset_from_overrides({}))
    assert race_of(off, 1) is None


def test_a_gm_edit_of_the_matrix_is_the_one_in_force():
    edited = {"tables": {matrix_key(Race.EMPIRE): "1-10 no\n11-12 1"}}
    world = build("F1", ruleset=ruleset_from_overrides({"options": {"peoples": 1}, **edited}))
    assert matrix_cell(world, Race.EMPIRE, Race.DWARFS) == NO
    assert matrix_cell(world, Race.EMPIRE, Race.SKAVEN) == 1


def test_a_race_is_read_from_its_value_or_its_english_name():
    assert as_race("orcs_goblins") is as_race("Orcs & Goblins") is Race.ORCS_GOBLINS
    assert as_race(" dwarfs ") is as_race("DWARFS") is Race.DWARFS
    assert as_race("") is as_race(None) is as_race("Ogres") is None


def _allies_world():
    """Kingdom 1 (Dwarfs) holds a Town of the Empire, a fortress of the Skaven and a City
    of the Bretonnians; kingdom 2 is of the High Elves."""
    world = build(
        "F1 F1 F1 F1 F2",
        ruleset=ruleset_from_overrides({"options": {"peoples": 1}}),
        hexes={
            (1, 0): {"feature": Feature.TOWN},
            (2, 0): {"defence": Defence.FORTRESS},
            (3, 0): {"feature": Feature.CITY},
        },
    )
    world.kingdoms[1] = dataclasses.replace(world.kingdoms[1], race="dwarfs")
    world.kingdoms[2] = dataclasses.replace(world.kingdoms[2], race="high_elves")
    settlements = {"1,0": "empire", "2,0": "skaven", "3,0": "bretonnians", "4,0": "empire"}
    world.module_state = {"peoples": {"settlements": settlements}}
    return world


def test_nr_ally_one_army_a_town_or_fortress_of_the_race():
    world = _allies_world()
    assert allied_army_problem(world, 1, "dwarfs") is None  # his own people
    assert allied_army_problem(world, 1, "empire") is None
    assert allied_army_problem(world, 1, "skaven") is None
    world.armies[5] = army(5, 1, race="empire")
    refused = allied_army_problem(world, 1, "empire")
    assert refused.rule == "NR-ALLY-1 NR-ALLY-2" and refused.field == "race"
    assert "you have 1 and field 1" in refused.message
    assert allied_army_problem(world, 1, "orcs_goblins") is not None  # none of theirs


def test_nr_ally_2_a_city_of_the_race_any_number():
    world = _allies_world()
    world.armies.update({n: army(n, 1, race="bretonnians") for n in (5, 6, 7)})
    assert allied_army_problem(world, 1, "bretonnians") is None


def test_the_elves_never_ally_amb_40():
    world = _allies_world()
    world.module_state = {"peoples": {"settlements": {"1,0": "wood_elves"}}}
    refused = allied_army_problem(world, 1, "wood_elves")
    assert refused.rule.startswith("NR-ARMY-WE") and "never ally" in refused.message
    world.hexes[(4, 0)] = msgspec.structs.replace(world.hexes[(4, 0)], feature=Feature.CITY)
    assert allied_army_problem(world, 2, "empire").rule.startswith("NR-ARMY-HE")
    assert allied_army_problem(world, 2, "high_elves") is None
