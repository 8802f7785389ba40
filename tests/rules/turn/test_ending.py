"""Phase 7: the end-of-campaign roll (A-3.0.2, Q12)."""

from rules.core.dice import ForcedDice
from rules.core.events import CampaignEndRoll
from rules.core.state import Ruleset
from rules.turn.ending import resolve_ending
from tests.rules.rules_builder import build


def end(turn, results, ruleset=None):
    dice = ForcedDice(results)
    events = resolve_ending(build("F1", turn=turn, ruleset=ruleset), dice)
    assert dice.unused == []
    return events


def test_a_3_0_2_no_roll_before_the_announced_turn():
    assert end(7, []) == []


def test_a_3_0_2_q12_the_announced_turn_itself_rolls_4_plus_ends():
    [event] = end(8, [4])
    assert event == CampaignEndRoll(
        rule="A-3.0.2 Q12", rolls=event.rolls, turn=8, result=4, ends=True
    )
    assert event.rolls[0].purpose == "A-3.0.2 end-of-campaign roll, turn 8"


def test_a_3_0_2_a_3_continues_and_later_turns_roll_again():
    assert end(8, [3])[0].ends is False
    assert end(9, [6])[0].ends is True


def test_a_3_0_2_target_and_turn_come_from_the_ruleset():
    ruleset = Ruleset(end_check_turn=3, end_roll_target=5)
    assert end(2, [], ruleset) == []
    assert end(3, [4], ruleset)[0].ends is False
    assert end(3, [5], ruleset)[0].ends is True
