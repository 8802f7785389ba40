"""Optional module: the supplement's new tiles and navigation hazards (new-rules.md §2–3;
E-31–E-36, E-39; docs/design/supplement.md, "New tiles").

The tiles are terrains of their own (``rules.core.state.Terrain``): the map generator
places a few when the module is on (rules.modules.new_tiles.placement) and the GM may
paint them. Each explores on a Table 7 column the ruleset names, and Tables 26–30 read
the same (E-33, E-34; rules.core.tables.table_7_column); a delta re-rolls a City
(NR-DELTA-4, rules.turn.exploration); sandbanks are sea (NR-SAND-3).

* Step 3e (rules.modules.new_tiles.crossing): the island and the rocky coast bar the
  invasions that may not reach them, a fault's rift those that would cross it; a
  crossing by a promontory or sandbanks rolls T-NAVHAZ; an invasion of a chasm without
  a bridge rolls for an accident.
* Phase 1: an army aground rolls to get off (NR-NAV-2); until it does it takes no order.
* Table 23: a battle on a chasm, a coastal island or a plateau burdens the attacker
  (NR-CHASM-6, NR-ISLAND-3, NR-PLATEAU-3, AMB-35, E-36).
* End of the turn: the armies that won a fault hex entered it on their side
  (NR-FAULT-2, rules.modules.new_tiles.fault); a City found on a chasm has a bridge on a
  d6 of 4 or more (NR-CHASM-4); in the winter phase the faults quake and the volcanoes erupt
  (rules.modules.new_tiles.geology), and an army still aground is lost (NR-NAV-3).
"""

from __future__ import annotations

import dataclasses

from rules.core.dice import Dice, Roll
from rules.core.dicetable import d6
from rules.core.events import ArmyDestroyed, Event, ModuleStateChanged
from rules.core.state import BattleState, Feature, Order, OrderKind, Role, Terrain, World
from rules.kingdoms import crowns  # the module (crowns imports the registry)
from rules.modules import End, Income, Module, Start, register
from rules.modules.new_tiles.crossing import NAVHAZ, invasions
from rules.modules.new_tiles.events import AgroundRolled, ChasmBridgeFound, Hazard
from rules.modules.new_tiles.fault import entries
from rules.modules.new_tiles.geology import winter_geology
from rules.modules.new_tiles.placement import place_tiles
from rules.modules.new_tiles.state import OPTION, aground, state_of, with_aground
from rules.modules.works.bridges import has_bridge  # found with a City or built (NR-BRIDGE-2)

T_NAVHAZ = d6(
    "T-NAVHAZ (navigation hazards)", "NR-NAV-1",
    (1, 1, Hazard.WRECKED), (2, 2, Hazard.AGROUND), (3, 3, Hazard.OVERBOARD),
    (4, 4, Hazard.JETTISONED), (5, 6, Hazard.CLEAR),
)  # fmt: skip


def phase_one(world: World, orders: list[Order], dice: Dice):
    """NR-NAV-2, §12.3 step 1.5: each army aground rolls; on ``aground_refloats_on`` or
    more it is off, else it stays aground and its orders this turn are dropped (it may
    only rest)."""
    state = state_of(world)
    stranded = [a for a in aground(state) if a in world.armies]
    if not stranded:
        return world, orders, []
    events: list[Event] = []
    stuck = []
    for army_id in stranded:
        army = world.armies[army_id]
        roll = dice.d6(f"NR-NAV-2 refloating, army {army_id}")
        off = roll.result >= world.ruleset.aground_refloats_on
        if not off:
            stuck.append(army_id)
        events.append(
            AgroundRolled(
                rule="NR-NAV-2",
                rolls=(roll,),
                army_id=army_id,
                refloated=off,
                kingdom_ids=(army.kingdom_id,),
                text=f"{army.name} "
                + ("gets off the rocks." if off else "is still aground and cannot move."),
            )
        )
    state = with_aground(state, stuck)
    events.append(ModuleStateChanged(rule="NR-NAV-2", module=OPTION, state=state))
    kept = [o for o in orders if o.army_id not in stuck or o.kind is OrderKind.REST]
    world = dataclasses.replace(world, module_state={**world.module_state, OPTION: state})
    return world, kept, events


def end_of_turn(world: World, events: list[Event], dice: Dice) -> list[Event]:
    """The bridges of the Cities found on chasms, then the winter phase (E-31)."""
    state = before = state_of(world)
    for e in events:
        if isinstance(e, ModuleStateChanged) and e.module == OPTION:
            state = before = dict(e.state)
    state = entries(world, events, state)  # NR-FAULT-2: who stands on a fault, and how
    more, state = _chasm_cities(world, state, dice)
    quiet: list[Roll] = []
    if crowns.is_winter_turn(world.ruleset, world.turn):
        shaken, quiet = winter_geology(world, [*events, *more], dice)
        more += shaken
        lost, state = _aground_lost(world, [*events, *more], state)
        more += lost
    if state != before or quiet:
        more.append(
            ModuleStateChanged(
                rule="NR-FAULT-2 NR-CHASM-4 NR-FAULT-3 NR-VOLCANO-2 NR-NAV-3",
                rolls=tuple(quiet),
                module=OPTION,
                state=state,
            )
        )
    return more


def _chasm_cities(world: World, state: dict, dice: Dice) -> tuple[list[Event], dict]:
    """NR-CHASM-4, NR-CHASM-5: a City found on a chasm (explored, not yet looked at) has
    a bridge on a d6 of ``chasm_city_bridge_on`` or more; other settlements never."""
    looked = [tuple(c) for c in state.get("looked", [])]
    events: list[Event] = []
    for coord, h in sorted(world.hexes.items()):
        if h.terrain is not Terrain.CHASM or h.feature is not Feature.CITY:
            continue
        if not h.explored or h.scouted_only:  # found by an invasion, in public (E-29)
            continue
        if coord in looked:
            continue
        roll = dice.d6(f"NR-CHASM-4 a bridge with the City at {coord}")
        bridge = roll.result >= world.ruleset.chasm_city_bridge_on
        looked.append(coord)
        if bridge:
            state = {**state, "bridges": [*state.get("bridges", []), list(coord)]}
        events.append(
            ChasmBridgeFound(
                rule="NR-CHASM-4",
                rolls=(roll,),
                hex=coord,
                bridge=bridge,
                text=f"The City at ({coord[0]}, {coord[1]}) "
                + ("has a bridge over the chasm." if bridge else "has no bridge over the chasm."),
            )
        )
    if events:
        state = {**state, "looked": [list(c) for c in looked]}
    return events, state


def _aground_lost(world: World, events: list[Event], state: dict) -> tuple[list[Event], dict]:
    """NR-NAV-3, AMB-05: an army still aground at the winter phase is lost with its fleet."""
    gone = {e.army_id for e in events if isinstance(e, ArmyDestroyed)}
    stranded = [a for a in aground(state) if a in world.armies and a not in gone]
    if not stranded or not world.ruleset.aground_lost_in_winter:
        return [], state
    lost: list[Event] = []
    for army_id in stranded:
        army = world.armies[army_id]
        lost += [
            AgroundRolled(
                rule="NR-NAV-3 AMB-05",
                army_id=army_id,
                lost=True,
                kingdom_ids=(army.kingdom_id,),
                text=f"{army.name}, still aground at winter, is lost with its fleet.",
            ),
            ArmyDestroyed(rule="NR-NAV-3 AMB-05", army_id=army_id),
        ]
    return lost, with_aground(state, [])


def crown_income(world: World, dice: Dice) -> list[Income]:
    """NR-DELTA-5, NR-CHASM-7, E-30: each owned delta with a settlement (a Town, a City or
    a fortress, E-40) pays its owner ``delta_crowns`` a year, each owned chasm with a
    bridge ``chasm_toll``; paid only while the kingdoms keep a crown ledger. No dice."""
    rules = world.ruleset
    income: list[Income] = []
    for coord, h in sorted(world.hexes.items()):
        if h.owner is None:
            continue
        where = f"({coord[0]}, {coord[1]})"
        settled = h.feature in (Feature.TOWN, Feature.CITY) or h.defence is not None
        if h.terrain is Terrain.DELTA and settled and rules.delta_crowns:
            reason = f"the settlement on the delta at {where}"
            income.append(Income(h.owner, rules.delta_crowns, reason, "NR-DELTA-5"))
        if h.terrain is Terrain.CHASM and has_bridge(world, coord) and rules.chasm_toll:
            reason = f"the toll of the bridge at {where}"
            income.append(Income(h.owner, rules.chasm_toll, reason, "NR-CHASM-7"))
    return income


def _tile_burden(terrain: Terrain, option: str):
    """AMB-35, E-36: the tile's strategy modifier, on the attacker's Table 23 total, or
    the defender's by the GM's ``tile_modifiers_burden_attacker``."""

    def value(world: World, battle: BattleState, role: Role, points: dict[int, int]) -> int:
        rules = world.ruleset
        burdened = Role.ATTACKER if rules.tile_modifiers_burden_attacker else Role.DEFENDER
        here = world.hexes[battle.hex].terrain is terrain
        return getattr(rules, option) if here and role is burdened else 0

    return value


MODULE = register(
    Module(
        option=OPTION,
        phase_one=phase_one,
        starts_at=Start.SHIP_STATUS,
        invasions=invasions,
        end_of_turn=end_of_turn,
        ends_at=End.FAULTS,
        place_tiles=place_tiles,
        crown_income=crown_income,
        tables={NAVHAZ: (T_NAVHAZ, {h.value: h for h in Hazard})},
        table_23=(
            (
                "A battle on a chasm {chasm_strategy:+d} (the attacker, AMB-35)",
                "NR-CHASM-6 AMB-35 E-36",
                _tile_burden(Terrain.CHASM, "chasm_strategy"),
            ),
            (
                "A battle on a coastal island {coastal_island_strategy:+d} (the attacker, AMB-35)",
                "NR-ISLAND-3 AMB-35 E-36",
                _tile_burden(Terrain.COASTAL_ISLAND, "coastal_island_strategy"),
            ),
            (
                "A battle on a plateau {plateau_strategy:+d} (the attacker, AMB-35)",
                "NR-PLATEAU-3 AMB-35 E-36",
                _tile_burden(Terrain.PLATEAU, "plateau_strategy"),
            ),
        ),
    )
)
