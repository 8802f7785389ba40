"""Phase 7: the end-of-campaign check (A-3.0.2, Q12)."""

from __future__ import annotations

from rules.core.dice import Dice
from rules.core.events import CampaignEndRoll, Event
from rules.core.state import World
from rules.core.tables import end_roll_table


def resolve_ending(world: World, dice: Dice) -> list[Event]:
    """A-3.0.2, Q12: from the announced turn on, that turn included (unless the ruleset
    answers Q12 the other way: from the next), a d6 after all battles;
    ``ruleset.end_roll_target`` or more (4+) ends the campaign. Before that turn there is
    no roll and no event."""
    ruleset = world.ruleset
    first = ruleset.end_check_turn + (0 if ruleset.end_roll_at_announced_turn else 1)
    if world.turn < first:
        return []
    roll = dice.d6(f"A-3.0.2 end-of-campaign roll, turn {world.turn}")
    ends = end_roll_table(ruleset.end_roll_target).lookup(roll.result)
    return [
        CampaignEndRoll(
            rule="A-3.0.2 Q12", rolls=(roll,), turn=world.turn, result=roll.result, ends=ends
        )
    ]
