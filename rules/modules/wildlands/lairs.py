"""The creature lair (new-rules.md §5, NR-LAIR-1–4, T-LAIR; AMB-28): a permanent site,
found on the Coast column only.

Found, d4 creatures live there (NR-LAIR-1). They attack every ship crossing the lair's
waters but pirates' (NR-LAIR-2). Warpost has no fleets (E-34): armies cross the sea only
by invading over one sea hex (A-1.1.2.2), so that crossing is the ship (E-32): an army
whose invasion crosses a sea hex next to the lair rolls T-LAIR once (AMB-28: once a fleet
a crossing, each army its own fleet), at the start of Provisional Results, before its
battle:

* 1–3: the fleet is destroyed, and the army aboard with it (AMB-05);
* 4–5: each army aboard loses d6 × 100 points;
* 6: the creatures are driven off and one is killed (NR-LAIR-3); at none the lair is gone
  and the hex barren again (NR-LAIR-4).
"""

from __future__ import annotations

from rules.core.dice import Dice
from rules.core.dicetable import d6
from rules.core.events import Event
from rules.core.hexgrid import distance, neighbours
from rules.core.state import Coord, Order, OrderKind, Terrain, World
from rules.modules import Module, Start, module_table, register
from rules.modules.wildlands.actors import WildsNews, at, destroyed, still_standing, weakened
from rules.modules.wildlands.sites import (
    OPTION,
    Examination,
    Site,
    handles,
    hex_key,
    records,
    with_records,
)

TABLE_KEY = "t-lair"
SUNK, LOSSES, KILLED = "fleet_lost", "ships_sunk", "creature_killed"
T_LAIR = d6(
    "T-LAIR: the creatures' attack",
    "NR-LAIR-2 T-LAIR",
    (1, 3, SUNK),
    (4, 5, LOSSES),
    (6, 6, KILLED),
)


@handles(Site.CREATURE_LAIR, permanent=True)
def discover(world: World, found: Examination, dice: Dice) -> tuple[World, list[Event]]:
    """NR-LAIR-1: d4 creatures."""
    roll = dice.roll(world.ruleset.lair_creatures_die, "NR-LAIR-1 creatures in the lair")
    lairs = records(world, Site.CREATURE_LAIR)
    lairs[hex_key(found.hex)] = {"creatures": roll.result, "found_by": found.kingdom_id}
    world, stored = with_records(world, Site.CREATURE_LAIR, lairs, "NR-LAIR-1")
    news = WildsNews(
        rule="NR-LAIR-1",
        rolls=(roll,),
        site=Site.CREATURE_LAIR.value,
        what="found",
        hex=found.hex,
        points=roll.result,
        kingdom_ids=(found.kingdom_id,),
        text=f"A sea cave at {at(found.hex)} shelters {roll.result} creatures of the deep.",
    )
    return world, [news, stored]


def crossed_sea(world: World, order: Order) -> list[Coord]:
    """The sea hexes an invasion crosses (A-1.1.2.2: one, between origin and target)."""
    from rules.turn.orders import invasion_origin  # rules.turn imports rules.modules

    army = world.armies[order.army_id]
    origin = order.origin or invasion_origin(world, army.kingdom_id, order.target)
    if origin is None or distance(origin, order.target) < 2:
        return []
    return [
        c
        for c in neighbours(origin)
        if c in world.hexes
        and world.hexes[c].terrain is Terrain.SEA
        and distance(c, order.target) == 1
    ]


def _lair_met(world: World, order: Order, lairs: dict[str, dict]) -> str | None:
    """The lair whose waters the invasion crosses, if any (first in key order)."""
    crossed = crossed_sea(world, order)
    return next(
        (
            key
            for key in sorted(lairs)
            if any(distance(tuple(map(int, key.split(","))), c) <= 1 for c in crossed)
        ),
        None,
    )


def phase_one(world: World, orders: list[Order], dice: Dice):
    """NR-LAIR-2, AMB-28: T-LAIR for each invasion crossing a lair's waters."""
    lairs = before = records(world, Site.CREATURE_LAIR)
    if not lairs:
        return world, orders, []
    events: list[Event] = []
    invading = sorted((o for o in orders if o.kind is OrderKind.INVADE), key=lambda o: o.army_id)
    for order in invading:
        key = _lair_met(world, order, lairs)
        if key is not None:
            world, lairs, met = _attack(world, order, key, lairs, dice)
            events += met
    if lairs != before:
        world, stored = with_records(world, Site.CREATURE_LAIR, lairs, "NR-LAIR-3 NR-LAIR-4")
        events.append(stored)
    return world, still_standing(world, orders), events


def _attack(world: World, order: Order, key: str, lairs: dict[str, dict], dice: Dice):
    """One fleet's T-LAIR: (world, the lairs after it, events)."""
    army = world.armies[order.army_id]
    lair_hex = tuple(int(n) for n in key.split(","))
    roll = dice.d6(f"T-LAIR army {army.id} crosses by the lair at {lair_hex}")
    result = module_table(world, TABLE_KEY).lookup(roll.result)
    events: list[Event] = []
    points = None
    if result == SUNK:
        world, events = destroyed(world, army.id, "T-LAIR AMB-05")
    elif result == LOSSES:
        loss = dice.d6("T-LAIR the army's losses")
        points = loss.result * world.ruleset.lair_loss_points
        world, events = weakened(world, army.id, points, "T-LAIR", (loss,))
    else:
        left = lairs[key]["creatures"] - 1
        lairs = {**lairs, key: {**lairs[key], "creatures": left}}
        if left <= 0:
            del lairs[key]  # NR-LAIR-4: the hex is barren again
    news = WildsNews(
        rule="NR-LAIR-2 T-LAIR AMB-28",
        rolls=(roll,),
        site=Site.CREATURE_LAIR.value,
        what=result if key in lairs else "lair_empty",
        hex=lair_hex,
        army_id=army.id,
        points=points,
        kingdom_ids=(army.kingdom_id,),
        text=_TEXT[result].format(hex=at(lair_hex), points=points),
    )
    return world, lairs, [news, *events]


_TEXT = {
    SUNK: "Creatures from the deep by {hex} sink the fleet with the army aboard.",
    LOSSES: "Creatures from the deep by {hex} sink many ships: {points} points lost.",
    KILLED: "The creatures by {hex} are driven off, and one of them is killed.",
}

MODULE = register(
    Module(
        option=OPTION,
        phase_one=phase_one,
        starts_at=Start.MOVEMENT,
        tables={TABLE_KEY: (T_LAIR, {SUNK: SUNK, LOSSES: LOSSES, KILLED: KILLED})},
    )
)
