"""Phase 6, Final Results, and Phase 7 (§3 steps 6a, 6b, 6f; A-3.0.2).

Battles are resolved in key order. Until issue 4 brings the full P-C3 chain, the first
invader to win a contested hex takes it and later battles declared there are not fought;
their armies stay on their origin. Armies were placed on their origin or base at
Provisional Results (E-32), so only winners move here. Resting armies need no events.
"""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from dataclasses import dataclass, field

from rules.battle import decision, resolve_battle
from rules.capitals import last_kingdom_standing, resolve_lost_capitals
from rules.dice import Dice
from rules.ending import resolve_ending
from rules.events import (
    ArmyMoved,
    BattleWon,
    DefenderLosses,
    Event,
    HexConquered,
    OrphanChanged,
    Outcome,
)
from rules.hexgrid import orphans, terrain_map
from rules.power import campaign_won, collect_power, owners_applied
from rules.state import BattleState, Coord, Decision, DefenderKind, Role, World


def resolve_final(world: World, battles: list[BattleState], dice: Dice) -> Outcome:
    """§3 Phase 6 and 7: abstract battles (6a), the map (6b), army positions (E-32),
    a lost capital moved or the kingdom eliminated (6e, A-3.2), orphan flags (6f,
    A-1.3.1), power income (6g, Table 9), then the last kingdom standing or the end roll
    (A-3.0.2) and, if the campaign ends, the winner (A-3.1)."""
    outcome = Outcome()
    turn = _TurnSoFar.of(world)
    for battle in sorted(battles, key=lambda b: b.key):
        if battle.hex in turn.taken:
            continue
        battle = turn.current(battle)
        events = resolve_battle(world, battle, dice, turn.points)
        outcome.events += events
        outcome.events += turn.apply(battle, events)
    after, lost = resolve_lost_capitals(owners_applied(world, turn.owners), dice)
    outcome.events += lost
    outcome.events += turn.displaced(after)
    outcome.events += orphan_changes(world, after)
    income = collect_power(after)
    outcome.events += income
    powers = {e.kingdom_id: e.power for e in income}
    survivor = last_kingdom_standing(after)
    if survivor is not None:
        outcome.events.append(campaign_won(after, {survivor: powers[survivor]}, "A-3.1"))
        return outcome
    ending = resolve_ending(world, dice)
    outcome.events += ending
    if any(roll.ends for roll in ending):
        outcome.events.append(campaign_won(after, powers, "A-3.1 Table 1 E-27"))
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

    @classmethod
    def of(cls, world: World) -> _TurnSoFar:
        return cls(
            points={a.id: a.points for a in world.armies.values()},
            owners={coord: h.owner for coord, h in world.hexes.items()},
            positions={a.id: a.position for a in world.armies.values()},
            smallest_army=world.ruleset.minimum_army_points,
        )

    def current(self, battle: BattleState) -> BattleState:
        """The battle as it stands now: P-C4, a used-up patrol leaves a lost cause; a
        neutral defender that fought earlier this turn keeps its losses."""
        if (
            battle.defender_kind is DefenderKind.PATROL
            and set(battle.defender.army_ids) & self.used_up
        ):
            return dataclasses.replace(battle, defender_kind=DefenderKind.LOST_CAUSE, defender=None)
        if battle.defender_kind is DefenderKind.NEUTRAL and battle.hex in self.defenders:
            defender = dataclasses.replace(battle.defender, points=self.defenders[battle.hex])
            return dataclasses.replace(battle, defender=defender)
        return battle

    def apply(self, battle: BattleState, events: list[Event]) -> list[Event]:
        """§3 step 6b and E-32 for one resolved battle."""
        winner = next(e.winner for e in events if isinstance(e, BattleWon))
        for e in events:
            if isinstance(e, DefenderLosses):
                self.defenders[e.hex] = e.points_left
        patrol = battle.defender.army_ids if battle.defender_kind is DefenderKind.PATROL else ()
        if patrol and (
            winner is Role.ATTACKER
            or decision(battle.defender) is Decision.RETREAT
            or any(self.points[a] < self.smallest_army for a in patrol)
        ):
            self.used_up.update(patrol)
        if winner is not Role.ATTACKER:
            return []
        return [self._conquer(battle), *self._move(battle.attacker.army_ids, battle.hex)]

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
    for kingdom_id, owned in by_kingdom.items():
        kingdom = after.kingdoms.get(kingdom_id)
        orphaned |= orphans(kingdom.capital if kingdom else None, owned, terrain)
    return [
        OrphanChanged(rule="A-1.3.1 §3-6f", hex=coord, orphan=coord in orphaned)
        for coord in sorted(before.hexes)
        if (coord in orphaned) != before.hexes[coord].orphan
    ]
