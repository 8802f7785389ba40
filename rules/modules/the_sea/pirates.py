"""Pirates (new-rules.md §6, NR-PIRATE): dens, their moves along the coast, their raids,
and the engagements of the ships they meet (rules.modules.the_sea.naval)."""

from __future__ import annotations

import dataclasses

from rules.core.dice import Dice
from rules.core.events import Event, ModuleStateChanged
from rules.core.hexgrid import distance
from rules.core.state import Coord, Feature, OrderKind, World
from rules.modules import module_table
from rules.modules.beast import ravaged
from rules.modules.roaming import hex_ravaged
from rules.modules.the_sea.coast import coast_step, crossed_sea, is_coastal
from rules.modules.the_sea.events import PirateNews
from rules.modules.the_sea.naval import gone, naval_battle
from rules.modules.the_sea.tables import PirateMove
from rules.modules.the_sea.tide import OPTION, Tide, held_ids, key, state_of
from rules.turn.orders import covering_patrol, invasion_origin, patrol_bases


def _at(c: Coord) -> str:
    return f"({c[0]}, {c[1]})"


def independent_cities(tide: Tide) -> list[Coord]:
    """NR-PIRATE-1: the coastal Cities no player and no neutral kingdom holds, that an
    invasion explored (what scouts alone saw stays secret, E-29)."""
    return sorted(
        c
        for c, h in tide.world.hexes.items()
        if h.feature is Feature.CITY
        and h.owner is None
        and h.neutral_kingdom is None
        and h.explored
        and not h.scouted_only
        and is_coastal(tide.world.hexes, c)
    )


def find_dens(tide: Tide, dice: Dice) -> None:
    """NR-PIRATE-1, BASE-15: each independent coastal City found since the last turn rolls
    once for ships (the base game's p. 20 table is not in Warpost: a d6 of
    ``sea_merchant_fleet_on``), then pirates on ``sea_pirates_on``, else merchants."""
    rules = tide.rules
    for city in independent_cities(tide):
        if key(city) in tide.state["checked"]:
            continue
        tide.state["checked"].append(key(city))
        fleet = dice.d6(f"NR-PIRATE-1 BASE-15 merchant fleet of the City at {_at(city)}")
        if fleet.result < rules.sea_merchant_fleet_on:
            tide.quiet.append(fleet)
            continue
        kind = dice.d6(f"NR-PIRATE-1 merchants or pirates at {_at(city)}")
        if kind.result < rules.sea_pirates_on:
            tide.state["fleets"][key(city)] = "merchant"
            tide.events.append(
                PirateNews(
                    rule="NR-PIRATE-1",
                    rolls=(fleet, kind),
                    what="merchants",
                    hex=city,
                    text=f"The City at {_at(city)} has a merchant fleet.",
                )
            )
            continue
        pirate_id = tide.state["next"]
        tide.state["next"] = pirate_id + 1
        tide.state["pirates"][str(pirate_id)] = {"at": list(city), "home": list(city)}
        tide.events.append(
            PirateNews(
                rule="NR-PIRATE-1 NR-PIRATE-2",
                rolls=(fleet, kind),
                what="den",
                pirate_id=pirate_id,
                hex=city,
                text=f"The City at {_at(city)} is a pirate den: its pirates put to sea.",
            )
        )


def put_to_sea(world: World, near: Coord, rule: str) -> tuple[World, list[Event]]:
    """NR-RAIDER-2, AMB-29: a ship another module sets on the nearest coast (the raiders')
    becomes a pirate on the coastal hex nearest ``near`` (first in (q, r) order on a tie),
    with that hex as its home until it berths for the winter (NR-PIRATE-10)."""
    coasts = [c for c in world.hexes if is_coastal(world.hexes, c)]
    if not coasts:
        return world, []
    at = min(coasts, key=lambda c: (distance(c, near), c))
    state = state_of(world)
    pirate_id = state["next"]
    state["next"] = pirate_id + 1
    state["pirates"][str(pirate_id)] = {"at": list(at), "home": list(at)}
    news = PirateNews(
        rule=f"{rule} NR-PIRATE-2",
        what="raiders",
        pirate_id=pirate_id,
        hex=at,
        text=f"The raiders' ship roams the coast from {_at(at)} as pirates do.",
    )
    world = dataclasses.replace(world, module_state={**world.module_state, OPTION: state})
    return world, [news, ModuleStateChanged(rule=rule, module=OPTION, state=state)]


def ships_at(tide: Tide, hex_: Coord) -> tuple[int | None, tuple[int, ...]]:
    """NR-PIRATE-8: the hex owner's ships in ``hex_`` this turn, as the armies aboard
    (one ship, one banner each, AMB-32): the fleets of his invasions across the sea that
    leave from it (E-32: an invader stands on its origin), and, with ``sea_patrol_ships``,
    the patrol that covers it."""
    owner = tide.world.hexes[hex_].owner
    if owner is None:
        return None, ()
    held = held_ids(tide.state, tide.world.turn)
    aboard = set()
    for order in tide.orders:
        army = tide.world.armies.get(order.army_id)
        if army is None or army.id in held or order.kind is not OrderKind.INVADE:
            continue
        origin = order.origin or invasion_origin(tide.world, army.kingdom_id, order.target)
        if origin == hex_ and crossed_sea(tide.world.hexes, origin, order.target):
            aboard.add(army.id)
    if tide.rules.sea_patrol_ships:
        patrols = [p for p in patrol_bases(tide.world, tide.orders) if p.army.id not in held]
        patrol = covering_patrol(tide.world, hex_, patrols)
        if patrol is not None and patrol.kingdom_id == owner:
            aboard.add(patrol.id)
    return owner, tuple(sorted(a for a in aboard if tide.world.armies[a].kingdom_id == owner))


def defended(tide: Tide, hex_: Coord) -> bool:
    """AMB-32: "undefended" is without an army: none stands there (E-32: its position,
    a patrol's base, an invader's origin this turn)."""
    if any(a.position == hex_ for a in tide.world.armies.values()):
        return True
    for order in tide.orders:
        army = tide.world.armies.get(order.army_id)
        if army is None:
            continue
        if order.kind is OrderKind.PATROL and order.target == hex_:
            return True
        if order.kind is OrderKind.INVADE:
            origin = order.origin or invasion_origin(tide.world, army.kingdom_id, order.target)
            if origin == hex_:
                return True
    return False


def raid(tide: Tide, pirate_id: int, hex_: Coord, dice: Dice) -> None:
    """NR-PIRATE-5, NR-PIRATE-7: a player's undefended Town (a village: no City, no
    fortress; an independent one never) is raided on a d6 of ``sea_raid_on``: sacked,
    as App G ravages (E-39)."""
    h = tide.world.hexes[hex_]
    if h.owner is None or h.feature is not Feature.TOWN or h.defence is not None:
        return
    if defended(tide, hex_):
        return
    roll = dice.d6(f"NR-PIRATE-5 pirates raid the Town at {_at(hex_)}")
    if roll.result < tide.rules.sea_raid_on:
        tide.quiet.append(roll)
        return
    after = ravaged(h)
    tide.world = dataclasses.replace(tide.world, hexes={**tide.world.hexes, hex_: after})
    tide.events += [
        hex_ravaged(h, after, "NR-PIRATE-5 E-39"),  # no defence: none to remove
        PirateNews(
            rule="NR-PIRATE-5",
            rolls=(roll,),
            what="raided",
            pirate_id=pirate_id,
            hex=hex_,
            kingdom_id=h.owner,
            text=f"Pirates raid the Town at {_at(hex_)}.",
        ),
    ]


def sail(tide: Tide, pirate_id: int, dice: Dice) -> None:
    """NR-PIRATE-3–9: T-PIRATE-MOVE, then hex by hex along the coast: off the map it is
    gone; where a player's ships are, they engage it (the standing order
    ``sea_engage_pirates``), which ends its move (NR-PIRATE-9, AMB-32); else each Town
    it passes may be raided."""
    pirate = tide.state["pirates"][str(pirate_id)]
    at = tuple(pirate["at"])
    roll = dice.d6(f"NR-PIRATE-3 T-PIRATE-MOVE of pirate {pirate_id} at {_at(at)}")
    move = module_table(tide.world, "t-pirate-move").lookup(roll.result)
    if move is PirateMove.STAY:
        tide.events.append(
            PirateNews(
                rule="T-PIRATE-MOVE",
                rolls=(roll,),
                what="stayed",
                pirate_id=pirate_id,
                hex=at,
                text=f"The pirates lie at anchor at {_at(at)}.",
            )
        )
        return
    far = dice.d6(f"NR-PIRATE-3 hexes pirate {pirate_id} sails")
    up = move is PirateMove.UP
    rolls, seen = (roll, far), None
    for _ in range(far.result):
        step = coast_step(tide.world.hexes, at, up)
        if step is None:
            gone(tide, pirate_id, at, rolls)
            return
        if step == at:
            break  # no sea beside it (a hex the GM set it on): nowhere to sail
        at = step
        owner, aboard = ships_at(tide, at)
        if aboard and tide.rules.sea_engage_pirates:
            tide.state["pirates"][str(pirate_id)]["at"] = list(at)
            _moved(tide, pirate_id, at, up, rolls)
            rolls, seen = (), at
            if engage(tide, pirate_id, at, owner, aboard, up, dice):
                return
            continue
        raid(tide, pirate_id, at, dice)
    tide.state["pirates"][str(pirate_id)]["at"] = list(at)
    if seen != at:
        _moved(tide, pirate_id, at, up, rolls)


def _moved(tide: Tide, pirate_id: int, at: Coord, up: bool, rolls) -> None:
    way = "up" if up else "down"
    tide.events.append(
        PirateNews(
            rule="NR-PIRATE-3 T-PIRATE-MOVE",
            rolls=rolls,
            what="moved",
            pirate_id=pirate_id,
            hex=at,
            text=f"Pirates sail {way} the coast to {_at(at)}.",
        )
    )


def engage(tide: Tide, pirate_id: int, at: Coord, owner: int, aboard, up: bool, dice) -> bool:
    """NR-PIRATE-8: both roll a d6; the pirate evades on a higher roll, otherwise (a tie
    too) a naval battle. Returns whether the pirate's move ends here (NR-PIRATE-9, AMB-32:
    after any attempt, unless ``sea_stop_when_evaded`` is off)."""
    theirs = dice.d6(f"NR-PIRATE-8 kingdom {owner} engages pirate {pirate_id}")
    pirate = dice.d6(f"NR-PIRATE-8 pirate {pirate_id} tries to evade")
    if pirate.result > theirs.result:
        tide.events.append(
            PirateNews(
                rule="NR-PIRATE-8 NR-PIRATE-9 AMB-32",
                rolls=(theirs, pirate),
                what="evaded",
                pirate_id=pirate_id,
                hex=at,
                kingdom_id=owner,
                text=f"Pirates at {_at(at)} evade the ships sent against them.",
            )
        )
        return bool(tide.rules.sea_stop_when_evaded)
    naval_battle(tide, pirate_id, at, owner, aboard, up, dice, (theirs, pirate))
    return True


def winter(tide: Tide) -> None:
    """NR-PIRATE-10, NR-PIRATE-11: in the winter phase each pirate sails, untouchable, to
    the nearest independent coastal City (ties to the lowest hex) and berths there; a
    City berths ``sea_berths`` ships, its merchant fleet's one among them; a pirate that
    finds no berth there is lost."""
    cities = independent_cities(tide)
    taken = {c: int(tide.state["fleets"].get(key(c)) == "merchant") for c in cities}
    for pirate_id in sorted(tide.state["pirates"], key=int):
        at = tuple(tide.state["pirates"][pirate_id]["at"])
        home = min(cities, key=lambda c: (distance(at, c), c)) if cities else None
        if home is None or taken[home] >= tide.rules.sea_berths:
            del tide.state["pirates"][pirate_id]
            tide.events.append(
                PirateNews(
                    rule="NR-PIRATE-10 NR-PIRATE-11",
                    what="scuttled",
                    pirate_id=int(pirate_id),
                    hex=at,
                    text=f"Pirates from {_at(at)} find no berth for the winter and are lost.",
                )
            )
            continue
        taken[home] += 1
        tide.state["pirates"][pirate_id] = {"at": list(home), "home": list(home)}
        tide.events.append(
            PirateNews(
                rule="NR-PIRATE-10 NR-PIRATE-11",
                what="wintered",
                pirate_id=int(pirate_id),
                hex=home,
                text=f"Pirates winter in the City at {_at(home)}.",
            )
        )
