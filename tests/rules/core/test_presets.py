"""The house-rule presets and module switches of a new campaign (rules.core.presets)."""

from __future__ import annotations

import pytest

from rules import modules
from rules.core.presets import PRESETS, module_switches, preset_overrides
from rules.core.ruleset import RulesetError, ruleset_from_overrides


@pytest.mark.parametrize("key", list(PRESETS))
def test_every_preset_is_a_valid_ruleset_and_says_what_it_changes(key):
    preset = PRESETS[key]
    ruleset = ruleset_from_overrides(preset_overrides(key, []))
    assert len(preset.changes()) == len(preset.options)
    for name, value in preset.options.items():
        assert getattr(ruleset, name) == value


def test_the_short_campaign_says_its_turns_last_three_days():
    assert "Days a turn stays open for orders: 7 → 3" in PRESETS["short"].changes()
    assert PRESETS["core"].changes() == []


def test_every_registered_module_has_a_switch_in_plain_words():
    switches = {switch.option: switch for switch in module_switches()}
    assert set(switches) == {module.option for module in modules.REGISTRY}
    assert switches["random_events"].title == "Random events"  # its rule, Table 31, apart
    assert all("(1 on" not in s.title and s.title[0].isupper() for s in switches.values())


def test_modules_switch_on_over_the_preset():
    overrides = preset_overrides("bloody", ["the_beast", "siege_trains"])
    ruleset = ruleset_from_overrides(overrides)
    assert (ruleset.the_beast, ruleset.siege_trains, ruleset.random_events) == (1, 1, 0)
    assert ruleset.starting_power == 4


@pytest.mark.parametrize(
    ("key", "switched", "field"),
    [("epic", [], "preset"), ("core", ["patrol_radius"], "modules")],
)
def test_an_unknown_preset_or_module_is_refused_by_name(key, switched, field):
    with pytest.raises(RulesetError) as refused:
        preset_overrides(key, switched)
    assert refused.value.key == field
