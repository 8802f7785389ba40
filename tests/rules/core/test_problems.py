"""Each refusal of the engine names the rule that refuses and the input at fault, by the
name the forms and the API give it, so that the services never read the English to
learn which field to show it by (rules.core.problems.Problem)."""

import dataclasses
import json

import pytest

from rules.battles.tabletop import TabletopReport, report_problem
from rules.core.mapgen import MapParams, map_params_problem
from rules.core.problems import Phrase, Problem, is_list, words
from rules.core.state import (
    DefenderKind,
    Edict,
    EdictKind,
    Feature,
    HexState,
    NeutralKingdomState,
    Order,
    OrderKind,
    Ruleset,
    Terrain,
)
from rules.kingdoms.armies import slots_problem
from rules.kingdoms.capitals import fallback_list_problem
from rules.kingdoms.crowns import spend_problem
from rules.kingdoms.diplomacy import immune
from rules.kingdoms.edicts import why_illegal as edict_problem
from rules.kingdoms.spending import why_illegal_spend
from rules.kingdoms.spending_state import Offer, Spend, Spending, SpendKind
from rules.kingdoms.support import entitlements
from rules.sieges.state import withdraw_problem
from rules.turn.orders import why_illegal
from tests.rules.rules_builder import army, build

# --- orders (Table 5) -------------------------------------------------------------------


def _orders_world():
    """Kingdom 1 at (0, 0)–(1, 0), a sea hex at (2, 0) with land across it at (3, 0);
    kingdom 1's army 1 of 2,000 points and army 2 of 900."""
    return build(
        "F1 F1 ~. F.\nF. F. F. F.",
        armies=(army(1, 1, 2000, (0, 0)), army(2, 1, 900, (0, 0))),
    )


def test_a_1_1_2_4_a_sea_cover_problem_is_the_sea_cover_fields():
    invade = Order(army_id=1, kind=OrderKind.INVADE, target=(0, 1), sea_cover=((3, 0),))
    patrol = Order(army_id=1, kind=OrderKind.PATROL, target=(0, 0), sea_cover=((0, 1),))
    for order in (invade, patrol):
        problem = why_illegal(_orders_world(), 1, order)
        assert (problem.rule, problem.field) == ("A-1.1.2.4", "sea_cover"), order
        assert "A-1.1.2.4" not in problem.message  # the rule shows beside it, as a link


def test_e14_an_army_that_may_only_rest_is_a_problem_of_the_kind_of_order():
    order = Order(army_id=2, kind=OrderKind.INVADE, target=(0, 1))
    problem = why_illegal(_orders_world(), 1, order)
    assert (problem.rule, problem.field) == ("E-14", "kind")


def test_table_5_an_invasion_of_ones_own_hex_is_a_problem_of_its_target():
    order = Order(army_id=1, kind=OrderKind.INVADE, target=(1, 0))
    assert why_illegal(_orders_world(), 1, order) == Problem(
        "Table 5", "target", "(1, 0) is already your hex"
    )


def test_e07_an_origin_is_shown_by_the_target_the_form_names():
    order = Order(army_id=1, kind=OrderKind.INVADE, target=(0, 1), origin=(1, 1))
    problem = why_illegal(_orders_world(), 1, order)
    assert (problem.rule, problem.field) == ("E-07", "target")


def test_table_5_an_order_for_another_kingdoms_army_is_the_army_fields():
    order = Order(army_id=1, kind=OrderKind.REST)
    assert why_illegal(_orders_world(), 2, order) == Problem(
        "Table 5", "army", "army 1 is not yours"
    )


# --- power spending (Table 10, Table 11, §5.6) -----------------------------------------


def _spending_world():
    """Kingdoms 1 and 2 with 3 power each; army 1 is kingdom 1's; (2, 0) the capital of
    Karak (id 5), a neutral kingdom that kingdom 1 has discovered."""
    w = build(
        "F1 F2 F.\nF. F. F.",
        armies=(army(1, 1, 2000, (0, 0)),),
        hexes={(2, 0): {"neutral_kingdom": 5}},
    )
    w.neutral_kingdoms = {5: NeutralKingdomState(id=5, name="Karak", capital=(2, 0))}
    w.known_neutrals = {1: frozenset({5})}
    for k in w.kingdoms:
        w.kingdoms[k] = dataclasses.replace(w.kingdoms[k], power=3)
    return w


def _refusal(spend: Spend, offers=()):
    spending = Spending((spend,), {offer.id: offer for offer in offers})
    return why_illegal_spend(_spending_world(), spend.kingdom_id, spend, spending)


@pytest.mark.parametrize(
    ("spend", "rule", "field"),
    [
        (Spend(1, 1, SpendKind.RECRUIT, 4, army_id=1), "E-25", "amount"),
        (Spend(1, 1, SpendKind.WATCHTOWER, 1, hex=(1, 0)), "Table 10", "hex"),
        (Spend(1, 1, SpendKind.RECRUIT, 1, army_id=9), "Table 10 Q18", "army"),
        (Spend(1, 1, SpendKind.MERCENARY_BID, 1, army_id=1, offer_id=7), "Table 10", "offer"),
        (Spend(1, 1, SpendKind.SHARE_POWER, 1, recipient_id=1), "Table 10 B 7.1", "recipient"),
        (Spend(1, 1, SpendKind.ALLY, 2, neutral_kingdom_id=6), "A-1.4.18–19", "neutral_kingdom"),
        (Spend(1, 1, SpendKind.PACIFY, 1, hex=(1, 0)), "Table 11", "hex"),
    ],
)
def test_table_10_e25_q18_a_spending_problem_names_its_rule_and_field(spend, rule, field):
    problem = _refusal(spend, offers=[Offer(id=7, name="Ogres", minimum_bid=2, points=500)])
    assert (problem.rule, problem.field) == (rule, field), problem.message


def test_a_1_4_13_an_immune_neutral_kingdom_is_a_problem_of_the_neutral_kingdom():
    w = _spending_world()
    w.neutral_kingdoms[5] = dataclasses.replace(w.neutral_kingdoms[5], protector=2)
    assert immune(w, 5).rule == "A-1.4.13 E-18"
    ally = Spend(1, 1, SpendKind.ALLY, 2, neutral_kingdom_id=5)
    problem = why_illegal_spend(w, 1, ally, Spending((ally,)))
    assert (problem.rule, problem.field) == ("A-1.4.13 E-18", "neutral_kingdom")
    assert problem.message.startswith("Karak: it is under a player's protection")


# --- edicts, armies, capitals, crowns, sieges, tabletop reports --------------------------


def test_table_4_an_edict_on_the_capital_is_a_problem_of_its_hex():
    w = build("F1 F1")
    problem = edict_problem(w, Edict(kingdom_id=1, hex=(0, 0), kind=EdictKind.LOOT))
    assert (problem.rule, problem.field) == ("Table 4", "hex")


@pytest.mark.parametrize(
    ("used", "field"),
    [({"rare": 2}, "rare"), ({"hero": 5}, "hero"), ({"special": 5}, "special")],
)
def test_e21_a_slot_shortfall_is_the_slots_field(used, field):
    """B 2.2.1: a Hero shortfall is the Hero field's, though spare Lord slots count."""
    pool = entitlements(Ruleset(), [Feature.CITY])  # 1 Lord, 3 Heroes, 3 Specials, 1 Rare
    problem = slots_problem(pool, [used])
    assert (problem.rule, problem.field) == ("§5.6 E-21", field), problem.message


def test_e23_a_fallback_capital_problem_is_the_hexes_field_with_its_entry():
    own = {(1, 0): Feature.CITY, (2, 0): Feature.TOWN}
    index, problem = fallback_list_problem([(1, 0), (2, 0)], own, None)
    assert (index, problem.rule, problem.field) == (1, "A-3.2", "hexes")


def test_e30_a_crown_shortfall_is_the_kind_bought():
    problem = spend_problem("A giant ram", 3, 1, 0)
    assert (problem.rule, problem.field) == ("E-30", "kind")


def test_e37_a_withdrawal_without_walls_is_a_problem_of_the_decision():
    fields = HexState(coord=(0, 0), terrain=Terrain.FIELDS)
    problem = withdraw_problem(fields, DefenderKind.PATROL, 1)
    assert (problem.rule, problem.field) == ("E-37", "decision")


def test_p_c5_q21_a_massacre_in_a_draw_is_a_problem_of_the_massacre():
    report = TabletopReport(winner=None, massacre=True)
    problem = report_problem(Ruleset(), [], report)
    assert (problem.rule, problem.field) == ("P-C5 Q21", "massacre")


def test_table_10_a_problem_standing_alone_reads_as_a_sentence():
    problem = Problem("Table 10", "amount", "spend at least 1 power (Table 10)")
    assert problem.sentence == "Spend at least 1 power (Table 10)."
    report = Problem("P-C6", "removed", "A d6 shows 1 to 6.")
    assert report.sentence == "A d6 shows 1 to 6."


# --- the reasons as templates the site translates ------------------------------------


def test_table_5_a_refusal_is_a_template_and_its_values_that_read_as_the_english():
    order = Order(army_id=1, kind=OrderKind.INVADE, target=(1, 0))
    problem = why_illegal(_orders_world(), 1, order)
    assert problem.template == "{target} is already your hex"
    assert dict(problem.params) == {"target": (1, 0)}
    assert problem.message == "(1, 0) is already your hex"


def test_a_13_a_reason_built_on_another_keeps_the_inner_one_a_template_of_its_own():
    inner = Problem("A-1.4.13", "neutral_kingdom", "it has been conquered (A-1.4.13)")
    outer = Problem(inner.rule, inner.field, "{neutral}: {why}", neutral="Karak", why=inner)
    assert outer.message == "Karak: it has been conquered (A-1.4.13)"
    assert outer.params["why"] is inner
    assert outer.sentence == "Karak: it has been conquered (A-1.4.13)."


def test_e_30_a_count_picks_the_template_that_agrees_with_it():
    one = spend_problem("A siege tower", 3, 2, 0)
    two = spend_problem("A siege tower", 4, 2, 0)
    assert one.template.endswith("{short} crown short")
    assert two.template.endswith("{short} crowns short")
    assert one.rule == two.rule == "E-30"
    assert one.params["held"] == Phrase("{balance} in your treasury", balance=2)
    assert (
        one.message == "A siege tower costs 3 crowns and you have 2 in your treasury: 1 crown short"
    )


def test_two_problems_are_equal_when_they_say_the_same_words_of_the_same_rule_and_field():
    assert Problem("Table 5", "target", "{coord} is not on the map", coord=(9, 9)) == Problem(
        "Table 5", "target", "(9, 9) is not on the map"
    )
    assert Problem("Table 5", "target", "x") != Problem("Table 5", "army", "x")
    assert len({Problem("Q7", "hex", "x"), Problem("Q7", "hex", "x")}) == 1
    assert Phrase("x") != Problem("Q7", "hex", "x")


def test_a_1_0_2_a_list_in_a_reason_reads_as_one_text_each_item_kept_apart():
    problem = map_params_problem(MapParams(players=4, radius=9, seed="x"))
    assert "has a radius of 3 (37 hexes), 4 (61 hexes), 5 (91 hexes)," in problem.message
    fits = problem.params["fits"]
    assert is_list(fits) and fits[0] == Phrase("{radius} ({hexes} hexes)", radius=3, hexes=37)
    assert not is_list((1, 0))  # a coordinate is no list of words


def test_a_phrase_stored_as_json_reads_back_as_the_same_words():
    """new-rules.md §12.4: a ruling's question is stored (an event's payload, the GM's
    prompt) as its template and values, a part of it a phrase of its own or a list of
    phrases, so that the site says it in the reader's language later."""
    army = Phrase("{name} (army {army})", name="Red Host", army=7)
    effect = words([Phrase("army {army} destroyed", army=2), "a tower"])
    question = Phrase("{army} at {hex}: {effect}", army=army, hex="(1, 0)", effect=effect)
    stored = json.loads(json.dumps(question.plain()))
    again = Phrase.from_plain(stored)
    assert again.message == "Red Host (army 7) at (1, 0): army 2 destroyed, a tower"
    assert again.params["army"].template == "{name} (army {army})"
    assert is_list(again.params["effect"])
