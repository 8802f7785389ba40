"""A lost capital (§3 step 6e, A-3.2): a new one among the kingdom's cities (or, with the
new_tiles module on, its plateaus: NR-PLATEAU-2), or the end of the kingdom (E-27); and
the victory of the last kingdom standing (A-3.1).

The player chooses the new capital in advance (E-23): each kingdom keeps an ordered
fallback-capital list of its cities (``KingdomState.fallback_capitals``), which stands
until he changes it (``fallback_list_problem`` judges a new list).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

import msgspec

from rules.core.dice import Dice
from rules.core.events import (
    ArmyDestroyed,
    CapitalMoved,
    DefenderAppeared,
    Event,
    KingdomEliminated,
)
from rules.core.hexgrid import connected_to_capital, terrain_map
from rules.core.problems import Problem
from rules.core.ruleset import defender_table
from rules.core.state import Coord, Feature, Terrain, World
from rules.kingdoms.agreements import is_vassal, rivals, vassalage_instead, vassals_by_overlord


def resolve_lost_capitals(world: World, dice: Dice) -> tuple[World, list[Event]]:
    """Step 6e for every kingdom whose capital is no longer its own, in id order.

    ``world`` already has this turn's conquests on the map; the world returned has the
    new capitals and the eliminated kingdoms' land abandoned, for steps 6f–7.
    """
    events: list[Event] = []
    for kingdom in sorted(world.kingdoms.values(), key=lambda k: k.id):
        capital = kingdom.capital
        if kingdom.eliminated or capital is None or world.hexes[capital].owner == kingdom.id:
            continue
        if is_vassal(world, kingdom.id):  # E-19: his capital is his overlord's now
            continue
        new_capital = fallback_capital(world, kingdom.id)
        if new_capital is not None:
            event = CapitalMoved(
                rule="A-3.2 §3-6e E-23", kingdom_id=kingdom.id, old=capital, new=new_capital
            )
            world = _with_kingdom(world, kingdom.id, capital=new_capital)
            events.append(event)
        elif (sworn := vassalage_instead(world, kingdom.id)) is not None:  # Q20, E-23
            world, event = sworn
            events.append(event)
        else:
            world, eliminated = _eliminate(world, kingdom.id, dice)
            events += eliminated
    return world, events


def fallback_capital(world: World, kingdom_id: int) -> Coord | None:
    """A-3.2, E-23: the first City of the kingdom's fallback-capital list that it still
    owns in ``world`` (after this turn's conquests) and that is still a City; else E-23's
    default: its capital site with the most own hexes connected to it, ties to the lowest
    coordinates (the engine has no hex ids). None if it has no capital site left."""
    owned = {c for c, h in world.hexes.items() if h.owner == kingdom_id}
    sites = sorted(c for c in owned if _capital_site(world, c))
    if not sites:
        return None
    for coord in world.kingdoms[kingdom_id].fallback_capitals:
        if coord in sites:
            return coord
    terrain = terrain_map(world.hexes)
    return max(sites, key=lambda c: (len(connected_to_capital(c, owned, terrain)), [-x for x in c]))


def _capital_site(world: World, coord: Coord) -> bool:
    """A City (A-3.2); with the new_tiles module on, a plateau too (NR-PLATEAU-2: the
    supplement names it a capital site, BASE-17), whatever it holds."""
    hex_ = world.hexes[coord]
    if hex_.feature is Feature.CITY:
        return True
    return bool(world.ruleset.new_tiles) and hex_.terrain is Terrain.PLATEAU


def fallback_list_problem(
    wanted: Sequence[Coord], own: Mapping[Coord, Feature | None], capital: Coord | None
) -> tuple[int, Problem] | None:
    """E-23, A-3.2: why the fallback-capital list ``wanted`` (the field ``hexes``) may
    not be kept, as (the index of the entry at fault, the problem), or None. ``own``
    maps the kingdom's own hexes to their features now: each entry is one of its Cities,
    not its capital, and named once. An empty list leaves E-23's default."""
    seen: set[Coord] = set()
    for index, coord in enumerate(wanted):
        where = f"({coord[0]}, {coord[1]})"
        if coord in seen:
            return index, Problem("E-23", "hexes", "{where} is on the list twice", where=where)
        seen.add(coord)
        if coord not in own:
            return index, Problem(
                "E-23",
                "hexes",
                "{where} is not one of your hexes: list your own Cities",
                where=where,
            )
        if own[coord] is not Feature.CITY:
            return index, Problem(
                "A-3.2",
                "hexes",
                "{where} holds no City: only a City becomes the capital",
                where=where,
            )
        if coord == capital:
            return index, Problem(
                "E-23",
                "hexes",
                "{where} is your capital already: list the Cities to move it to",
                where=where,
            )
    return None


def _with_kingdom(world: World, kingdom_id: int, **changes) -> World:
    kingdom = dataclasses.replace(world.kingdoms[kingdom_id], **changes)
    return dataclasses.replace(world, kingdoms={**world.kingdoms, kingdom_id: kingdom})


def _eliminate(world: World, kingdom_id: int, dice: Dice) -> tuple[World, list[Event]]:
    """A-3.2, E-27: no city left. The armies and power go; the hexes become unowned and
    explored, and each hex with a major feature gets a new neutral defender (§5.5)."""
    land = sorted(c for c, h in world.hexes.items() if h.owner == kingdom_id)
    events: list[Event] = [
        KingdomEliminated(rule="A-3.2 E-27", kingdom_id=kingdom_id, hexes=tuple(land))
    ]
    events += [
        ArmyDestroyed(rule="A-3.2 E-27", army_id=army.id)
        for army in sorted(world.armies.values(), key=lambda a: a.id)
        if army.kingdom_id == kingdom_id
    ]
    hexes = dict(world.hexes)
    for coord in land:
        hex_ = hexes[coord]
        hexes[coord] = msgspec.structs.replace(hex_, owner=None, explored=True)
        if hex_.feature is not None:
            sizes = defender_table(world.ruleset, hex_.feature)
            roll = dice.d6(f"{sizes.title} size at {coord} (E-27)")
            events.append(
                DefenderAppeared(
                    rule="E-27 §5.5", rolls=(roll,), hex=coord, points=sizes.lookup(roll.result)
                )
            )
    world = dataclasses.replace(world, hexes=hexes)
    return _with_kingdom(world, kingdom_id, eliminated=True, power=0, industry=0), events


def last_kingdom_standing(world: World) -> int | None:
    """A-3.1: a player who has eliminated every other wins at once; his own vassals do
    not stand in his way, and a vassal never wins (E-19, rules.kingdoms.agreements.rivals)."""
    standing = [k.id for k in world.kingdoms.values() if not k.eliminated]
    vassals = vassals_by_overlord(world)
    # one without rivals has every other kingdom standing for his vassal: only those with
    # as many vassals are asked, not every kingdom about every other
    unopposed = [
        k for k in standing if len(vassals.get(k, ())) >= len(standing) - 1 and not rivals(world, k)
    ]
    return unopposed[0] if len(unopposed) == 1 and len(world.kingdoms) > 1 else None
