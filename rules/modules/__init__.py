"""Optional rule modules a GM switches on per campaign (docs/architecture.md, "Rule modules").

A module plugs into the phases through this small registry: the core phases call the
hooks below, which run every module the campaign's ruleset switches on (its ``option``
is 1), in registry order, and the core does not know the modules' names. A module
keeps its own state in ``World.module_state[option]`` and changes it with a
``ModuleStateChanged`` event; what players learn it announces with ``Announcement``
events (rules.core.events).

Hooks (each optional):

* ``phase_one(world, orders, dice) -> (world, orders, events)``: §3 Phase 1, rolled at
  the start of Provisional Results (E-12); may change armies and drop orders of armies
  it destroyed.
* ``invasions(world, orders, patrols, dice) -> (orders, patrols, events)``: step 3e,
  against this turn's patrols (E-12); may call invasions off, narrow patrols, and
  declare battles of its own (a roaming force: no kingdom, no neutral kingdom).
* ``defender(world, hex) -> Side | None``: step 3e, an unowned hex's defender in place
  of its own (a roaming force in its lair: DefenderKind.ROAMING); the first module that
  answers wins.
* ``after_battle(world, battle, events) -> events``: Final Results, after each battle.
* ``power_bonus(world, events) -> {kingdom id: power}``: one-off gains credited at
  step 6g.
* ``end_of_turn(world, events, dice) -> events``: Final Results, before the end roll.
* ``tables``: editable tables, key → (default DiceTable, {word: value}) (rules.core.ruleset).
* ``table_23``: Table 23 modifiers (E-21), as (name, rule, value function).
* ``crowns``: the module prices things in gold crowns, so while it is on the kingdoms
  keep a crown ledger, paid yearly in the winter phase (E-30, E-31; rules.kingdoms.crowns).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field

from rules.core.dice import Dice
from rules.core.dicetable import DiceTable
from rules.core.events import Event
from rules.core.state import BattleState, Coord, Order, Side, World


@dataclass(frozen=True)
class Module:
    option: str  # the Ruleset option that switches it on (1) or off (0)
    phase_one: Callable | None = None
    invasions: Callable | None = None
    defender: Callable | None = None
    after_battle: Callable | None = None
    power_bonus: Callable | None = None
    end_of_turn: Callable | None = None
    tables: Mapping[str, tuple[DiceTable, Mapping[str, Hashable]]] = field(default_factory=dict)
    table_23: tuple[tuple[str, str, Callable], ...] = ()
    crowns: bool = False  # E-30: a supplement module with crown prices (rules.kingdoms.crowns)


REGISTRY: list[Module] = []


def register(module: Module) -> Module:
    REGISTRY.append(module)
    return module


def active(world: World) -> list[Module]:
    """The modules the campaign's ruleset switches on, in registry order."""
    return [m for m in REGISTRY if getattr(world.ruleset, m.option, 0)]


def phase_one(world: World, orders: list[Order], dice: Dice):
    events: list[Event] = []
    for module in active(world):
        if module.phase_one is not None:
            world, orders, more = module.phase_one(world, orders, dice)
            events += more
    return world, orders, events


def invasions(world: World, orders: list[Order], patrols: list, dice: Dice):
    events: list[Event] = []
    for module in active(world):
        if module.invasions is not None:
            orders, patrols, more = module.invasions(world, orders, patrols, dice)
            events += more
    return orders, patrols, events


def defender(world: World, hex_: Coord) -> Side | None:
    for module in active(world):
        if module.defender is not None:
            side = module.defender(world, hex_)
            if side is not None:
                return side
    return None


def after_battle(world: World, battle: BattleState, events: list[Event]) -> list[Event]:
    return [
        e
        for module in active(world)
        if module.after_battle is not None
        for e in module.after_battle(world, battle, events)
    ]


def power_bonus(world: World, events: Iterable[Event]) -> dict[int, int]:
    events = list(events)
    bonus: dict[int, int] = {}
    for module in active(world):
        if module.power_bonus is not None:
            for kingdom_id, power in module.power_bonus(world, events).items():
                bonus[kingdom_id] = bonus.get(kingdom_id, 0) + power
    return bonus


def end_of_turn(world: World, events: list[Event], dice: Dice) -> list[Event]:
    more: list[Event] = []
    for module in active(world):
        if module.end_of_turn is not None:
            more += module.end_of_turn(world, [*events, *more], dice)
    return more


def tables() -> dict[str, tuple[DiceTable, Mapping[str, Hashable]]]:
    """Every module's editable tables, whether the module is on or off."""
    return {key: spec for module in REGISTRY for key, spec in module.tables.items()}


def table_23_modifiers() -> list[tuple[str, str, Callable]]:
    return [modifier for module in REGISTRY for modifier in module.table_23]


def is_roaming(side) -> bool:
    """A side of no kingdom and no neutral kingdom that attacks: a roaming force (the
    Beast, E-12, E-39). It never retreats and takes no hex. (Defending its lair, it is
    the side of a DefenderKind.ROAMING battle.)"""
    return side.kingdom_id is None and side.neutral_kingdom_id is None


def module_table(world: World, key: str) -> DiceTable:
    """The table in force (as rules.core.ruleset.table, without importing it)."""
    return world.ruleset.tables.get(key) or tables()[key][0]


from rules.modules import beast, random_events, siege_trains, works  # noqa: E402, F401  (they register)
