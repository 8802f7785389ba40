"""The open sea (new-rules.md §7, NR-SEA): an invasion across a sea hex is a fleet at sea.

Warpost has no fleets and no free movement: an army crosses at most one sea hex, as the
last leg of an invasion (A-1.1.2.2). That crossing is the fleet's voyage: the sea hex is
entered (NR-SEA-2), so it rolls T-WEATHER, and T-STORM on a storm. The fleet then lands
(calm, a ride on the storm, a wind that blows it onto its target, or heavy losses), or
its invasion is called off: blown off course (back at its origin next turn), lost off
the map or capsized (its army destroyed), or stranded at sea, becalmed, without sails or
aground, until a later Phase 1 frees it (rules.modules.the_sea.tide ``held``)."""

from __future__ import annotations

from rules.core.dice import Dice
from rules.core.hexgrid import neighbours
from rules.core.state import Coord, Order, OrderKind
from rules.modules import module_table
from rules.modules.the_sea.coast import crossed_sea
from rules.modules.the_sea.events import SeaVoyage
from rules.modules.the_sea.tables import Storm, Weather
from rules.modules.the_sea.tide import Tide
from rules.turn.orders import invasion_origin

WORDS = {
    "calm": "The fleet crosses a calm sea.",
    "rode": "The fleet rides the storm to its landing.",
    "landed": "A strong wind blows the fleet onto its landing.",
    "losses": "A storm sweeps men overboard; the fleet lands all the same.",
    "becalmed": "The fleet lies becalmed at sea: the invasion is called off.",
    "sails": "A storm tears the fleet's sails: it drifts, and the invasion is called off.",
    "aground": "A storm drives the fleet onto a sandbank: the invasion is called off.",
    "blown": "A strong wind blows the fleet off course: the invasion is called off.",
    "lost": "The fleet is lost at sea with every soul aboard.",
    "turned_back": "The stranded fleet makes its way back to port.",
    "still": "The fleet is still stranded at sea.",
}


def _news(tide: Tide, army_id: int, what: str, sea: Coord | None, rule: str, rolls=()) -> None:
    tide.events.append(
        SeaVoyage(
            rule=rule,
            rolls=tuple(rolls),
            what=what,
            army_id=army_id,
            hex=sea,
            kingdom_ids=(tide.owner_of(army_id),),
            text=WORDS[what],
        )
    )


def crossing(tide: Tide, order: Order) -> tuple[Coord, Coord] | None:
    """The origin and the sea hex of an invasion across the sea (A-1.1.2.2, E-07)."""
    if order.kind is not OrderKind.INVADE or order.army_id not in tide.world.armies:
        return None
    army = tide.world.armies[order.army_id]
    origin = order.origin or invasion_origin(tide.world, army.kingdom_id, order.target)
    if origin is None:
        return None
    sea = crossed_sea(tide.world.hexes, origin, order.target)
    return (origin, sea) if sea is not None else None


def cross(tide: Tide, dice: Dice) -> None:
    """NR-SEA-2: each invasion across the sea rolls T-WEATHER for the sea hex it enters
    (Warpost's sea hexes are all open sea to a fleet: no coast-hugging route exists)."""
    if not tide.rules.sea_crossing_weather:
        return
    for order in sorted(tide.orders, key=lambda o: o.army_id):
        leg = crossing(tide, order)
        if leg is not None:
            _weather(tide, order, *leg, dice)


def _weather(tide: Tide, order: Order, origin: Coord, sea: Coord, dice: Dice) -> None:
    army_id = order.army_id
    roll = dice.d6(f"NR-SEA-2 T-WEATHER army {army_id} at sea ({sea[0]}, {sea[1]})")
    weather = module_table(tide.world, "t-weather").lookup(roll.result)
    if weather is Weather.CALM:
        _news(tide, army_id, "calm", sea, "NR-SEA-2 T-WEATHER", (roll,))
    elif weather is Weather.BECALMED:
        tide.hold(army_id, "becalmed", sea, origin, None)
        _news(tide, army_id, "becalmed", sea, "NR-SEA-3 T-WEATHER", (roll,))
    elif weather is Weather.WIND:
        _blown(tide, order, origin, sea, dice, (roll,), "NR-SEA-4 T-WEATHER")
    else:
        _storm(tide, order, origin, sea, dice, roll)


def _storm(tide: Tide, order: Order, origin: Coord, sea: Coord, dice: Dice, weather) -> None:
    army_id = order.army_id
    roll = dice.d6(f"T-STORM army {army_id} at sea ({sea[0]}, {sea[1]})")
    rolls = (weather, roll)
    storm = module_table(tide.world, "t-storm").lookup(roll.result)
    if storm is Storm.SUNK:
        _news(tide, army_id, "lost", sea, "T-STORM", rolls)
        tide.destroy(army_id, "T-STORM AMB-02")
    elif storm is Storm.SAILS:
        tide.hold(army_id, "sails", sea, origin, None)
        _news(tide, army_id, "sails", sea, "NR-SEA-5 T-STORM", rolls)
    elif storm is Storm.BLOWN:
        _blown(tide, order, origin, sea, dice, rolls, "NR-SEA-4 T-STORM")
    elif storm is Storm.LOSSES:
        _news(tide, army_id, "losses", sea, "T-STORM", rolls)
        lost = dice.d6(f"T-STORM losses of army {army_id}")
        tide.weaken(army_id, lost.result * tide.rules.sea_storm_losses, "T-STORM AMB-02", (lost,))
    elif storm is Storm.SANDBANK:
        # NR-SEA-6: aground this turn, and it loses the next one
        tide.hold(army_id, "aground", sea, origin, tide.world.turn + 1)
        _news(tide, army_id, "aground", sea, "NR-SEA-6 T-STORM", rolls)
    else:
        # NR-SEA-7, AMB-05: the extra move is the player's choice: his landing, a land
        # hex, so no second weather roll
        _news(tide, army_id, "rode", sea, "NR-SEA-7 T-STORM AMB-05", rolls)


def _blown(tide: Tide, order: Order, origin: Coord, sea: Coord, dice: Dice, rolls, rule) -> None:
    """NR-SEA-4: the fleet is moved at once to the neighbour a d6 names (E-39): off the
    map it is destroyed; onto its target it lands; anywhere else its invasion is called
    off and it is back at its origin by the next turn."""
    army_id = order.army_id
    way = dice.d6(f"NR-SEA-4 direction of the wind at ({sea[0]}, {sea[1]}) (1 = N, clockwise)")
    rolls = (*rolls, way)
    to = neighbours(sea)[way.result - 1]
    if to not in tide.world.hexes:
        _news(tide, army_id, "lost", to, rule, rolls)
        tide.destroy(army_id, f"{rule} AMB-02")
    elif to == order.target:
        _news(tide, army_id, "landed", to, rule, rolls)
    else:
        tide.hold(army_id, "blown", to, origin, tide.world.turn)
        _news(tide, army_id, "blown", to, rule, rolls)


def release(tide: Tide, dice: Dice) -> None:
    """NR-SEA-3, NR-SEA-5, AMB-05, at the start of each later turn: a becalmed fleet
    turns back on a d6 of ``sea_turn_back_on``, one without sails makes port on
    ``sea_sails_move_on`` (a port mends its sails); either spends this turn getting home.
    An aground one (NR-SEA-6) is simply held through the turn after it ran aground."""
    needs = {"becalmed": tide.rules.sea_turn_back_on, "sails": tide.rules.sea_sails_move_on}
    for army, entry in sorted(tide.state["held"].items(), key=lambda kv: int(kv[0])):
        army_id = int(army)
        if army_id not in tide.world.armies:
            del tide.state["held"][army]
            continue
        if entry["why"] not in needs or entry["until"] is not None:
            continue
        rule = "NR-SEA-3 AMB-05" if entry["why"] == "becalmed" else "NR-SEA-5"
        roll = dice.d6(f"{rule} the fleet of army {army_id} tries to make port")
        sea = tuple(entry["hex"]) if entry.get("hex") else None
        if roll.result >= needs[entry["why"]]:
            entry["until"] = tide.world.turn
            _news(tide, army_id, "turned_back", sea, rule, (roll,))
        else:
            _news(tide, army_id, "still", sea, rule, (roll,))


def lost_in_winter(tide: Tide) -> None:
    """NR-SEA-3: a fleet still becalmed when the season ends (the winter phase, E-31) is
    lost with its army (``sea_becalmed_lost``)."""
    if not tide.rules.sea_becalmed_lost:
        return
    for army, entry in sorted(tide.state["held"].items(), key=lambda kv: int(kv[0])):
        army_id = int(army)
        if entry["why"] == "becalmed" and entry["until"] is None and army_id in tide.world.armies:
            sea = tuple(entry["hex"]) if entry.get("hex") else None
            _news(tide, army_id, "lost", sea, "NR-SEA-3")
            tide.destroy(army_id, "NR-SEA-3 AMB-02")
