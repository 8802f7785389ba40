"""Order validation, origins and patrols (Table 5, A-1.0.4, A-1.1.2, A-1.3.2, E-07, E-14,
E-16).

``why_illegal`` answers with a ``Problem``: the rule, the field at fault and the reason in
plain English, naming the hex or army, so the order form can show it next to the field.
Orphan flags are those computed at the end of the previous turn (Q14, A-1.3.3).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from rules.core.hexgrid import adjacent, distance, neighbours, terrain_map, within
from rules.core.problems import Phrase, Problem, translatable
from rules.core.state import ArmyState, Coord, Order, OrderKind, Ruleset, World
from rules.kingdoms.agreements import invasion_refusal, patrol_protects
from rules.kingdoms.neutrals import protector_of
from rules.sieges.state import order_problem as siege_order_problem
from rules.turn.minor_features import patrol_radius


def judged_radius(ruleset: Ruleset) -> int:
    """How far from an order's target ``why_illegal`` looks at the map, the kingdom's own
    hexes aside: an Invade's adjacency across one sea hex (2, E-16), a Scout's reach
    (Table 5), a Patrol's radius from an Old road (Table 17) and the land hexes across its
    sea hexes (one more, A-1.1.2.4). A world holding every hex within it of the target and
    the origin, and the kingdom's own hexes, judges the order as the whole map would."""
    patrol = max(ruleset.patrol_radius, ruleset.old_road_patrol_radius) + 1
    return max(2, ruleset.scout_reach, patrol)


def own_hexes(world: World, kingdom_id: int, *, orphans: bool = True) -> set[Coord]:
    """The kingdom's hexes; with ``orphans=False`` only those that may give orders."""
    return {
        coord
        for coord, h in world.hexes.items()
        if h.owner == kingdom_id and (orphans or not h.orphan)
    }


def origin_candidates(
    world: World, kingdom_id: int, kind: OrderKind, target: Coord
) -> dict[Coord, int]:
    """E-07: the own non-orphan hexes an order may leave from, each with its distance to
    ``target`` in the order's own relation (E-16): an Invade's origin is adjacent (one
    step, the sea crossing included); a Scout's lies within 2 in plain grid distance."""
    own = own_hexes(world, kingdom_id, orphans=False)
    if kind is OrderKind.SCOUT:
        steps = {cell: distance(cell, target) for cell in own}
        return {cell: d for cell, d in steps.items() if d <= world.ruleset.scout_reach}
    return dict.fromkeys(adjacent(target, terrain_map(world.hexes)) & own, 1)


def order_origin(world: World, kingdom_id: int, kind: OrderKind, target: Coord) -> Coord | None:
    """E-07: the default origin of an Invade or Scout order: the nearest candidate, ties
    to the lowest coordinate; None if the kingdom has none."""
    candidates = origin_candidates(world, kingdom_id, kind, target)
    return min(candidates, key=lambda cell: (candidates[cell], cell), default=None)


def invasion_origin(world: World, kingdom_id: int, target: Coord) -> Coord | None:
    """E-07: the lowest own non-orphan hex adjacent (E-16) to ``target``, or None."""
    return order_origin(world, kingdom_id, OrderKind.INVADE, target)


@dataclass(frozen=True)
class Patrol:
    """A patrolling army, its base and the land hexes it covers (``patrol_area``)."""

    army: ArmyState
    base: Coord
    area: frozenset[Coord]


def patrol_bases(world: World, orders: Iterable[Order]) -> list[Patrol]:
    """Every patrolling army with its base hex and its area (Table 5, A-1.1.2.4)."""
    return [
        Patrol(world.armies[o.army_id], o.target, patrol_area(world, o.target, o.sea_cover))
        for o in orders
        if o.kind is OrderKind.PATROL
    ]


def _in_radius(world: World, base: Coord) -> set[Coord]:
    """Q13, E-16: the map's hexes within the patrol radius, in plain grid distance; 2
    from an Old road (Table 17, rules.turn.minor_features)."""
    return {cell for cell in within(base, patrol_radius(world, base)) if cell in world.hexes}


def sea_swap(world: World, base: Coord) -> tuple[int, list[Coord]]:
    """A-1.1.2.4, Q13, E-16: how many sea hexes a patrol based on ``base`` takes in (k),
    and the candidates it may swap them for: the land hexes next to those sea hexes that
    are not already in its radius, whoever owns them, sorted."""
    radius = _in_radius(world, base)
    seas = [cell for cell in radius if world.hexes[cell].terrain.is_sea]
    candidates = {
        coast
        for sea in seas
        for coast in neighbours(sea)
        if coast in world.hexes and coast not in radius and not world.hexes[coast].terrain.is_sea
    }
    return len(seas), sorted(candidates)


def patrol_area(world: World, base: Coord, sea_cover: Iterable[Coord] = ()) -> frozenset[Coord]:
    """Table 5, A-1.1.2.4, Q13, E-16: the land hexes a patrol based on ``base`` covers.

    Every land hex within the radius (grid distance, sea hexes counted as cells), then
    the sea swap: k sea hexes in the radius count as k land hexes across them, all the
    candidates when there are no more than k, otherwise the k the order names
    (``sea_cover``, checked by ``why_illegal``). The area ignores owners: a patrol
    defends only its own kingdom's hexes (``covering_patrol``), so a swapped-in hex the
    player does not own is ignored (E-16) and its place is not given to another.
    """
    radius = _in_radius(world, base)
    land = {cell for cell in radius if not world.hexes[cell].terrain.is_sea}
    k, candidates = sea_swap(world, base)
    swapped = candidates if len(candidates) <= k else set(sea_cover) & set(candidates)
    return frozenset(land | set(swapped))


def covering_patrol(
    world: World,
    coord: Coord,
    patrols: Iterable[Patrol],
    *,
    used_up: Iterable[int] = (),
    points: Mapping[int, int] | None = None,
) -> ArmyState | None:
    """Table 5, Q13, E-15, E-16, A-1.1.2.4: the hex owner's patrol whose area holds the
    hex, the unused one (not in ``used_up``, P-C4) with the most points, ties to the
    lowest army id; None if none covers it. ``points`` are the armies' current points
    when earlier battles of the turn changed them. A Scout covers nothing: only Patrol
    orders are in ``patrols``. With the ``allied_patrols`` option an ally's patrol
    covers the hex too, after all of the owner's own (Q13, rules.kingdoms.agreements)."""
    found = covering_patrols(world, coord, patrols, used_up=used_up, points=points)
    return found[0] if found else None


def covering_patrols(
    world: World,
    coord: Coord,
    patrols: Iterable[Patrol],
    *,
    used_up: Iterable[int] = (),
    points: Mapping[int, int] | None = None,
) -> list[ArmyState]:
    """Table 5, Q13, E-15: every unused patrol that covers the hex, best first, as
    ``covering_patrol`` ranks them: the owner's own before his allies', then the most
    points, then the lowest army id. The first is the default defender; E-15 lets the
    owner name another of his at Phase 4."""
    owner = world.hexes[coord].owner
    spent = set(used_up)
    covering = [
        p.army
        for p in patrols
        if owner is not None
        and patrol_protects(world, p.army.kingdom_id, owner)  # Q13: allies, as an option
        and coord in p.area
        and p.army.id not in spent
    ]
    current = points or {}
    return sorted(
        covering, key=lambda a: (a.kingdom_id != owner, -current.get(a.id, a.points), a.id)
    )


def why_illegal(
    world: World, kingdom_id: int, order: Order, orders: Iterable[Order] = ()
) -> Problem | None:
    """Table 5: the reason ``order`` may not be given by ``kingdom_id``, or None.

    ``orders`` are the kingdom's other orders this turn (for one patrol per base hex).
    """
    army = world.armies.get(order.army_id)
    if army is None:
        return Problem("Table 5", "army", "army {army} does not exist", army=order.army_id)
    if army.kingdom_id != kingdom_id:
        return Problem("Table 5", "army", "army {army} is not yours", army=order.army_id)
    siege = siege_order_problem(world, order)  # E-37: armies in a siege, a besieged hex
    if siege is not None:
        return siege
    from rules import modules  # here: the modules import this module in turn

    held = modules.held(world).get(order.army_id)  # a fleet stranded at sea (NR-SEA)
    if held is not None:
        return held
    if order.sea_cover and order.kind is not OrderKind.PATROL:
        return Problem(
            "A-1.1.2.4",
            "sea_cover",
            "only a Patrol order names land hexes across the sea",
        )
    if order.kind is OrderKind.REST:
        return None
    smallest = world.ruleset.minimum_army_points  # E-14: below it an army may only Rest
    if army.points < smallest and not _convoy(world, army.id):
        return Problem(
            "E-14",
            "kind",
            "army {army} has {points:,} points: an army below {smallest:,} points may only Rest",
            army=army.id,
            points=army.points,
            smallest=smallest,
        )
    if order.kind is OrderKind.INVADE:
        return _invade_problem(world, kingdom_id, order)
    if order.kind is OrderKind.SCOUT:
        return _scout_problem(world, kingdom_id, order)
    if order.kind is OrderKind.EXAMINE:
        return _examine_problem(world, kingdom_id, order)
    return _patrol_problem(world, kingdom_id, order, orders)


def _convoy(world: World, army_id: int) -> bool:
    """NR-SIEGE-11: a siege-engine convoy moves below E-14's floor."""
    # A late import: rules.modules imports this module (as for _examine_problem).
    from rules.modules.siege_trains.convoy import is_convoy

    return is_convoy(world, army_id)


def _examine_problem(world: World, kingdom_id: int, order: Order) -> Problem | None:
    """NR-WILD-2, E-32: the wildlands module's order (rules.modules.wildlands.examine)."""
    # A late import: rules.modules imports this module (the Beast meets the patrols).
    from rules.modules.wildlands.examine import examine_problem

    return examine_problem(world, kingdom_id, order)


_ORIGIN_FIELD = "target"
"""The order form has no origin field (E-07 chooses the origin from the target), so a
problem with an origin named through the API is shown by the field the form has: the
target."""


def _hex_problem(world: World, coord: Coord | None, kind: OrderKind) -> Problem | None:
    """What every Invade or Scout target and Patrol base needs: a land hex on the map."""
    if coord is None:
        return Problem(
            "Table 5", "target", "a {kind} order needs a hex", kind=kind.value.capitalize()
        )
    if coord not in world.hexes:
        return Problem("Table 5", "target", "{coord} is not on the map", coord=coord)
    if world.hexes[coord].terrain.is_sea:
        if kind is OrderKind.INVADE:
            return Problem(
                "A-1.1.2.1",
                "target",
                "{coord} is a sea hex: sea hexes cannot be invaded",
                coord=coord,
            )
        if kind is OrderKind.SCOUT:
            return Problem(
                "Table 5 Table 7",
                "target",
                "{coord} is a sea hex: it holds nothing to scout",
                coord=coord,
            )
        return Problem(
            "Table 5",
            "target",
            "{coord} is a sea hex: a patrol base must be a land hex",
            coord=coord,
        )
    return None


def _invade_problem(world: World, kingdom_id: int, order: Order) -> Problem | None:
    """Table 5 Invade, A-1.0.4, A-1.1.2.1–3, A-1.3.2, E-07, E-16; never a hex of the
    neutral kingdom one protects (E-18)."""
    target = order.target
    problem = _hex_problem(world, target, order.kind)
    if problem:
        return problem
    if world.hexes[target].owner == kingdom_id:
        return Problem("Table 5", "target", "{target} is already your hex", target=target)
    if protector_of(world, target) == kingdom_id:
        return Problem(
            "E-18",
            "target",
            "{target} belongs to a neutral kingdom under your protection (Quick "
            "Friendship): you may not invade it",
            target=target,
        )
    problem = invasion_refusal(world, kingdom_id, target)  # Q20, E-19: vassalage
    if problem:
        return problem
    if invasion_origin(world, kingdom_id, target) is None:
        return Problem(
            "A-1.0.4 A-1.3.2",
            "target",
            "{target} is not adjacent to any of your non-orphan hexes",
            target=target,
        )
    if order.origin is None:
        return None
    problem = _origin_problem(
        world,
        kingdom_id,
        order.origin,
        Phrase("an invasion starts"),
        Phrase("no invasion may start"),
    )
    if problem:
        return problem
    if order.origin not in adjacent(target, terrain_map(world.hexes)):
        return Problem(
            "E-07 E-16",
            _ORIGIN_FIELD,
            "{origin} is not adjacent to {target}",
            origin=order.origin,
            target=target,
        )
    return None


def _origin_problem(
    world: World, kingdom_id: int, origin: Coord, leaves: Phrase, none_may: Phrase
) -> Problem | None:
    """E-07, A-1.3.2: an order names as its origin an own hex that is not an orphan."""
    hex_ = world.hexes.get(origin)
    if hex_ is None or hex_.owner != kingdom_id:
        return Problem(
            "E-07",
            _ORIGIN_FIELD,
            "{origin} is not your hex: {leaves} from one",
            origin=origin,
            leaves=leaves,
        )
    if hex_.orphan:
        return Problem(
            "A-1.3.2 E-07",
            _ORIGIN_FIELD,
            "{origin} is an orphan hex: {none_may} from it",
            origin=origin,
            none_may=none_may,
        )
    return None


def _scout_problem(world: World, kingdom_id: int, order: Order) -> Problem | None:
    """Table 5 Scout, A-1.3.2, E-07, E-16: a hex within 2 (grid distance) of an own
    non-orphan hex; a named origin is such a hex, within 2 of the target."""
    target = order.target
    problem = _hex_problem(world, target, order.kind)
    if problem:
        return problem
    if world.hexes[target].owner == kingdom_id:
        return Problem(
            "Table 5",
            "target",
            "{target} is your own hex: there is nothing in it to scout",
            target=target,
        )
    reach = world.ruleset.scout_reach  # Table 5: 2, in plain grid distance (E-16)
    if not origin_candidates(world, kingdom_id, order.kind, target):
        return Problem(
            "Table 5 E-16",
            "target",
            "{target} is more than {reach} hexes from your non-orphan hexes: Scout reaches {reach}",
            target=target,
            reach=reach,
        )
    if order.origin is None:
        return None
    problem = _origin_problem(
        world, kingdom_id, order.origin, Phrase("scouts set out"), Phrase("no scouts may set out")
    )
    if problem:
        return problem
    steps = distance(order.origin, target)
    if steps > reach:
        return Problem(
            "E-07 E-16",
            _ORIGIN_FIELD,
            "{origin} is {steps} hexes from {target}: scouts set out from a hex "
            "within {reach} of their target",
            origin=order.origin,
            steps=steps,
            target=target,
            reach=reach,
        )
    return None


def _patrol_problem(
    world: World, kingdom_id: int, order: Order, orders: Iterable[Order]
) -> Problem | None:
    """Table 5 Patrol, A-1.3.2: an own non-orphan land base, one patrol per base."""
    base = order.target
    problem = _hex_problem(world, base, order.kind)
    if problem:
        return problem
    if world.hexes[base].owner != kingdom_id:
        return Problem(
            "Table 5",
            "target",
            "{base} is not your hex: a patrol base must be one",
            base=base,
        )
    if world.hexes[base].orphan:
        return Problem(
            "A-1.3.2",
            "target",
            "{base} is an orphan hex: it cannot be a patrol base",
            base=base,
        )
    for other in orders:
        other_army = world.armies.get(other.army_id)
        if (
            other.kind is OrderKind.PATROL
            and other.target == base
            and other.army_id != order.army_id
            and other_army is not None
            and other_army.kingdom_id == kingdom_id
        ):
            return Problem(
                "Table 5",
                "target",
                "{base} already has a patrol (army {other_army}): one per base hex",
                base=base,
                other_army=other.army_id,
            )
    return _sea_cover_problem(world, order)


def _sea_cover_problem(world: World, order: Order) -> Problem | None:
    """A-1.1.2.4, Q13: a patrol whose radius takes in k sea hexes names k of the land
    hexes across them when there are more than k candidates. With no choice to make it
    covers them all, and naming some of them changes nothing."""
    k, candidates = sea_swap(world, order.target)
    listed = ", ".join(str(cell) for cell in candidates)
    named = [tuple(cell) for cell in order.sea_cover]
    for cell in named:
        if named.count(cell) > 1:
            return _sea_cover(
                translatable("{cell} is named twice: name each land hex across the sea once"),
                cell=cell,
            )
        if cell not in candidates:
            if not candidates:
                return _sea_cover(
                    translatable(
                        "{cell} is not across the sea from this patrol: it has no land hexes "
                        "across the sea to name"
                    ),
                    cell=cell,
                )
            if len(candidates) <= k:
                return _sea_cover(
                    translatable(
                        "{cell} is not a land hex across this patrol's sea hexes: it covers "
                        "all of those, {listed}, and need name none"
                    ),
                    cell=cell,
                    listed=listed,
                )
            return _sea_cover(
                translatable(
                    "{cell} is not a land hex across this patrol's sea hexes: choose among {listed}"
                ),
                cell=cell,
                listed=listed,
            )
    if len(candidates) > k and len(named) != k:
        return _sea_cover(
            translatable("this patrol covers {k} sea hex: name {k} of the land hexes {listed}")
            if k == 1
            else translatable(
                "this patrol covers {k} sea hexes: name {k} of the land hexes {listed}"
            ),
            k=k,
            listed=listed,
        )
    return None


def _sea_cover(template: str, **params: object) -> Problem:
    """A-1.1.2.4: a problem with the land hexes the patrol names."""
    return Problem("A-1.1.2.4", "sea_cover", template, **params)


AIMED_KINDS = (OrderKind.INVADE, OrderKind.SCOUT, OrderKind.PATROL, OrderKind.EXAMINE)
"""The orders that name a hex (Table 5, NR-WILD-2); a Rest names none."""


def target_candidates(world: World, kingdom_id: int) -> dict[OrderKind, set[Coord]]:
    """Table 5, E-16: the hexes each order could aim at, before the rules judge them:
    an Invade's are adjacent to the kingdom's non-orphan hexes (sea crossings included),
    a Scout's within its reach of them, a Patrol's bases its own hexes, and so an
    Examine's (the army's own, NR-WILD-2). The kingdom's neighbourhood, whatever the size
    of the map."""
    own = own_hexes(world, kingdom_id, orphans=False)
    terrain = terrain_map(world.hexes)
    reach = world.ruleset.scout_reach
    return {
        OrderKind.INVADE: {cell for home in own for cell in adjacent(home, terrain)} - own,
        OrderKind.SCOUT: {
            cell for home in own for cell in within(home, reach) if cell in world.hexes
        }
        - own,
        OrderKind.PATROL: own,
        OrderKind.EXAMINE: own,
    }


def default_sea_cover(world: World, base: Coord) -> tuple[Coord, ...]:
    """A-1.1.2.4: the land hexes across the sea a patrol on ``base`` names when it must
    choose and the player has not: the first k of the candidates. () when it need not."""
    if base not in world.hexes or world.hexes[base].terrain.is_sea:
        return ()
    k, candidates = sea_swap(world, base)
    return tuple(candidates[:k]) if len(candidates) > k else ()


def aimed_order(world: World, army_id: int, kind: OrderKind, target: Coord) -> Order:
    """The order ``kind`` of the army at ``target``, a Patrol covering the default land
    hexes across the sea (A-1.1.2.4): what the map offers before the player chooses."""
    cover = default_sea_cover(world, target) if kind is OrderKind.PATROL else ()
    return Order(army_id=army_id, kind=kind, target=target, sea_cover=cover)


def legal_targets(
    world: World, kingdom_id: int, army_id: int, orders: Iterable[Order] = ()
) -> dict[OrderKind, list[Coord]]:
    """Table 5: for each order that names a hex, the hexes the army may aim it at this
    turn, sorted, as ``why_illegal`` judges them (``orders``: the kingdom's others)."""
    others = list(orders)
    return {
        kind: sorted(
            cell
            for cell in cells
            if why_illegal(world, kingdom_id, aimed_order(world, army_id, kind, cell), others)
            is None
        )
        for kind, cells in target_candidates(world, kingdom_id).items()
    }
