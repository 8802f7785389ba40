"""Phase 7: the end-of-campaign check (A-3.0.2, Q12)."""

from __future__ import annotations

from rules.dice import Dice
from rules.events import CampaignEndRoll, Event
from rules.state import World
from rules.tables import end_roll_table


def resolve_ending(world: World, dice: Dice) -> list[Event]:
    """A-3.0.2, Q12: from the announced turn on, that turn included, a d6 after all
    battles; ``ruleset.end_roll_target`` or more (4+) ends the campaign. Before that
    turn there is no roll and no event."""
    ruleset = world.ruleset
    if world.turn < ruleset.end_check_turn:
        return []
    roll = dice.d6(f"A-3.0.2 end-of-campaign roll, turn {world.turn}")
    ends = end_roll_table(ruleset.end_roll_target).lookup(roll.result)
    return [
        CampaignEndRoll(
            rule="A-3.0.2 Q12", rolls=(roll,), turn=world.turn, result=roll.result, ends=ends
        )
    ]
