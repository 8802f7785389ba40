"""House rules: the numbers of the rulebook's tables are ruleset data the engine
reads. For each table, a changed value changes the engine's result; bands out of order
and bad rows are refused with a message naming the problem."""

import dataclasses

import pytest

from rules.battles.battle import (
    TABLE_23_MODIFIERS,
    basic_strategy_modifier,
    decision,
    resolve_battle,
)
from rules.core import table_options
from rules.core.dice import ForcedDice
from rules.core.events import ArmyLosses, BattleFought, EdictResolved, ExperienceGained, Retreated
from rules.core.ruleset import (
    OPTIONS,
    TABLES,
    RulesetError,
    describe,
    grouped,
    rows_to_text,
    ruleset_from_overrides,
    table,
)
from rules.core.state import (
    BattleState,
    Decision,
    Defence,
    Defender,
    DefenderKind,
    Edict,
    EdictKind,
    Feature,
    OrderKind,
    Role,
    Ruleset,
    Side,
    Strategy,
)
from rules.core.tables import (
    BattleResult,
    battle_result,
    falls_on,
    loss_percent,
    points_lost,
    ratio_bonus,
    strategy_bonus,
)
from rules.kingdoms.armies import raise_problem
from rules.kingdoms.edicts import edict_power, resolve_edicts, table_3_modifiers
from rules.kingdoms.neutrals import recover_defenders
from rules.kingdoms.spending import resolve_power_spending, why_illegal_spend
from rules.kingdoms.spending_events import ArmyReinforced
from rules.kingdoms.spending_state import Spend, Spending, SpendKind
from rules.kingdoms.support import entitlements, total_support
from rules.turn.ending import resolve_ending
from rules.turn.orders import origin_candidates
from rules.turn.power import effective_power_halves, income
from rules.turn.scouting import table_8_modifiers
from tests.rules.rules_builder import army, build, character, of_type

RULEBOOK = Ruleset()


def house(**options) -> Ruleset:
    """A ruleset with the GM's ``options``, through the same validation as the page."""
    return ruleset_from_overrides({"options": options})


def house_table(key: str, text: str) -> Ruleset:
    return ruleset_from_overrides({"tables": {key: text}})


# --- every option and table belongs to a block of the rules page ---------------------


def test_every_option_and_table_names_its_table_block():
    for name, field in OPTIONS.items():
        assert field.metadata["table"] in table_options.GROUPS, name
    for key, spec in TABLES.items():
        assert spec.group in table_options.GROUPS, key


def test_the_rules_page_blocks_are_in_the_rulebooks_order_table_10_together():
    names = [group.name for group in grouped(RULEBOOK)]
    assert names == sorted(names, key=table_options.GROUPS.index)
    table_10 = next(g for g in grouped(RULEBOOK) if g.name == table_options.TABLE_10)
    assert {o.name for o in table_10.options} >= {
        "watchtower_cost", "fortress_cost", "great_fortress_cost", "recruit_points", "surgeon_cost"
    }  # fmt: skip
    table_25 = next(g for g in grouped(RULEBOOK) if g.name == table_options.TABLE_25)
    assert [t.key for t in table_25.tables] == ["table-25"]


def test_describe_gives_each_line_its_table():
    options, tables = describe(RULEBOOK)
    watchtower = next(o for o in options if o.name == "watchtower_cost")
    assert (watchtower.table, watchtower.value) == (table_options.TABLE_10, 1)
    assert next(t for t in tables if t.key == "table-25").table == table_options.TABLE_25


# --- Table 1 -------------------------------------------------------------------------


def _kingdom(ruleset: Ruleset, hexes: dict | None = None):
    return build(
        "R1 F1 F1 F2",
        hexes={
            (0, 0): {"feature": Feature.CITY},
            (1, 0): {"feature": Feature.TOWN},
            **(hexes or {}),
        },
        ruleset=ruleset,
    )


def test_table_1_a_major_feature_worth_2_changes_effective_power():
    # power 3 → 6; City 4 + Town 3 + plain 2 = 15 halves by the rulebook
    assert effective_power_halves(_kingdom(RULEBOOK), 1, 3) == 15
    assert effective_power_halves(_kingdom(house(score_major_hex=4)), 1, 3) == 16
    assert effective_power_halves(_kingdom(house(score_unspent_power=4)), 1, 3) == 21


def test_table_1_a_looted_hex_scores_the_ruleset_value():
    looted = {(2, 0): {"looted_turn": 1}}
    assert effective_power_halves(_kingdom(RULEBOOK, looted), 1, 0) == 7  # 4 + 3 + 0
    assert effective_power_halves(_kingdom(house(score_looted_hex=1), looted), 1, 0) == 8


# --- Tables 3 and 4 ------------------------------------------------------------------


def _edicts_world(ruleset: Ruleset):
    return build(
        "F1 R1 F.",
        hexes={(1, 0): {"feature": Feature.CITY, "defence": Defence.FORTRESS}},
        ruleset=ruleset,
    )


def test_table_4_looting_a_mega_feature_worth_5_gives_5_power():
    loot = Edict(kingdom_id=1, hex=(1, 0), kind=EdictKind.LOOT)
    w = _edicts_world(house(loot_power_mega=5))
    assert edict_power(w.ruleset, w.hexes[(1, 0)], loot) == 5
    _, events = resolve_edicts(w, [loot], [], ForcedDice([6]))
    assert of_type(events, EdictResolved)[0].power == 5
    assert edict_power(RULEBOOK, w.hexes[(1, 0)], loot) == 3


def test_table_3_modifiers_are_the_rulesets():
    raze = Edict(kingdom_id=1, hex=(1, 0), kind=EdictKind.RAZE, structure=None)
    assert table_3_modifiers(_edicts_world(RULEBOOK), raze, covered=True) == [
        ("Raze", -1), ("a fortress", 1), ("covered by a patrol", 1)
    ]  # fmt: skip
    w = _edicts_world(house(risk_raze=-2, risk_fortified=0, risk_patrolled=2))
    assert table_3_modifiers(w, raze, covered=True) == [
        ("Raze", -2), ("a fortress", 0), ("covered by a patrol", 2)
    ]  # fmt: skip


def test_table_3_unrest_lasts_the_rulesets_turns():
    loot = Edict(kingdom_id=1, hex=(1, 0), kind=EdictKind.LOOT)
    w = _edicts_world(house(unrest_turns=4))
    after, events = resolve_edicts(w, [loot], [], ForcedDice([1]))  # 1 + 1 fortress: Unrest
    assert (of_type(events, EdictResolved)[0].unrest_from, after.hexes[(1, 0)].unrest_until) == (
        2,
        5,
    )


# --- Table 6 -------------------------------------------------------------------------


def test_table_6_support_values_are_the_rulesets():
    features = [Feature.CITY, Feature.TOWN, None]
    assert total_support(RULEBOOK, features) == 1000 + 750 + 500 + 250
    changed = house(support_basic=500, support_per_hex=300, support_bonus_mega=1000)
    assert total_support(changed, features) == 500 + 900 + 1000 + 250


def test_table_6_entitlements_are_an_editable_table():
    text = rows_to_text("table-6-entitlements", TABLES["table-6-entitlements"].default)
    assert text.splitlines()[:3] == [
        "kingdom: lord 1, hero 2, special 2, magic_items 100",
        "town: special 1",
        "city: hero 1, special 1, rare 1",
    ]
    edited = house_table("table-6-entitlements", text.replace("town: special 1", "town: rare 2"))
    assert entitlements(edited, [Feature.TOWN])["rare"] == 2
    assert entitlements(RULEBOOK, [Feature.TOWN])["rare"] == 0


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("castle: hero 1", r"line 1: start it with one of kingdom, town, .* and a colon"),
        ("town: knights 1", r"line 1: write each slot as 'hero 1'; the slots are lord, hero"),
        ("town: special 1\ntown: rare 1", r"line 2: town is given twice"),
        ("town: hero ²", r"line 1: write each slot as 'hero 1'"),  # a digit to str.isdigit
    ],
)
def test_table_6_entitlements_bad_lines_are_refused_naming_the_line(text, message):
    with pytest.raises(RulesetError, match=message) as refused:
        house_table("table-6-entitlements", text)
    assert refused.value.key == "table-6-entitlements"


# --- Table 9 -------------------------------------------------------------------------


def test_table_9_income_values_are_the_rulesets():
    mine = {(2, 0): {"feature": Feature.MINE}}
    assert income(_kingdom(RULEBOOK, mine), 1) == (1, 2)  # capital 1; 2 industry kept
    assert income(_kingdom(house(capital_power=2, industry_per_power=2), mine), 1) == (3, 0)
    assert income(_kingdom(house(major_feature_industry=3), mine), 1) == (3, 0)


def test_q2_a_quick_friendship_kingdom_may_also_pay_an_allys_power():
    from rules.core.state import NeutralKingdomState

    def world(ruleset):
        w = build("F1 F. F.", hexes={(2, 0): {"neutral_kingdom": 5}}, ruleset=ruleset)
        neutral = NeutralKingdomState(id=5, name="N", capital=(2, 0), protector=1)
        return dataclasses.replace(w, neutral_kingdoms={5: neutral})

    assert income(world(RULEBOOK), 1) == (2, 0)  # capital 1 + tribute 1 (E-18)
    assert income(world(house(tribute_power=2)), 1) == (3, 0)
    assert income(world(house(tribute_as_ally=1)), 1) == (3, 0)  # + the ally's +1


# --- Table 10 and army size ----------------------------------------------------------


def _spend_world(ruleset: Ruleset, power: int):
    w = build("F1 F1", armies=(army(1, 1, 2000, (0, 0)),), ruleset=ruleset)
    w.kingdoms[1] = dataclasses.replace(w.kingdoms[1], power=power)
    return w


def _refused(w, spend):
    problem = why_illegal_spend(w, 1, spend, Spending((spend,)))
    return problem and problem.message


def test_table_10_a_watchtower_costing_2_is_refused_to_a_1_power_kingdom():
    watchtower = Spend(id=1, kingdom_id=1, kind=SpendKind.WATCHTOWER, amount=1, hex=(1, 0))
    assert _refused(_spend_world(RULEBOOK, 1), watchtower) is None
    costly = _spend_world(house(watchtower_cost=2), 1)
    assert _refused(costly, watchtower) == "Build a watchtower costs 2 power"
    paid = dataclasses.replace(watchtower, amount=2)
    assert "you hold 1" in _refused(costly, paid)


def test_table_10_recruit_points_and_the_cap_are_the_rulesets():
    recruit = Spend(id=1, kingdom_id=1, kind=SpendKind.RECRUIT, amount=4, army_id=1)
    w = _spend_world(house(recruit_points=500, army_cap_this_turn=5000), 4)
    assert _refused(w, recruit) is None
    outcome = resolve_power_spending(w, Spending((recruit,)), ForcedDice([]))
    assert of_type(outcome.events, ArmyReinforced)[0].points == 4000
    too_many = dataclasses.replace(recruit, amount=7)  # 2,000 + 1,750 by the rulebook
    assert "at most 3,500" in _refused(_spend_world(RULEBOOK, 7), too_many)


def test_army_size_bounds_are_the_rulesets():
    assert "not 3,500" in raise_problem(RULEBOOK, 9000, [], 3500).message
    assert raise_problem(house(army_maximum=3500), 9000, [], 3500) is None


def test_diplomacy_costs_and_the_extra_power_cap_are_the_rulesets():
    from rules.kingdoms.diplomacy import diplomacy_problem

    w = _spend_world(house(ally_cost=3, diplomacy_extra_power=0), 5)
    ally = Spend(id=1, kingdom_id=1, kind=SpendKind.ALLY, amount=4, neutral_kingdom_id=9)
    assert diplomacy_problem(w, 1, ally, []).message == (
        "Diplomacy: Ally costs 3 power, plus up to 0 extra for +1 each on the roll: "
        "spend 3–3, not 4"
    )


# --- Tables 23, 24, 25, troop losses, fallen characters ------------------------------


def test_table_23_ratio_lines_and_modifiers_are_the_rulesets():
    assert ratio_bonus(RULEBOOK, 1500, 1000) == 1
    assert ratio_bonus(house(ratio_low_percent=160), 1500, 1000) == 0
    assert ratio_bonus(house(ratio_high_bonus=5), 3000, 1000) == 5


def test_table_23_fortress_and_grand_marshal_values_reach_the_battle():
    w = build(
        "F1 F.",
        armies=(army(1, 1, 2000),),
        characters=(character(10, 1, 1, is_general=True, is_grand_marshal=True),),
        hexes={(1, 0): {"explored": True, "feature": Feature.TOWN, "defence": Defence.FORTRESS}},
    )
    battle = BattleState(
        key=1, hex=(1, 0), defender_kind=DefenderKind.NEUTRAL,
        attacker=Side(points=2000, kingdom_id=1, army_ids=(1,)), defender=Side(points=2000),
    )  # fmt: skip
    points = {1: 2000}
    assert basic_strategy_modifier(w, battle, Role.ATTACKER, points) == 1  # Grand Marshal
    assert basic_strategy_modifier(w, battle, Role.DEFENDER, points) == 2  # fortress, home
    w = dataclasses.replace(w, ruleset=house(grand_marshal_bonus=2, fortress_bonus=3))
    assert basic_strategy_modifier(w, battle, Role.ATTACKER, points) == 2
    assert basic_strategy_modifier(w, battle, Role.DEFENDER, points) == 4


def test_table_23_modifier_names_show_the_values_in_force():
    ford = next(m for m in TABLE_23_MODIFIERS if "Ford" in m.name)
    assert ford.words(RULEBOOK) == "Invading from a Ford or bridge +1 (attacker)"
    assert ford.words(house(ford_bonus=2)) == "Invading from a Ford or bridge +2 (attacker)"


@pytest.mark.parametrize(
    ("options", "key", "message"),
    [
        (
            {"ratio_mid_percent": 150},
            "ratio_mid_percent",
            r"Table 23: ratio line 2 must ask more than line 1 \(Ratio line 1: own points at "
            r"least this % of the enemy's \(150 = 1.5:1\): 150; Ratio line 2: .*: 150\)",
        ),
        (
            {"ratio_high_percent": 180},
            "ratio_high_percent",
            r"Table 23: ratio line 3 must ask more than line 2 \(.*: 200; .*: 180\)",
        ),
        ({"pacify_power_min": 4}, "pacify_power_max", "Table 11: the least power is above"),
        ({"army_minimum": 3500}, "army_maximum", "Army size: the smallest allocation is above"),
    ],
)
def test_bands_out_of_order_are_refused_naming_the_problem(options, key, message):
    with pytest.raises(RulesetError, match=message) as refused:
        house(**options)
    assert refused.value.key == key


def test_table_24_match_up_bonus_is_the_rulesets():
    assert strategy_bonus(RULEBOOK, Strategy.HOLD, Strategy.ASSAULT) == 2
    assert strategy_bonus(house(match_up_bonus=3), Strategy.HOLD, Strategy.ASSAULT) == 3


def test_table_25_massacre_from_d_4():
    edited = house_table("table-25", "0 draw\n1-2 marginal\n3 solid\n4+ massacre")
    outcome = table(edited, "table-25")
    assert [battle_result(outcome, d) for d in (3, 4, 40)] == [
        BattleResult.SOLID, BattleResult.MASSACRE, BattleResult.MASSACRE
    ]  # fmt: skip
    assert rows_to_text("table-25", outcome) == "0 draw\n1-2 marginal\n3 solid\n4+ massacre"
    assert battle_result(table(RULEBOOK, "table-25"), 4) is BattleResult.SOLID


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "0 draw\n1-3 marginal\n3-4 solid\n5+ massacre",
            r"Table 25 \(Battle outcome\): 3 is covered twice \(rows 1–3 and 3–4\)",
        ),
        ("0 draw\n1-2 marginal\n4+ massacre", r"Table 25 \(Battle outcome\): 3 is not covered"),
        (
            "0 draw\n1-2 marginal\n3-6 massacre",
            r"Table 25 \(Battle outcome\): the last band has no end: write it as '3\+ massacre'",
        ),
        (
            "0 marginal\n1-2 draw\n3+ massacre",
            r"the band from D 0 must be the draw \(a tie has no winner\), and only that band",
        ),
        ("0 draw\n1-2 marginal\n3+ rout", r"line 3: 'rout' is not a Table 25 result"),
        ("0 draw\n1-² marginal\n3+ massacre", r"line 2: write it as '1-4 result'"),
        ("0 draw\n1-2 marginal\n" + "3" * 5000 + "+ massacre", r"line 3: write it as"),
    ],
)
def test_table_25_bad_bands_are_refused_naming_the_problem(text, message):
    with pytest.raises(RulesetError, match=message) as refused:
        house_table("table-25", text)
    assert refused.value.key == "table-25"


def _neutral_battle(ruleset: Ruleset, attacker_points=2000):
    w = build(
        "F1 F.",
        armies=(army(1, 1, attacker_points),),
        characters=(character(10, 1, 1),),
        hexes={(1, 0): {"explored": True, "feature": Feature.TOWN,
                        "defender": Defender(1000, 1000)}},
        ruleset=ruleset,
    )  # fmt: skip
    battle = BattleState(
        key=1, hex=(1, 0), defender_kind=DefenderKind.NEUTRAL,
        attacker=Side(points=attacker_points, kingdom_id=1, army_ids=(1,),
                      strategy=Strategy.HOLD),
        defender=Side(points=1000),
    )  # fmt: skip
    return w, battle


MASSACRE_FROM_4 = "0 draw\n1-2 marginal\n3 solid\n4+ massacre"


@pytest.mark.parametrize(
    ("ruleset", "result", "lost"),
    [(RULEBOOK, "solid", 200), (house_table("table-25", MASSACRE_FROM_4), "massacre", 100)],
)
def test_a_house_table_25_drives_the_battle_and_its_losses(ruleset, result, lost):
    """2,000 against 1,000: ratio +2 for the attacker, home ground +1 for the neutral,
    whose E-24 roll 5 is Hold, as the attacker's. 5 + 2 = 7 against 2 + 1 = 3: D 4, a
    solid victory by the rulebook (the winner loses 10 %), a massacre with a house Table
    25 that has it from D 4 (5 %)."""
    w, battle = _neutral_battle(ruleset)
    points = {1: 2000}
    events = resolve_battle(w, battle, ForcedDice([5, 5, 2, 6]), points)
    assert of_type(events, BattleFought)[0].result == result
    assert points == {1: 2000 - lost}


def test_troop_losses_and_their_rounding_are_the_rulesets():
    hold, outflank = Strategy.HOLD, Strategy.OUTFLANK  # 40 + 10 - 10 by the rulebook
    assert loss_percent(RULEBOOK, BattleResult.SOLID, False, hold, outflank) == 40
    changed = house(losses_solid_loser=50, outflank_losses=5, hold_losses=-20, losses_minimum=45)
    assert loss_percent(changed, BattleResult.SOLID, False, hold, outflank) == 45  # 35: floor
    assert points_lost(RULEBOOK, 1001, 20) == 205
    assert points_lost(house(losses_round_to=50), 1001, 20) == 250


def test_troop_losses_in_a_battle_follow_the_ruleset():
    w, battle = _neutral_battle(house(losses_solid_winner=25))
    points = {1: 2000}
    events = resolve_battle(w, battle, ForcedDice([5, 5, 2, 6]), points)  # D 4: solid
    assert [e.points_lost for e in of_type(events, ArmyLosses)] == [500]


def test_fallen_characters_and_experience_follow_the_ruleset():
    assert falls_on(RULEBOOK, True, BattleResult.SOLID) == 1
    assert falls_on(house(falls_on_winner=0), True, BattleResult.SOLID) == 0
    w, battle = _neutral_battle(house(falls_on_winner=0, xp_abstract_battle=2))
    events = resolve_battle(w, battle, ForcedDice([5, 5, 2, 1]), {1: 2000})  # his d6: 1
    assert [e.xp for e in of_type(events, ExperienceGained)] == [2]
    assert not [e for e in events if type(e).__name__ == "CharacterFell"]


# --- Tables 5 and 8 ------------------------------------------------------------------


def test_table_5_scout_reach_and_table_8_modifiers_are_the_rulesets():
    w = build("F1 F. F. F. F.", hexes={(0, 0): {"watchtower": True}})
    assert origin_candidates(w, 1, OrderKind.SCOUT, (3, 0)) == {}
    far = dataclasses.replace(w, ruleset=house(scout_reach=3))
    assert origin_candidates(far, 1, OrderKind.SCOUT, (3, 0)) == {(0, 0): 3}
    assert table_8_modifiers(w, 1, (1, 0)) == [
        ("adjacent to the kingdom (E-16)", 1), ("own watchtower within 1 hex (E-07)", 1)
    ]  # fmt: skip
    keen = dataclasses.replace(w, ruleset=house(scout_adjacent=2, scout_watchtower=0))
    assert [value for _, value in table_8_modifiers(keen, 1, (1, 0))] == [2, 0]


# --- neutral armies, the end roll: the §7 answers ------------------------------------


def test_semi_permanence_regrowth_is_the_rulesets():
    hexes = {(1, 0): {"explored": True, "feature": Feature.TOWN, "defender": Defender(500, 2000)}}
    _, events = recover_defenders(build("F1 F.", hexes=hexes))
    assert events[0].points == 1000
    faster = house(defender_regrowth=1000)
    _, events = recover_defenders(build("F1 F.", hexes=hexes, ruleset=faster))
    assert events[0].points == 1500


def test_q6_the_gm_may_let_neutral_armies_retreat():
    neutral = Side(points=1000, decision=Decision.RETREAT)
    assert decision(neutral, RULEBOOK) is Decision.FIGHT
    assert decision(neutral, house(neutrals_always_fight=0)) is Decision.RETREAT
    w, battle = _neutral_battle(house(neutrals_always_fight=0))
    battle = dataclasses.replace(battle, defender=neutral)
    events = resolve_battle(w, battle, ForcedDice([]), {1: 2000})
    assert [e.role for e in of_type(events, Retreated)] == [Role.DEFENDER]


def test_q12_the_end_roll_may_start_the_turn_after_the_announced_one():
    w = build("F1", turn=8)
    assert len(resolve_ending(w, ForcedDice([3]))) == 1
    later = dataclasses.replace(w, ruleset=house(end_roll_at_announced_turn=0))
    assert resolve_ending(later, ForcedDice([])) == []
