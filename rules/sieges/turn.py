"""The siege step of Final Results (E-37; siege-tactical.md §8 adapted as
docs/design/sieges.md says), which rules.turn.final calls before the turn's battles:
each ongoing siege in hex order plays its turn: whether it still stands (§12.5), its
lifting, its relief (§12.5), then ``siege_days_per_turn`` days (rules.sieges.day). A
siege that ended is settled back on the map (§12.5): one that falls is conquered like a
won battle through rules.turn.final's bookkeeping; one broken or lifted sends the
besiegers back.

Pure and deterministic: every roll comes from ``dice`` with its purpose; the Final
step's dice stream makes a re-run replay the same days.
"""

from __future__ import annotations

from rules.battles.battle import characters
from rules.core.dice import Dice
from rules.core.events import BattleWon, DefenderLosses, Event
from rules.core.state import BattleState, DefenderKind, NeutralConquest, Order, Role, World
from rules.sieges.day import resume_day, siege_day
from rules.sieges.events import (
    SiegeBattleNotFought,
    SiegeEnded,
    SiegeProvisions,
    SiegeRecorded,
)
from rules.sieges.investment import move_armies
from rules.sieges.run import SiegeRun
from rules.sieges.siege_battles import relief, siege_battle_key
from rules.sieges.state import SiegeState, SiegeStatus, relief_army_ids, state_dict
from rules.sieges.strength import besieger_side, garrison_side


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
) -> SiegeRun:
    """One siege's turn: whether it still stands, its lifting, its relief, the day a
    tabletop battle stopped (E-24: the first of the turn's days), then its days until
    one of them stops on a tabletop battle; the state it ends in is recorded
    (SiegeRecorded) with the garrison's provisions."""
    run = SiegeRun(world, siege, dice, points, announced=announced)
    run.commanders = frozenset(c.id for c in characters(world, garrison_side(run.siege, points)))
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


def _still_standing(run: SiegeRun) -> None:
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


def _not_fought(run: SiegeRun) -> None:
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


def _ended(world: World, run: SiegeRun, turn) -> list[Event]:
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
            events += move_armies(turn, (army_id,), back, "E-32 §12.5")
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
        attacker=besieger_side(siege, points),
        defender=garrison_side(siege, points),
        neutral_conquest=choice,
    )
