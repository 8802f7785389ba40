"""Phase 3, Provisional Results: scouting (§3 3d), then explore invaded hexes and
declare battles (3e, 3f).

Orders reach this phase already validated (rules.turn.orders). Everything is iterated in a
fixed order (target hex, then army id) so that one seed always gives the same events.

A contested hex (P-C3, E-15), invaded by several players who are not in a combined
assault (E-28), gets a chain of battles: the invaders fight each other in order of
points, highest first (a logged d6 roll-off on a tie), the one higher in that order
attacking; the survivor then faces the hex's defender. Every battle the chain may need
is declared now, each follow-up with the battle it follows and the outcome of that
battle it needs (``BattleState.after``, ``if_won``), so that each invader answers for
it in advance at Phase 4 (E-15); rules.turn.final fights only the branch that happens.
"""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from dataclasses import dataclass

from rules import modules
from rules.core.dice import Dice, Roll
from rules.core.events import (
    ArmyMoved,
    BattleDeclared,
    CoveringPatrols,
    Event,
    HexExplored,
    Outcome,
)
from rules.core.state import (
    ArmyState,
    BattleState,
    Coord,
    DefenderKind,
    HexState,
    IfWon,
    Order,
    OrderKind,
    Ruleset,
    Side,
    World,
)
from rules.kingdoms.agreements import breaches, combined_assaults
from rules.kingdoms.diplomacy import alliances_broken, declare_incited
from rules.kingdoms.neutrals import (
    discover_after_last_turn,
    recover_defenders,
    with_conquest_choice,
)
from rules.kingdoms.spending import resolve_power_spending
from rules.kingdoms.spending_state import Spending
from rules.sieges.events import SiegeBattleDeclared
from rules.sieges.tabletop import announce_siege_battles, announced_state
from rules.turn.exploration import explore_hex
from rules.turn.minor_features import bandit_lairs
from rules.turn.orders import (
    Patrol,
    covering_patrol,
    covering_patrols,
    invasion_origin,
    patrol_bases,
)
from rules.turn.rest import resolve_rest
from rules.turn.scouting import resolve_scouting, scouted_world

DECLARATION_RULES = {
    DefenderKind.NEUTRAL: "A-2.3 §3-3e A-1.5.1",
    DefenderKind.NEUTRAL_KINGDOM: "A-2.3 §3-3e A-1.4.8 E-06",
    DefenderKind.PATROL: "A-2.3 §3-3e Table 5",
    DefenderKind.UNDEFENDED: "A-1.0.6 §3-3e",
    DefenderKind.LOST_CAUSE: "P-C2",
    DefenderKind.ROAMING: "A-2.3 §3-3e App G E-12",
}


@dataclass(frozen=True)
class Force:
    """E-28: all of one kingdom's armies invading one hex fight as one; points add up."""

    kingdom_id: int
    army_ids: tuple[int, ...]
    points: int


def resolve_provisional(
    world: World, orders: list[Order], dice: Dice, spending: Spending | None = None
) -> Outcome:
    """§3 Phase 3, steps 3d, 3e and 3f: scouting (rules.turn.scouting), then HexExplored and
    BattleDeclared events.

    It also places the armies for the turn (E-32): an invader on its origin (E-07), a
    patrol on its base, so that Final Results only moves the winners. Invasions see the
    hexes scouting explored (§5.4): they reveal them and roll no Table 7 again. Resting
    armies, and those without an order (Q7), are rebuilt here (rules.turn.rest): they fight
    no battle this turn.

    Before all that come step 3a, the discovery rolls of A-1.4.20, the regrowth of
    surviving neutral defenders (§5.5, E-09), which invasions then meet (rules.kingdoms.neutrals),
    and the Bandit lairs' rolls (Table 17, rules.turn.minor_features).
    Invasions of a partner's hex break their cease fire or alliance (E-05), and the
    parties of a combined assault invade as one force (E-28): rules.kingdoms.agreements.
    """
    outcome = Outcome()
    outcome.events += discover_after_last_turn(world, dice)
    world, recovered = recover_defenders(world)
    outcome.events += recovered
    world, lairs = bandit_lairs(world, dice)  # Table 17: the owners' d6, Unrest on a 1
    outcome.events += lairs
    world, orders, phase_one = modules.phase_one(world, orders, dice)  # §3 Phase 1, E-12
    outcome.events += phase_one
    orders = [o for o in orders if o.army_id in world.armies]  # none for a destroyed army
    outcome.events += _positions(world, orders)
    rested = resolve_rest(world, orders)
    outcome.events += rested
    # §3 step 3b, E-25: power spending (rules.kingdoms.spending, rules.kingdoms.diplomacy)
    rebuilt = {e.army_id: e.points for e in rested}
    spent = resolve_power_spending(world, spending or Spending(), dice, rebuilt)
    outcome.events += spent.events
    world = spent.world
    scouting = resolve_scouting(world, orders, dice)
    outcome.events += scouting
    world = scouted_world(world, scouting)
    world, examined = modules.order_results(world, orders, dice)  # NR-WILD-2: Examine
    outcome.events += examined
    world, broken = breaches(world, orders)  # E-05: invading a partner ends the agreement
    outcome.events += broken
    patrols = patrol_bases(world, orders)
    orders, patrols, entries = modules.invasions(world, orders, patrols, dice)  # 3e, E-12
    outcome.events += entries
    # the battles' keys follow those declared so far (a roaming force's, rules.modules),
    # counted once here, not again at every invaded hex
    keys = sum(isinstance(e, BattleDeclared) for e in outcome.events)
    for target, forces in _invasions(world, orders).items():
        forces, joined = combined_assaults(world, target, forces)  # E-28, two players
        outcome.events += joined
        # E-28: a combined assault's partner invades too, with his armies in the force
        invaders = tuple(sorted({world.armies[a].kingdom_id for f in forces for a in f.army_ids}))
        kind, defender = _defender(world, world.hexes[target], patrols, dice, outcome, invaders)
        ordered, rolls = _order_of_battle(target, forces, dice)
        for declared in _contest(target, ordered, rolls, kind, defender, keys + 1):
            outcome.add(with_conquest_choice(world, declared, orders))  # E-23
            keys += 1
    outcome.events += alliances_broken(world, orders)  # §5.6: invading one's neutral ally
    outcome.events += declare_incited(world, spent.incited, patrols)  # Q17
    outcome.events += covering_choices(world, outcome.events, patrols)  # E-15
    outcome.events += announce_siege_battles(world)  # E-24, E-37: for the tabletop
    return outcome


def covering_choices(
    world: World, events: list[Event], patrols: list[Patrol]
) -> list[CoveringPatrols]:
    """E-15: for each hex whose declared defender is a patrol, the patrols of that
    patrol's kingdom that cover it, the default first, when there is a choice (two or
    more); the owner may name another of them at Phase 4."""
    choices: dict[tuple[Coord, int], CoveringPatrols] = {}
    for e in events:
        if not isinstance(e, BattleDeclared) or e.defender_kind is not DefenderKind.PATROL:
            continue
        kingdom_id = e.defender_kingdom_id
        found = [
            a.id for a in covering_patrols(world, e.hex, patrols) if a.kingdom_id == kingdom_id
        ]
        if len(found) > 1 and (e.hex, kingdom_id) not in choices:
            choices[(e.hex, kingdom_id)] = CoveringPatrols(
                rule="E-15 Table 5 Q13", hex=e.hex, kingdom_id=kingdom_id, army_ids=tuple(found)
            )
    return list(choices.values())


def declared_battles(events: list[Event]) -> list[BattleState]:
    """The battles of a provisional outcome, keyed 1, 2, … in declaration order, with
    the Phase 4 defaults (Fight, no strategy: Q7) until the players answer; the siege
    battles announced for the tabletop come last (E-24, rules.sieges.tabletop)."""
    declared = [e for e in events if isinstance(e, BattleDeclared)]
    battles = [_battle_state(key, e) for key, e in enumerate(declared, start=1)]
    announced = [e for e in events if isinstance(e, SiegeBattleDeclared) and e.tabletop]
    first = len(battles) + 1
    return battles + [announced_state(k, e) for k, e in enumerate(announced, start=first)]


def _battle_state(key: int, e: BattleDeclared) -> BattleState:
    attacker = Side(
        points=e.attacker_points,
        kingdom_id=e.attacker_kingdom_id,
        neutral_kingdom_id=e.attacker_neutral_kingdom_id,  # an incited attack
        army_ids=e.attacker_army_ids,
    )
    defender = None
    if e.defender_kind not in (DefenderKind.UNDEFENDED, DefenderKind.LOST_CAUSE):
        defender = Side(
            points=e.defender_points,
            kingdom_id=e.defender_kingdom_id,
            neutral_kingdom_id=e.defender_neutral_kingdom_id,
            army_ids=e.defender_army_ids,
        )
    return BattleState(
        key=key,
        hex=e.hex,
        defender_kind=e.defender_kind,
        attacker=attacker,
        defender=defender,
        neutral_conquest=e.neutral_conquest,
        after=e.after,  # P-C3, E-15: keys here are the declared numbers too
        if_won=e.if_won,
    )


def _positions(world: World, orders: list[Order]) -> list[ArmyMoved]:
    """E-32: a patrol stands on its base, an invader on its origin (E-07) this turn."""
    moves = []
    for order in sorted(orders, key=lambda o: o.army_id):
        army = world.armies[order.army_id]
        hex_ = _standing(world, army, order)
        if hex_ is not None and hex_ != army.position:
            moves.append(ArmyMoved(rule="E-32 E-07", army_id=army.id, hex=hex_))
    return moves


def _standing(world: World, army: ArmyState, order: Order) -> Coord | None:
    if order.kind is OrderKind.PATROL:
        return order.target
    if order.kind is OrderKind.INVADE:
        return order.origin or invasion_origin(world, army.kingdom_id, order.target)
    return None


def _invasions(world: World, orders: list[Order]) -> dict[Coord, list[Force]]:
    """Invade orders as one Force per (target, kingdom) (E-28), sorted by target."""
    grouped: dict[Coord, dict[int, list[ArmyState]]] = defaultdict(lambda: defaultdict(list))
    for order in orders:
        if order.kind is OrderKind.INVADE:
            army = world.armies[order.army_id]
            grouped[order.target][army.kingdom_id].append(army)
    return {
        target: [
            Force(kingdom_id, tuple(sorted(a.id for a in armies)), sum(a.points for a in armies))
            for kingdom_id, armies in sorted(by_kingdom.items())
        ]
        for target, by_kingdom in sorted(grouped.items())
    }


def _defender(
    world: World,
    hex_: HexState,
    patrols: list[Patrol],
    dice: Dice,
    outcome: Outcome,
    invaders: tuple[int, ...],
) -> tuple[DefenderKind, Side | None]:
    """§3 step 3e: who stands against an invasion of ``hex_`` by the kingdoms ``invaders``."""
    if hex_.owner is not None:
        return _covering_patrol(world, hex_, patrols)
    if hex_.neutral_kingdom is not None:
        return _neutral_kingdom_army(world, hex_, outcome, invaders)
    if not hex_.explored:
        hex_ = _explore(hex_, world.ruleset, dice, outcome, invaders)
    elif hex_.scouted_only:
        outcome.add(_revealed(hex_, invaders))
    roaming = modules.defender(world, hex_.coord)  # App G: the Beast in its lair
    if roaming is not None:
        return DefenderKind.ROAMING, roaming
    if hex_.defender is None or hex_.defender.points <= 0:
        return DefenderKind.UNDEFENDED, None
    return DefenderKind.NEUTRAL, Side(points=hex_.defender.points)


def _covering_patrol(
    world: World, hex_: HexState, patrols: list[Patrol]
) -> tuple[DefenderKind, Side | None]:
    """Table 5, Q13, E-15, E-16: the owner's covering patrol (rules.turn.orders); none is a
    lost cause (P-C2)."""
    patrol = covering_patrol(world, hex_.coord, patrols)
    if patrol is None:
        return DefenderKind.LOST_CAUSE, None
    return DefenderKind.PATROL, Side(
        points=patrol.points, kingdom_id=patrol.kingdom_id, army_ids=(patrol.id,)
    )


def _neutral_kingdom_army(
    world: World, hex_: HexState, outcome: Outcome, invaders: tuple[int, ...]
) -> tuple[DefenderKind, Side]:
    """A-1.4.8, A-1.4.15, E-06: the kingdom's constant army; its hexes are never rolled,
    their features were set at map creation (§5.5). The invaders who explore the hex
    learn the army's strength, nobody else (A-1.4.18–20)."""
    points = world.ruleset.neutral_kingdom_defending_points
    if not hex_.explored:
        outcome.add(
            HexExplored(
                rule="A-1.0.5 §5.5 E-06",
                hex=hex_.coord,
                feature=hex_.feature,
                minor_feature=hex_.minor_feature,
                defender_points=points,
                neutral_kingdom_id=hex_.neutral_kingdom,
                explorer_kingdom_ids=invaders,
            )
        )
    return DefenderKind.NEUTRAL_KINGDOM, Side(
        points=points, neutral_kingdom_id=hex_.neutral_kingdom
    )


def _explore(
    hex_: HexState, ruleset: Ruleset, dice: Dice, outcome: Outcome, invaders: tuple[int, ...]
) -> HexState:
    """A-1.0.5, A-1.0.9, Table 7, E-08: the invaders explore the hex (rules.turn.exploration),
    and everyone learns what they found. Returns the hex as explored."""
    explored, rolls = explore_hex(hex_, ruleset, dice)
    outcome.add(
        HexExplored(
            rule="A-1.0.5 Table 7 E-08",
            rolls=rolls,
            hex=hex_.coord,
            feature=explored.feature,
            minor_feature=explored.minor_feature,
            defender_points=explored.defender.points if explored.defender else None,
            explorer_kingdom_ids=invaders,
        )
    )
    return explored


def _revealed(hex_: HexState, invaders: tuple[int, ...]) -> HexExplored:
    """§5.4, E-29, A-1.0.9: a hex explored by scouting alone becomes public when it is
    invaded; its contents were rolled then (Table 7 is not rolled again)."""
    return HexExplored(
        rule="A-1.0.9 §5.4 E-29",
        hex=hex_.coord,
        feature=hex_.feature,
        minor_feature=hex_.minor_feature,
        defender_points=hex_.defender.points if hex_.defender else None,
        explorer_kingdom_ids=invaders,
    )


def _order_of_battle(
    target: Coord, forces: list[Force], dice: Dice
) -> tuple[list[Force], tuple[Roll, ...]]:
    """P-C3, E-15: highest points first; tied kingdoms roll off (logged d6 each), and
    the rolls, in the order they were made."""
    by_points: dict[int, list[Force]] = defaultdict(list)
    for force in forces:
        by_points[force.points].append(force)
    ordered: list[Force] = []
    rolls: list[Roll] = []
    for points in sorted(by_points, reverse=True):
        tied = {f.kingdom_id: f for f in by_points[points]}
        winners = _roll_off(sorted(tied), target, dice, rolls) if len(tied) > 1 else list(tied)
        ordered += [tied[k] for k in winners]
    return ordered, tuple(rolls)


def _roll_off(kingdoms: list[int], target: Coord, dice: Dice, rolls: list[Roll]) -> list[int]:
    """Each tied kingdom rolls a d6, highest first; kingdoms still tied roll again."""
    results = {}
    for k in kingdoms:
        roll = dice.d6(f"P-C3 roll-off at {target}: kingdom {k}")
        rolls.append(roll)
        results[k] = roll.result
    ordered: list[int] = []
    for result in sorted(set(results.values()), reverse=True):
        group = [k for k in kingdoms if results[k] == result]
        ordered += group if len(group) == 1 else _roll_off(group, target, dice, rolls)
    return ordered


def _contest(
    target: Coord,
    forces: list[Force],
    rolls: tuple[Roll, ...],
    kind: DefenderKind,
    defender: Side | None,
    first: int,
) -> list[BattleDeclared]:
    """P-C3, E-15: the battles of one invaded hex, keyed from ``first`` on.

    One force: it meets the defender. Several (a contested hex): the first two in
    ``forces`` fight, the first attacking ("the one with more points"); the survivor
    meets the next invader, and so on, then the hex's defender (a patrol, a neutral
    army, a neutral kingdom's army, a lost cause or nobody), carrying his losses. Each
    possible survivor gets his own follow-up battle, tied to the battle before it by
    ``after`` and ``if_won``. If nobody wins a battle between invaders (both retreat,
    or a draw), neither goes on: the next invader, if any, meets the one after him or
    the defender as if they had not been there. The roll-off's rolls go on the first
    battle, which they decide."""
    contested = len(forces) > 1
    rule = DECLARATION_RULES[kind] + (" P-C3 E-15" if contested else "")
    declared: list[BattleDeclared] = []

    def declare(event: BattleDeclared) -> int:
        if not declared:
            event = dataclasses.replace(event, rolls=rolls)
        declared.append(event)
        return first + len(declared) - 1

    def go_on(holder: Force | None, rest: list[Force], after: int | None, if_won) -> None:
        if not rest:
            if holder is not None:
                declare(_declaration(rule, target, holder, kind, defender, after, if_won))
            return
        if holder is None:
            go_on(rest[0], rest[1:], after, if_won)
            return
        challenger = Side(
            points=rest[0].points, kingdom_id=rest[0].kingdom_id, army_ids=rest[0].army_ids
        )
        invaders = _declaration(
            "P-C3 E-15", target, holder, DefenderKind.INVADER, challenger, after, if_won
        )
        key = declare(invaders)
        go_on(holder, rest[1:], key, IfWon.ATTACKER)
        go_on(rest[0], rest[1:], key, IfWon.DEFENDER)
        if len(rest) > 1:
            go_on(None, rest[1:], key, IfWon.NOBODY)

    go_on(forces[0], forces[1:], None, None)
    return declared


def _declaration(
    rule: str,
    target: Coord,
    force: Force,
    kind: DefenderKind,
    defender: Side | None,
    after: int | None = None,
    if_won: IfWon | None = None,
) -> BattleDeclared:
    return BattleDeclared(
        rule=rule,
        hex=target,
        defender_kind=kind,
        attacker_kingdom_id=force.kingdom_id,
        attacker_army_ids=force.army_ids,
        attacker_points=force.points,
        defender_kingdom_id=defender.kingdom_id if defender else None,
        defender_neutral_kingdom_id=defender.neutral_kingdom_id if defender else None,
        defender_army_ids=defender.army_ids if defender else (),
        defender_points=defender.points if defender else 0,
        after=after,
        if_won=if_won,
    )
