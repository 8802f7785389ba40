"""House-rule presets and module switches a GM picks when he starts a campaign.

A preset is a named set of ruleset overrides (rules.core.ruleset: ``{"options": {...}}``),
validated like any house rule; the optional modules (rules.modules) are switched on by
their options. The GM may change both later on the rules page.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rules import modules
from rules.core.ruleset import OPTIONS, RulesetError, ruleset_changes, ruleset_from_overrides
from rules.core.state import Ruleset


@dataclass(frozen=True)
class Preset:
    key: str
    title: str
    summary: str
    options: dict[str, int]

    def changes(self) -> list[str]:
        """What the preset changes from the rulebook, option by option."""
        return ruleset_changes(Ruleset(), ruleset_from_overrides({"options": self.options}))


PRESETS: dict[str, Preset] = {
    preset.key: preset
    for preset in (
        Preset("core", "Core rules", "The rulebook as written: weekly turns.", {}),
        Preset(
            "short",
            "Short campaign",
            "Turns of three days that close once everyone is ready, and an ending that "
            "may come from turn 5.",
            {
                "turn_length_days": 3,
                "decisions_hours": 24,
                "report_days": 3,
                "early_resolution": 1,
                "end_check_turn": 5,
            },
        ),
        Preset(
            "bloody",
            "Bloody",
            "Battles cost both sides more troops, and kingdoms start with more power to rebuild.",
            {
                "losses_marginal_winner": 20,
                "losses_marginal_loser": 40,
                "losses_solid_winner": 15,
                "losses_solid_loser": 50,
                "losses_massacre_loser": 75,
                "starting_power": 4,
            },
        ),
    )
}


@dataclass(frozen=True)
class ModuleSwitch:
    option: str  # the Ruleset option that switches the module on (1)
    title: str
    rule: str


def module_switches() -> list[ModuleSwitch]:
    """Every registered optional module, by the words of its option: "Optional module:
    random events (1 on, 0 off)" reads "Random events"."""
    switches = []
    for option in modules.switches():
        meta = OPTIONS[option].metadata
        title = meta["label"].removeprefix("Optional module: ").removesuffix(" (1 on, 0 off)")
        switches.append(ModuleSwitch(option, title[:1].upper() + title[1:], meta["rule"]))
    return switches


def preset_overrides(key: str, switched_on: Iterable[str]) -> dict:
    """The ruleset overrides of a preset with the chosen modules on, validated: a
    RulesetError names the preset or the module at fault."""
    if key not in PRESETS:
        raise RulesetError("preset", f"'{key}' is not a preset: use one of {', '.join(PRESETS)}")
    known = {switch.option for switch in module_switches()}
    options = dict(PRESETS[key].options)
    for option in switched_on:
        if option not in known:
            raise RulesetError("modules", f"'{option}' is not an optional module")
        options[option] = 1
    overrides = {"options": options}
    ruleset_from_overrides(overrides)
    return overrides
