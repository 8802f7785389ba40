"""The multi-day siege at the campaign's scale (E-37; siege-tactical.md §8 adapted as
docs/design/sieges.md says): one function a step, and the step of Final Results that
runs each ongoing siege's days.

* ``begin_siege``: the defender withdrew behind the walls at Phase 4; the investment
  (SG-DAY-0) and the provisions roll (SG-PROV).
* ``siege_step``: before the turn's battles, each ongoing siege in hex order: lifted,
  relieved (§12.5), then ``siege_days_per_turn`` days (``siege_day``): the event
  (SG-EVENT, with SG-BLOCK's modifier), the initiative (SG-INIT), the action (SG-ACT:
  ``assault``, ``sortie``, ``supply_sortie``, ``general_sortie``, ``negotiate``), the
  bombardment (SG-BOMB) and the provisions eaten (SG-PROV, SG-SURR-1). A siege that
  falls is conquered like a won battle (§12.5), through rules.turn.final's bookkeeping.

Pure and deterministic: every roll comes from ``dice`` with its purpose; the Final
step's dice stream makes a re-run replay the same days.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from rules.battles.battle import characters, resolve_battle
from rules.battles.tabletop import TabletopResult
from rules.core.dice import Dice, Roll
from rules.core.events import (
    ArmyMoved,
    BattleFought,
    BattleWon,
    CharacterFell,
    DefenderLosses,
    Event,
    TabletopBattleFought,
)
from rules.core.ruleset import table
from rules.core.state import (
    BattleState,
    Coord,
    Decision,
    DefenderKind,
    NeutralConquest,
    Order,
    Role,
    Side,
    Strategy,
    World,
)
from rules.core.tables import BattleResult, loss_percent, points_lost
from rules.sieges.battle import engines_with
from rules.sieges.events import (
    EngineCaptured,
    EngineDestroyed,
    SiegeBattleDeclared,
    SiegeBattleNotFought,
    SiegeBegan,
    SiegeDay,
    SiegeEnded,
    SiegeLosses,
    SiegeProvisions,
    SiegeRecorded,
)
from rules.sieges.state import (
    BesiegerAction,
    GarrisonAction,
    Place,
    SiegeBattleKind,
    SiegeEngineState,
    SiegePlan,
    SiegeState,
    SiegeStatus,
    at_the_table,
    place_of,
    relief_army_ids,
    state_dict,
    wall_damage_left,
    withdraw_problem,
)
from rules.sieges.tables import MOUTHS_TOP, SiegeEvent, band_of, bombard_key

BESIEGER, GARRISON = "besieger", "garrison"
FOR_GOOD = 10**6  # event 17's "killed": out for the rest of the siege


# --- The investment -----------------------------------------------------------------


def wall_stages(world: World, place: Place) -> int:
    """SG-BOMB-1: D results that demolish the wall (P for a fortress, S for a City)."""
    rs = world.ruleset
    return {
        Place.GREAT_FORTRESS: rs.siege_wall_stages_great_fortress,
        Place.FORTRESS: rs.siege_wall_stages_fortress,
        Place.CITY: rs.siege_wall_stages_city,
    }[place]


def provisions_roll(
    world: World, garrison_points: int, hex_: Coord, dice: Dice
) -> tuple[int, int, int, tuple[Roll, ...]]:
    """SG-PROV-1/2/3: 3D10 days of food (a castle), the modifier for the garrison's
    mouths (one per ``siege_points_per_mouth`` points), never fewer than 2 days. Returns
    the provisions, the modifier, the mouths and the rolls."""
    rs = world.ruleset
    count = rs.siege_provisions_dice
    rolls = tuple(
        dice.roll(10, f"SG-PROV-1 provisions d10 ({n} of {count}) at {hex_}")
        for n in range(1, count + 1)
    )
    mouths = min(MOUTHS_TOP, garrison_points // rs.siege_points_per_mouth)
    modifier = table(rs, "siege-provisions").lookup(mouths)
    total = sum(r.result for r in rolls) + modifier
    return max(rs.siege_provisions_minimum, total), modifier, mouths, rolls


def begin_siege(world: World, battle: BattleState, dice: Dice, turn) -> list[Event]:
    """E-37, SG-DAY-0: the defender withdrew behind the walls at Phase 4: no field battle
    (no winner, no experience), the place is invested, its provisions rolled, and the
    besiegers and the garrison stand on the hex (E-32). ``turn`` is rules.turn.final's record
    of the turn so far (its points, positions and used-up patrols). [] when the defender
    did not withdraw, or may not (battles.decisions.services refuses it at Phase 4): then the
    battle is fought."""
    defender = battle.defender
    if defender is None or defender.decision is not Decision.WITHDRAW:
        return []
    hex_ = world.hexes[battle.hex]
    if withdraw_problem(hex_, battle.defender_kind, battle.attacker.kingdom_id) is not None:
        return []
    place = place_of(hex_)
    armies = defender.army_ids
    garrison = sum(turn.points[a] for a in armies) if armies else defender.points
    provisions, modifier, mouths, rolls = provisions_roll(world, garrison, battle.hex, dice)
    rs = world.ruleset
    began = SiegeBegan(
        rule="E-37 SG-DAY-0 SG-PROV-1 SG-PROV-2 SG-PROV-3",
        rolls=rolls,
        battle_key=battle.key,
        hex=battle.hex,
        place=place.value,
        besieger_kingdom_id=battle.attacker.kingdom_id,
        besieger_army_ids=battle.attacker.army_ids,
        origins=tuple((a, turn.positions.get(a)) for a in battle.attacker.army_ids),
        defender_kind=battle.defender_kind,
        garrison_kingdom_id=defender.kingdom_id,
        garrison_neutral_kingdom_id=defender.neutral_kingdom_id,
        garrison_army_ids=armies,
        garrison_points=0 if armies else defender.points,
        provisions=provisions,
        provisions_modifier=modifier,
        mouths=mouths,
        wall_damage=wall_damage_left(world, battle.hex),
        wall_stages=wall_stages(world, place),
        camp_ready_day=rs.siege_build_days,
        neutral_conquest=battle.neutral_conquest.value if battle.neutral_conquest else None,
    )
    moves = _moves(turn, (*battle.attacker.army_ids, *armies), battle.hex, "E-32 E-37")
    turn.used_up.update(armies)  # behind the walls: it defends nothing else this turn
    won = BattleWon(rule="E-37", battle_key=battle.key, hex=battle.hex, winner=None)
    return [began, *moves, won]


def siege_from_began(key: int, e: SiegeBegan, turn: int) -> SiegeState:
    """The SiegeState a SiegeBegan event starts (the pipeline and the scenarios)."""
    return SiegeState(
        key=key,
        hex=tuple(e.hex),
        place=Place(e.place),
        besieger_kingdom_id=e.besieger_kingdom_id,
        besieger_army_ids=tuple(e.besieger_army_ids),
        defender_kind=DefenderKind(e.defender_kind),
        started_turn=turn,
        garrison_kingdom_id=e.garrison_kingdom_id,
        garrison_neutral_kingdom_id=e.garrison_neutral_kingdom_id,
        garrison_army_ids=tuple(e.garrison_army_ids),
        garrison_points=e.garrison_points,
        origins=tuple((a, tuple(c) if c else None) for a, c in e.origins),
        battle_key=e.battle_key,
        provisions=e.provisions,
        provisions_rolled=e.provisions,
        wall_damage=e.wall_damage,
        wall_stages=e.wall_stages,
        camp_ready_day=e.camp_ready_day,
        neutral_conquest=e.neutral_conquest,
    )


def _moves(turn, army_ids, hex_: Coord, rule: str) -> list[ArmyMoved]:
    moves = []
    for army_id in army_ids:
        if turn.positions.get(army_id) != hex_:
            turn.positions[army_id] = hex_
            moves.append(ArmyMoved(rule=rule, army_id=army_id, hex=hex_))
    return moves


# --- Strength and the blockade ------------------------------------------------------


def besieger_points(siege: SiegeState, points: dict[int, int]) -> int:
    return sum(points.get(a, 0) for a in siege.besieger_army_ids)


def garrison_points(siege: SiegeState, points: dict[int, int]) -> int:
    """The garrison's armies' points, or a neutral garrison's own."""
    if siege.garrison_army_ids:
        return sum(points.get(a, 0) for a in siege.garrison_army_ids)
    return siege.garrison_points


def blockade(world: World, siege: SiegeState, points: dict[int, int]) -> tuple[str, int]:
    """SG-BLOCK-1: the besiegers' points (and levies) against the garrison's: good at 2×
    or more, average from 1×, poor below (SG-GAP-15 as the digest recommends), with the
    modifier it puts on the events roll."""
    rs = world.ruleset
    besiegers = besieger_points(siege, points) + siege.besieger_levies
    garrison = garrison_points(siege, points) + siege.garrison_levies
    if besiegers * 100 >= rs.siege_blockade_good_percent * garrison:
        return "good", 0
    if besiegers * 100 >= rs.siege_blockade_average_percent * garrison:
        return "average", rs.siege_blockade_average_bonus
    return "poor", rs.siege_blockade_poor_bonus


# --- One siege's turn ---------------------------------------------------------------


@dataclass
class _Run:
    """One siege's turn while it is played: the siege as it stands, and what happened."""

    world: World
    siege: SiegeState
    dice: Dice
    points: dict[int, int]
    events: list[Event] = field(default_factory=list)
    battles: list[BattleState] = field(default_factory=list)
    gone: set[int] = field(default_factory=set)  # engines destroyed or captured
    fallen: set[int] = field(default_factory=set)  # characters fallen in its battles
    commanders: frozenset[int] = frozenset()  # the garrison's characters at the start
    provisions: list[str] = field(default_factory=list)  # what changed them
    why: str = ""  # why the siege ended
    what: list[str] = field(default_factory=list)  # the current day's log
    rolls: list[Roll] = field(default_factory=list)  # the current day's rolls
    # E-24: the siege's battle announced at Provisional Results (rules.sieges.tabletop),
    # with its Phase 4 choices and its confirmed report
    announced: BattleState | None = None
    resumed: bool = False  # this turn began with a day a tabletop battle had stopped

    def update(self, **changes) -> None:
        self.siege = dataclasses.replace(self.siege, **changes)

    def end(self, status: SiegeStatus, why: str) -> None:
        if self.siege.ongoing:
            self.update(status=status, ended_turn=self.world.turn)
            self.why = why
            self.what.append(why)

    def roll(self, sides: int, purpose: str) -> int:
        roll = self.dice.roll(sides, f"{purpose} at {self.siege.hex}")
        self.rolls.append(roll)
        return roll.result

    def train(self) -> list[SiegeEngineState]:
        """NR-SIEGE: the besiegers' engines still with them."""
        engines = engines_with(self.world, self.siege.besieger_army_ids)
        return [e for e in engines if e.id not in self.gone]

    def provisions_change(self, days: int, why: str) -> None:
        self.update(provisions=max(0, self.siege.provisions + days))
        self.provisions.append(f"{days:+d} {why}")


def siege_step(
    world: World,
    orders: list[Order],
    dice: Dice,
    turn,
    announced: dict[int, BattleState] | None = None,
) -> tuple[list[Event], list]:
    """Final Results, before the turn's battles (docs/design/sieges.md): every ongoing
    siege in hex order plays its turn (``siege_turn``); one that falls is conquered
    through ``turn`` (rules.turn.final's record: a BattleWon for the besiegers, §3 6b), one
    broken or lifted sends the besiegers back to the hex they came from. ``announced``
    holds the siege battles announced at Provisional Results for the tabletop, by
    siege key (E-24). Returns the events and the siege battles fought (for the
    post-battle step, §3 6c)."""
    events: list[Event] = []
    battles: list[BattleState] = []
    announced = announced or {}
    for siege in sorted((s for s in world.sieges if s.ongoing), key=lambda s: s.hex):
        run = siege_turn(world, siege, orders, dice, turn.points, announced.get(siege.key))
        events += run.events
        battles += run.battles
        events += _ended(world, run, turn)
    return events, battles


def siege_turn(
    world: World,
    siege: SiegeState,
    orders: list[Order],
    dice: Dice,
    points: dict[int, int],
    announced: BattleState | None = None,
) -> _Run:
    """One siege's turn: whether it still stands, its lifting, its relief, the day a
    tabletop battle stopped (E-24: the first of the turn's days), then its days until
    one of them stops on a tabletop battle; the state it ends in is recorded
    (SiegeRecorded) with the garrison's provisions."""
    run = _Run(world, siege, dice, points, announced=announced)
    run.commanders = frozenset(c.id for c in characters(world, _garrison_side(run.siege, points)))
    _still_standing(run)
    if run.siege.ongoing and run.siege.besieger_plan.lift:
        run.end(SiegeStatus.LIFTED, "the besiegers lifted the siege")
    if run.siege.ongoing:
        relief(run, relief_army_ids(world, run.siege, orders))
    days = world.ruleset.siege_days_per_turn
    if run.siege.ongoing and run.siege.pending_kind is not None:
        resume_day(run)
        days -= 1
    elif run.siege.pending_kind is not None:
        _not_fought(run)
    for _ in range(days):
        if not run.siege.ongoing or run.siege.pending_kind is not None:
            break
        siege_day(run)
    run.events.append(
        SiegeProvisions(
            rule="SG-PROV",
            siege_key=run.siege.key,
            hex=run.siege.hex,
            garrison_kingdom_id=run.siege.garrison_kingdom_id,
            day=run.siege.day,
            provisions=run.siege.provisions,
            changes=tuple(run.provisions),
        )
    )
    run.events.append(SiegeRecorded(rule="§12.2", siege_key=siege.key, state=state_dict(run.siege)))
    return run


def _still_standing(run: _Run) -> None:
    """§12.5: a siege whose besiegers are gone is lifted; a garrison army gone, or a
    place that changed hands, ends it too."""
    world, siege = run.world, run.siege
    kingdom = world.kingdoms.get(siege.besieger_kingdom_id)
    besiegers = tuple(a for a in siege.besieger_army_ids if a in world.armies)
    if besiegers != siege.besieger_army_ids:
        run.update(besieger_army_ids=besiegers)
    if not besiegers or kingdom is None or kingdom.eliminated:
        run.end(SiegeStatus.LIFTED, "no besieging army is left")
        return
    if siege.defender_kind is DefenderKind.PATROL:
        if world.hexes[siege.hex].owner != siege.garrison_kingdom_id:
            run.end(SiegeStatus.LIFTED, "the place changed hands")
        elif not all(a in world.armies for a in siege.garrison_army_ids):
            run.end(SiegeStatus.SURRENDERED, "the garrison is gone (SG-SURR-1)")


def _garrison_side(siege: SiegeState, points: dict[int, int]) -> Side:
    return Side(
        points=garrison_points(siege, points),
        kingdom_id=siege.garrison_kingdom_id,
        neutral_kingdom_id=siege.garrison_neutral_kingdom_id,
        army_ids=siege.garrison_army_ids,
        strategy=siege.garrison_plan.strategy,
    )


def _besieger_side(siege: SiegeState, points: dict[int, int]) -> Side:
    return Side(
        points=besieger_points(siege, points),
        kingdom_id=siege.besieger_kingdom_id,
        army_ids=siege.besieger_army_ids,
        strategy=siege.besieger_plan.strategy,
    )


# --- One day (SG-DAY-1) -------------------------------------------------------------


def siege_day(run: _Run) -> None:
    """SG-DAY-1: the camp's engines (SG-BUILD-1), the event (SG-EVENT), the initiative
    (SG-INIT), the action (SG-ACT), the bombardment (SG-BOMB), the provisions eaten and
    the surrender checks (SG-PROV, SG-SURR-1); the day's log is a SiegeDay event."""
    run.what, run.rolls = [], []
    day = run.siege.day + 1
    index = _days_played(run)
    run.update(day=day)
    camp_engines_built(run, day)
    event, total = siege_event(run, day)
    holder, action, battle_key = None, "", None
    if run.siege.ongoing:
        holder = initiative(run, day, event)
        side, action = chosen_action(run.siege, holder, index, event)
        kind = BATTLE_ACTIONS.get((side, action))
        if kind is not None and at_the_table(run.siege, kind):
            _stop_for_the_table(run, kind, day)
        else:
            battle_key = perform(run, side, action, day)
    _day_end(run, day, event, total, holder, action, battle_key)


def resume_day(run: _Run) -> None:
    """E-24: the day a tabletop battle stopped, the first of this turn's days: its
    battle, announced at Provisional Results (``run.announced``), is fought from its
    confirmed report, or abstract with the strategies on file; then the day ends as
    any other (bombardment, provisions)."""
    run.what, run.rolls, run.resumed = [], [], True
    kind, day = run.siege.pending_kind, run.siege.pending_day
    run.update(pending_kind=None, pending_day=0)
    run.what.append(f"day {day} goes on: the {kind.value.replace('_', ' ')} is fought (E-24)")
    battle_key = _FIGHTS[kind](run, day)
    holder = BESIEGER if kind is SiegeBattleKind.ASSAULT else GARRISON
    _day_end(run, day, None, None, holder, kind.value, battle_key)


def _stop_for_the_table(run: _Run, kind: SiegeBattleKind, day: int) -> None:
    """E-24: both sides chose to play the siege's battles on the tabletop; the siege
    stops on this day until the battle is played (announced at the next Provisional
    Results, its report read at the next Final Results)."""
    run.update(pending_kind=kind, pending_day=day)
    run.what.append(
        f"the {kind.value.replace('_', ' ')} will be fought on the tabletop: the siege "
        f"stands still on day {day} until it is played (E-24)"
    )


def _not_fought(run: _Run) -> None:
    """E-24: the siege ended (lifted, relieved, the garrison gone) before the day its
    tabletop battle stopped on: the battle is not fought."""
    kind, day = run.siege.pending_kind, run.siege.pending_day
    run.update(pending_kind=None, pending_day=0)
    if run.announced is None:
        return
    run.events.append(
        SiegeBattleNotFought(
            rule="E-24 E-37",
            siege_key=run.siege.key,
            hex=run.siege.hex,
            besieger_kingdom_id=run.siege.besieger_kingdom_id,
            garrison_kingdom_id=run.siege.garrison_kingdom_id,
            battle_key=run.announced.key,
            day=day,
            kind=kind.value,
            why=run.why,
        )
    )


def _day_end(run: _Run, day: int, event, total, holder, action: str, battle_key) -> None:
    """The rest of SG-DAY-1 once the action is done: the bombardment (none on an assault
    or a general sortie day), the provisions eaten and the surrender checks; nothing of
    it on a day stopped for the tabletop. The day's log is a SiegeDay event."""
    bombardment = None
    going = run.siege.ongoing and run.siege.pending_kind is None
    if going and action not in (BesiegerAction.ASSAULT, GarrisonAction.GENERAL_SORTIE):
        bombardment = bombard(run, day)
    if going:
        eat(run, day)
    run.update(gate_open=False)
    run.events.append(
        SiegeDay(
            rule="SG-DAY-1",
            rolls=tuple(run.rolls),
            siege_key=run.siege.key,
            hex=run.siege.hex,
            besieger_kingdom_id=run.siege.besieger_kingdom_id,
            garrison_kingdom_id=run.siege.garrison_kingdom_id,
            day=day,
            event=event.value if event else None,
            event_total=total,
            initiative=holder,
            action=action,
            result=run.what[-1] if run.what else "",
            bombardment=str(bombardment) if bombardment is not None else None,
            wall_damage=run.siege.wall_damage,
            wall_stages=run.siege.wall_stages,
            engines=run.siege.camp_engines + len([e for e in run.train() if e.kind.breaches]),
            battle_key=battle_key,
            what=tuple(run.what),
        )
    )


def _days_played(run: _Run) -> int:
    """Days of this turn already played before the current one (the plan's index); the
    day a tabletop battle stopped is not one of the plan's (its action was fixed)."""
    return sum(1 for e in run.events if isinstance(e, SiegeDay)) - run.resumed


def camp_engines_built(run: _Run, day: int) -> None:
    """SG-BUILD-1 at the campaign's scale: on ``camp_ready_day`` the camp has built one
    mangonel per ``siege_camp_engine_points`` of besiegers' points (at least one)."""
    siege = run.siege
    if siege.camp_engines or day < siege.camp_ready_day:
        return
    per = run.world.ruleset.siege_camp_engine_points
    built = max(1, besieger_points(siege, run.points) // per)
    run.update(camp_engines=built)
    run.what.append(f"the camp built {built} mangonel{'s' if built > 1 else ''} (SG-BUILD-1)")


def siege_event(run: _Run, day: int) -> tuple[SiegeEvent | None, int]:
    """SG-EVENT-1/2: 2d10, +5 in the siege's first days, + the blockade's modifier
    (SG-BLOCK-1); above 20 counts as 20; an event drawn before means nothing happens.
    Its effect follows (``event_effect``)."""
    rs = run.world.ruleset
    first = run.roll(10, f"SG-EVENT-1 events 2d10 (first die), day {day}")
    second = run.roll(10, f"SG-EVENT-1 events 2d10 (second die), day {day}")
    early = rs.siege_event_early_bonus if day <= rs.siege_event_early_days else 0
    _, modifier = blockade(run.world, run.siege, run.points)
    total = min(20, first + second + early + modifier)
    event = table(rs, "siege-events").lookup(total)
    if event is SiegeEvent.NOTHING:
        return None, total
    if event.value in run.siege.events_drawn:
        run.what.append(f"event {total} ({event.value}) again: nothing happens (SG-EVENT-1)")
        return None, total
    run.update(events_drawn=(*run.siege.events_drawn, event.value))
    event_effect(run, event, day)
    return event, total


def event_effect(run: _Run, event: SiegeEvent, day: int) -> None:
    """SG-EVENT-2 at the campaign's scale (docs/design/sieges.md)."""
    rs, siege = run.world.ruleset, run.siege
    levy = rs.siege_levy_points
    if event is SiegeEvent.LIFTED:
        run.end(SiegeStatus.BROKEN, "a messenger orders the besiegers away (SG-EVENT-2 20)")
    elif event is SiegeEvent.RELIEF:
        run.update(garrison_levies=siege.garrison_levies + levy, surrender_on_day=None)
        run.what.append(f"a relief force in sight: the garrison gains {levy} points (19)")
    elif event is SiegeEvent.HOSTAGE:
        run.update(garrison_initiative_malus=rs.siege_hostage_malus)
        run.what.append(f"the castellan's son is taken: −{rs.siege_hostage_malus} (18)")
    elif event is SiegeEvent.ASSASSIN:
        roll = run.roll(10, f"SG-EVENT-2 17 the assassin, day {day}")
        if roll >= rs.siege_assassin_slays_on:
            run.update(commander_out_until=FOR_GOOD)
            run.what.append("an assassin strikes the besieging General down (17)")
        elif roll >= rs.siege_assassin_wounds_on:
            run.update(commander_out_until=run.world.turn)
            run.what.append("an assassin wounds the besieging General for this turn (17)")
        else:
            run.what.append("an assassin fails (17)")
    elif event is SiegeEvent.SABOTAGE:
        roll = run.roll(10, f"SG-EVENT-2 16 the saboteur, day {day}")
        if roll >= rs.siege_sabotage_on:
            destroy_engines(run, 1, "sabotage (SG-EVENT-2 16)", day)
        else:
            run.what.append("a saboteur fails (16)")
    elif event is SiegeEvent.DYSENTERY:
        roll = run.roll(10, f"SG-EVENT-2 15 dysentery, day {day}")
        _sickness(run, siege.besieger_army_ids, roll * rs.siege_sickness_percent, "dysentery (15)")
    elif event is SiegeEvent.REFUGEES:
        roll = run.roll(10, f"SG-EVENT-2 14 refugees, day {day}")
        run.provisions_change(-(roll // rs.siege_refugees_per_day), f"{roll} refugees (14)")
        run.what.append(f"{roll} refugees shelter in the place (14)")
    elif event is SiegeEvent.GATE:
        run.update(gate_open=True)
        run.what.append("a spy opens the gate (13)")
    elif event is SiegeEvent.THEFT:
        run.provisions_change(-rs.siege_stolen_days, "stolen (12)")
        run.what.append("provisions are stolen (12)")
    elif event is SiegeEvent.REINFORCEMENTS:
        run.update(besieger_levies=siege.besieger_levies + levy)
        run.what.append(f"reinforcements: the besiegers gain {levy} points (11)")
    elif event is SiegeEvent.ENGINEER:
        if not siege.camp_engines and rs.siege_build_days > 3:
            run.update(camp_ready_day=siege.camp_ready_day - 1)
        run.what.append("an engineer joins the besiegers (10, SG-BUILD-4)")
    elif event is SiegeEvent.POISON:
        roll = run.roll(10, f"SG-EVENT-2 8 the poisoned well, day {day}")
        _sickness(run, siege.garrison_army_ids, roll * rs.siege_sickness_percent, "poison (8)")
        if not siege.garrison_army_ids:
            lost = points_lost(rs, siege.garrison_points, roll * rs.siege_sickness_percent)
            run.update(garrison_points=siege.garrison_points - lost)
    elif event is SiegeEvent.PROMISE:
        run.update(surrender_on_day=day + rs.siege_surrender_deadline)
        run.what.append(
            f"the garrison promises to surrender on day {day + rs.siege_surrender_deadline}"
            " unless relieved (7)"
        )
    elif event is SiegeEvent.QUARRELS:
        roll = run.roll(10, f"SG-EVENT-2 5 quarrels, day {day}")
        percent = (roll * 10 // 2) // 10 * 10
        _sickness(run, siege.besieger_army_ids, percent, "quarrels in the council (5)")
    else:  # traitor (9), the commander unwell (6): nothing at the campaign's scale
        run.what.append(f"{event.value}: no effect at the campaign's scale")


def _sickness(run: _Run, army_ids: tuple[int, ...], percent: int, why: str) -> None:
    """Events 15, 8 and 5: each army loses ``percent`` of its points (§5.7's rounding)."""
    rs = run.world.ruleset
    for army_id in army_ids:
        lost = points_lost(rs, run.points[army_id], percent)
        run.points[army_id] -= lost
        run.events.append(
            SiegeLosses(
                rule="SG-EVENT-2",
                siege_key=run.siege.key,
                army_id=army_id,
                kingdom_id=run.world.armies[army_id].kingdom_id,
                points_lost=lost,
                points_left=run.points[army_id],
                why=why,
            )
        )
    run.what.append(f"{why}: {percent}% of the points lost")


def initiative(run: _Run, day: int, event: SiegeEvent | None) -> str:
    """SG-INIT-1: a d10 each, the besieger +4, ties to the besieger, event 18's −2 on the
    garrison; event 13 gives it to the besieger, event 19 to the garrison, outright."""
    if event is SiegeEvent.GATE:
        return BESIEGER
    if event is SiegeEvent.RELIEF:
        return GARRISON
    rs = run.world.ruleset
    besieger = run.roll(10, f"SG-INIT-1 initiative, besieger, day {day}")
    garrison = run.roll(10, f"SG-INIT-1 initiative, garrison, day {day}")
    besieger += rs.siege_initiative_bonus
    garrison -= run.siege.garrison_initiative_malus
    return BESIEGER if besieger >= garrison else GARRISON


def _planned(plan: SiegePlan, index: int, kind, default):
    action = plan.actions[index] if index < len(plan.actions) else ""
    return kind(action) if action in {a.value for a in kind} else default


def chosen_action(
    siege: SiegeState, holder: str, index: int, event: SiegeEvent | None = None
) -> tuple[str, str]:
    """SG-INIT-2/3/4: the action the side with the initiative planned for this day of
    the turn (``index``, 0 first); a garrison that passes, or has made its one general
    sortie (SG-GSORT-1), hands it to the besieger. Event 13: the besieger assaults."""
    if event is SiegeEvent.GATE:
        return BESIEGER, BesiegerAction.ASSAULT.value
    if holder == GARRISON:
        action = _planned(siege.garrison_plan, index, GarrisonAction, GarrisonAction.PASS)
        if action is GarrisonAction.GENERAL_SORTIE and siege.general_sortie_used:
            action = GarrisonAction.PASS
        if action is not GarrisonAction.PASS:
            return GARRISON, action.value
    return BESIEGER, _planned(siege.besieger_plan, index, BesiegerAction, BesiegerAction.WAIT).value


BATTLE_ACTIONS = {
    (BESIEGER, BesiegerAction.ASSAULT.value): SiegeBattleKind.ASSAULT,
    (GARRISON, GarrisonAction.SORTIE.value): SiegeBattleKind.SORTIE,
    (GARRISON, GarrisonAction.GENERAL_SORTIE.value): SiegeBattleKind.GENERAL_SORTIE,
}
"""SG-ACT: the day's actions that are battles (docs/design/sieges.md, "Siege battles")."""


def perform(run: _Run, side: str, action: str, day: int) -> int | None:
    """SG-ACT: the day's action; the key of its battle, if it is one."""
    kind = BATTLE_ACTIONS.get((side, action))
    if kind is not None:
        return _FIGHTS[kind](run, day)
    if side == BESIEGER and action == BesiegerAction.NEGOTIATE:
        negotiate(run, day)
    elif side == GARRISON and action == GarrisonAction.SUPPLY:
        supply_sortie(run, day)
    else:
        run.what.append(
            "the besiegers keep up the blockade" if side == BESIEGER else "the garrison waits"
        )
    return None


# --- The siege's battles ------------------------------------------------------------


def siege_battle_key(siege: SiegeState, day: int) -> int:
    """A siege battle's key: below zero, so it never meets a declared battle's (the
    pipeline makes its Battle row as the outcome is written)."""
    return -(siege.key * 100 + day)


def siege_battle_state(
    siege: SiegeState,
    kind: SiegeBattleKind,
    day: int,
    points: dict[int, int],
    relief_ids: tuple[int, ...] = (),
) -> BattleState:
    """The BattleState of a siege battle: an assault has the besiegers attack the
    garrison behind its walls (its own defender kind: walls and home ground count); a
    sortie, a general sortie and a relief battle are fought outside, the besiegers
    defending their lines (DefenderKind.INVADER: no walls, no home ground)."""
    camp = _besieger_side(siege, points)
    garrison = _garrison_side(siege, points)
    key = siege_battle_key(siege, day)
    if kind is SiegeBattleKind.ASSAULT:
        return BattleState(key, siege.hex, siege.defender_kind, camp, garrison)
    if kind is SiegeBattleKind.RELIEF:
        relief = Side(
            points=sum(points[a] for a in relief_ids),
            kingdom_id=siege.garrison_kingdom_id,
            army_ids=relief_ids,
            strategy=siege.garrison_plan.strategy,
        )
        return BattleState(key, siege.hex, DefenderKind.INVADER, relief, camp)
    return BattleState(key, siege.hex, DefenderKind.INVADER, garrison, camp)


def _battle_for(run: _Run, kind: SiegeBattleKind, day: int) -> BattleState:
    """The day's siege battle (``siege_battle_state``, the sides as they stand now); if
    it was announced at Provisional Results (E-24), with that battle's key, its mode and
    confirmed report (P-C6), and the strategies its sides chose on it (else their
    plans')."""
    battle = siege_battle_state(run.siege, kind, day, run.points)
    announced = run.announced
    if announced is None:
        return battle

    def chosen(side: Side, on_file: Side) -> Side:
        return dataclasses.replace(side, strategy=on_file.strategy or side.strategy)

    return dataclasses.replace(
        battle,
        key=announced.key,
        attacker=chosen(battle.attacker, announced.attacker),
        defender=chosen(battle.defender, announced.defender),
        tabletop=announced.tabletop,
        report=announced.report,
    )


def fight(run: _Run, battle: BattleState, kind: SiegeBattleKind, day: int) -> list[Event]:
    """Resolve a siege battle with rules.battles.battle, with the siege marked as fighting so
    that Table 23's siege lines apply (rules.sieges.battle), and the besieging General
    left out while event 17 holds him: abstract (Tables 23–25), or, for a battle
    announced for the tabletop, from its confirmed report (A-2.5, P-C6), abstract with
    the strategies on file if none came by its deadline (E-24)."""
    siege = dataclasses.replace(run.siege, fighting=kind)
    world = run.world
    sieges = tuple(siege if s.key == siege.key else s for s in world.sieges)
    if not any(s.key == siege.key for s in world.sieges):
        sieges += (siege,)
    people = world.characters
    if siege.commander_out_until is not None and siege.commander_out_until >= world.turn:
        people = {
            cid: dataclasses.replace(c, generalship=0, tactician=False)
            if c.is_general and c.army_id in siege.besieger_army_ids
            else c
            for cid, c in people.items()
        }
    battle_world = dataclasses.replace(world, sieges=sieges, characters=people)
    declared = battle_declared(run.siege, battle, kind, day, run.points)
    events = resolve_battle(battle_world, battle, run.dice, run.points)
    run.events += [declared, *events]
    run.battles.append(battle)
    return events


_BATTLE_RULES = {
    SiegeBattleKind.ASSAULT: "SG-ASLT",
    SiegeBattleKind.SORTIE: "SG-SORT",
    SiegeBattleKind.GENERAL_SORTIE: "SG-GSORT",
    SiegeBattleKind.RELIEF: "§12.5 SG-ASLT-9",
}


def _side_points(side: Side, points: dict[int, int]) -> int:
    return sum(points[a] for a in side.army_ids) if side.army_ids else side.points


def battle_declared(
    siege: SiegeState, battle: BattleState, kind: SiegeBattleKind, day: int, points
) -> SiegeBattleDeclared:
    """The siege battle as the chronicle and the pipeline see it: its Battle row is made
    from this (battles.sieges.writeback), or, announced for the tabletop, already was."""
    return SiegeBattleDeclared(
        rule=f"E-37 {_BATTLE_RULES[kind]}",
        siege_key=siege.key,
        hex=siege.hex,
        besieger_kingdom_id=siege.besieger_kingdom_id,
        garrison_kingdom_id=siege.garrison_kingdom_id,
        battle_key=battle.key,
        day=day,
        kind=kind.value,
        defender_kind=battle.defender_kind,
        attacker_kingdom_id=battle.attacker.kingdom_id,
        attacker_neutral_kingdom_id=battle.attacker.neutral_kingdom_id,
        attacker_army_ids=battle.attacker.army_ids,
        attacker_points=_side_points(battle.attacker, points),
        defender_kingdom_id=battle.defender.kingdom_id,
        defender_neutral_kingdom_id=battle.defender.neutral_kingdom_id,
        defender_army_ids=battle.defender.army_ids,
        defender_points=_side_points(battle.defender, points),
        attacker_strategy=(battle.attacker.strategy or Strategy.HOLD).value,
        defender_strategy=(battle.defender.strategy or Strategy.HOLD).value,
        tabletop=battle.tabletop,
    )


def _aftermath(
    run: _Run, battle: BattleState, events: list[Event], kind: SiegeBattleKind
) -> Role | None:
    """What a siege battle changes in the siege: the fallen (SG-SURR-1), a neutral
    garrison's points and the levies (the §5.7 percentages), and the besiegers' engines
    when they lost (NR-SIEGE-3/17, NR-SIEGE-18). Returns the winner."""
    rs = run.world.ruleset
    camp = Role.ATTACKER if kind is SiegeBattleKind.ASSAULT else Role.DEFENDER
    winner = next(e.winner for e in events if isinstance(e, BattleWon))
    fought = next((e for e in events if isinstance(e, BattleFought)), None)
    run.fallen |= {e.character_id for e in events if isinstance(e, CharacterFell)}
    if fought is None:
        return winner
    if isinstance(fought, TabletopBattleFought):  # no Table 24 at the table
        result = TABLETOP_LOSSES[TabletopResult(fought.result)]
    else:
        result = BattleResult(fought.result)
    strategies = {Role.ATTACKER: fought.attacker_strategy, Role.DEFENDER: fought.defender_strategy}
    enemy = {Role.ATTACKER: Role.DEFENDER, Role.DEFENDER: Role.ATTACKER}

    def percent(role: Role) -> int:
        won = None if winner is None else winner is role
        return loss_percent(rs, result, won, strategies[role], strategies[enemy[role]])

    garrison = enemy[camp]
    siege = run.siege
    changes = {
        "besieger_levies": siege.besieger_levies
        - points_lost(rs, siege.besieger_levies, percent(camp))
    }
    if kind is not SiegeBattleKind.RELIEF:  # the garrison fought
        changes["garrison_levies"] = siege.garrison_levies - points_lost(
            rs, siege.garrison_levies, percent(garrison)
        )
        if not siege.garrison_army_ids:
            left = next((e.points_left for e in events if isinstance(e, DefenderLosses)), None)
            if left is None and battle.report is not None:  # P-C6, Q15: as reported
                left = siege.garrison_points - min(
                    battle.report.neutral_losses, siege.garrison_points
                )
            if left is None:
                left = siege.garrison_points - points_lost(
                    rs, siege.garrison_points, percent(garrison)
                )
            changes["garrison_points"] = left
    run.update(**changes)
    if winner is not None and winner is not camp:
        _engines_lost(run, battle, winner, fought, kind)
    return winner


TABLETOP_LOSSES = {
    TabletopResult.VICTORY: BattleResult.SOLID,
    TabletopResult.MASSACRE: BattleResult.MASSACRE,
    TabletopResult.DRAW: BattleResult.DRAW,
}
"""A tabletop siege battle's result as §5.7 reads it for the siege's levies (events 11
and 19), which no army list holds: a victory loses as a solid result
(docs/design/sieges.md, "Siege battles on the tabletop")."""


def _engines_lost(
    run: _Run, battle: BattleState, winner: Role, fought: BattleFought, kind: SiegeBattleKind
) -> None:
    """NR-SIEGE-18 (E-36): the garrison's Hold beating the besiegers' Assault destroys one
    engine; NR-SIEGE-3/17 (E-37): the rest go to the winning kingdom, with its first army
    while it has room (NR-SIEGE-8), else destroyed; a neutral winner destroys them."""
    engines = run.train()
    if not engines:
        return
    rs = run.world.ruleset
    if (
        kind is SiegeBattleKind.ASSAULT
        and fought.defender_strategy is Strategy.HOLD
        and fought.attacker_strategy is Strategy.ASSAULT
    ):
        first, engines = engines[0], engines[1:]
        run.gone.add(first.id)
        run.events.append(_destroyed(first, "NR-SIEGE-18 E-36", "Hold beat Assault"))
    side = battle.attacker if winner is Role.ATTACKER else battle.defender
    army = side.army_ids[0] if side.army_ids else None
    carried = len([e for e in run.world.siege_engines if army and e.army_id == army])
    for engine in engines:
        run.gone.add(engine.id)
        if side.kingdom_id is None or army is None or carried >= rs.siege_engines_per_army:
            run.events.append(_destroyed(engine, "NR-SIEGE-3 NR-SIEGE-8", "left to the victors"))
            continue
        carried += 1
        run.events.append(
            EngineCaptured(
                rule="NR-SIEGE-3 NR-SIEGE-17 E-37",
                engine_id=engine.id,
                kind=engine.kind.value,
                kingdom_id=side.kingdom_id,
                army_id=army,
                previous_kingdom_id=engine.kingdom_id,
            )
        )
    run.what.append("the besiegers' engines are lost (NR-SIEGE-3)")


def _destroyed(engine: SiegeEngineState, rule: str, why: str) -> EngineDestroyed:
    return EngineDestroyed(
        rule=rule,
        engine_id=engine.id,
        kind=engine.kind.value,
        kingdom_id=engine.kingdom_id,
        why=why,
    )


def destroy_engines(run: _Run, count: int, why: str, day: int) -> None:
    """SG-EVENT-2 (16), SG-SORT-6: ``count`` engines destroyed, the camp's mangonels
    first, then the train's (NR-SIEGE) in id order; a camp left with none rebuilds in
    ``siege_build_days`` (SG-BUILD-1)."""
    siege = run.siege
    camp = min(count, siege.camp_engines)
    if camp:
        run.update(camp_engines=siege.camp_engines - camp)
        if run.siege.camp_engines == 0:
            run.update(camp_ready_day=day + run.world.ruleset.siege_build_days)
    for engine in run.train()[: count - camp]:
        run.gone.add(engine.id)
        run.events.append(_destroyed(engine, "SG-SORT-6 SG-EVENT-2", why))
    run.what.append(f"{why}: {count} engine{'s' if count != 1 else ''} destroyed")


def assault(run: _Run, day: int) -> int:
    """SG-ASLT: the besiegers storm the walls, an abstract battle with the walls' state
    (rules.sieges.battle); a besiegers' victory takes the place (SG-ASLT-6); otherwise
    they are thrown back and the siege goes on (SG-ASLT-7)."""
    battle = _battle_for(run, SiegeBattleKind.ASSAULT, day)
    events = fight(run, battle, SiegeBattleKind.ASSAULT, day)
    winner = _aftermath(run, battle, events, SiegeBattleKind.ASSAULT)
    if winner is Role.ATTACKER:
        run.end(SiegeStatus.TAKEN, "the assault takes the place (SG-ASLT)")
    else:
        run.what.append("the assault is thrown back (SG-ASLT-7)")
    return battle.key


def sortie(run: _Run, day: int) -> int:
    """SG-SORT: the garrison attacks the camp (half of it against a third of the camp,
    in Table 23's ratio); a garrison victory destroys engines and stops the bombardment
    while the camp is rebuilt (SG-SORT-6, SG-SORT-8)."""
    battle = _battle_for(run, SiegeBattleKind.SORTIE, day)
    events = fight(run, battle, SiegeBattleKind.SORTIE, day)
    winner = _aftermath(run, battle, events, SiegeBattleKind.SORTIE)
    if winner is Role.ATTACKER:
        rs = run.world.ruleset
        destroy_engines(run, rs.siege_sortie_engines, "the sortie burns the camp (SG-SORT-6)", day)
        out = max(run.siege.engines_out_until, day + rs.siege_camp_rebuild_days)
        run.update(engines_out_until=out)
        run.what.append(f"the camp is rebuilt until day {out} (SG-SORT-8)")
    else:
        run.what.append("the sortie is driven back (SG-SORT)")
    return battle.key


def general_sortie(run: _Run, day: int) -> int:
    """SG-GSORT: once a siege, everyone fights outside the walls; if the besiegers are
    beaten the siege is broken (SG-GSORT-5), otherwise the garrison withdraws inside."""
    run.update(general_sortie_used=True)
    battle = _battle_for(run, SiegeBattleKind.GENERAL_SORTIE, day)
    events = fight(run, battle, SiegeBattleKind.GENERAL_SORTIE, day)
    winner = _aftermath(run, battle, events, SiegeBattleKind.GENERAL_SORTIE)
    if winner is Role.ATTACKER:
        run.end(SiegeStatus.BROKEN, "the general sortie breaks the siege (SG-GSORT-5)")
    else:
        run.what.append("the garrison withdraws behind its walls (SG-GSORT-5)")
    return battle.key


_FIGHTS = {
    SiegeBattleKind.ASSAULT: assault,
    SiegeBattleKind.SORTIE: sortie,
    SiegeBattleKind.GENERAL_SORTIE: general_sortie,
}


def relief(run: _Run, relief_ids: tuple[int, ...]) -> None:
    """§12.5, SG-ASLT-9: the garrison kingdom's armies that march to the besieged hex
    (a Patrol from it) fight the besiegers before the turn's days; if they win, the
    siege is broken."""
    if not relief_ids:
        return
    battle = siege_battle_state(run.siege, SiegeBattleKind.RELIEF, 0, run.points, relief_ids)
    events = fight(run, battle, SiegeBattleKind.RELIEF, 0)
    winner = _aftermath(run, battle, events, SiegeBattleKind.RELIEF)
    if winner is Role.ATTACKER:
        run.end(SiegeStatus.BROKEN, "the relief army breaks the siege (§12.5)")


def supply_sortie(run: _Run, day: int) -> None:
    """SG-SUP at the campaign's scale (no battle: the patrol table is lost, SG-GAP-6):
    1d6 pack animals, of which the blockade lets a share through, each a day of food
    (SG-PROV-5)."""
    rs = run.world.ruleset
    animals = run.roll(rs.siege_supply_sides, f"SG-SUP-2 pack animals, day {day}")
    quality, _ = blockade(run.world, run.siege, run.points)
    share = {
        "good": rs.siege_supply_good_percent,
        "average": rs.siege_supply_average_percent,
        "poor": rs.siege_supply_poor_percent,
    }[quality]
    through = animals * share // 100
    run.provisions_change(through, f"supply sortie, day {day} (SG-SUP)")
    run.what.append(f"a supply sortie: {through} of {animals} pack animals get through (SG-SUP)")


def negotiate(run: _Run, day: int) -> None:
    """SG-SURR-2/3: d10 + the best bonus of each factor (numbers, progress, rations);
    12 or more and the place surrenders."""
    rs, siege = run.world.ruleset, run.siege
    roll = run.roll(10, f"SG-SURR-2 negotiation, day {day}")
    besiegers = besieger_points(siege, run.points) + siege.besieger_levies
    garrison = garrison_points(siege, run.points) + siege.garrison_levies
    numbers = 0
    if besiegers >= 3 * garrison:
        numbers = rs.siege_negotiation_triple
    elif besiegers >= 2 * garrison:
        numbers = rs.siege_negotiation_double
    progress = 0
    if siege.breached:
        progress = rs.siege_negotiation_breached
    elif siege.wall_damage:
        progress = rs.siege_negotiation_damaged
    hungry = siege.provisions <= rs.siege_negotiation_hungry_days
    rations = rs.siege_negotiation_hungry if hungry else 0
    total = roll + numbers + progress + rations
    if total >= rs.siege_negotiation_target:
        run.end(SiegeStatus.SURRENDERED, f"the garrison accepts terms on {total} (SG-SURR-2)")
    else:
        run.what.append(f"the garrison refuses terms on {total} (SG-SURR-2)")


# --- Daily activities and the end of the day ----------------------------------------


def bombard(run: _Run, day: int):
    """SG-BOMB (SG-DAILY): the camp's mangonels and the train's Stone Throwers and Great
    Cannons add their points and roll one d10 on T-1's column (the wall's class, SG-BOMB-1),
    +1 for each of those engines (NR-SIEGE-15), −1 against a great fortress (SG-BOMB-5),
    read 1–10. D: one stage of damage (at most one a day, SG-BOMB-4); C: the engines are
    out while repaired (SG-REPAIR-1). None when nothing bombards."""
    rs, siege = run.world.ruleset, run.siege
    if siege.breached:
        return None
    if siege.engines_out_until >= day:
        run.what.append("the engines are out (SG-REPAIR-1, SG-SORT-8)")
        return None
    breaching = [e for e in run.train() if e.kind.breaches]
    points = siege.camp_engines * rs.siege_camp_engine_bombard
    points += len(breaching) * rs.siege_engine_bombard
    band = band_of(points)
    if band is None:
        return None
    roll = run.roll(10, f"SG-BOMB-2 bombardment ({points} points), day {day}")
    modified = roll + len(breaching) * rs.siege_breach_die_bonus
    if siege.place is Place.GREAT_FORTRESS:
        modified -= rs.siege_great_fortress_bombard_malus
    wall = "s" if siege.place is Place.CITY else "p"
    result = table(rs, bombard_key(wall, band)).lookup(max(1, min(10, modified)))
    if result.damage:
        run.update(wall_damage=min(siege.wall_stages, siege.wall_damage + 1))
    if result.engine_hits:
        run.update(engines_out_until=day + rs.siege_repair_days)
    run.what.append(f"bombardment with {points} points: {result} (SG-BOMB)")
    return result


def eat(run: _Run, day: int) -> None:
    """SG-PROV, SG-SURR-1: a day of food eaten; the place surrenders when there is none
    left, when every commander of the garrison has fallen, or on event 7's day; the
    siege is lifted if the besiegers' armies fall below an army's smallest size (E-14)."""
    run.provisions_change(-1, f"day {day}")
    siege = run.siege
    rs = run.world.ruleset
    if siege.provisions <= 0:
        run.end(SiegeStatus.SURRENDERED, "starvation: no food is left (SG-SURR-1)")
    elif run.commanders and run.commanders <= run.fallen:
        run.end(SiegeStatus.SURRENDERED, "every commander of the garrison has fallen (SG-SURR-1)")
    elif siege.surrender_on_day is not None and day >= siege.surrender_on_day:
        run.end(SiegeStatus.SURRENDERED, "no relief came: the garrison keeps its word (7)")
    elif garrison_points(siege, run.points) + siege.garrison_levies <= 0:
        run.end(SiegeStatus.SURRENDERED, "no garrison is left (SG-SURR-1)")
    elif besieger_points(siege, run.points) < rs.minimum_army_points:
        run.end(SiegeStatus.LIFTED, "the besiegers are too few to hold the lines (E-14)")


# --- The end of a siege, back on the map (§12.5) ------------------------------------


def _ended(world: World, run: _Run, turn) -> list[Event]:
    """§12.5: a siege that ended this turn. Taken or surrendered: the besiegers win the
    place as a battle is won (rules.turn.final's ``turn.apply``: the hex, a neutral capital's
    kingdom, the armies' positions; the garrison falls back as a beaten patrol).
    Broken or lifted: the besiegers go back to the hex they came from (their capital if
    it is no longer theirs)."""
    siege = run.siege
    if siege.ongoing:
        return []
    events: list[Event] = [
        SiegeEnded(
            rule=_ENDING_RULES[siege.status],
            siege_key=siege.key,
            hex=siege.hex,
            status=siege.status.value,
            day=siege.day,
            besieger_kingdom_id=siege.besieger_kingdom_id,
            garrison_kingdom_id=siege.garrison_kingdom_id,
            why=run.why,
        )
    ]
    if siege.status.falls:
        battle = _as_battle(siege, turn.points)
        won = BattleWon(
            rule="E-37 §12.5", battle_key=battle.key, hex=siege.hex, winner=Role.ATTACKER
        )
        return events + turn.apply(battle, [won])
    defender = world.hexes[siege.hex].defender
    if siege.defender_kind is DefenderKind.NEUTRAL and defender is not None:
        left = siege.garrison_points
        if left != defender.points:  # §5.5: the feature's defender keeps what it lost
            events.append(
                DefenderLosses(
                    rule="§12.5 §5.5 semi-permanence",
                    battle_key=siege_battle_key(siege, 99),
                    hex=siege.hex,
                    points_lost=max(0, defender.points - left),
                    points_left=left,
                )
            )
    origins = dict(siege.origins)
    for army_id in siege.besieger_army_ids:
        back = origins.get(army_id)
        kingdom = world.kingdoms.get(siege.besieger_kingdom_id)
        if back is None or turn.owners.get(back) != siege.besieger_kingdom_id:
            back = kingdom.capital if kingdom else None
        if back is not None:
            events += _moves(turn, (army_id,), back, "E-32 §12.5")
    return events


_ENDING_RULES = {
    SiegeStatus.TAKEN: "SG-ASLT §12.5",
    SiegeStatus.SURRENDERED: "SG-SURR §12.5",
    SiegeStatus.BROKEN: "§12.5",
    SiegeStatus.LIFTED: "§12.5",
}


def _as_battle(siege: SiegeState, points: dict[int, int]) -> BattleState:
    """The siege as the battle the besiegers won, for §3 6b's bookkeeping."""
    choice = NeutralConquest(siege.neutral_conquest) if siege.neutral_conquest else None
    return BattleState(
        key=siege_battle_key(siege, 99),
        hex=siege.hex,
        defender_kind=siege.defender_kind,
        attacker=_besieger_side(siege, points),
        defender=_garrison_side(siege, points),
        neutral_conquest=choice,
    )
