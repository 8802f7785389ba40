"""A campaign played in pure code, as the server plays it, for the property tests.

* ``campaign_world``: the World a map plan of rules.core.mapgen sets up
(campaign/campaigns/setup.py):
  each player's kingdom explored, his capital a City (E-22), his armies on it (E-32);
  the neutral kingdoms with their features and a Great Fortress capital (A-1.4.3), each
  with its General (E-20).
* ``run_turn``: one turn as campaign/pipeline/steps.py runs it: E-14's default cut and
  Provisional Results on the turn seed's "provisional" stream, the map written back, the
  Phase 4 answers, then Final Results on the "final" stream, and the map written back
  again for the next turn (``world_after``, what campaign/pipeline/writeback.py stores).

The write-back reuses the scenario runner's helpers, one event at a time so that the
changes follow the events' order (an army's points rebuilt by a Rest after a Table 31
loss, say), and adds what the next turn reads that those helpers leave out: losses,
income, capitals, eliminations, fallen characters, sieges.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import msgspec

from rules.battles.postbattle_events import CharacterRemoved, UnitRecovered
from rules.battles.tabletop import FOUGHT_RESULTS
from rules.core.dice import Dice, Roll
from rules.core.events import (
    ArmyLosses,
    BattleFought,
    CapitalMoved,
    DefenderAppeared,
    Event,
    ExperienceGained,
    KingdomEliminated,
    NeutralKingdomConquered,
    PowerCollected,
    RestFlagUsed,
)
from rules.core.mapgen import MapPlan
from rules.core.state import (
    ArmyState,
    BattleState,
    CharacterState,
    Defence,
    Defender,
    Edict,
    Feature,
    HexState,
    KingdomState,
    NeutralConquest,
    NeutralKingdomState,
    Order,
    Ruleset,
    World,
)
from rules.kingdoms.agreements import agreements_applied
from rules.kingdoms.armies import with_support_cuts
from rules.kingdoms.crowns import CrownsCollected
from rules.kingdoms.spending import with_results
from rules.kingdoms.spending_events import PacifyRolled, TemporaryPointsLost
from rules.kingdoms.spending_state import Spending, SpendResult
from rules.sieges.events import (
    EngineCaptured,
    EngineDestroyed,
    SiegeBattleDeclared,
    SiegeBegan,
    SiegeLosses,
    SiegeRecorded,
)
from rules.sieges.investment import siege_from_began
from rules.sieges.state import SiegeBattleKind, SiegeStatus
from rules.turn.final import resolve_final
from rules.turn.provisional import declared_battles, resolve_provisional
from tests.rules.scenario_runner import map_after
from tests.rules.spending_cases import spending_applied

# --- set-up (campaign/campaigns/setup.py) ---------------------------------------------------------


def campaign_world(plan: MapPlan, ruleset: Ruleset, armies: list[list[tuple[int, int]]]) -> World:
    """The World of a new campaign on ``plan``: kingdom ``i + 1`` gets ``plan.kingdoms[i]``
    and the armies ``armies[i]`` as (allocation, points); neutral kingdoms are numbered
    from 1 as well (the database numbers each table on its own)."""
    hexes = {c: HexState(coord=c, terrain=t) for c, t in plan.terrain.items()}
    kingdoms, army_states, characters = {}, {}, {}
    for kingdom_id, (kingdom, sizes) in enumerate(zip(plan.kingdoms, armies, strict=True), 1):
        for coord in kingdom.hexes:
            hexes[coord] = msgspec.structs.replace(hexes[coord], owner=kingdom_id, explored=True)
        hexes[kingdom.capital] = msgspec.structs.replace(
            hexes[kingdom.capital], feature=Feature.CITY
        )
        kingdoms[kingdom_id] = KingdomState(
            id=kingdom_id,
            name=f"Kingdom {kingdom_id}",
            capital=kingdom.capital,
            power=ruleset.starting_power,  # Q19
        )
        for place, (allocation, points) in enumerate(sizes):
            army_id = len(army_states) + 1
            army_states[army_id] = ArmyState(
                id=army_id,
                kingdom_id=kingdom_id,
                name=f"Army {army_id}",
                points=points,
                allocation=allocation,
                position=kingdom.capital,
            )
            characters[army_id] = CharacterState(
                id=army_id,
                name=f"General of Army {army_id}",
                kingdom_id=kingdom_id,
                army_id=army_id,
                is_general=True,
                is_grand_marshal=place == 0,  # B 3.4: the first General is the Grand Marshall
            )
    neutrals = {}
    for neutral_id, neutral in enumerate(plan.neutrals, start=1):
        for coord in neutral.hexes:
            hexes[coord] = msgspec.structs.replace(
                hexes[coord],
                neutral_kingdom=neutral_id,
                home_neutral_kingdom=neutral_id,
                feature=neutral.features.get(coord),
            )
        capital = hexes[neutral.capital]
        hexes[neutral.capital] = msgspec.structs.replace(capital, defence=Defence.GREAT_FORTRESS)
        neutrals[neutral_id] = NeutralKingdomState(
            id=neutral_id, name=f"Neutral {neutral_id}", capital=neutral.capital
        )
        general_id = len(characters) + 1
        characters[general_id] = CharacterState(
            id=general_id,
            name=f"General of Neutral {neutral_id}",
            kingdom_id=None,
            army_id=None,
            is_general=True,
            neutral_kingdom_id=neutral_id,
        )
    return World(
        turn=1,
        hexes=hexes,
        kingdoms=kingdoms,
        neutral_kingdoms=neutrals,
        armies=army_states,
        characters=characters,
        ruleset=ruleset,
    )


# --- one turn (campaign/pipeline/steps.py) ------------------------------------------------


@dataclass(frozen=True)
class TurnInputs:
    """What the players gave for a turn: validated orders, spending and edicts."""

    orders: tuple[Order, ...] = ()
    spending: Spending = Spending()
    edicts: tuple[Edict, ...] = ()


Decide = Callable[[World, list[BattleState], list[Event]], list[BattleState]]
"""Phase 4: the battles as declared (with the provisional events) → with the answers."""


@dataclass(frozen=True)
class TurnResult:
    provisional: list[Event]
    final: list[Event]
    rolls: list[Roll]  # every roll of the turn's two dice streams, in order
    middle: World  # the world between the two steps, as the pipeline stored it
    world: World  # the world the next turn starts from

    @property
    def events(self) -> list[Event]:
        return self.provisional + self.final


def run_turn(world: World, inputs: TurnInputs, seed: str, decide: Decide) -> TurnResult:
    """One turn, as the two server steps run it, each on its own stream of the seed and
    from the world the step before it stored."""
    provisional_dice, final_dice = Dice(f"{seed}:provisional"), Dice(f"{seed}:final")
    before, orders, cuts = with_support_cuts(world, list(inputs.orders))  # E-14
    provisional = (
        cuts + resolve_provisional(before, orders, provisional_dice, inputs.spending).events
    )
    middle = world_after(world, provisional)
    battles = decide(middle, declared_battles(provisional), provisional)
    spends = with_results(inputs.spending.spends, provisional)
    orders = [o for o in orders if o.army_id in middle.armies]  # a destroyed army's go with it
    final = resolve_final(middle, battles, final_dice, orders, list(inputs.edicts), spends).events
    after = world_after(middle, final, battles)
    after = dataclasses.replace(after, turn=world.turn + 1)
    rolls = provisional_dice.rolls + final_dice.rolls
    return TurnResult(provisional, final, rolls, middle, after)


def provoked_after(provoked: dict, events: Iterable[Event], turn: int) -> dict:
    """Table 11: the hexes Provoked by a Pacify, with the last turn they were (the
    pipeline keeps the last two turns' spends, kingdoms/spending/writeback.py)."""
    provoked = {c: t for c, t in provoked.items() if t >= turn - 1}
    for e in events:
        if isinstance(e, PacifyRolled) and e.result == SpendResult.PROVOKED:
            provoked[e.hex] = turn
    return provoked


# --- the write-back (campaign/pipeline/writeback.py) --------------------------------------


def world_after(world: World, events: list[Event], battles: Iterable[BattleState] = ()) -> World:
    """The world as the pipeline stores it after a step's events; after Final Results
    (``battles`` given) also the neutral kingdoms that fought (A-1.4.20)."""
    for e in events:
        world = map_after(world, [e])  # the map, positions, rests, modules (scenario runner)
        world = spending_applied(world, [e])  # step 3b: power, reinforcements, allies
        world = agreements_applied(world, [e])  # Q23
        world = _applied(world, e)
    battles = list(battles)
    if battles:
        world = dataclasses.replace(
            world, neutral_battles_last_turn=_neutrals_fought(battles, events)
        )
    return world


def _neutrals_fought(battles: list[BattleState], events: list[Event]) -> frozenset[int]:
    """A-1.4.20: the neutral kingdoms whose army defended in a battle of the turn, its
    siege battles included, fought to a result (campaign.pipeline.snapshot reads them
    from the battles' sides)."""
    defenders = {b.key: b.defender.neutral_kingdom_id for b in battles if b.defender}
    defenders |= {
        e.battle_key: e.defender_neutral_kingdom_id
        for e in events
        if isinstance(e, SiegeBattleDeclared)
    }
    return frozenset(
        defenders[e.battle_key]
        for e in events
        if isinstance(e, BattleFought)
        and e.result in FOUGHT_RESULTS
        and defenders.get(e.battle_key) is not None
    )


def _applied(world: World, e: Event) -> World:
    """The events the scenario runner's helpers leave out."""
    applier = _APPLIERS.get(type(e))
    return applier(world, e) if applier is not None else world


def _army(world: World, army_id: int, **changes) -> World:
    if army_id not in world.armies:
        return world
    armies = dict(world.armies)
    armies[army_id] = msgspec.structs.replace(armies[army_id], **changes)
    return dataclasses.replace(world, armies=armies)


def _kingdom(world: World, kingdom_id: int, **changes) -> World:
    kingdoms = dict(world.kingdoms)
    kingdoms[kingdom_id] = dataclasses.replace(kingdoms[kingdom_id], **changes)
    return dataclasses.replace(world, kingdoms=kingdoms)


def _character(world: World, character_id: int, **changes) -> World:
    characters = dict(world.characters)
    characters[character_id] = msgspec.structs.replace(characters[character_id], **changes)
    return dataclasses.replace(world, characters=characters)


def _hexes(world: World, coords: Iterable, **changes) -> World:
    hexes = dict(world.hexes)
    for coord in coords:
        hexes[tuple(coord)] = msgspec.structs.replace(hexes[tuple(coord)], **changes)
    return dataclasses.replace(world, hexes=hexes)


def _recovered(world: World, e: UnitRecovered) -> World:
    army = world.armies.get(e.army_id)
    if not (e.returned and e.points and army is not None):
        return world
    return _army(world, e.army_id, points=min(army.allocation, army.points + e.points))


def _eliminated(world: World, e: KingdomEliminated) -> World:
    """E-27: the land unowned and explored, power and industry gone."""
    world = _kingdom(world, e.kingdom_id, eliminated=True, power=0, industry=0)
    return _hexes(world, e.hexes, owner=None, explored=True)


def _capital(world: World, e: CapitalMoved) -> World:
    kingdom = world.kingdoms[e.kingdom_id]
    fallback = tuple(c for c in kingdom.fallback_capitals if c != e.new)
    return _kingdom(world, e.kingdom_id, capital=e.new, fallback_capitals=fallback)


def _neutral_conquered(world: World, e: NeutralKingdomConquered) -> World:
    """E-18: Quick Friendship names the protector, Sworn Enemies leaves none (the hexes
    came with the event's HexConquered, the capital with the scenario runner's helper)."""
    quick = e.choice is NeutralConquest.QUICK_FRIENDSHIP
    neutrals = dict(world.neutral_kingdoms)
    neutrals[e.neutral_kingdom_id] = dataclasses.replace(
        neutrals[e.neutral_kingdom_id], protector=e.kingdom_id if quick else None
    )
    return dataclasses.replace(world, neutral_kingdoms=neutrals)


def _appeared(world: World, e: DefenderAppeared) -> World:
    defender = Defender(points=e.points, original_points=e.points)
    return _hexes(world, [e.hex], defender=defender)


def _removed(world: World, e: CharacterRemoved) -> World:
    """Table 13 Dead, E-03 retired: out of every army."""
    return _character(
        world, e.character_id, status=e.cause, army_id=None, is_general=False,
        is_grand_marshal=False,
    )  # fmt: skip


def _experience(world: World, e: ExperienceGained) -> World:
    return _character(world, e.character_id, xp=world.characters[e.character_id].xp + e.xp)


def _siege_began(world: World, e: SiegeBegan) -> World:
    """E-37: the new siege; its key is the next free one, as a new row's would be."""
    key = max((s.key for s in world.sieges), default=0) + 1
    return dataclasses.replace(world, sieges=(*world.sieges, siege_from_began(key, e, world.turn)))


def _siege_recorded(world: World, e: SiegeRecorded) -> World:
    """The state the turn's days left (rules.sieges.state.PERSISTED), with the plans
    gone: the next turn's are given anew."""
    state = dict(e.state)
    state["status"] = SiegeStatus(state["status"])
    state["besieger_army_ids"] = tuple(state["besieger_army_ids"])
    state["events_drawn"] = tuple(state["events_drawn"])
    if state["pending_kind"]:
        state["pending_kind"] = SiegeBattleKind(state["pending_kind"])
    sieges = tuple(
        dataclasses.replace(s, **state, besieger_plan=type(s.besieger_plan)(),
                            garrison_plan=type(s.garrison_plan)())
        if s.key == e.siege_key else s
        for s in world.sieges
    )  # fmt: skip
    return dataclasses.replace(world, sieges=sieges)


def _engine_captured(world: World, e: EngineCaptured) -> World:
    engines = tuple(
        dataclasses.replace(g, kingdom_id=e.kingdom_id, army_id=e.army_id)
        if g.id == e.engine_id
        else g
        for g in world.siege_engines
    )
    return dataclasses.replace(world, siege_engines=engines)


def _engine_destroyed(world: World, e: EngineDestroyed) -> World:
    engines = tuple(g for g in world.siege_engines if g.id != e.engine_id)
    return dataclasses.replace(world, siege_engines=engines)


_APPLIERS: dict[type, Callable[[World, Event], World]] = {
    ArmyLosses: lambda w, e: _army(w, e.army_id, points=e.points_left),
    SiegeLosses: lambda w, e: _army(w, e.army_id, points=e.points_left),
    TemporaryPointsLost: lambda w, e: _army(w, e.army_id, points=e.points),
    RestFlagUsed: lambda w, e: _army(w, e.army_id, rested=False),  # E-01
    UnitRecovered: _recovered,
    PowerCollected: lambda w, e: _kingdom(w, e.kingdom_id, power=e.power, industry=e.industry),
    CrownsCollected: lambda w, e: _kingdom(w, e.kingdom_id, crowns=e.balance),
    CapitalMoved: _capital,
    KingdomEliminated: _eliminated,
    NeutralKingdomConquered: _neutral_conquered,
    DefenderAppeared: _appeared,
    CharacterRemoved: _removed,
    ExperienceGained: _experience,
    SiegeBegan: _siege_began,
    SiegeRecorded: _siege_recorded,
    EngineCaptured: _engine_captured,
    EngineDestroyed: _engine_destroyed,
}
