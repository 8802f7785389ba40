"""new-rules.md §12.4: the GM's answers reach Final Results as World.rulings and replace
the default the module applied (rules.modules.apply_rulings,
rules.modules.wildlands.rulings). Pure: no database."""

from __future__ import annotations

import dataclasses

import msgspec

from rules.core.ruleset import ruleset_from_overrides
from rules.core.rulings import RulingAsked, answered_as
from rules.modules import apply_rulings
from rules.modules.wildlands.roamers import WYVERN, appear, woke
from rules.modules.wildlands.rulings import spell_asked
from tests.rules.rules_builder import army, build

WILD = ruleset_from_overrides({"options": {"wildlands": 1}})


def _wyvern_world(**options):
    ruleset = ruleset_from_overrides({"options": {"wildlands": 1, **options}})
    world = build("F1 F1 F.", ruleset=ruleset)
    world, _stored = appear(world, WYVERN, (1, 0), 2000, False)
    return world, woke(world, WYVERN, (1, 0))


def test_base16_the_answer_sleeps_takes_the_wyvern_off_the_map():
    """BASE-16: "sleeps" removes the force that woke, before its first flight."""
    world, question = _wyvern_world()
    world.rulings = {question.key: answered_as(question, "sleeps")}
    after, battles, events = apply_rulings(world, [])
    assert after.module_state[WYVERN.key] == {}
    assert [e.type for e in events] == ["ModuleStateChanged", "RulingApplied"]
    assert battles == []


def test_base16_the_default_as_an_answer_changes_nothing():
    """An answer equal to the default (BASE-16 "rages") is the default already applied."""
    world, question = _wyvern_world()
    world.rulings = {question.key: answered_as(question, question.default)}
    after, _battles, events = apply_rulings(world, [])
    assert events == []
    assert after.module_state[WYVERN.key] == world.module_state[WYVERN.key]


def test_base16_a_ruling_of_a_module_switched_off_is_not_applied():
    """The wildlands off (the GM switched it off mid-campaign): nothing applies its
    rulings, so nothing changes."""
    world, question = _wyvern_world()
    world = dataclasses.replace(world, ruleset=ruleset_from_overrides({}))
    world.rulings = {question.key: answered_as(question, "sleeps")}
    assert apply_rulings(world, [])[2] == []


def test_base16_the_key_names_the_situation_so_a_rerun_asks_the_same():
    """A step run twice asks the same key, so the console holds one prompt."""
    assert (
        _wyvern_world()[1].key
        == _wyvern_world()[1].key
        == ("dragon_wrath:1:wildlands.wyvern.forces #1")
    )


def test_base21_an_army_the_spell_destroyed_stays_destroyed():
    """BASE-21 "no effect" gives points back to the armies still there; one the spell
    destroyed is named in the question and is not raised again."""
    before = build("F1 F1", armies=(army(1, 1, 2000, (1, 0)), army(2, 1, 100, (1, 0))))
    before = dataclasses.replace(before, ruleset=WILD)
    after = dataclasses.replace(
        before, armies={1: msgspec.structs.replace(before.armies[1], points=1900)}
    )
    question = spell_asked(before, after, "storm", (0, 0), (1, 0), (1,))
    assert isinstance(question, RulingAsked)
    assert question.facts["destroyed"] == [2]
    after.rulings = {question.key: answered_as(question, "no_effect")}
    ruled, _battles, _events = apply_rulings(after, [])
    assert ruled.armies[1].points == 2000
    assert 2 not in ruled.armies


def test_base21_a_spell_that_changed_nothing_asks_nothing():
    """BASE-21: nothing to give back, nothing to ask (a spell on an empty hex)."""
    world = dataclasses.replace(build("F1 F1"), ruleset=WILD)
    assert spell_asked(world, world, "storm", (0, 0), (1, 0), ()) is None
