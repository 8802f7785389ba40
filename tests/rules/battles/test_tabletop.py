"""Tabletop battles, pure (rules.battles.tabletop): the ticket's terrain (§5.11 Tables 26–30,
Q16, Table 17 and App B pieces) and board (P-C5), and the report's checks (P-C5, P-C6,
Q21, Table 15's kills). The resolution from a report and its post-battle step are the
scenario cases of tests/rules/scenarios/tabletop/."""

from __future__ import annotations

import pytest

from rules.battles.postbattle import UnitLoss
from rules.battles.postbattle_tables import UnitFate
from rules.battles.tabletop import (
    RemovedCharacter,
    SideFacts,
    TabletopReport,
    TabletopResult,
    board_size,
    normalized,
    report_problem,
    roll_terrain,
)
from rules.core.dice import Dice, ForcedDice, die_or_table
from rules.core.ruleset import RulesetError, ruleset_from_overrides
from rules.core.state import Defence, Role, Ruleset, Terrain

RULES = Ruleset()


@pytest.mark.parametrize(
    ("terrain", "table", "faces", "pieces"),
    [
        (Terrain.RIVER, 26, [2, 3, 5], ["Marsh (difficult)", "Wood", "Hedge or low wall"]),
        (Terrain.MOUNTAIN, 27, [1, 4, 5], ["Impassable rocks", "Scree (difficult)",
                                           "Ruined tower (building)"]),
        (Terrain.SWAMP, 28, [3, 5, 6], ["Pool (impassable)", "Ruins", "Hill"]),
        (Terrain.FOREST, 29, [1, 5, 6], ["Wood", "Clearing with a building",
                                         "Stream (shallow, difficult)"]),
        (Terrain.FIELDS, 30, [3, 5, 6], ["Farm building", "Cultivated field (no effect)", "Road"]),
    ],
)  # fmt: skip
def test_tables_26_to_30_give_d3_plus_2_pieces_of_the_hexs_terrain(terrain, table, faces, pieces):
    """§5.11: roll d3 + 2 times on the table of the hex's terrain (a d3 of 1: 3 rolls)."""
    dice = ForcedDice([1, *faces])
    found = roll_terrain(RULES, dice, terrain=terrain)
    assert [p.piece for p in found] == pieces
    assert {p.source for p in found} == {f"Table {table}"}
    assert [p.roll for p in found] == faces
    assert dice.rolls[0].purpose == "§5.11 number of terrain pieces (d3)"
    assert dice.rolls[1].purpose == f"Table {table} ({terrain.value}) terrain piece"


def test_a_second_river_is_rerolled():
    """§5.11: "Re-roll a second River result"; the re-roll is logged like any die."""
    dice = ForcedDice([1, 1, 1, 6, 2])
    found = roll_terrain(RULES, dice, terrain=Terrain.RIVER)
    assert [p.piece for p in found] == [
        "River across the table (1 ford or bridge)", "Hill", "Marsh (difficult)",
    ]  # fmt: skip
    assert len(dice.rolls) == 5 and dice.unused == []


def test_features_and_secondary_terrains_add_their_pieces():
    """Q16: one roll on each secondary terrain's table; Table 17 and App B: one piece for
    the minor feature, one for each defensive feature."""
    dice = ForcedDice([2, 4, 4, 4, 4, 6])  # d3 2: 4 Forest rolls, then 1 Fields roll
    found = roll_terrain(
        RULES, dice, terrain=Terrain.FOREST, secondary=[Terrain.FIELDS, Terrain.SEA],
        minor_feature="shrine", defence=Defence.FORTRESS, watchtower=True,
    )  # fmt: skip
    assert [p.source for p in found] == [
        "Table 29", "Table 29", "Table 29", "Table 29", "Table 30", "Table 17 Shrine",
        "App B Fortress", "App B Watchtower",
    ]  # fmt: skip
    assert found[4].piece == "Road"
    assert found[5].piece == "A shrine (building)" and found[5].roll is None


def test_the_gms_tables_and_counts_are_used():
    """Tables 26–30 are the GM's to edit (rules.core.ruleset), like the d3 + 2."""
    ruleset = ruleset_from_overrides(
        {
            "tables": {"table-30": "1-3 Windmill\n4-6 Orchard"},
            "options": {"terrain_pieces_die": 1, "terrain_pieces_added": 1},
        }
    )
    found = roll_terrain(ruleset, ForcedDice([1, 2, 5]), terrain=Terrain.FIELDS)
    assert [p.piece for p in found] == ["Windmill", "Orchard"]
    with pytest.raises(RulesetError, match="Table 30.*line 1"):
        ruleset_from_overrides({"tables": {"table-30": "1-3\n4-6 Orchard"}})


def test_the_same_seed_rolls_the_same_terrain():
    """The battles service rolls with ``<seed>:terrain:<seq>``: re-runnable once the
    seed is published (provably fair dice)."""
    first = roll_terrain(RULES, Dice("s:terrain:1"), terrain=Terrain.SWAMP)
    again = roll_terrain(RULES, Dice("s:terrain:1"), terrain=Terrain.SWAMP)
    assert first == again and 3 <= len(first) <= 5


@pytest.mark.parametrize(
    ("points", "board"),
    [([3000, 3000], (6, 4)), ([3001, 1000], (8, 4)), ([500, 3500], (8, 4))],
)
def test_p_c5_board_size(points, board):
    assert board_size(RULES, points) == board


def test_p_c5_a_margin_of_900_is_a_massacre():
    report = TabletopReport(winner=Role.DEFENDER, vp_margin=900)
    assert normalized(RULES, report).result is TabletopResult.MASSACRE
    assert normalized(RULES, TabletopReport(winner=Role.DEFENDER, vp_margin=899)).result is (
        TabletopResult.VICTORY
    )
    assert normalized(RULES, TabletopReport(winner=None, vp_margin=950)).result is (
        TabletopResult.DRAW
    )


SIDES = [
    SideFacts(Role.ATTACKER, 2000, {1: ("First Army", 2000)}, {10: "Hero 10", 11: "Hero 11"}),
    SideFacts(Role.DEFENDER, 1500, {20: ("Guard", 1500)}, {21: "Hero 21"}),
]


def _problem(report: TabletopReport, gm: bool = False):
    problem = report_problem(RULES, SIDES, report, gm=gm)
    return problem and (problem.field, problem.message)


def test_a_good_report_passes():
    report = TabletopReport(
        winner=Role.ATTACKER,
        units=(UnitLoss(20, "Spearmen", UnitFate.DESTROYED, 150, table_roll=4),),
        removed=(RemovedCharacter(21, 2),),
        kills=((10, 1),),
    )
    assert _problem(report) is None


@pytest.mark.parametrize(
    ("report", "field", "words"),
    [
        (TabletopReport(winner=None, massacre=True), "massacre", "A draw has no loser"),
        (TabletopReport(winner=Role.ATTACKER, massacre=True, vp_margin=500), "massacre",
         "only the GM"),
        (TabletopReport(winner=Role.ATTACKER, units=(UnitLoss(99, "X", UnitFate.FLED, 10),)),
         "casualties", "not in this battle"),
        (TabletopReport(winner=Role.ATTACKER, units=(UnitLoss(1, "X", UnitFate.FLED, 2100),)),
         "casualties", "First Army lost 2,100 points of units but has only 2,000"),
        (TabletopReport(winner=Role.ATTACKER, units=(UnitLoss(1, " ", UnitFate.FLED, 10),)),
         "casualties", "name the unit"),
        (TabletopReport(winner=Role.ATTACKER, units=(UnitLoss(1, "X", UnitFate.FLED, 10, 7),)),
         "casualties", "1 to 6"),
        (TabletopReport(winner=Role.ATTACKER, removed=(RemovedCharacter(77),)), "removed",
         "not in this battle"),
        (TabletopReport(winner=Role.ATTACKER, kills=((10, 1),)), "kills",
         "killed 1 but only 0 of the enemy's were removed"),
        (TabletopReport(winner=Role.ATTACKER, neutral_losses=100), "neutral_losses",
         "Only a neutral side"),
    ],
)  # fmt: skip
def test_a_bad_report_is_refused_with_its_reason(report, field, words):
    found_field, message = _problem(report)
    assert found_field == field and words in message


def test_the_gm_may_rule_a_massacre_below_the_margin():
    report = TabletopReport(winner=Role.ATTACKER, massacre=True, vp_margin=100)
    assert _problem(report) is not None and _problem(report, gm=True) is None


def test_a_table_roll_replaces_the_servers_die_without_drawing_it():
    dice = ForcedDice([5])
    assert die_or_table(dice, "Table 12 unit recovery, X", 2).result == 2
    assert dice.unused == [5], "the server's die was not drawn"
    assert die_or_table(dice, "Table 12 unit recovery, X", None).result == 5
