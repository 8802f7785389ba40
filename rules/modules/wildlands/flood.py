"""The flash flood (new-rules.md §5, NR-FLOOD; River column only): the examining army
loses a d6 × ``flood_loss_per_pip`` (100) points (NR-FLOOD-1); at 0 it is destroyed (AMB-02,
E-14). No site remains: the hex stays barren and may be examined again (NR-FLOOD-3,
AMB-24). The villages downstream (NR-FLOOD-2) need rivers with a direction of flow
(AMB-50), which Warpost's map has not: they are left alone."""

from __future__ import annotations

from rules.core.dice import Dice
from rules.core.events import Event
from rules.core.state import World
from rules.modules.losses import lose_points
from rules.modules.wildlands.sites import Examination, Site, handles


@handles(Site.FLASH_FLOOD, permanent=False)
def flash_flood(world: World, exam: Examination, dice: Dice) -> tuple[World, list[Event]]:
    army = world.armies[exam.army_id]
    roll = dice.d6(f"NR-FLOOD-1 flash flood: army {army.id}'s losses")
    lost = min(army.points, roll.result * world.ruleset.flood_loss_per_pip)
    rule = "NR-FLOOD-1 NR-FLOOD-3"
    return lose_points(world, army.id, lost, rule, (roll,), "NR-FLOOD-1 AMB-02 E-14")
