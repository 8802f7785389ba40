"""Provably fair dice: every roll recorded, the same seed gives the same rolls."""

import pytest

from rules.core.dice import Dice, ForcedDice, Roll, seed_hash


def test_rolls_are_recorded_with_their_purpose():
    dice = Dice("abc")
    roll = dice.d6("Table 7 exploration at (1, 0)")
    assert dice.rolls == [roll]
    assert roll.sides == 6 and 1 <= roll.result <= 6
    assert roll.purpose == "Table 7 exploration at (1, 0)"


def test_same_seed_same_rolls_different_seed_different_rolls():
    def run(seed):
        dice = Dice(seed)
        return [dice.d6(f"roll {i}").result for i in range(30)]

    assert run("seed-1") == run("seed-1")
    assert run("seed-1") != run("seed-2")
    assert seed_hash("seed-1") != seed_hash("seed-2")


def test_forced_dice_show_the_given_results_then_stop():
    dice = ForcedDice([3, 6])
    assert dice.d6("a") == Roll("a", 6, 3)
    assert dice.d6("b").result == 6
    assert dice.unused == []
    with pytest.raises(LookupError):
        dice.d6("c")


def test_forced_dice_refuse_an_impossible_face():
    with pytest.raises(ValueError, match="a d6 cannot show 7"):
        ForcedDice([7]).d6("bad")
