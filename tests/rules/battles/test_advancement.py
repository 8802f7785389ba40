"""§5.9 Tables 18–22 with E-11 (rules.battles.advancement): the XP totals, every row of each
table, distinct results, caps, re-rolls only while unavailable, the fallback order, and
no loop on an exhausted character (pure, forced dice)."""

from __future__ import annotations

import itertools

import pytest

from rules.battles.advancement import (
    available,
    fallback_tables,
    gain,
    roll_advance,
    thresholds,
    thresholds_crossed,
)
from rules.battles.postbattle_events import AdvanceGained, AdvanceLost
from rules.battles.postbattle_tables import SKILLS, SkillTable
from rules.core.dice import ForcedDice
from rules.core.ruleset import ruleset_from_overrides, table
from rules.core.state import Ruleset
from tests.rules.rules_builder import character

RULEBOOK = Ruleset()
F, S, C, M = SkillTable.FIGHTING, SkillTable.SHOOTING, SkillTable.COMMAND, SkillTable.MAGIC


def _roll(hero, dice, ruleset=RULEBOOK):
    forced = ForcedDice(dice)
    event, after = roll_advance(ruleset, hero, 2, forced, battle_key=1, kingdom_id=1)
    assert forced.unused == [], "every forced die is used"
    return event, after, [r.purpose for r in forced.rolls]


def test_table_18_the_xp_totals_then_every_6():
    assert list(itertools.islice(thresholds(RULEBOOK), 10)) == [2, 4, 7, 10, 14, 19, 25, 31, 37, 43]
    assert thresholds_crossed(RULEBOOK, 0, 1) == []
    assert thresholds_crossed(RULEBOOK, 1, 2) == [2]
    assert thresholds_crossed(RULEBOOK, 3, 8) == [4, 7], "a big gain rolls for each total"
    assert thresholds_crossed(RULEBOOK, 30, 31) == [31]
    house = ruleset_from_overrides({"options": {"advance_xp_1": 1, "advance_xp_every": 10}})
    assert thresholds_crossed(house, 0, 36) == [1, 4, 7, 10, 14, 19, 25, 35]


def test_table_18_totals_out_of_order_are_refused():
    with pytest.raises(ValueError, match="advance 3 comes before 2"):
        ruleset_from_overrides({"options": {"advance_xp_2": 9}})


@pytest.mark.parametrize("face, kind", [(1, F), (2, F), (3, S), (4, C), (5, C), (6, M)])
def test_table_18_every_row(face, kind):
    assert table(RULEBOOK, "table-18").lookup(face) is kind


@pytest.mark.parametrize(
    "kind, key", [(F, "table-19"), (S, "table-20"), (C, "table-21"), (M, "table-22")]
)
def test_tables_19_to_22_every_row(kind, key):
    rows = [table(RULEBOOK, key).lookup(face) for face in range(1, 7)]
    expected = {
        F: ["ws", "s", "i", "a", "duellist", "hardened"],
        S: ["bs", "quick_shot", "marksman", "eagle_eye", "volley_leader", "bs"],
        C: ["ld", "inspiring", "tactician", "drillmaster", "scoutmaster", "born_leader"],
        M: ["wizard_level", "spell_known", "spell_bonus", "channeller", "lore_master",
            "arcane_resilience"],
    }[kind]  # fmt: skip
    assert rows == expected


@pytest.mark.parametrize(
    "face, skill, change",
    [(1, "ws", {"deltas": {"ws": 1}}), (2, "s", {"deltas": {"s": 1}}),
     (3, "i", {"deltas": {"i": 1}}), (4, "a", {"deltas": {"a": 1}}), (5, "duellist", {}),
     (6, "hardened", {"deltas": {"t": 1}})],
)  # fmt: skip
def test_table_19_each_result_is_gained(face, skill, change):
    event, hero, _ = _roll(character(10, 1, 1), [1, face])
    assert (event.table, event.skill) == ("fighting", skill) and hero.skills == (skill,)
    assert hero.deltas == change.get("deltas", {})


def test_table_21_tactician_and_born_leader_and_table_22_a_wizard_level():
    _, hero, _ = _roll(character(10, 1, 1), [4, 3])
    assert hero.tactician
    _, hero, _ = _roll(character(10, 1, 1, generalship=1), [4, 6])
    assert hero.generalship == 2
    _, hero, _ = _roll(character(10, 1, 1, is_wizard=True, wizard_level=2), [6, 1])
    assert hero.wizard_level == 3


def test_e_11_table_20_s_two_bs_rows_give_plus_2_bs_and_no_more():
    hero = character(10, 1, 1, skills=("bs",))
    event, hero, _ = _roll(hero, [3, 6])
    assert event.skill == "bs" and hero.deltas == {"bs": 1}
    assert available(RULEBOOK, hero, S) == ["quick_shot", "marksman", "eagle_eye", "volley_leader"]
    event, _, purposes = _roll(hero, [3, 1, 6, 2])  # +1 BS twice: re-rolled until available
    assert event.skill == "quick_shot" and len(purposes) == 4


def test_e_11_a_result_held_is_re_rolled_only_while_unavailable():
    hero = character(10, 1, 1, skills=("ws", "s"))
    event, _, purposes = _roll(hero, [1, 1, 2, 1, 3])
    assert event.skill == "i"
    assert purposes[1:] == ["Table 19 (Fighting skills), Hero 10 at 2 XP"] * 4


@pytest.mark.parametrize(
    "hero, skill",
    [(character(10, 1, 1, skills=("hardened",)), "hardened"),
     (character(10, 1, 1, generalship=3), "born_leader"),
     (character(10, 1, 1, is_wizard=True, wizard_level=4), "wizard_level"),
     (character(10, 1, 1, tactician=True), "tactician")],
)  # fmt: skip
def test_e_11_a_capped_result_is_unavailable(hero, skill):
    kinds = [kind for kind, skills in SKILLS.items() if skill in skills]
    assert skill not in available(RULEBOOK, hero, kinds[0])


def test_e_11_the_fallback_order_runs_round_from_the_table_rolled():
    assert fallback_tables(F) == [F, C, S, M]
    assert fallback_tables(S) == [S, M, F, C]
    assert fallback_tables(M) == [M, F, C, S]


def test_a_non_wizard_rolling_magic_takes_fighting_instead():
    event, _, purposes = _roll(character(10, 1, 1), [6, 2])
    assert (event.table, event.skill, event.fallbacks) == ("fighting", "s", ("magic",))
    assert "Table 22" not in " ".join(purposes)


def test_e_11_an_exhausted_table_sends_the_advance_on_without_rolling_it():
    fighter = character(10, 1, 1, skills=tuple(SKILLS[F]))
    event, _, purposes = _roll(fighter, [1, 1])
    assert (event.table, event.skill, event.fallbacks) == ("command", "ld", ("fighting",))
    assert purposes[1].startswith("Table 21")


def test_e_11_no_table_left_no_advance_logged_and_no_loop():
    """Every result of every table held (and capped): one Table 18 roll, no skill roll."""
    everything = tuple(s for skills in SKILLS.values() for s in skills) + ("bs",)
    hero = character(10, 1, 1, skills=everything, is_wizard=True, wizard_level=4, generalship=3)
    for face in range(1, 7):
        event, after, purposes = _roll(hero, [face])
        assert isinstance(event, AdvanceLost) and after == hero and len(purposes) == 1


def test_the_house_tables_are_read():
    house = ruleset_from_overrides(
        {"tables": {"table-18": "1-6 command", "table-21": "1-6 drillmaster"}}
    )
    event, hero, _ = _roll(character(10, 1, 1), [2, 5], ruleset=house)
    assert isinstance(event, AdvanceGained) and event.skill == "drillmaster"
    event, _, _ = _roll(hero, [2, 1], ruleset=house)  # Table 21 has nothing left: Shooting
    assert (event.table, event.skill, event.fallbacks) == ("shooting", "bs", ("command",))


def test_gain_keeps_earlier_deltas_injuries_included():
    hero = character(10, 1, 1, deltas={"ws": -1})
    assert gain(RULEBOOK, hero, "ws").deltas == {"ws": 0}
