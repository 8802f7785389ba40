"""Phase 6, Final Results, and Phase 7 (§3 steps 6a, 6b, 6f; A-3.0.2).

Battles are fought in key order, except where P-C3 and P-C4 say otherwise
(``fighting_order``): a follow-up battle of a contested hex comes after the battle it
follows, and is fought only if that battle ended as it needs (E-15); a patrol fights its
battles in the order its owner gave them. Once a hex is taken, later battles declared
there are not fought; their armies stay on their origin. Armies were placed on their
origin or base at Provisional Results (E-32), so only winners move here. Resting armies
were rebuilt at Provisional Results too (rules.turn.rest); a battle fought here clears the
rested flag (E-01).
"""

from __future__ import annotations

import dataclasses
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from rules import modules
from rules.battles.battle import resolve_battle
from rules.battles.postbattle import resolve_post_battle
from rules.core.dice import Dice
from rules.core.events import (
    ArmyDestroyed,
    ArmyMoved,
    BattleWon,
    DefenderLosses,
    Event,
    HexConquered,
    NeutralKingdomConquered,
    OrphanChanged,
    Outcome,
    PatrolTookOver,
)
from rules.core.hexgrid import terrain_map
from rules.core.state import (
    BattleState,
    Coord,
    Decision,
    DefenderKind,
    Edict,
    IfWon,
    Order,
    Role,
    World,
)
from rules.kingdoms.agreements import agreements_expired, friendly_connected, may_win, pay_tribute
from rules.kingdoms.capitals import last_kingdom_standing, resolve_lost_capitals
from rules.kingdoms.crowns import winter_phase
from rules.kingdoms.diplomacy import incited_conquest, pacified_join
from rules.kingdoms.edicts import edict_power_this_turn, resolve_edicts, revolted_hexes
from rules.kingdoms.neutrals import (
    conquer_neutral_kingdom,
    conquest_power,
    conquests_applied,
    discover_after_battles,
    neutral_capitals,
)
from rules.kingdoms.spending import (
    builds_completed,
    shared_power,
    surgeon_kingdoms,
    temporary_points_lost,
)
from rules.kingdoms.spending_state import Spend
from rules.modules import is_roaming
from rules.sieges.investment import begin_siege
from rules.sieges.turn import siege_step
from rules.turn.ending import resolve_ending
from rules.turn.orders import Patrol, covering_patrol, patrol_bases
from rules.turn.power import campaign_won, collect_power, owners_applied
from rules.turn.rest import rest_flags_used


def resolve_final(
    world: World,
    battles: list[BattleState],
    dice: Dice,
    orders: Iterable[Order] = (),
    edicts: Iterable[Edict] = (),
    spends: Iterable[Spend] = (),
) -> Outcome:
    """§3 Phase 6 and 7: abstract battles (6a), the map (6b) with the neutral capitals
    taken last (A-1.4.16, E-18), army positions (E-32), the discovery rolls of the
    players who fought in neutral kingdoms (6d, A-1.4.19), a lost capital moved or the
    kingdom eliminated (6e, A-3.2), orphan flags (6f, A-1.3.1), power income (6g,
    Table 9, with a neutral capital's +3), the winter phase's yearly crowns in the
    winter turn (E-31, E-30: rules.kingdoms.crowns), then the last kingdom standing or the end
    roll (A-3.0.2) and, if the campaign ends, the winner (A-3.1).

    ``orders`` are the turn's orders: their patrols may take over a hex whose declared
    patrol was used up (P-C4, E-15). ``edicts`` are resolved right after 6b (E-26,
    rules.kingdoms.edicts): their Revolts and Unrest before 6f, their power at 6g, left out of
    Table 1 if the campaign ends at this turn's end roll (E-13). ``spends`` are the
    turn's power spends with their step 3b results (rules.kingdoms.spending): a pacified hex
    joins after the battles (E-26), builds complete at 6f, recruits and mercenaries
    leave, and shared power is credited at 6g (E-25)."""
    outcome = Outcome()
    # new-rules.md §12.4: the GM's rulings first, in place of the defaults applied so far
    world, battles, outcome.events = modules.apply_rulings(world, list(battles))
    held = modules.held(world)  # an army a module holds (a fleet at sea) took no order
    orders = [o for o in orders if o.army_id not in held]
    turn = _TurnSoFar.of(world, orders)
    announced = {b.siege_key: b for b in battles if b.siege_key is not None}  # E-24
    battles = [b for b in battles if b.siege_key is None]
    sieged, siege_battles = siege_step(world, orders, dice, turn, announced)  # E-37
    outcome.events += sieged
    for battle in fighting_order(battles):
        if battle.hex in turn.taken or not turn.reached(battle):
            continue
        declared, battle = battle, turn.current(world, battle)
        outcome.events += _took_over(declared, battle, turn.points)
        # E-37: a defender that withdrew behind the walls is besieged, not fought
        events = begin_siege(world, battle, dice, turn) or resolve_battle(
            world, battle, dice, turn.points
        )
        outcome.events += events
        outcome.events += turn.apply(battle, events)
        wiped = turn.wiped_out(battle)  # NR-GEN-6: its baggage is the victor's to take
        outcome.events += wiped
        outcome.events += modules.after_battle(world, battle, [*events, *wiped])
    outcome.events += turn.neutral_conquests(world)
    spends = list(spends)
    outcome.events += resolve_post_battle(  # 6c: Tables 12–16, 18–22
        world, [*battles, *siege_battles], outcome.events, dice, surgeon_kingdoms(spends)
    )
    outcome.events += pacified_join(turn.owners, world, spends)  # Table 11, E-26
    conquered = conquests_applied(owners_applied(world, turn.owners), outcome.events)
    conquered, edicts_done = resolve_edicts(conquered, edicts, orders, dice)  # E-26
    outcome.events += edicts_done
    for coord in revolted_hexes(edicts_done):  # E-32: armies there fall back too
        turn.taken.add(coord)
        turn.owners[coord] = None
    edict_power = edict_power_this_turn(edicts_done)
    fought = [*battles, *siege_battles]
    outcome.events += discover_after_battles(conquered, fought, outcome.events, dice)  # 6d
    after, lost = resolve_lost_capitals(conquered, dice)
    outcome.events += lost
    after, ended = agreements_expired(after, lost)  # notice given, E-28's turn over, E-27
    outcome.events += ended
    outcome.events += turn.displaced(after)
    outcome.events += orphan_changes(world, after)
    outcome.events += builds_completed({c: h.owner for c, h in after.hexes.items()}, spends)  # 6f
    outcome.events += temporary_points_lost(world, spends, turn.points)  # Table 10, Q18
    credit, shared = shared_power(spends)  # E-25: credited at 6g
    outcome.events += shared
    bonus = Counter(conquest_power(outcome.events)) + Counter(edict_power)  # 6g, Table 4
    bonus += Counter(modules.power_bonus(world, outcome.events))  # e.g. App G's +3
    bonus += Counter(credit)
    income, tribute = pay_tribute(after, collect_power(after, bonus))  # E-19: vassals pay
    outcome.events += income
    outcome.events += tribute
    powers = {e.kingdom_id: e.power for e in income if may_win(after, e.kingdom_id)}  # E-19
    # §12.3: the hooks of the turn's end and winter steps 5.1–5.4 (App G's rolls, the
    # geology, the season's losses), the income (step 5.5, E-31: the crowns, winter only),
    # then construction and what follows it (steps 5.5–5.8)
    before_income = [slot for slot in modules.End if slot < modules.End.INCOME]
    outcome.events += modules.end_of_turn(world, outcome.events, dice, before_income)
    outcome.events += winter_phase(after, dice)
    from_income = [slot for slot in modules.End if slot >= modules.End.INCOME]
    outcome.events += modules.end_of_turn(world, outcome.events, dice, from_income)
    survivor = last_kingdom_standing(after)
    if survivor is not None:
        outcome.events.append(campaign_won(after, {survivor: powers[survivor]}, "A-3.1"))
        return outcome
    ending = resolve_ending(world, dice)
    outcome.events += ending
    if any(roll.ends for roll in ending):
        scored = {k: power - edict_power.get(k, 0) for k, power in powers.items()}  # E-13
        outcome.events.append(campaign_won(after, scored, "A-3.1 Table 1 E-27"))
    return outcome


@dataclass
class _TurnSoFar:
    """What earlier battles of this turn changed, for the battles that follow (P-C4)."""

    points: dict[int, int]  # army id → current points
    owners: dict[Coord, int | None]  # hex → owner after the conquests so far
    positions: dict[int, Coord | None]  # army id → hex it stands on (E-32)
    smallest_army: int  # E-14: a patrol below this is used up (P-C4)
    defenders: dict[Coord, int] = field(default_factory=dict)  # neutral points left
    used_up: set[int] = field(default_factory=set)  # patrols that retreated or lost
    taken: set[Coord] = field(default_factory=set)  # hexes conquered this turn
    patrols: list[Patrol] = field(default_factory=list)  # the turn's patrols (P-C4)
    rested: set[int] = field(default_factory=set)  # armies whose next battle is rested (E-01)
    neutral_capitals: dict[Coord, int] = field(default_factory=dict)  # hex → neutral kingdom
    capitals_won: list[BattleState] = field(default_factory=list)  # applied last
    results: dict[int, Role | None] = field(default_factory=dict)  # battle key → its winner
    destroyed: set[int] = field(default_factory=set)  # armies battle losses brought to 0

    @classmethod
    def of(cls, world: World, orders: Iterable[Order] = ()) -> _TurnSoFar:
        return cls(
            points={a.id: a.points for a in world.armies.values()},
            owners={coord: h.owner for coord, h in world.hexes.items()},
            positions={a.id: a.position for a in world.armies.values()},
            smallest_army=world.ruleset.minimum_army_points,
            patrols=patrol_bases(world, orders),
            rested={a.id for a in world.armies.values() if a.rested},
            neutral_capitals=neutral_capitals(world),
        )

    def current(self, world: World, battle: BattleState) -> BattleState:
        """The battle as it stands now: P-C4, a used-up patrol leaves a lost cause,
        "unless another patrol also covers the hex": then the unused one with the most
        points defends it (E-15), with the owner's Phase 4 answers for that battle; a
        neutral defender that fought earlier this turn keeps its losses."""
        if (
            battle.defender_kind is DefenderKind.PATROL
            and set(battle.defender.army_ids) & self.used_up
        ):
            relief = covering_patrol(
                world, battle.hex, self.patrols, used_up=self.used_up, points=self.points
            )
            if relief is not None:
                defender = dataclasses.replace(
                    battle.defender, points=self.points[relief.id], army_ids=(relief.id,)
                )
                return dataclasses.replace(battle, defender=defender)
            return dataclasses.replace(battle, defender_kind=DefenderKind.LOST_CAUSE, defender=None)
        if battle.defender_kind is DefenderKind.NEUTRAL and battle.hex in self.defenders:
            defender = dataclasses.replace(battle.defender, points=self.defenders[battle.hex])
            return dataclasses.replace(battle, defender=defender)
        return battle

    def reached(self, battle: BattleState) -> bool:
        """P-C3, E-15: a follow-up battle of a contested hex is fought only if the battle
        it follows was resolved with the outcome it needs."""
        if battle.after is None:
            return True
        if battle.after not in self.results:
            return False
        winner = self.results[battle.after]
        return battle.if_won is (IfWon(winner.value) if winner else IfWon.NOBODY)

    def apply(self, battle: BattleState, events: list[Event]) -> list[Event]:
        """§3 step 6b and E-32 for one resolved battle."""
        winner = next(e.winner for e in events if isinstance(e, BattleWon))
        self.results[battle.key] = winner
        for e in events:
            if isinstance(e, DefenderLosses):
                self.defenders[e.hex] = e.points_left
        patrol = battle.defender.army_ids if battle.defender_kind is DefenderKind.PATROL else ()
        if patrol and (
            winner is Role.ATTACKER
            or battle.defender.decision is Decision.RETREAT  # a player's patrol
            or any(self.points[a] < self.smallest_army for a in patrol)
        ):
            self.used_up.update(patrol)
        flags = rest_flags_used(battle, events, self.rested)
        if battle.defender_kind is DefenderKind.INVADER:
            return flags  # P-C3, E-15: the survivor goes on to the next battle of the hex
        if winner is not Role.ATTACKER or is_roaming(battle.attacker):
            return flags  # E-12, E-39: a roaming force (the Beast) takes no hex
        if battle.attacker.kingdom_id is None:  # Q17: an incited neutral army won
            previous, self.owners[battle.hex] = self.owners[battle.hex], None
            self.taken.add(battle.hex)
            return [*flags, incited_conquest(battle, previous)]
        if (
            battle.defender_kind is DefenderKind.NEUTRAL_KINGDOM
            and battle.hex in self.neutral_capitals
        ):
            self.taken.add(battle.hex)  # the whole kingdom falls, E-18: last
            self.capitals_won.append(battle)
            return flags
        return [*flags, self._conquer(battle), *self._move(battle.attacker.army_ids, battle.hex)]

    def wiped_out(self, battle: BattleState) -> list[Event]:
        """NR-GEN-6, AMB-02, E-14: a player's army its battle losses brought to 0 points
        is destroyed once the battle is resolved."""
        sides = (battle.attacker, battle.defender) if battle.defender else (battle.attacker,)
        gone = [
            army_id
            for side in sides
            for army_id in side.army_ids
            if self.points.get(army_id, 1) <= 0 and army_id not in self.destroyed
        ]
        self.destroyed.update(gone)
        return [ArmyDestroyed(rule="NR-GEN-6 AMB-02 E-14 §5.7", army_id=a) for a in gone]

    def neutral_conquests(self, world: World) -> list[Event]:
        """§3 step 6b, A-1.4.16, E-18: the neutral capitals won this turn, each taking its
        kingdom (rules.kingdoms.neutrals), after every conquest of a single hex. Under Sworn
        Enemies the winners stand on the capital (E-32); under Quick Friendship it is not
        theirs, and they stay on their origin."""
        events: list[Event] = []
        for battle in self.capitals_won:
            conquest = conquer_neutral_kingdom(world, battle, self.owners)
            events += conquest
            for e in conquest:
                if isinstance(e, HexConquered):
                    self.owners[e.hex] = e.kingdom_id
                    self.taken.add(e.hex)
                if isinstance(e, NeutralKingdomConquered):
                    for coord in e.restored:  # E-18: armies there fall back (E-32)
                        self.owners[coord] = None
                        self.taken.add(coord)
            if self.owners[battle.hex] == battle.attacker.kingdom_id:
                events += self._move(battle.attacker.army_ids, battle.hex)
        return events

    def _conquer(self, battle: BattleState) -> HexConquered:
        """§3 step 6b, A-1.0.4, A-1.2.2: the hex joins the attacker's kingdom."""
        previous = self.owners[battle.hex]
        self.owners[battle.hex] = battle.attacker.kingdom_id
        self.taken.add(battle.hex)
        return HexConquered(
            rule="§3-6b A-1.2.2",
            hex=battle.hex,
            kingdom_id=battle.attacker.kingdom_id,
            previous_owner_id=previous,
        )

    def _move(self, army_ids: tuple[int, ...], hex_: Coord) -> list[ArmyMoved]:
        moves = []
        for army_id in army_ids:
            if self.positions[army_id] != hex_:
                self.positions[army_id] = hex_
                moves.append(ArmyMoved(rule="E-32", army_id=army_id, hex=hex_))
        return moves

    def displaced(self, world: World) -> list[ArmyMoved]:
        """E-32: an army whose hex was conquered this turn falls back on its capital, the
        one after step 6e (``world``); an eliminated kingdom's armies are gone (E-27)."""
        moves = []
        for army in sorted(world.armies.values(), key=lambda a: a.id):
            where = self.positions[army.id]
            kingdom = world.kingdoms.get(army.kingdom_id)
            if kingdom is None or kingdom.eliminated or kingdom.capital is None:
                continue
            if where in self.taken and self.owners[where] != army.kingdom_id:
                moves += self._move((army.id,), kingdom.capital)
        return moves


def fighting_order(battles: Iterable[BattleState]) -> list[BattleState]:
    """P-C3, P-C4, E-15: the order the turn's battles are fought in. Key (declaration)
    order, except that a follow-up battle of a contested hex comes after the battle it
    follows, and that a patrol fights the battles it was declared against in the order
    its owner gave them at Phase 4 (``Side.rank``; the unranked after the ranked, in key
    order), other battles coming between them as their keys fall."""
    by_key = {b.key: b for b in battles}
    before: dict[int, set[int]] = {key: set() for key in by_key}
    for b in by_key.values():
        if b.after in by_key:
            before[b.key].add(b.after)
    patrols: dict[tuple[int, ...], list[BattleState]] = defaultdict(list)
    for b in by_key.values():
        if b.defender_kind is DefenderKind.PATROL and b.defender is not None:
            patrols[b.defender.army_ids].append(b)
    for group in patrols.values():
        ranked = sorted(group, key=lambda b: (b.defender.rank is None, b.defender.rank, b.key))
        for earlier, later in zip(ranked, ranked[1:], strict=False):
            before[later.key].add(earlier.key)
    order: list[BattleState] = []
    done: set[int] = set()
    waiting = sorted(by_key)
    while waiting:
        # the first battle whose predecessors are all fought (a cycle cannot arise)
        key = next((k for k in waiting if before[k] <= done), waiting[0])
        waiting.remove(key)
        done.add(key)
        order.append(by_key[key])
    return order


def _took_over(
    declared: BattleState, battle: BattleState, points: dict[int, int]
) -> list[PatrolTookOver]:
    """P-C4, E-15: the chronicle says which patrol defends in place of the used-up one."""
    if battle.defender_kind is not DefenderKind.PATROL or battle is declared:
        return []
    if battle.defender.army_ids == declared.defender.army_ids:
        return []
    [army_id] = battle.defender.army_ids
    return [
        PatrolTookOver(
            rule="P-C4 E-15",
            battle_key=battle.key,
            hex=battle.hex,
            army_id=army_id,
            points=points[army_id],
            replaced_army_ids=declared.defender.army_ids,
        )
    ]


def orphan_changes(before: World, after: World) -> list[OrphanChanged]:
    """§3 step 6f, A-1.3.1, Q14: every hex whose orphan flag, under this turn's owners and
    capitals (``after``), differs from the flag stored at the end of the last turn
    (``before``). A conquered hex gets the flag computed for its new owner; unowned hexes
    are never orphans."""
    terrain = terrain_map(after.hexes)
    by_kingdom: dict[int, set[Coord]] = defaultdict(set)
    for coord, hex_ in after.hexes.items():
        if hex_.owner is not None:
            by_kingdom[hex_.owner].add(coord)
    orphaned: set[Coord] = set()
    for kingdom_id, owned in by_kingdom.items():  # Q9, E-19: allies' and overlord's hexes
        orphaned |= owned - friendly_connected(after, kingdom_id, by_kingdom, terrain)
    changed = [c for c, hex_ in before.hexes.items() if (c in orphaned) != hex_.orphan]
    return [
        OrphanChanged(rule="A-1.3.1 §3-6f", hex=coord, orphan=coord in orphaned)
        for coord in sorted(changed)  # the few changed sorted, not the whole map
    ]
