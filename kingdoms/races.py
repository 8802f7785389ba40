"""The peoples of the supplement (rules.kingdoms.races) in the reader's language: the
claim form's choices, the kingdom and players pages, the chronicle's sentences."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from rules.kingdoms.races import Alignment, Race, as_race

RACE_NAMES: dict[Race, Promise] = {
    Race.BRETONNIANS: _("Bretonnians"),
    Race.DWARFS: _("Dwarfs"),
    Race.EMPIRE: _("Empire"),
    Race.HIGH_ELVES: _("High Elves"),
    Race.WOOD_ELVES: _("Wood Elves"),
    Race.LIZARDMEN: _("Lizardmen"),
    Race.CHAOS: _("Chaos"),
    Race.CHAOS_DWARFS: _("Chaos Dwarfs"),
    Race.DARK_ELVES: _("Dark Elves"),
    Race.ORCS_GOBLINS: _("Orcs & Goblins"),
    Race.SKAVEN: _("Skaven"),
    Race.UNDEAD: _("Undead"),
}

ALIGNMENT_NAMES: dict[Alignment, Promise] = {
    Alignment.GOOD: _("good"),
    Alignment.EVIL: _("evil"),
}


def race_name(value: str) -> str:
    """A stored race in words; a value that is none of the races (a GM's free text) as
    it is written."""
    race = as_race(value)
    return str(RACE_NAMES[race]) if race else value


def settlement_people(campaign, seen: dict, is_gm: bool) -> str:
    """NR-RACE-3 on the hex panel, with the peoples module: the race of a Town or City
    the viewer sees, in words, or "". Recorded when it was found (public with its
    exploration), else its owner's; a neutral kingdom's people is the GM's secret
    (A-1.4.18), as the module keeps it (docs/design/supplement.md, "Peoples")."""
    if not campaign.ruleset.peoples or seen["feature"] not in ("town", "city"):
        return ""
    if seen["neutral_kingdom"] is not None and not is_gm:
        return ""
    state = (campaign.module_state or {}).get("peoples", {})
    recorded = state.get("settlements", {}).get(f"{seen['q']},{seen['r']}", "")
    if recorded or seen["owner"] is None:
        return race_name(recorded)
    owner = campaign.kingdoms.filter(pk=seen["owner"]).values_list("race", flat=True).first()
    return race_name(owner or "")


def race_choices() -> list[tuple[str, str]]:
    """The claim form's races, grouped by alignment as the supplement's tables are."""
    return [
        (
            str(ALIGNMENT_NAMES[alignment]),
            [(r.value, str(RACE_NAMES[r])) for r in Race if r.alignment is alignment],
        )
        for alignment in Alignment
    ]
