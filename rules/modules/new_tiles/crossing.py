"""What an invasion meets on its way (new-rules.md §2–3; E-32: the supplement's "entering"
and "crossing" fire on the Invade step, from its origin to its target), at step 3e:

* NR-ISLAND-4: a coastal island is reached and left only across the sea (the one-hex
  crossing, E-34); NR-RCOAST-2: a rocky coast never from or across it. An order that
  names no origin takes the lowest own hex from which it may go (E-07); with none, or
  with an origin it may not go from, the invasion is called off.
* NR-PROM-1, NR-SAND-2, NR-NAV-1: an invasion across the sea whose landing or embarking
  is on a rocky promontory, or whose every sea hex between origin and target is
  sandbanks, rolls T-NAVHAZ (docs/design/supplement.md, "New tiles").
* NR-FAULT-1, NR-FAULT-2: an army standing on a fault it entered leaves it only on the
  side it entered (rules.modules.new_tiles.fault).
* NR-CHASM-2, AMB-34: an invasion of a chasm without a bridge rolls for an accident.

An army a hazard or an accident destroys, wrecks or runs aground invades no more; one
that only loses points invades with what it has left.
"""

from __future__ import annotations

import msgspec

from rules.core.dice import Dice
from rules.core.events import Event, ModuleStateChanged
from rules.core.hexgrid import distance, neighbours
from rules.core.state import ArmyState, Coord, Order, OrderKind, Terrain, World
from rules.modules import module_table
from rules.modules.losses import losses
from rules.modules.new_tiles.events import Barred, ChasmCrossed, Hazard, HazardMet, InvasionBarred
from rules.modules.new_tiles.fault import leaves_wrong_side
from rules.modules.new_tiles.state import OPTION, aground, state_of, with_aground
from rules.modules.works.bridges import has_bridge  # found with a City or built (NR-BRIDGE-2)
from rules.turn.orders import origin_candidates

NAVHAZ = "t-navhaz"


def invasions(world: World, orders: list[Order], patrols: list, dice: Dice):
    """Step 3e, E-32: every invasion's way, in army order (see the module's docstring)."""
    state = before = state_of(world)
    kept: list[Order] = []
    events: list[Event] = []
    for order in sorted(orders, key=lambda o: o.army_id):
        if order.kind is not OrderKind.INVADE:
            kept.append(order)
            continue
        army = world.armies[order.army_id]
        origin, why = _way(world, army, order)
        if origin is not None and leaves_wrong_side(world, army.id, origin, order.target):
            why = Barred.FAULT
        if why is not None:
            events.append(_barred(army, order, why))
            continue
        if origin is None:  # no origin at all: rules.turn.orders refused it already
            kept.append(order)
            continue
        goes, state, more = _on_the_way(world, army, order, origin, state, dice)
        events += more
        if goes:
            kept.append(msgspec.structs.replace(order, origin=origin))
    if state != before:
        events.append(ModuleStateChanged(rule="NR-NAV-1", module=OPTION, state=state))
    return kept, patrols, events


def _on_the_way(
    world: World, army: ArmyState, order: Order, origin: Coord, state: dict, dice: Dice
) -> tuple[bool, dict, list[Event]]:
    """The hazards, then the chasm: whether the army still invades, the module's state,
    the events."""
    events: list[Event] = []
    points = army.points
    if hazard_hex(world, origin, order.target) is not None:
        goes, points, state, met = _hazard(world, army, order, origin, points, state, dice)
        events += met
        if not goes:
            return False, state, events
    if world.hexes[order.target].terrain is Terrain.CHASM and not _bridged(world, order.target):
        goes, crossed = _chasm(world, army, order, points, dice)
        return goes, state, events + crossed
    return True, state, events


def _way(world: World, army: ArmyState, order: Order) -> tuple[Coord | None, Barred | None]:
    """The origin the invasion goes from (E-07), or why it may not go as ordered."""
    if order.origin is not None:
        return order.origin, barred(world, order.origin, order.target)
    candidates = sorted(origin_candidates(world, army.kingdom_id, OrderKind.INVADE, order.target))
    allowed = [c for c in candidates if barred(world, c, order.target) is None]
    if candidates and not allowed:
        return None, barred(world, candidates[0], order.target)
    return (allowed[0] if allowed else None), None


def barred(world: World, origin: Coord, target: Coord) -> Barred | None:
    """NR-ISLAND-4, NR-RCOAST-2, E-34: why an invasion may not go from ``origin`` to
    ``target``, or None."""
    by_sea = distance(origin, target) > 1
    ends = {world.hexes[origin].terrain, world.hexes[target].terrain}
    if Terrain.COASTAL_ISLAND in ends and not by_sea:
        return Barred.ISLAND
    if Terrain.ROCKY_COAST in ends and by_sea:
        return Barred.ROCKY_COAST
    return None


_BARRED = {
    Barred.ISLAND: ("NR-ISLAND-4 E-34", "an island is reached and left only across the sea"),
    Barred.ROCKY_COAST: ("NR-RCOAST-2 AMB-04 E-34", "no army lands on or sails from a rocky coast"),
    Barred.FAULT: (
        "NR-FAULT-1 NR-FAULT-2 AMB-36",
        "no army crosses the rift of the fault it stands on",
    ),
}


def _barred(army: ArmyState, order: Order, why: Barred) -> InvasionBarred:
    rule, reason = _BARRED[why]
    x, y = order.target
    return InvasionBarred(
        rule=rule,
        army_id=army.id,
        hex=order.target,
        why=why,
        kingdom_ids=(army.kingdom_id,),
        text=f"{army.name}'s invasion of ({x}, {y}) is called off: {reason}.",
    )


def hazard_hex(world: World, origin: Coord, target: Coord) -> Coord | None:
    """NR-PROM-1, NR-SAND-2 (docs/design/supplement.md): the hazard an invasion across the
    sea from ``origin`` to ``target`` passes: a rocky promontory it lands on or sails
    from, else sandbanks when every sea hex joining the two is sandbanks; None."""
    if distance(origin, target) <= 1:
        return None
    for end in (target, origin):
        if world.hexes[end].terrain is Terrain.ROCKY_PROMONTORY:
            return end
    seas = sorted(
        c
        for c in set(neighbours(origin)) & set(neighbours(target))
        if c in world.hexes and world.hexes[c].terrain.is_sea
    )
    if seas and all(world.hexes[c].terrain is Terrain.SANDBANKS for c in seas):
        return seas[0]
    return None


def _hazard(
    world: World, army: ArmyState, order: Order, origin: Coord, points: int, state: dict, dice
) -> tuple[bool, int, dict, list[Event]]:
    """NR-NAV-1, T-NAVHAZ: one roll for the army's fleet (AMB-05: it carries this army)."""
    where = hazard_hex(world, origin, order.target)
    roll = dice.d6(f"T-NAVHAZ navigation hazard at {where}, army {army.id}")
    result = Hazard(module_table(world, NAVHAZ).lookup(roll.result))
    rule = "NR-PROM-1" if world.hexes[where].terrain is Terrain.ROCKY_PROMONTORY else "NR-SAND-2"
    rolls = [roll]
    lost = 0
    if result in (Hazard.AGROUND, Hazard.OVERBOARD):
        loss = dice.d6(f"T-NAVHAZ {result.value}: points lost, army {army.id}")
        rolls.append(loss)
        lost = min(points, loss.result * world.ruleset.hazard_loss)
    if result is Hazard.WRECKED:
        lost = points
    met = HazardMet(
        rule=f"{rule} NR-NAV-1 T-NAVHAZ",
        rolls=tuple(rolls),
        army_id=army.id,
        hex=where,
        result=result,
        points_lost=lost,
        kingdom_ids=(army.kingdom_id,),
        text=f"{army.name}'s fleet meets a hazard at ({where[0]}, {where[1]}): {result.value}.",
    )
    events: list[Event] = [met, *_losses(army, points, lost, f"{rule} T-NAVHAZ E-14")]
    if result is Hazard.AGROUND and lost < points:
        state = with_aground(state, {*aground(state), army.id})
    goes = result not in (Hazard.WRECKED, Hazard.AGROUND) and lost < points
    return goes, points - lost, state, events


def _bridged(world: World, hex_: Coord) -> bool:
    """AMB-34: a bridge, found with a City (NR-CHASM-4), spares the crossing roll."""
    return bool(world.ruleset.chasm_bridge_spares_roll) and has_bridge(world, hex_)


def _chasm(
    world: World, army: ArmyState, order: Order, points: int, dice: Dice
) -> tuple[bool, list[Event]]:
    """NR-CHASM-2, BASE-06, AMB-34: Warpost has no route table; its reading is a d6, an
    accident on ``chasm_accident_on`` or less costing a d6 × ``chasm_accident_loss``."""
    rules = world.ruleset
    x, y = order.target
    roll = dice.d6(f"NR-CHASM-2 crossing the chasm at {order.target}, army {army.id}")
    rolls = [roll]
    lost = 0
    if roll.result <= rules.chasm_accident_on:
        loss = dice.d6(f"NR-CHASM-2 accident: points lost, army {army.id}")
        rolls.append(loss)
        lost = min(points, loss.result * rules.chasm_accident_loss)
    crossed = ChasmCrossed(
        rule="NR-CHASM-2 AMB-34 E-32",
        rolls=tuple(rolls),
        army_id=army.id,
        hex=order.target,
        accident=len(rolls) > 1,
        points_lost=lost,
        kingdom_ids=(army.kingdom_id,),
        text=f"{army.name} crosses the chasm at ({x}, {y})"
        + (f" and loses {lost} points in an accident." if len(rolls) > 1 else " safely."),
    )
    return lost < points, [crossed, *_losses(army, points, lost, "NR-CHASM-2 E-14")]


def _losses(army: ArmyState, points: int, lost: int, rule: str) -> list[Event]:
    """NR-GEN-6, AMB-02, E-14: points lost outside a battle; at 0 the army is destroyed."""
    if not lost:
        return []
    return losses(army.id, points, lost, rule)
