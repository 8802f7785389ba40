"""The siege's battles (E-37; docs/design/sieges.md, "Siege battles"): the assault
(SG-ASLT), the sortie (SG-SORT), the general sortie (SG-GSORT) and the relief battle
(§12.5, SG-ASLT-9), each fought with rules.battles.battle (abstract, or from a tabletop
report, E-24) and what it changes in the siege afterwards. Table 23's siege lines are in
rules.sieges.battle.
"""

from __future__ import annotations

import dataclasses

import msgspec

from rules.battles.battle import resolve_battle, side_points
from rules.battles.tabletop import TabletopResult
from rules.core.events import (
    BattleFought,
    BattleWon,
    CharacterFell,
    DefenderLosses,
    Event,
    TabletopBattleFought,
)
from rules.core.state import BattleState, DefenderKind, Role, Side, Strategy
from rules.core.tables import BattleResult, loss_percent, points_lost
from rules.sieges.engines import destroy_engines, engines_lost
from rules.sieges.events import SiegeBattleDeclared
from rules.sieges.run import SiegeRun
from rules.sieges.state import SiegeBattleKind, SiegeState, SiegeStatus
from rules.sieges.strength import besieger_side, garrison_side


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
    camp = besieger_side(siege, points)
    garrison = garrison_side(siege, points)
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


def _battle_for(run: SiegeRun, kind: SiegeBattleKind, day: int) -> BattleState:
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


def fight(run: SiegeRun, battle: BattleState, kind: SiegeBattleKind, day: int) -> list[Event]:
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
            cid: msgspec.structs.replace(c, generalship=0, tactician=False)
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
        attacker_points=side_points(battle.attacker, points),
        defender_kingdom_id=battle.defender.kingdom_id,
        defender_neutral_kingdom_id=battle.defender.neutral_kingdom_id,
        defender_army_ids=battle.defender.army_ids,
        defender_points=side_points(battle.defender, points),
        attacker_strategy=(battle.attacker.strategy or Strategy.HOLD).value,
        defender_strategy=(battle.defender.strategy or Strategy.HOLD).value,
        tabletop=battle.tabletop,
    )


def _aftermath(
    run: SiegeRun, battle: BattleState, events: list[Event], kind: SiegeBattleKind
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
        engines_lost(run, battle, winner, fought, kind)
    return winner


TABLETOP_LOSSES = {
    TabletopResult.VICTORY: BattleResult.SOLID,
    TabletopResult.MASSACRE: BattleResult.MASSACRE,
    TabletopResult.DRAW: BattleResult.DRAW,
}
"""A tabletop siege battle's result as §5.7 reads it for the siege's levies (events 11
and 19), which no army list holds: a victory loses as a solid result
(docs/design/sieges.md, "Siege battles on the tabletop")."""


def assault(run: SiegeRun, day: int) -> int:
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


def sortie(run: SiegeRun, day: int) -> int:
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


def general_sortie(run: SiegeRun, day: int) -> int:
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


FIGHTS = {
    SiegeBattleKind.ASSAULT: assault,
    SiegeBattleKind.SORTIE: sortie,
    SiegeBattleKind.GENERAL_SORTIE: general_sortie,
}


def relief(run: SiegeRun, relief_ids: tuple[int, ...]) -> None:
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
