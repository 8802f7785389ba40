"""House rules: every table and numbered option is data the GM may change."""

import pytest

from rules.core.ruleset import (
    TABLES,
    RulesetError,
    exploration_table,
    rows_from_text,
    rows_to_text,
    ruleset_changes,
    ruleset_from_overrides,
    table,
)
from rules.core.state import Feature, Ruleset, Terrain


def test_no_overrides_is_the_rulebook():
    assert ruleset_from_overrides({}) == Ruleset()
    assert table(Ruleset(), "table-7-river") is TABLES["table-7-river"].default


@pytest.mark.parametrize("key", sorted(TABLES))
def test_every_default_table_round_trips_through_its_text(key):
    default = TABLES[key].default
    assert rows_from_text(key, rows_to_text(key, default)) == default


def test_an_edited_table_7_column_is_used_for_exploration_a_1_0_5():
    ruleset = ruleset_from_overrides(
        {"tables": {"table-7-fields": "1-3 empty\n4-5 town\n6 deep_mine"}}
    )
    fields = exploration_table(ruleset, Terrain.FIELDS)
    assert [fields.lookup(face) for face in (3, 4, 6)] == [None, Feature.TOWN, Feature.DEEP_MINE]
    assert exploration_table(ruleset, Terrain.RIVER) is TABLES["table-7-river"].default


def test_a_table_with_a_gap_is_refused_naming_the_face():
    with pytest.raises(RulesetError, match=r"Table 7 \(Fields\): 4 is not covered") as refused:
        ruleset_from_overrides({"tables": {"table-7-fields": "1-3 empty\n5-6 town"}})
    assert refused.value.key == "table-7-fields"


def test_a_table_with_an_overlap_is_refused_naming_both_rows():
    with pytest.raises(RulesetError, match=r"3 is covered twice \(rows 1–3 and 3–6\)"):
        ruleset_from_overrides({"tables": {"table-7-fields": "1-3 empty\n3-6 town"}})


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1-6 castle", "line 1: 'castle' is not a major feature"),
        ("one to six town", "line 1: write it as '1-4 result' or '5 result'"),
        ("1-6", "line 1: write it as"),
    ],
)
def test_a_bad_row_is_refused_naming_its_line(text, message):
    with pytest.raises(RulesetError, match=message):
        ruleset_from_overrides({"tables": {"table-7-fields": text}})


def test_defender_sizes_go_in_steps_of_250_a_1_5_2():
    with pytest.raises(RulesetError, match="'700' is not a number of points in steps of 250"):
        ruleset_from_overrides({"tables": {"defender-feature": "1-6 700"}})


def test_options_are_checked_for_name_type_and_range():
    assert ruleset_from_overrides({"options": {"patrol_radius": 2}}).patrol_radius == 2
    with pytest.raises(RulesetError, match="'patrol_reach' is not an option"):
        ruleset_from_overrides({"options": {"patrol_reach": 2}})
    with pytest.raises(RulesetError, match="Patrol radius must be a whole number"):
        ruleset_from_overrides({"options": {"patrol_radius": "2"}})
    with pytest.raises(RulesetError, match="between 1 and 6, not 9"):
        ruleset_from_overrides({"options": {"end_roll_target": 9}})


def test_unknown_tables_are_refused():
    with pytest.raises(RulesetError, match="'table-99' is not a table"):
        ruleset_from_overrides({"tables": {"table-99": "1-6 empty"}})


def test_changes_are_told_in_words():
    after = ruleset_from_overrides(
        {"options": {"patrol_radius": 2}, "tables": {"table-7-fields": "1-6 empty"}}
    )
    assert ruleset_changes(Ruleset(), after) == ["Patrol radius: 1 → 2", "Table 7 (Fields) changed"]
