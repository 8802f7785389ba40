"""An army's loss of points outside a battle (AMB-02, E-14): never below 0, and at 0 the
army is destroyed. The supplement's modules (the sea, the wildlands, the new tiles) use
it."""

from __future__ import annotations

import dataclasses

import msgspec

from rules.core.dice import Roll
from rules.core.events import ArmyDestroyed, ArmyWeakened, Event
from rules.core.state import World


def losses(
    army_id: int,
    points: int,
    lost: int,
    rule: str,
    rolls: tuple[Roll, ...] = (),
    destroyed: str | None = None,
) -> list[Event]:
    """AMB-02, E-14: the events of an army of ``points`` losing ``lost`` (reported as
    given) outside a battle, never below 0; at 0 it is destroyed (``destroyed``: that
    event's rule, ``rule`` by default)."""
    left = max(points - lost, 0)
    weakened = ArmyWeakened(
        rule=rule, rolls=rolls, army_id=army_id, points_lost=lost, points_left=left
    )
    if left > 0:
        return [weakened]
    return [weakened, ArmyDestroyed(rule=destroyed or rule, army_id=army_id)]


def lose_points(
    world: World,
    army_id: int,
    lost: int,
    rule: str,
    rolls: tuple[Roll, ...] = (),
    destroyed: str | None = None,
) -> tuple[World, list[Event]]:
    """``losses`` of the army in ``world``, and the world with its points lowered or
    without it."""
    army = world.armies[army_id]
    events = losses(army_id, army.points, lost, rule, rolls, destroyed)
    armies = dict(world.armies)
    if len(events) > 1:
        del armies[army_id]
    else:
        armies[army_id] = msgspec.structs.replace(army, points=army.points - lost)
    return dataclasses.replace(world, armies=armies), events


__all__ = ["lose_points", "losses"]
