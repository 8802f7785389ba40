"""Optional module: random events, Table 31 (§5.12, Appendix F; E-12, E-14).

Rolled on 2d6 once a turn in Phase 1, at the start of Provisional Results, and announced
to everyone. Rows 4 (bandits) and 10 (storms) act at step 3e, against this turn's
patrols (E-12). Rows 3 and 6 hit player armies only, rounded to 5 points; an army below
1,000 points follows E-14 (only Rest from its next orders), and one at 0 is destroyed.
Row 9's wandering hero comes after the turn's sealed bids, so he is offered on the next
turn's bulletin (the lead's ruling).

"A random kingdom" is a player kingdom still in play, picked with a logged die; "a random
army" likewise among their armies. Table 31 is an editable table (``table-31``), and each
row's number a ruleset option (rules.core.table_options, the Table 31 block): the plague's
250 points, the deserters' 10%, the harvests' and the treasure's power, the stir, the
bandits' Unrest, the wandering hero's minimum bid.
"""

from __future__ import annotations

import dataclasses
from enum import StrEnum

import msgspec

from rules.core.dice import Dice, Roll
from rules.core.dicetable import DiceTable
from rules.core.events import (
    Announcement,
    ArmyDestroyed,
    ArmyWeakened,
    Event,
    ModuleStateChanged,
    PowerAdjusted,
)
from rules.core.hexgrid import distance, flood_fill
from rules.core.state import ArmyState, Coord, Order, OrderKind, World
from rules.core.tables import points_lost
from rules.modules import Module, Start, module_table, register
from rules.turn.minor_features import patrol_radius
from rules.turn.orders import invasion_origin

OPTION = "random_events"
TABLE_KEY = "table-31"


class RandomEvent(StrEnum):
    """Table 31 results (§5.12)."""

    BEAST_STIRS = "beast_stirs"
    PLAGUE = "plague"
    BANDITS = "bandits"
    POOR_HARVEST = "poor_harvest"
    DESERTERS = "deserters"
    QUIET = "quiet"
    GOOD_HARVEST = "good_harvest"
    WANDERING_HERO = "wandering_hero"
    STORMS = "storms"
    HIDDEN_TREASURE = "hidden_treasure"
    OMEN = "omen"


TABLE_31 = DiceTable(
    title="Table 31 (Random events, 2d6)",
    rule="§5.12 Table 31",
    sides=12,
    lowest=2,
    rows=tuple((n, n, event) for n, event in enumerate(RandomEvent, start=2)),
)

POWER_CHANGE = {  # rows 5, 8, 11: the ruleset option and its sign
    RandomEvent.POOR_HARVEST: ("poor_harvest_power", -1),
    RandomEvent.GOOD_HARVEST: ("good_harvest_power", 1),
    RandomEvent.HIDDEN_TREASURE: ("treasure_power", 1),
}


def power_change(ruleset, event: RandomEvent) -> int:
    """Rows 5, 8, 11: the change of the kingdom's power (the ruleset's values)."""
    name, sign = POWER_CHANGE[event]
    return sign * getattr(ruleset, name)


@dataclasses.dataclass(frozen=True, kw_only=True)
class RandomEventRolled(Announcement):
    """§5.12 Table 31: this turn's event, announced to everyone (E-12)."""

    roll: int
    event: RandomEvent
    kingdom_id: int | None = None


@dataclasses.dataclass(frozen=True, kw_only=True)
class BanditsStruck(Announcement):
    """Table 31 row 4 at step 3e (E-12): an unpatrolled hex suffers Unrest for 1 turn
    (``bandits_unrest_turns``), this one first, until ``unrest_until``."""

    kingdom_id: int
    hex: Coord | None  # None: every hex of the kingdom was patrolled
    unrest_until: int | None = None


@dataclasses.dataclass(frozen=True, kw_only=True)
class StormsCalledOff(Announcement):
    """Table 31 row 10 at step 3e: an invasion across the sea is called off; its army
    stays on its origin. For the invader alone."""

    army_id: int
    hex: Coord


@dataclasses.dataclass(frozen=True, kw_only=True)
class WanderingHero(Announcement):
    """Table 31 row 9, B 6.2, E-21: an extra special mercenary. Rolled at Provisional
    Results, after this turn's sealed bids came with the orders, he is offered on the
    next turn's bulletin (the lead's ruling; campaign.turns.services.turn_open makes the
    offer)."""

    name: str = "A wandering hero"
    minimum_bid: int = 1


def this_turn(world: World) -> dict:
    """The event rolled this turn, as Phase 1 left it in the module state ({} if none)."""
    state = world.module_state.get(OPTION, {})
    return state if state.get("turn") == world.turn else {}


def unrest_hexes(world: World) -> set[Coord]:
    """Row 4: the hexes under the bandits' Unrest this turn (for Table 9 and §5.6 once
    Unrest exists, through the edicts)."""
    hex_ = this_turn(world).get("unrest")
    return {tuple(hex_)} if hex_ else set()


def phase_one(world: World, orders: list[Order], dice: Dice):
    """§3 Phase 1, E-12: roll Table 31 and apply the rows that act at once."""
    first = dice.d6("Table 31 random events, first die")
    second = dice.d6("Table 31 random events, second die")
    total = first.result + second.result
    event = module_table(world, TABLE_KEY).lookup(total)
    rolls: tuple[Roll, ...] = (first, second)
    state = {"turn": world.turn, "event": event.value, "roll": total}
    kingdom_id, more, picks = None, [], ()
    if event in (RandomEvent.PLAGUE, RandomEvent.BANDITS, *POWER_CHANGE):
        kingdom_id, picks = _random_kingdom(world, dice)
    if event is RandomEvent.BEAST_STIRS and getattr(world.ruleset, "the_beast", 0):
        from rules.modules.beast import stir  # the two modules meet only here (row 2)

        world, more = stir(world, world.ruleset.beast_stir)
    elif event is RandomEvent.PLAGUE and kingdom_id is not None:
        army_ids = sorted(a.id for a in world.armies.values() if a.kingdom_id == kingdom_id)
        plague = world.ruleset.plague_points
        world, more = _weaken(world, army_ids, lambda a: min(plague, a.points), "row 3")
    elif event is RandomEvent.DESERTERS:
        army_id, picks = _random_army(world, dice)
        if army_id is not None:
            kingdom_id = world.armies[army_id].kingdom_id
            ruleset = world.ruleset
            lose = lambda a: min(  # noqa: E731
                points_lost(ruleset, a.points, ruleset.deserters_percent), a.points
            )
            world, more = _weaken(world, [army_id], lose, "row 6")
    elif event in POWER_CHANGE and kingdom_id is not None:
        world, more = _power(world, kingdom_id, power_change(world.ruleset, event))
    if event is RandomEvent.BANDITS and kingdom_id is not None:
        state["kingdom_id"] = kingdom_id
    announced = RandomEventRolled(
        rule="§5.12 Table 31 E-12",
        rolls=rolls + picks,
        roll=total,
        event=event,
        kingdom_id=kingdom_id,
        text=_text(world, event, kingdom_id),
    )
    events: list[Event] = [announced, *more]
    if event is RandomEvent.WANDERING_HERO:
        events.append(
            WanderingHero(
                rule="Table 31 B 6.2 E-21",
                text="A wandering hero will offer his sword on the next turn's bulletin.",
                minimum_bid=world.ruleset.wandering_hero_bid,
            )
        )
    module_state = {**world.module_state, OPTION: state}
    world = dataclasses.replace(world, module_state=module_state)
    events.append(ModuleStateChanged(rule="§5.12 Table 31", module=OPTION, state=state))
    alive = set(world.armies)
    return world, [o for o in orders if o.army_id in alive], events


def invasions(world: World, orders: list[Order], patrols: list, dice: Dice):
    """Step 3e, E-12: the bandits strike an unpatrolled hex (row 4); storms call off
    invasions and patrols across the sea (row 10)."""
    rolled = this_turn(world)
    event = rolled.get("event")
    if event == RandomEvent.STORMS:
        return _storms(world, orders, patrols)
    if event == RandomEvent.BANDITS and rolled.get("kingdom_id") is not None:
        return orders, patrols, _bandits(world, rolled, patrols, dice)
    return orders, patrols, []


def _bandits(world: World, rolled: dict, patrols: list, dice: Dice) -> list[Event]:
    kingdom_id = rolled["kingdom_id"]
    covered = {cell for p in patrols if p.army.kingdom_id == kingdom_id for cell in p.area}
    unpatrolled = sorted(
        c for c, h in world.hexes.items() if h.owner == kingdom_id and c not in covered
    )
    name = world.kingdoms[kingdom_id].name
    if not unpatrolled:
        return [
            BanditsStruck(
                rule="Table 31 E-12",
                kingdom_id=kingdom_id,
                hex=None,
                text=f"The bandits found every hex of {name} patrolled and moved on.",
            )
        ]
    pick = None
    if len(unpatrolled) > 1:
        pick = dice.roll(len(unpatrolled), f"Table 31 bandits: which unpatrolled hex of {name}")
    hex_ = unpatrolled[pick.result - 1] if pick else unpatrolled[0]
    state = {**rolled, "unrest": list(hex_)}
    turns = world.ruleset.bandits_unrest_turns
    lasting = "1 turn" if turns == 1 else f"{turns} turns"
    return [
        BanditsStruck(
            rule="Table 31 Table 3 E-12",
            rolls=(pick,) if pick else (),
            kingdom_id=kingdom_id,
            hex=hex_,
            unrest_until=world.turn + turns - 1,
            text=f"Bandits raid {name}'s hex ({hex_[0]}, {hex_[1]}): Unrest for {lasting}.",
        ),
        ModuleStateChanged(rule="Table 31 E-12", module=OPTION, state=state),
    ]


def _storms(world: World, orders: list[Order], patrols: list):
    """Row 10: an invasion whose origin is not a grid neighbour of its target crosses
    the sea and is called off; a patrol covers only the land it reaches by land within
    its radius."""
    kept, events = [], []
    for order in orders:
        army = world.armies[order.army_id]
        if order.kind is OrderKind.INVADE and _crosses_the_sea(world, army, order):
            events.append(
                StormsCalledOff(
                    rule="Table 31 E-12 A-1.1.2.2",
                    army_id=army.id,
                    hex=order.target,
                    kingdom_ids=(army.kingdom_id,),
                    text=f"Storms at sea: {army.name}'s invasion of "
                    f"({order.target[0]}, {order.target[1]}) is called off.",
                )
            )
            continue
        kept.append(order)
    narrowed = []
    for patrol in patrols:
        radius = patrol_radius(world, patrol.base)  # Table 17: 2 from an Old road
        near = {
            c
            for c in patrol.area
            if distance(c, patrol.base) <= radius and not world.hexes[c].terrain.is_sea
        }
        by_land = flood_fill(patrol.base, near.__contains__)
        narrowed.append(dataclasses.replace(patrol, area=frozenset(by_land)))
    return kept, narrowed, events


def _crosses_the_sea(world: World, army: ArmyState, order: Order) -> bool:
    """A-1.1.2.2, E-07: an invasion whose origin (the order's, or the default one) is
    not a grid neighbour of its target."""
    origin = order.origin or invasion_origin(world, army.kingdom_id, order.target)
    return origin is not None and distance(origin, order.target) > 1


def _random_kingdom(world: World, dice: Dice) -> tuple[int | None, tuple[Roll, ...]]:
    ids = sorted(k.id for k in world.kingdoms.values() if not k.eliminated)
    if not ids:
        return None, ()
    if len(ids) == 1:
        return ids[0], ()
    roll = dice.roll(len(ids), "Table 31 random kingdom")
    return ids[roll.result - 1], (roll,)


def _random_army(world: World, dice: Dice) -> tuple[int | None, tuple[Roll, ...]]:
    playing = {k.id for k in world.kingdoms.values() if not k.eliminated}
    ids = sorted(a.id for a in world.armies.values() if a.kingdom_id in playing)
    if not ids:
        return None, ()
    if len(ids) == 1:
        return ids[0], ()
    roll = dice.roll(len(ids), "Table 31 random army")
    return ids[roll.result - 1], (roll,)


def _weaken(world: World, army_ids: list[int], lose, row: str) -> tuple[World, list[Event]]:
    """E-12: each army loses points (never below 0); at 0 it is destroyed (E-14)."""
    armies = dict(world.armies)
    events: list[Event] = []
    for army_id in army_ids:
        army: ArmyState = armies[army_id]
        lost = lose(army)
        left = army.points - lost
        events.append(
            ArmyWeakened(
                rule=f"Table 31 {row} E-12 E-14",
                army_id=army_id,
                points_lost=lost,
                points_left=left,
            )
        )
        if left <= 0:
            del armies[army_id]
            events.append(ArmyDestroyed(rule="E-14 Table 31", army_id=army_id))
        else:
            armies[army_id] = msgspec.structs.replace(army, points=left)
    return dataclasses.replace(world, armies=armies), events


def _power(world: World, kingdom_id: int, change: int) -> tuple[World, list[Event]]:
    """Rows 5, 8, 11: a kingdom's unspent power changes, never below 0."""
    kingdom = world.kingdoms[kingdom_id]
    power = max(0, kingdom.power + change)
    kingdoms = {**world.kingdoms, kingdom_id: dataclasses.replace(kingdom, power=power)}
    event = PowerAdjusted(
        rule="Table 31", kingdom_id=kingdom_id, change=power - kingdom.power, power=power
    )
    return dataclasses.replace(world, kingdoms=kingdoms), [event]


_TEXT = {
    RandomEvent.BEAST_STIRS: "The Beast stirs in its lair",
    RandomEvent.PLAGUE: "Plague strikes the armies of {kingdom}: each loses {plague_points} points",
    RandomEvent.BANDITS: "Bandits roam the land of {kingdom}",
    RandomEvent.POOR_HARVEST: "A poor harvest in {kingdom}: {poor_harvest_power} power lost",
    RandomEvent.DESERTERS: "Deserters leave an army of {kingdom}: {deserters_percent}% of its "
    "points",
    RandomEvent.QUIET: "A quiet turn",
    RandomEvent.GOOD_HARVEST: "A good harvest in {kingdom}: {good_harvest_power} power gained",
    RandomEvent.WANDERING_HERO: "A wandering hero seeks a master",
    RandomEvent.STORMS: "Storms at sea: no invasion or patrol crosses the sea this turn",
    RandomEvent.HIDDEN_TREASURE: "Hidden treasure found in {kingdom}: {treasure_power} power "
    "gained",
    RandomEvent.OMEN: "An omen: the GM's next rumour will come true",
}


def _text(world: World, event: RandomEvent, kingdom_id: int | None) -> str:
    kingdom = world.kingdoms[kingdom_id].name if kingdom_id in world.kingdoms else "a kingdom"
    rules = world.ruleset
    numbers = {
        name: getattr(rules, name)
        for name in ("plague_points", "poor_harvest_power", "deserters_percent",
                     "good_harvest_power", "treasure_power")
    }  # fmt: skip
    text = _TEXT[event].format(kingdom=kingdom, **numbers)
    if event is RandomEvent.BEAST_STIRS and not getattr(world.ruleset, "the_beast", 0):
        text += ", but nothing comes of it"
    return text + "."


MODULE = register(
    Module(
        option=OPTION,
        phase_one=phase_one,
        starts_at=Start.RANDOM_EVENTS,
        invasions=invasions,
        tables={TABLE_KEY: (TABLE_31, {e.value: e for e in RandomEvent})},
    )
)
