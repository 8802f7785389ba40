"""The peoples module's data (rules.kingdoms.races) and its ``race_of`` for other modules
(new-rules §10: T-DIPLO-MATRIX, T-RACE-GOOD, T-RACE-EVIL)."""

from __future__ import annotations

import dataclasses
from itertools import combinations

from rules.core.ruleset import ruleset_from_overrides
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
from rules.modules.peoples import matrix_cell, race_of
from tests.rules.rules_builder import build


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
