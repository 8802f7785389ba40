"""What the pipeline writes back of army building's and the optional modules' events
(kingdoms/armies/writeback.py), for the pure tests and the scenario runner."""

from __future__ import annotations

import dataclasses

import msgspec

from rules.core.events import (
    AllocationCut,
    ArmyDestroyed,
    ArmyWeakened,
    Event,
    HexRavaged,
    ModuleStateChanged,
    PowerAdjusted,
)
from rules.core.state import World


def apply_module_events(world: World, events: list[Event]) -> World:
    """The world after the events: cut allocations, weakened or destroyed armies, power
    adjusted, ravaged hexes (looted this turn), the modules' state."""
    armies, kingdoms, hexes = dict(world.armies), dict(world.kingdoms), dict(world.hexes)
    module_state = dict(world.module_state)
    for e in events:
        if isinstance(e, AllocationCut):
            armies[e.army_id] = msgspec.structs.replace(
                armies[e.army_id], allocation=e.allocation, points=e.points
            )
        elif isinstance(e, ArmyWeakened) and e.army_id in armies:
            armies[e.army_id] = msgspec.structs.replace(armies[e.army_id], points=e.points_left)
        elif isinstance(e, ArmyDestroyed):
            armies.pop(e.army_id, None)
        elif isinstance(e, PowerAdjusted):
            kingdoms[e.kingdom_id] = dataclasses.replace(kingdoms[e.kingdom_id], power=e.power)
        elif isinstance(e, HexRavaged):
            hexes[e.hex] = msgspec.structs.replace(
                hexes[e.hex], feature=e.feature, defence=None, watchtower=False,
                looted_turn=world.turn,
            )  # fmt: skip
        elif isinstance(e, ModuleStateChanged):
            module_state[e.module] = e.state
    return dataclasses.replace(
        world, armies=armies, kingdoms=kingdoms, hexes=hexes, module_state=module_state
    )
