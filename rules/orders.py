"""Order validation (Table 5, A-1.0.4, A-1.1.2, A-1.3.2, E-07, E-14, E-16).

``why_illegal`` answers in plain English, naming the hex or army and the rule, so the
order form can show the reason next to the field. Orphan flags are those computed at
the end of the previous turn (Q14, A-1.3.3).
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.hexgrid import adjacent, terrain_map
from rules.state import Coord, Order, OrderKind, Terrain, World


def own_hexes(world: World, kingdom_id: int, *, orphans: bool = True) -> set[Coord]:
    """The kingdom's hexes; with ``orphans=False`` only those that may give orders."""
    return {
        coord
        for coord, h in world.hexes.items()
        if h.owner == kingdom_id and (orphans or not h.orphan)
    }


def invasion_origin(world: World, kingdom_id: int, target: Coord) -> Coord | None:
    """E-07: the lowest own non-orphan hex adjacent (E-16) to ``target``, or None."""
    candidates = adjacent(target, terrain_map(world.hexes)) & own_hexes(
        world, kingdom_id, orphans=False
    )
    return min(candidates, default=None)


def why_illegal(
    world: World, kingdom_id: int, order: Order, orders: Iterable[Order] = ()
) -> str | None:
    """Table 5: the reason ``order`` may not be given by ``kingdom_id``, or None.

    ``orders`` are the kingdom's other orders this turn (for one patrol per base hex).
    """
    army = world.armies.get(order.army_id)
    if army is None:
        return f"army {order.army_id} does not exist"
    if army.kingdom_id != kingdom_id:
        return f"army {order.army_id} is not yours"
    if order.kind is OrderKind.REST:
        return None
    smallest = world.ruleset.minimum_army_points  # E-14: below it an army may only Rest
    if army.points < smallest:
        return (
            f"army {army.id} has {army.points:,} points: an army below "
            f"{smallest:,} points may only Rest (E-14)"
        )
    if order.kind is OrderKind.INVADE:
        return _invade_problem(world, kingdom_id, order)
    return _patrol_problem(world, kingdom_id, order, orders)


def _hex_problem(world: World, coord: Coord | None, kind: OrderKind) -> str | None:
    """What every Invade target and Patrol base needs: a land hex on the map."""
    if coord is None:
        return f"a {kind.value.capitalize()} order needs a hex"
    if coord not in world.hexes:
        return f"{coord} is not on the map"
    if world.hexes[coord].terrain is Terrain.SEA:
        if kind is OrderKind.INVADE:
            return f"{coord} is a sea hex: sea hexes cannot be invaded (A-1.1.2.1)"
        return f"{coord} is a sea hex: a patrol base must be a land hex (Table 5)"
    return None


def _invade_problem(world: World, kingdom_id: int, order: Order) -> str | None:
    """Table 5 Invade, A-1.0.4, A-1.1.2.1–3, A-1.3.2, E-07, E-16."""
    target = order.target
    problem = _hex_problem(world, target, order.kind)
    if problem:
        return problem
    if world.hexes[target].owner == kingdom_id:
        return f"{target} is already your hex"
    if invasion_origin(world, kingdom_id, target) is None:
        return f"{target} is not adjacent to any of your non-orphan hexes (A-1.0.4, A-1.3.2)"
    if order.origin is None:
        return None
    origin = world.hexes.get(order.origin)
    if origin is None or origin.owner != kingdom_id:
        return f"{order.origin} is not your hex: an invasion starts from one (E-07)"
    if origin.orphan:
        return f"{order.origin} is an orphan hex: no invasion may start from it (A-1.3.2)"
    if order.origin not in adjacent(target, terrain_map(world.hexes)):
        return f"{order.origin} is not adjacent to {target} (E-07, E-16)"
    return None


def _patrol_problem(
    world: World, kingdom_id: int, order: Order, orders: Iterable[Order]
) -> str | None:
    """Table 5 Patrol, A-1.3.2: an own non-orphan land base, one patrol per base."""
    base = order.target
    problem = _hex_problem(world, base, order.kind)
    if problem:
        return problem
    if world.hexes[base].owner != kingdom_id:
        return f"{base} is not your hex: a patrol base must be one (Table 5)"
    if world.hexes[base].orphan:
        return f"{base} is an orphan hex: it cannot be a patrol base (A-1.3.2)"
    for other in orders:
        other_army = world.armies.get(other.army_id)
        if (
            other.kind is OrderKind.PATROL
            and other.target == base
            and other.army_id != order.army_id
            and other_army is not None
            and other_army.kingdom_id == kingdom_id
        ):
            return f"{base} already has a patrol (army {other.army_id}): one per base hex (Table 5)"
    return None
