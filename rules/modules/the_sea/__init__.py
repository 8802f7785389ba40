"""Optional module: pirates, naval battles and the open sea (new-rules.md §6–7; option
``the_sea``). The reading of a supplement that presupposes fleets on a base game without
them is docs/design/supplement.md, "Pirates and the open sea".

* Pirates (NR-PIRATE, rules.modules.the_sea.pirates): an explored independent coastal
  City rolls once for a fleet and whether it is a pirate den (NR-PIRATE-1). A pirate is a
  map actor, public where it sails, with its den as home. At each Phase 1 it rolls
  T-PIRATE-MOVE and sails d6 hexes along the coast (rules.modules.the_sea.coast), raiding
  a player's undefended Town it passes on a 4–6 (NR-PIRATE-5, E-39's "sacked"). A
  player's ships in a hex it enters (his fleets about to cross the sea from there, his
  patrol covering it) engage it by a standing order (NR-PIRATE-8); a naval battle
  (NR-NAVAL, rules.modules.the_sea.naval) follows unless it evades, and it moves no more
  that turn (NR-PIRATE-9). In the winter phase pirates go to the nearest independent
  coastal City, three ships a berth (NR-PIRATE-10, NR-PIRATE-11).
* The open sea (NR-SEA, rules.modules.the_sea.voyage): an invasion across a sea hex rolls
  T-WEATHER (and T-STORM) for it in Phase 1, after the pirates (§12.3); a fleet stranded
  at sea is ``held``: its army takes no order and does not rest until a release roll at
  a later Phase 1 brings it home (NR-SEA-3, NR-SEA-5) or its lost turn passes (NR-SEA-6).

Every number is an option (rules.core.sea_options), every table editable
(rules.modules.the_sea.tables).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from rules.core.dice import Dice
from rules.core.events import Event, ModuleStateChanged
from rules.core.problems import Problem
from rules.core.state import Coord, Order, World
from rules.kingdoms import crowns  # the module: crowns imports rules.modules in turn
from rules.modules import End, Module, Start, register
from rules.modules.the_sea import pirates, voyage
from rules.modules.the_sea.tables import TABLES
from rules.modules.the_sea.tide import OPTION, Tide, held_ids, state_of


def _settled(world: World, tide: Tide, before: dict) -> list[Event]:
    """The step's events, closed by the module's new state (with the rolls that changed
    nothing, so that every roll is on the record)."""
    if tide.state == before and not tide.quiet:
        return tide.events
    changed = ModuleStateChanged(
        rule="NR-PIRATE NR-SEA", rolls=tuple(tide.quiet), module=OPTION, state=tide.state
    )
    return [*tide.events, changed]


# What holds a fleet at sea, by its state's ``why``
HOLDS = {
    "becalmed": "NR-SEA-3",
    "blown": "NR-SEA-4",
    "sails": "NR-SEA-5",
    "aground": "NR-SEA-6",
    "driven_off": "T-NAVAL-DELTA",
}


def phase_one(world: World, orders: list[Order], dice: Dice):
    """§12.3's start of the turn: pirate dens, the pirates' moves, the stranded fleets'
    rolls; then this turn's crossings roll the weather. (A held army took no order:
    ``held`` refuses it one, rules.turn.orders.why_illegal.)"""
    before = state_of(world)
    # an earlier module may have destroyed an army this Phase 1 (Table 31)
    tide = Tide(world, [o for o in orders if o.army_id in world.armies], state_of(world))
    tide.state["held"] = {
        army: entry
        for army, entry in tide.state["held"].items()
        if entry["until"] is None or entry["until"] >= world.turn
    }
    pirates.find_dens(tide, dice)
    for pirate_id in sorted(tide.state["pirates"], key=int):
        if pirate_id in tide.state["pirates"]:
            pirates.sail(tide, int(pirate_id), dice)
    voyage.release(tide, dice)
    voyage.cross(tide, dice)
    events = _settled(world, tide, before)
    state = {**tide.world.module_state, OPTION: tide.state}
    return dataclasses.replace(tide.world, module_state=state), tide.orders, events


def end_of_turn(world: World, events: list[Event], dice: Dice) -> list[Event]:
    """The winter phase (E-31): becalmed fleets are lost, pirates berth for the winter."""
    if not crowns.is_winter_turn(world.ruleset, world.turn):
        return []
    for e in events:
        if isinstance(e, ModuleStateChanged) and e.module == OPTION:
            world = dataclasses.replace(world, module_state={**world.module_state, OPTION: e.state})
    before = state_of(world)
    tide = Tide(world, [], state_of(world))
    voyage.lost_in_winter(tide)
    pirates.winter(tide)
    return _settled(world, tide, before)


def pirates_seen(module_state: Mapping) -> list[Coord]:
    """Where the pirates are, for the map: public (new-rules.md §6), one hex each."""
    ships = (module_state.get(OPTION) or {}).get("pirates") or {}
    return sorted(tuple(ship["at"]) for ship in ships.values())


def held(world: World) -> dict[int, Problem]:
    """The armies whose fleet is at sea this turn, and why they take no order."""
    state = state_of(world)
    return {
        army_id: Problem(
            HOLDS.get(state["held"][str(army_id)]["why"], "NR-SEA"),
            "army",
            "army {army} is at sea: it takes no order until its fleet is home",
            army=army_id,
        )
        for army_id in sorted(held_ids(state, world.turn) & set(world.armies))
    }


MODULE = register(
    Module(
        option=OPTION,
        phase_one=phase_one,
        starts_at=Start.SHIPS,
        end_of_turn=end_of_turn,
        ends_at=End.PIRATE_RETURN,
        held=held,
        tables=TABLES,
    )
)
