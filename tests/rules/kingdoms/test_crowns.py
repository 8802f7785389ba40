"""Crowns, the supplement's second ledger (E-30), paid yearly in the winter phase (E-31,
NR-GEN-7), spent on siege engines (NR-SIEGE-4): rules.kingdoms.crowns, pure."""

import dataclasses

import pytest

from rules.core.dice import ForcedDice
from rules.core.events import CampaignWon, PowerCollected
from rules.core.ruleset import OPTIONS, RulesetError, ruleset_from_overrides
from rules.core.state import Feature, Ruleset
from rules.kingdoms.crowns import (
    CrownsCollected,
    crowns_used,
    income_due,
    is_winter_turn,
    next_winter_turn,
    spend_problem,
    winter_phase,
    year_of,
)
from rules.turn.final import resolve_final
from rules.turn.visibility import GM, Viewer, audience, sees_treasury
from tests.rules.rules_builder import build

NO_DICE = ForcedDice([])  # the yearly crowns roll nothing

TRAINS = ruleset_from_overrides({"options": {"siege_trains": 1}})
MAP = "F1 F1 F2 F2 F3"


def world(turn: int = 4, ruleset: Ruleset = TRAINS, crowns: dict | None = None, **kingdoms):
    w = build(MAP, turn=turn, ruleset=ruleset, hexes={(0, 0): {"feature": Feature.CITY}})
    changed = {
        k: dataclasses.replace(state, crowns=(crowns or {}).get(k, 0), **kingdoms.get(f"k{k}", {}))
        for k, state in w.kingdoms.items()
    }
    return dataclasses.replace(w, kingdoms=changed)


def test_e_31_the_year_has_4_turns_and_turn_4_is_winter():
    rules = Ruleset()
    assert [is_winter_turn(rules, t) for t in range(1, 10)] == [
        False, False, False, True, False, False, False, True, False,
    ]  # fmt: skip
    assert [year_of(rules, t) for t in (1, 4, 5, 8, 9)] == [1, 1, 2, 2, 3]
    assert [next_winter_turn(rules, t) for t in (1, 4, 5, 9)] == [4, 4, 8, 12]


def test_e_31_the_calendar_is_ruleset_data():
    rules = ruleset_from_overrides({"options": {"year_turns": 3, "winter_turn": 2}})
    assert [t for t in range(1, 10) if is_winter_turn(rules, t)] == [2, 5, 8]
    assert next_winter_turn(rules, 6) == 8


def test_e_31_the_winter_turn_must_fall_within_the_year():
    with pytest.raises(RulesetError) as refused:
        ruleset_from_overrides({"options": {"year_turns": 3, "winter_turn": 4}})
    assert refused.value.key == "year_turns" and "E-31" in refused.value.message


def test_e_30_crowns_exist_only_with_a_module_that_prices_in_crowns():
    assert not crowns_used(Ruleset())
    assert crowns_used(TRAINS)
    assert income_due(Ruleset(), 4) == 0  # no module: no crowns at all
    assert income_due(TRAINS, 3) == 0  # not the winter turn
    assert income_due(TRAINS, 4) == 3


def test_e_30_the_yearly_income_and_the_engine_price_are_options_on_the_rules_page():
    income = OPTIONS["crowns_yearly"].metadata
    assert "E-30" in income["rule"] and "E-31" in income["rule"]
    assert income["table"] == OPTIONS["siege_trains"].metadata["table"]
    assert Ruleset().crowns_yearly == 3 and Ruleset().siege_engine_crowns == 3  # NR L773


def test_e_31_nr_gen_7_the_winter_phase_pays_each_kingdom_in_play():
    w = world(crowns={1: 2, 2: -3}, k3={"eliminated": True})
    paid = winter_phase(w, NO_DICE)
    assert [(e.kingdom_id, e.crowns, e.balance, e.year) for e in paid] == [
        (1, 3, 5, 1),
        (2, 3, 0, 1),  # the engine it bought against this winter's income is paid off
    ]
    assert all(e.rule == "E-30 E-31 NR-GEN-7" for e in paid)


def test_e_31_no_crowns_outside_the_winter_turn_nor_without_the_module():
    assert winter_phase(world(turn=3), NO_DICE) == []
    assert winter_phase(world(turn=4, ruleset=Ruleset()), NO_DICE) == []
    zero = ruleset_from_overrides({"options": {"siege_trains": 1, "crowns_yearly": 0}})
    assert winter_phase(world(ruleset=zero), NO_DICE) == []
    five = ruleset_from_overrides({"options": {"siege_trains": 1, "crowns_yearly": 5}})
    assert [e.crowns for e in winter_phase(world(turn=8, ruleset=five), NO_DICE)] == [5, 5, 5]
    assert {e.year for e in winter_phase(world(turn=8, ruleset=five), NO_DICE)} == {2}


def test_e_31_final_results_pay_the_crowns_after_6g_power_income():
    events = resolve_final(world(), [], ForcedDice([])).events
    types = [type(e) for e in events]
    assert CrownsCollected in types
    assert max(i for i, t in enumerate(types) if t is PowerCollected) < types.index(CrownsCollected)


def test_e_30_crowns_never_score_in_table_1():
    """E-30: the end roll at a winter turn (turn 8) scores the same with or without
    crowns in the treasuries; crowns never become power."""
    rules = ruleset_from_overrides({"options": {"siege_trains": 1, "end_check_turn": 8}})
    poor = resolve_final(world(turn=8, ruleset=rules), [], ForcedDice([6])).events
    rich = resolve_final(
        world(turn=8, ruleset=rules, crowns={1: 40, 2: 7}), [], ForcedDice([6])
    ).events
    [won_poor] = [e for e in poor if isinstance(e, CampaignWon)]
    [won_rich] = [e for e in rich if isinstance(e, CampaignWon)]
    assert won_poor == won_rich
    power = [e for e in rich if isinstance(e, PowerCollected)]
    assert power == [e for e in poor if isinstance(e, PowerCollected)]


def test_e_30_nr_siege_4_a_purchase_names_the_shortfall():
    assert spend_problem("A giant ram", 3, 3, 0) is None
    assert spend_problem("A giant ram", 3, 0, 3) is None  # this winter's income (E-31)
    problem = spend_problem("A giant ram", 3, -2, 3)
    assert problem.message == (
        "A giant ram costs 3 crowns and you have -2 in your treasury and 3 due at this "
        "winter phase: 2 crowns short"
    )
    assert spend_problem("A siege tower", 3, 2, 0).message.endswith(": 1 crown short")


def test_e_30_the_ledger_is_the_kingdoms_and_the_gms_alone():
    assert sees_treasury(GM, 1)
    assert sees_treasury(Viewer(kingdom_id=1), 1)
    assert not sees_treasury(Viewer(kingdom_id=2), 1)
    assert not sees_treasury(Viewer(), 1)  # a member without a kingdom
    paid = winter_phase(world(), NO_DICE)[0]
    seen = audience(paid, None)
    assert not seen.public and seen.kingdom_ids == frozenset({1})
