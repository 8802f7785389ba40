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
* ``order_results(world, orders, dice) -> (world, events)``: §3 step 3d, after
  scouting: the module's own orders (the wildlands' Examine, NR-WILD-2, E-32).
* ``power_bonus(world, events) -> {kingdom id: power}``: one-off gains credited at
  step 6g.
* ``end_of_turn(world, events, dice) -> events``: Final Results, before the end roll.
* ``held(world) -> {army id: Problem}``: armies the module holds this turn (a fleet
  stranded at sea), each with why: they take no order (rules.turn.orders.why_illegal)
  and do not rest (rules.turn.rest).
* ``tables``: editable tables, key → (default DiceTable, {word: value}) (rules.core.ruleset).
* ``table_23``: Table 23 modifiers (E-21), as (name, rule, value function).
* ``crown_income(world, dice) -> [Income]``: the kingdoms' crowns
  from the module's sources at a winter phase (E-31), after the yearly crowns.
* ``crowns``: the module prices things in gold crowns, so while it is on the kingdoms
  keep a crown ledger, paid yearly in the winter phase (E-30, E-31; rules.kingdoms.crowns).
* ``place_tiles(terrain, taken, dice)``: set-up, a generated map's free hexes (not in
  ``taken``) turned into the module's own terrains (rules.core.mapgen).
* ``spare_capitals(terrain, taken) -> [Coord]``: set-up, the spare capital sites of a
  generated map, after the tiles are placed, that become independent kingdoms: neutral
  kingdoms (NR-INDEP-1, E-40; rules.core.mapgen).
* ``diplomacy_problem(world, spend) -> Problem | None`` and ``diplomacy_modifier(world,
  spend) -> int``: a diplomacy or pacify spend refused, or its roll modified (E-38;
  rules.kingdoms.diplomacy).
* ``pacify(world, spend, dice, events) -> (rolls, total, PacifyResult, events, rule) |
  None``: the module rolls a pacify spend on its own table in place of Table 11
  (NR-ADVDIP); ``rule`` is what its PacifyRolled cites.
* ``army_problem(world, kingdom_id, race) -> Problem | None``: why the kingdom may not
  raise an army of that people (NR-ALLY; kingdoms.armies.services.army_raise).
* ``rulings``: {kind: applier}, the GM's answers to the rulings the module asked
  (rules.core.rulings): ``applier(world, ruling, battles) -> (world, battles, events)``
  applies an answer other than the default, at the start of Final Results.
* ``provisions(world, battle) -> int``: days of food added to (or taken from) a siege's
  provisions at its investment; ``fasting(world, siege) -> bool``: its garrison eats
  nothing (E-37; rules.sieges).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field

from rules.core.dice import Dice, Roll
from rules.core.dicetable import DiceTable
from rules.core.events import Event
from rules.core.problems import Problem
from rules.core.state import BattleState, Coord, Order, Side, Terrain, World


@dataclass(frozen=True)
class Module:
    option: str  # the Ruleset option that switches it on (1) or off (0)
    phase_one: Callable | None = None
    invasions: Callable | None = None
    defender: Callable | None = None
    after_battle: Callable | None = None
    order_results: Callable | None = None
    power_bonus: Callable | None = None
    end_of_turn: Callable | None = None
    crown_income: Callable | None = None
    tables: Mapping[str, tuple[DiceTable, Mapping[str, Hashable]]] = field(default_factory=dict)
    table_23: tuple[tuple[str, str, Callable], ...] = ()
    crowns: bool = False  # E-30: a supplement module with crown prices (rules.kingdoms.crowns)
    held: Callable | None = None
    place_tiles: Callable | None = None
    spare_capitals: Callable | None = None
    diplomacy_problem: Callable | None = None
    diplomacy_modifier: Callable | None = None
    diplomacy_rule: str = ""  # the rule IDs its modifier or its own roll cites
    provisions: Callable | None = None
    fasting: Callable | None = None
    pacify: Callable | None = None
    army_problem: Callable | None = None
    rulings: Mapping[str, Callable] = field(default_factory=dict)


@dataclass(frozen=True)
class Income:
    """What ``crown_income`` answers: a kingdom's crowns from one of the module's sources
    at a winter phase (rules.kingdoms.crowns.winter_phase), with the dice it rolled."""

    kingdom_id: int
    crowns: int
    reason: str
    rule: str
    rolls: tuple[Roll, ...] = ()


REGISTRY: list[Module] = []


def register(module: Module) -> Module:
    REGISTRY.append(module)
    return module


def switches() -> list[str]:
    """Each module's option once, in registry order (several Modules may share one)."""
    return list(dict.fromkeys(m.option for m in REGISTRY))


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


def asks_rulings(ruleset) -> bool:
    """Whether a module the campaign's ``ruleset`` switches on may ask the GM
    (new-rules.md §12.4)."""
    return any(m.rulings and getattr(ruleset, m.option, 0) for m in REGISTRY)


def apply_rulings(world: World, battles: list[BattleState]):
    """new-rules.md §12.4: each GM's answer that differs from the default it replaces,
    in key order, by the module that asked it; (world, battles, events)."""
    appliers = {kind: apply for m in active(world) for kind, apply in m.rulings.items()}
    events: list[Event] = []
    for key in sorted(world.rulings):
        ruling = world.rulings[key]
        if ruling.answer != ruling.default and ruling.kind in appliers:
            world, battles, more = appliers[ruling.kind](world, ruling, battles)
            events += more
    return world, battles, events


def after_battle(world: World, battle: BattleState, events: list[Event]) -> list[Event]:
    return [
        e
        for module in active(world)
        if module.after_battle is not None
        for e in module.after_battle(world, battle, events)
    ]


def order_results(world: World, orders: list[Order], dice: Dice):
    events: list[Event] = []
    for module in active(world):
        if module.order_results is not None:
            world, more = module.order_results(world, orders, dice)
            events += more
    return world, events


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


def held(world: World) -> dict[int, Problem]:
    """The armies the active modules hold this turn, each with the Problem that refuses
    it an order: they take no order and do not rest."""
    return {
        army_id: problem
        for module in active(world)
        if module.held is not None
        for army_id, problem in module.held(world).items()
    }


def crown_income(world: World, dice: Dice) -> list:
    return [
        income
        for module in active(world)
        if module.crown_income is not None
        for income in module.crown_income(world, dice)
    ]


def place_tiles(
    options: Iterable[str], terrain: dict[Coord, Terrain], taken: set[Coord], dice: Dice
) -> None:
    """Set-up: the modules whose ``option`` is in ``options`` place their terrains on a
    generated map, in registry order."""
    for module in REGISTRY:
        if module.option in options and module.place_tiles is not None:
            module.place_tiles(terrain, taken, dice)


def spare_capitals(
    options: Iterable[str], terrain: dict[Coord, Terrain], taken: set[Coord]
) -> list[Coord]:
    """Set-up: the spare capital sites the modules whose ``option`` is in ``options``
    make into independent kingdoms, in registry order."""
    return [
        site
        for module in REGISTRY
        if module.option in options and module.spare_capitals is not None
        for site in module.spare_capitals(terrain, taken)
    ]


def diplomacy_problem(world: World, spend):
    """E-38: the first module's refusal of a diplomacy or pacify spend, or None."""
    for module in active(world):
        if module.diplomacy_problem is not None:
            problem = module.diplomacy_problem(world, spend)
            if problem is not None:
                return problem
    return None


def diplomacy_modifier(world: World, spend) -> int:
    """E-38: the modules' modifiers on a diplomacy or pacify roll."""
    return sum(
        module.diplomacy_modifier(world, spend)
        for module in active(world)
        if module.diplomacy_modifier is not None
    )


def diplomacy_rules(world: World, spend) -> str:
    """E-38: the rule IDs the modules add to a diplomacy or pacify roll's, each after a
    space ("" if none does)."""
    return "".join(
        f" {module.diplomacy_rule}"
        for module in active(world)
        if module.diplomacy_rule
        and module.diplomacy_modifier is not None
        and module.diplomacy_modifier(world, spend)
    )


def pacify(world: World, spend, dice: Dice, events: list[Event]):
    """The first module's own roll of a pacify spend in place of Table 11, or None;
    ``events``: step 3b's so far (a module's state may have changed in them)."""
    for module in active(world):
        if module.pacify is not None:
            rolled = module.pacify(world, spend, dice, events)
            if rolled is not None:
                return rolled
    return None


def army_problem(world: World, kingdom_id: int, race: str):
    """NR-ALLY: the first module's refusal of a new army of ``race``, or None."""
    for module in active(world):
        if module.army_problem is not None:
            problem = module.army_problem(world, kingdom_id, race)
            if problem is not None:
                return problem
    return None


def provisions(world: World, battle: BattleState) -> int:
    """E-37: the modules' days of food on a siege's provisions at its investment."""
    return sum(m.provisions(world, battle) for m in active(world) if m.provisions is not None)


def fasting(world: World, siege) -> bool:
    """E-37: a module keeps the siege's garrison from eating (it never starves)."""
    return any(m.fasting(world, siege) for m in active(world) if m.fasting is not None)


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


from rules.modules import (  # noqa: E402, F401  (they register)
    beast,
    new_tiles,
    peoples,
    random_events,
    siege_trains,
    the_sea,
    wildlands,
    works,
)
