"""Army points won and lost at the wildland sites (new-rules.md §5): NR-GEN-4's
"NdX × M points", a loss outside a battle (at 0 points the army is destroyed, AMB-02)
and magic items' points joining an army (NR-TOMB-2, abstract play)."""

from __future__ import annotations

import dataclasses

import msgspec

from rules.core.dice import Dice, Roll
from rules.core.events import ArmyDestroyed, ArmyWeakened, Event
from rules.core.state import World
from rules.modules.losses import losses


@dataclasses.dataclass(frozen=True, kw_only=True)
class ArmyStrengthened(Event):
    """NR-TOMB-2: magic items found add their points to the army (and its allocation,
    E-14, when they pass it). The owner's and the GM's."""

    army_id: int
    kingdom_id: int
    points_gained: int
    points_left: int

    def seen_by(self) -> tuple[bool, frozenset[int], tuple[str, ...]]:
        return False, frozenset({self.kingdom_id}), ()


def points_lost(
    world: World, army_id: int, lost: int, rule: str, rolls: tuple[Roll, ...]
) -> list[Event]:
    """An army's loss outside a battle; at 0 points or less it is destroyed (AMB-02)."""
    return losses(army_id, world.armies[army_id].points, lost, rule, rolls, f"{rule} AMB-02")


def points_gained(
    world: World, army_id: int, gained: int, rule: str, rolls: tuple[Roll, ...]
) -> list[Event]:
    """NR-TOMB-2: magic items' points join the army (abstract play)."""
    army = world.armies[army_id]
    return [
        ArmyStrengthened(
            rule=f"{rule} NR-TOMB-2",
            rolls=rolls,
            army_id=army_id,
            kingdom_id=army.kingdom_id,
            points_gained=gained,
            points_left=army.points + gained,
        )
    ]


def multiple(dice: Dice, count: int, sides: int, each: int, purpose: str):
    """``count``d``sides`` × ``each`` (NR-GEN-4), with its rolls."""
    rolls = tuple(dice.roll(sides, purpose) for _ in range(count))
    return sum(r.result for r in rolls) * each, rolls


def applied(world: World, events: list[Event]) -> World:
    """The world with these events' gains and losses on its armies (Phase 1 hands the
    world on to the turn, so the battles see the points the afflictions left)."""
    armies = dict(world.armies)
    for e in events:
        if isinstance(e, ArmyDestroyed):
            armies.pop(e.army_id, None)
        elif isinstance(e, (ArmyWeakened, ArmyStrengthened)) and e.army_id in armies:
            armies[e.army_id] = msgspec.structs.replace(armies[e.army_id], points=e.points_left)
    return dataclasses.replace(world, armies=armies)
