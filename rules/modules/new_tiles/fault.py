"""The fault's two sides (new-rules.md §2, NR-FAULT-1, NR-FAULT-2, AMB-36; E-32).

A rift crosses each fault hex, three edges on each side: by default it runs west to
east, its north side the N, NE and NW edges (E-39's directions 1, 2 and 6), its south
side the others; ``fault_rift`` turns it a sixth of a turn at a time. An army enters a
fault hex on the side of the hex it came from, kept in the module's state when it wins
the hex (E-32: it then stands there), and may leave only on that side: its next
invasion, from the fault or from the own hex it marches to first (its origin, E-07),
takes the first step out of the fault through an edge of that side, or is called off.
An army standing on a fault it did not invade (raised there, or there before the
module) may leave by any edge.
"""

from __future__ import annotations

from rules.core.events import ArmyDestroyed, ArmyMoved, Event
from rules.core.hexgrid import DIRECTIONS, neighbours
from rules.core.state import Coord, Terrain, World
from rules.modules.new_tiles.state import state_of

NORTH, SOUTH = "north", "south"


def side_of(world: World, fault: Coord, toward: Coord) -> str | None:
    """The side of ``fault``'s rift whose edge the first step toward ``toward`` crosses:
    the edge to it, or across the sea, to the sea hex between (the lowest); None when
    ``toward`` is farther (a march through own land, whose way the rules do not draw)."""
    around = neighbours(fault)
    steps = [toward] if toward in around else sorted(set(around) & set(neighbours(toward)))
    if not steps:
        return None
    direction = around.index(steps[0])
    north = {(world.ruleset.fault_rift + i) % len(DIRECTIONS) for i in (-1, 0, 1)}
    return NORTH if direction in north else SOUTH


def entries(world: World, events: list[Event], state: dict) -> dict:
    """NR-FAULT-2 at the end of the turn: the armies that moved onto a fault (E-32: the
    winners of its invasion) enter on the side they came from; those that moved off one,
    or were destroyed, leave the record."""
    entered = {e["army_id"]: e for e in state.get("entered", [])}
    for e in events:
        if isinstance(e, ArmyDestroyed):
            entered.pop(e.army_id, None)
        elif isinstance(e, ArmyMoved) and e.army_id in world.armies:
            came_from = world.armies[e.army_id].position
            side = None
            if world.hexes[e.hex].terrain is Terrain.FAULT and came_from not in (None, e.hex):
                side = side_of(world, e.hex, came_from)
            if side is None:
                entered.pop(e.army_id, None)
            else:
                entered[e.army_id] = {"army_id": e.army_id, "hex": list(e.hex), "side": side}
    if not entered and "entered" not in state:
        return state
    return {**state, "entered": [entered[a] for a in sorted(entered)]}


def leaves_wrong_side(world: World, army_id: int, origin: Coord, target: Coord) -> bool:
    """NR-FAULT-1, NR-FAULT-2: the army stands on the fault it entered, and its way out
    (to its origin, or from the fault to the target) crosses the rift."""
    entry = next((e for e in state_of(world).get("entered", []) if e["army_id"] == army_id), None)
    fault = world.armies[army_id].position
    if entry is None or fault != tuple(entry["hex"]):
        return False
    side = side_of(world, fault, target if origin == fault else origin)
    return side is not None and side != entry["side"]
