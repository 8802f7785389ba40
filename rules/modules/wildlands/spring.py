"""The mystic spring (new-rules.md §5, NR-SPRING): a permanent site on the hex where it
was found (NR-WILD-5). Its cures (NR-SPRING-1–3) are docs/rules-coverage.md's to explain."""

from __future__ import annotations

from rules.core.dice import Dice
from rules.core.events import Event
from rules.core.state import World
from rules.modules.wildlands.sites import Examination, Site, handles, place


@handles(Site.MYSTIC_SPRING, permanent=True)
def mystic_spring(world: World, exam: Examination, dice: Dice) -> tuple[World, list[Event]]:
    return place(world, exam, Site.MYSTIC_SPRING, "NR-SPRING-1 NR-WILD-5")
