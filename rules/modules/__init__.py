"""Optional rule modules a GM switches on per campaign (docs/architecture.md, "Rule modules").

A module plugs into the phases through this small registry: the core phases call the
hooks below, which run every module the campaign's ruleset switches on (its ``option``
is 1), in registry order, and the core does not know the modules' names. The two hooks
that act at a fixed moment of the turn, ``phase_one`` and ``end_of_turn``, run instead in
the order of the supplement's timing schedule (§12.3): each declares its slot in it as
data, ``starts_at`` (a ``Start``) and ``ends_at`` (an ``End``), and ``register`` refuses a
module with one of those hooks and no slot, so the order never hangs on which package
imports first. Two hooks of one slot (the schedule orders them no further) run in
registry order. A module
keeps its own state in ``World.module_state[option]`` and changes it with a
``ModuleStateChanged`` event; what players learn it announces with ``Announcement``
events (rules.core.events).

Hooks (each optional):

* ``phase_one(world, orders, dice) -> (world, orders, events)``: §3 Phase 1, rolled at
  the start of Provisional Results (E-12); may change armies and drop orders of armies
  it destroyed. Its slot: ``starts_at``.
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
* ``end_of_turn(world, events, dice) -> events``: Final Results, before the end roll;
  its slot, ``ends_at``, places it among the winter phase's steps, the crown ledger's
  income (rules.kingdoms.crowns.winter_phase) opening ``End.INCOME``.
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

from collections.abc import Callable, Collection, Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import IntEnum
from operator import attrgetter

from rules.core.dice import Dice, Roll
from rules.core.dicetable import DiceTable
from rules.core.events import Event
from rules.core.problems import Problem
from rules.core.state import BattleState, Coord, Order, Side, Terrain, World


class Start(IntEnum):
    """When a module's ``phase_one`` acts at the start of the turn (§3 Phase 1, E-12): the
    core's own events first, then the supplement's schedule (§12.3 step 1, its five
    steps in its order), then what §12.3 places elsewhere but the engine rolls before
    the orders resolve."""

    PEOPLES = 1  # a module switched on mid-campaign: earlier settlements' peoples (NR-RACE-2)
    BEAST = 2  # E-12, App G: the Beast moves
    RANDOM_EVENTS = 3  # E-12: Table 31
    UNDEAD_HORDES = 4  # §12.3 step 1.1: before all players (NR-NHORDE-4)
    SHIPS = 5  # step 1.2: pirate and raider ships (T-PIRATE-MOVE, T-RAIDER)
    CHAOS_HORDES = 6  # step 1.3 (the wyvern roams with them)
    AFFLICTIONS = 7  # step 1.4: NR-TOMB-1, NR-NECRO-11
    SHIP_STATUS = 8  # step 1.5: NR-NAV-2, NR-SEA-3/5/6
    EQUINOX = 9  # step 4, NR-EQX: rolled at the equinox turn's Phase 1 (E-31)
    SEASON_OPENS = 10  # step 5.8's temple troops, as the campaign season opens (NR-TEMPLE-10)
    MOVEMENT = 11  # step 2: checks this turn's moves trigger (T-BANDIT, T-LAIR), the Orb…


class End(IntEnum):
    """When a module's ``end_of_turn`` acts at Final Results, before the end roll: the
    turn's own aftermath, then §12.3 steps 3 and 5 in their order (the winter steps do
    something only in the winter turn, E-31)."""

    TURN_RESULTS = 1  # step 2's aftermath: the battles' and conquests' consequences
    BEAST = 2  # App G: the awakening or return roll
    TOWER_REACTIONS = 3  # step 3: NR-TOWER-2
    FAULTS = 4  # step 5.1: NR-FAULT-3
    VOLCANOES = 5  # step 5.1: NR-VOLCANO-2
    LOSSES = 6  # step 5.2: stranded fleets, the curse's deadline, engines left behind
    PIRATE_RETURN = 7  # step 5.3: pirates berth
    TEMPLE_BANNERS = 8  # step 5.4: the Bretonnian banners come down
    INCOME = 9  # step 5.5: the crown ledger's income first (rules.kingdoms.crowns)
    CONSTRUCTION = 10  # step 5.6: temples, bridges, engines
    DIPLOMACY = 11  # step 5.7
    RECRUITMENT = 12  # step 5.8


@dataclass(frozen=True)
class Module:
    option: str  # the Ruleset option that switches it on (1) or off (0)
    phase_one: Callable | None = None
    starts_at: Start | None = None  # phase_one's slot in §12.3's schedule
    invasions: Callable | None = None
    defender: Callable | None = None
    after_battle: Callable | None = None
    order_results: Callable | None = None
    power_bonus: Callable | None = None
    end_of_turn: Callable | None = None
    ends_at: End | None = None  # end_of_turn's slot in §12.3's schedule
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
    """Add ``module``; a timed hook without its slot in §12.3's schedule (or a slot without
    its hook) is refused, by the module's option and the hook's name."""
    for hook, slot in (("phase_one", "starts_at"), ("end_of_turn", "ends_at")):
        if (getattr(module, hook) is None) != (getattr(module, slot) is None):
            raise ValueError(
                f"module {module.option!r}: {hook} and {slot} go together (§12.3's schedule)"
            )
    REGISTRY.append(module)
    return module


def scheduled(modules: Iterable[Module], slot: str) -> list[Module]:
    """The modules with a ``slot`` (``starts_at`` or ``ends_at``), in §12.3's order; one
    slot's in registry order (a stable sort)."""
    return sorted((m for m in modules if getattr(m, slot) is not None), key=attrgetter(slot))


def switches() -> list[str]:
    """Each module's option once, in registry order (several Modules may share one)."""
    return list(dict.fromkeys(m.option for m in REGISTRY))


def active(world: World) -> list[Module]:
    """The modules the campaign's ruleset switches on, in registry order."""
    return [m for m in REGISTRY if getattr(world.ruleset, m.option, 0)]


def phase_one(world: World, orders: list[Order], dice: Dice):
    events: list[Event] = []
    for module in scheduled(active(world), "starts_at"):
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


def end_of_turn(
    world: World, events: list[Event], dice: Dice, slots: Collection[End] = tuple(End)
) -> list[Event]:
    """The ``end_of_turn`` hooks whose slot is one of ``slots``, in §12.3's order, each
    seeing ``events`` and those of the hooks before it."""
    more: list[Event] = []
    for module in scheduled(active(world), "ends_at"):
        if module.ends_at in slots:
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
