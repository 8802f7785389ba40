"""A volcano found in the wildlands (new-rules.md §5, NR-WVOLC-1): a permanent site
record "volcano" on the hex. The volcano's own rules (NR-VOLCANO-1…6: eruptions, lava)
belong to the volcano tile of the new-tiles module; this record does not depend on it,
and that module reads it to treat the hex as a volcano."""

from __future__ import annotations

from rules.core.dice import Dice
from rules.core.events import Event
from rules.core.state import World
from rules.modules.wildlands.sites import Examination, Site, handles, place


@handles(Site.VOLCANO, permanent=True)
def volcano(world: World, exam: Examination, dice: Dice) -> tuple[World, list[Event]]:
    return place(world, exam, Site.VOLCANO, "NR-WVOLC-1 NR-WILD-5")
