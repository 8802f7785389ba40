"""Every table as data, validated (Q24 numbering; §5.5, §5.7, §5.10, A-3.0.2)."""

import pytest

from rules.core.ruleset import defender_table
from rules.core.state import Feature, Ruleset, Strategy, Terrain
from rules.core.tables import (
    ALL_DICE_TABLES,
    FEATURE_DEFENDER,
    MEGA_FEATURE_DEFENDER,
    MINOR_FEATURE_CHECK,
    NEUTRAL_STRATEGY,
    TABLE_7_EXPLORATION,
    TABLE_17_MINOR_FEATURES,
    TABLE_25_OUTCOME,
    BattleResult,
    DiceTable,
    MinorFeature,
    battle_result,
    end_roll_table,
    falls_on,
    loss_percent,
    points_lost,
    ratio_bonus,
    strategy_bonus,
)

RULEBOOK = Ruleset()


@pytest.mark.parametrize("table", ALL_DICE_TABLES, ids=lambda t: t.title)
def test_every_dice_table_covers_each_face_once(table):
    table.validate()


def test_validate_names_a_gap():
    table = DiceTable("Table 7 (Fields)", "A-1.0.5", 6, ((1, 3, None), (5, 6, Feature.TOWN)))
    with pytest.raises(ValueError, match=r"^Table 7 \(Fields\): 4 is not covered$"):
        table.validate()


def test_validate_names_an_overlap():
    table = DiceTable("Table 17 (Minor features)", "§5.10", 6, ((1, 4, "a"), (4, 6, "b")))
    with pytest.raises(ValueError, match=r"4 is covered twice \(rows 1–4 and 4–6\)"):
        table.validate()


def test_validate_names_a_row_off_the_die():
    table = DiceTable("End roll", "A-3.0.2", 6, ((1, 3, False), (4, 7, True)))
    with pytest.raises(ValueError, match="row 4–7 is not within 1–6"):
        table.validate()


T7 = {
    Terrain.FIELDS: [None, None, None, None, Feature.TOWN, Feature.ARCANE_RUINS],
    Terrain.RIVER: [None, None, Feature.TOWN, Feature.TOWN, Feature.TOWN, Feature.CITY],
    Terrain.FOREST: [None, None, Feature.WOODS, Feature.WOODS, Feature.WOODS, Feature.DEEP_WOODS],
    Terrain.SWAMP: [
        None, None, Feature.ARCANE_RUINS, Feature.ARCANE_RUINS,
        Feature.WIZARD_TOWER, Feature.WIZARD_TOWER,
    ],
    Terrain.MOUNTAIN: [None, None, Feature.MINE, Feature.MINE, Feature.MINE, Feature.DEEP_MINE],
}  # fmt: skip


@pytest.mark.parametrize("terrain", list(T7))
def test_table_7_every_column_a_1_0_5(terrain):
    table = TABLE_7_EXPLORATION[terrain]
    assert [table.lookup(face) for face in range(1, 7)] == T7[terrain]


def test_table_7_has_no_sea_column_a_1_1_2_1():
    assert Terrain.SEA not in TABLE_7_EXPLORATION


def test_minor_feature_on_5_plus_e08_and_table_17_types():
    assert [MINOR_FEATURE_CHECK.lookup(f) for f in range(1, 7)] == [False] * 4 + [True] * 2
    assert [TABLE_17_MINOR_FEATURES.lookup(f) for f in range(1, 7)] == list(MinorFeature)


def test_defender_sizes_a_1_5_2_feature_and_mega_feature():
    assert [FEATURE_DEFENDER.lookup(f) for f in range(1, 7)] == [500, 500, 1000, 1000, 1500, 2000]
    assert [MEGA_FEATURE_DEFENDER.lookup(f) for f in range(1, 7)] == [
        1000, 1000, 1500, 1500, 2000, 2500,
    ]  # fmt: skip
    assert defender_table(Ruleset(), Feature.CITY) is MEGA_FEATURE_DEFENDER
    assert defender_table(Ruleset(), Feature.TOWN) is FEATURE_DEFENDER


@pytest.mark.parametrize(
    "own, enemy, bonus",
    [(3000, 1000, 3), (2999, 1000, 2), (2000, 1000, 2), (1500, 1000, 1), (1499, 1000, 0),
     (1000, 3000, 0), (2250, 1500, 1)],
)  # fmt: skip
def test_table_23_ratio_thresholds(own, enemy, bonus):
    assert ratio_bonus(RULEBOOK, own, enemy) == bonus


def test_table_24_cycle_gives_plus_2_to_the_winner():
    assert strategy_bonus(RULEBOOK, Strategy.ASSAULT, Strategy.OUTFLANK) == 2
    assert strategy_bonus(RULEBOOK, Strategy.OUTFLANK, Strategy.HOLD) == 2
    assert strategy_bonus(RULEBOOK, Strategy.HOLD, Strategy.ASSAULT) == 2
    assert strategy_bonus(RULEBOOK, Strategy.OUTFLANK, Strategy.ASSAULT) == 0
    assert strategy_bonus(RULEBOOK, Strategy.HOLD, Strategy.HOLD) == 0


def test_e24_neutral_strategy_d6():
    assert [NEUTRAL_STRATEGY.lookup(f) for f in range(1, 7)] == [
        Strategy.ASSAULT, Strategy.ASSAULT, Strategy.OUTFLANK,
        Strategy.OUTFLANK, Strategy.HOLD, Strategy.HOLD,
    ]  # fmt: skip


def test_table_25_bands_by_difference():
    results = [battle_result(TABLE_25_OUTCOME, d) for d in range(9)]
    assert results == [
        BattleResult.DRAW, BattleResult.MARGINAL, BattleResult.MARGINAL,
        BattleResult.SOLID, BattleResult.SOLID,
        BattleResult.MASSACRE, BattleResult.MASSACRE, BattleResult.MASSACRE, BattleResult.MASSACRE,
    ]  # fmt: skip
    with pytest.raises(ValueError):
        battle_result(TABLE_25_OUTCOME, -1)


H, A, OF = Strategy.HOLD, Strategy.ASSAULT, Strategy.OUTFLANK


@pytest.mark.parametrize(
    "result, won, own, enemy, percent",
    [
        (BattleResult.MARGINAL, False, OF, H, 30),
        (BattleResult.SOLID, False, OF, H, 40),
        (BattleResult.MASSACRE, False, OF, H, 60),
        (BattleResult.SOLID, True, H, A, 20),  # Assault: both sides +10
        (BattleResult.SOLID, False, A, H, 50),
        (BattleResult.SOLID, False, H, OF, 40),  # enemy won by Outflank +10, own Hold -10
        (BattleResult.SOLID, True, OF, H, 10),  # Outflank helps only against the loser
        (BattleResult.SOLID, False, A, OF, 60),  # the winner's Outflank +10, Assault +10
        (BattleResult.SOLID, False, H, A, 40),  # the winner's Assault +10, own Hold -10
    ],
)
def test_troop_losses_with_table_24_effects(result, won, own, enemy, percent):
    assert loss_percent(RULEBOOK, result, won, own, enemy) == percent


@pytest.mark.parametrize("strategy", [H, A, OF])
@pytest.mark.parametrize(
    "result, won, percent",
    [
        (BattleResult.MARGINAL, True, 15),
        (BattleResult.MARGINAL, False, 30),
        (BattleResult.SOLID, True, 10),
        (BattleResult.SOLID, False, 40),
        (BattleResult.MASSACRE, True, 5),
        (BattleResult.MASSACRE, False, 60),
        (BattleResult.DRAW, None, 20),
    ],
)
def test_table_24_same_choice_on_both_sides_leaves_troop_losses_alone(
    strategy, result, won, percent
):
    """Table 24's last row: the same choice on both sides gives no bonus and no effect
    on troop losses ("—"): two Holds, two Assaults or two Outflanks lose the plain §5.7
    percentage, winner and loser alike."""
    assert loss_percent(RULEBOOK, result, won, strategy, strategy) == percent


def test_e10_draw_is_20_each_with_assault_only():
    assert loss_percent(RULEBOOK, BattleResult.DRAW, None, OF, H) == 20
    assert loss_percent(RULEBOOK, BattleResult.DRAW, None, H, OF) == 20
    assert loss_percent(RULEBOOK, BattleResult.DRAW, None, H, A) == 30


def test_losses_round_up_to_the_nearest_5_points():
    assert points_lost(RULEBOOK, 1234, 20) == 250  # 246.8
    assert points_lost(RULEBOOK, 1000, 15) == 150  # exact stays
    assert points_lost(RULEBOOK, 1001, 20) == 205  # 200.2
    assert points_lost(RULEBOOK, 3, 60) == 3  # never more than the army has


def test_fallen_character_thresholds_e10():
    assert falls_on(RULEBOOK, True, BattleResult.MASSACRE) == 1
    assert falls_on(RULEBOOK, False, BattleResult.SOLID) == 2
    assert falls_on(RULEBOOK, None, BattleResult.DRAW) == 2
    assert falls_on(RULEBOOK, False, BattleResult.MASSACRE) == 3


def test_a_3_0_2_end_roll_table():
    table = end_roll_table(4)
    table.validate()
    assert [table.lookup(f) for f in range(1, 7)] == [False] * 3 + [True] * 3
    with pytest.raises(ValueError):
        end_roll_table(7).validate()
