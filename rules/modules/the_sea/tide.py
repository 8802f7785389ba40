"""The module's working copy of one step: the world, the orders and the module's state
as its rules change them, and the events they announce. Every rule of the package takes
a ``Tide`` and changes it, so that a later rule of the same step sees what an earlier one
did (a sunk army, a stranded fleet, a raided Town)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from rules.core.dice import Roll
from rules.core.events import ArmyDestroyed, Event
from rules.core.state import Coord, Order, World
from rules.modules.losses import lose_points

OPTION = "the_sea"


def key(hex_: Coord) -> str:
    return f"{hex_[0]},{hex_[1]}"


def state_of(world: World) -> dict:
    """The module's state (JSON-able): ``checked`` Cities (NR-PIRATE-1), ``fleets`` by
    City ("merchant"), ``pirates`` by id ({"at", "home"}), ``next`` id, and ``held``
    fleets by army id ({"why", "hex", "origin", "since", "until"})."""
    state = dict(world.module_state.get(OPTION, {}))
    return {
        "checked": list(state.get("checked", [])),
        "fleets": dict(state.get("fleets", {})),
        "pirates": {k: dict(v) for k, v in state.get("pirates", {}).items()},
        "next": state.get("next", 1),
        "held": {k: dict(v) for k, v in state.get("held", {}).items()},
    }


def held_ids(state: dict, turn: int) -> frozenset[int]:
    """The armies whose fleet is held at sea on ``turn``."""
    return frozenset(
        int(army)
        for army, entry in state["held"].items()
        if entry.get("until") is None or entry["until"] >= turn
    )


@dataclass
class Tide:
    world: World
    orders: list[Order]
    state: dict
    events: list[Event] = field(default_factory=list)
    quiet: list[Roll] = field(default_factory=list)  # rolls that change nothing (GM's record)

    @property
    def rules(self):
        return self.world.ruleset

    def drop_order(self, army_id: int) -> None:
        self.orders = [o for o in self.orders if o.army_id != army_id]

    def weaken(self, army_id: int, lost: int, rule: str, rolls: tuple[Roll, ...] = ()) -> None:
        """AMB-02, E-14: points lost outside a battle, never below 0; at 0 the army is
        destroyed."""
        points = self.world.armies[army_id].points
        world, events = lose_points(self.world, army_id, min(lost, points), rule, rolls)
        self.events.append(events[0])
        if army_id in world.armies:
            self.world = world
        else:
            self.destroy(army_id, rule)  # its order and its fleet's hold go with it

    def destroy(self, army_id: int, rule: str) -> None:
        armies = {k: v for k, v in self.world.armies.items() if k != army_id}
        self.world = dataclasses.replace(self.world, armies=armies)
        self.drop_order(army_id)
        self.state["held"].pop(str(army_id), None)
        self.events.append(ArmyDestroyed(rule=rule, army_id=army_id))

    def hold(self, army_id: int, why: str, sea: Coord | None, origin: Coord | None, until) -> None:
        """The army's fleet stays at sea (or turns back): its order is not carried out and
        it does not rest, up to ``until`` (None: until a release roll frees it)."""
        self.drop_order(army_id)
        self.state["held"][str(army_id)] = {
            "why": why,
            "hex": list(sea) if sea else None,
            "origin": list(origin) if origin else None,
            "since": self.world.turn,
            "until": until,
        }

    def owner_of(self, army_id: int) -> int:
        return self.world.armies[army_id].kingdom_id
