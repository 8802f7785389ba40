"""Sieges between the database and the engine (E-37, docs/design/sieges.md): the
campaign's sieges, the turn's plans and the siege trains' engines loaded into the World
(three queries), and the siege events written back: a SiegeBegan makes the Siege row, a
siege battle its Battle row (at once, so that the battle's own events find it), each day
goes on the siege's log, and the state a turn's days leave is stored."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import Max, QuerySet

from battles.models import (
    Battle,
    BattleSide,
    SideRow,
    Siege,
    SiegeBattle,
    SiegeEngine,
    SiegePlan,
)
from battles.sieges.services import announced_to_table
from battles.writeback import TurnBattles
from campaign.core.bulk import instances_load, rows_update
from campaign.core.statements import written_once
from campaign.models import Campaign, Turn
from campaign.pipeline.registry import (
    DECISIONS_OPEN,
    SNAPSHOT_LOADERS,
    Applier,
    Phase,
    register_appliers,
    register_chronicle_only,
    register_state,
)
from campaign.pipeline.snapshot import Snapshot
from campaign.pipeline.writeback import Writer
from rules.core.events import Event
from rules.core.state import DefenderKind, Role, Strategy
from rules.sieges import events as sev
from rules.sieges.state import (
    PERSISTED,
    Place,
    SiegeBattleKind,
    SiegeState,
    SiegeStatus,
)
from rules.sieges.state import SiegePlan as PlanState


def _plan(row: SiegePlan | None) -> PlanState:
    if row is None:
        return PlanState()
    strategy = Strategy(row.strategy) if row.strategy else None
    return PlanState(tuple(row.actions or ()), strategy, row.lift, row.tabletop)


def siege_state(row: Siege, coord_of: dict, plans: dict | None = None) -> SiegeState:
    """The engine's view of a Siege row, with this turn's plans."""
    plans = plans or {}
    return SiegeState(
        key=row.pk,
        hex=coord_of[row.hex_id],
        place=Place(row.place),
        besieger_kingdom_id=row.besieger_id,
        besieger_army_ids=tuple(row.besieger_army_ids),
        defender_kind=DefenderKind(row.defender_kind),
        started_turn=row.started_turn,
        garrison_kingdom_id=row.garrison_id,
        garrison_neutral_kingdom_id=row.garrison_neutral_kingdom_id,
        garrison_army_ids=tuple(row.garrison_army_ids),
        garrison_points=row.garrison_points,
        origins=tuple((a, tuple(c) if c else None) for a, c in row.origins),
        battle_key=row.battle_id,
        status=SiegeStatus(row.status),
        ended_turn=row.ended_turn,
        day=row.day,
        provisions=row.provisions,
        provisions_rolled=row.provisions_rolled,
        wall_damage=row.wall_damage,
        wall_stages=row.wall_stages,
        camp_engines=row.camp_engines,
        camp_ready_day=row.camp_ready_day,
        engines_out_until=row.engines_out_until,
        events_drawn=tuple(row.events_drawn),
        garrison_initiative_malus=row.garrison_initiative_malus,
        surrender_on_day=row.surrender_on_day,
        commander_out_until=row.commander_out_until,
        besieger_levies=row.besieger_levies,
        garrison_levies=row.garrison_levies,
        general_sortie_used=row.general_sortie_used,
        pending_kind=SiegeBattleKind(row.pending_kind) if row.pending_kind else None,
        pending_day=row.pending_day,
        neutral_conquest=row.neutral_conquest or None,
        besieger_plan=_plan(plans.get((row.pk, SiegePlan.Role.BESIEGER))),
        garrison_plan=_plan(plans.get((row.pk, SiegePlan.Role.GARRISON))),
    )


@dataclass(frozen=True)
class SiegeRows:
    """The rows the snapshot's sieges and siege engines came from, by id."""

    sieges: dict[int, Siege]
    engines: dict[int, SiegeEngine]


def sieges_load(snapshot: Snapshot, campaign: Campaign, turn_number: int) -> None:
    """World.sieges (with the turn's plans) and World.siege_engines: one query, one more
    for the plans while a siege is ongoing, one more for the engines if siege trains are
    on."""
    rows = {s.pk: s for s in instances_load(_sieges(campaign.pk))}
    plans = {}
    if any(row.ongoing for row in rows.values()):
        plans = {(p.siege_id, p.role): p for p in instances_load(_plans(campaign.pk, turn_number))}
    engines = []
    if snapshot.world.ruleset.siege_trains:
        engines = instances_load(_engines(campaign.pk))
    snapshot.add(SiegeRows(rows, {e.pk: e for e in engines}))
    snapshot.world.sieges = tuple(
        siege_state(row, snapshot.coord_of, plans) for row in rows.values()
    )
    snapshot.world.siege_engines = tuple(e.state() for e in engines)


@written_once
def _sieges(campaign_id: int) -> QuerySet[Siege]:
    return Siege.objects.filter(campaign_id=campaign_id)


@written_once
def _plans(campaign_id: int, turn_number: int) -> QuerySet[SiegePlan]:
    return SiegePlan.objects.filter(siege__campaign_id=campaign_id, turn__number=turn_number)


@written_once
def _engines(campaign_id: int) -> QuerySet[SiegeEngine]:
    return SiegeEngine.objects.filter(kingdom__campaign_id=campaign_id)


class SiegeWriter:
    """The step's sieges: the rows changed, the engines captured or destroyed, and the
    siege battles announced for the tabletop."""

    def __init__(self, writer: Writer):
        self.writer = writer
        self.changed: set[int] = set()
        self.engines_changed: set[int] = set()
        self.engines_gone: set[int] = set()
        self.next_seq: int | None = None
        self.announced: list[sev.SiegeBattleDeclared] = []

    @property
    def rows(self) -> dict[int, Siege]:
        return self.writer.snapshot.part(SiegeRows).sieges

    def began(self, e: sev.SiegeBegan) -> None:
        """E-37: the Siege row, and the battle it replaces marked "withdrew"."""
        snapshot, turn = self.writer.snapshot, self.writer.turn
        battle = snapshot.battles.get(e.battle_key)
        if battle is not None:
            battle.result = "withdrew"
            self.writer.battle_ids.add(e.battle_key)
        Siege.objects.create(
            campaign_id=turn.campaign_id,
            hex=snapshot.hexes[tuple(e.hex)],
            battle=battle,
            started_turn=turn.number,
            place=e.place,
            besieger_id=e.besieger_kingdom_id,
            besieger_army_ids=list(e.besieger_army_ids),
            origins=[[a, list(c) if c else None] for a, c in e.origins],
            defender_kind=e.defender_kind,
            garrison_id=e.garrison_kingdom_id,
            garrison_neutral_kingdom_id=e.garrison_neutral_kingdom_id,
            garrison_army_ids=list(e.garrison_army_ids),
            garrison_points=e.garrison_points,
            neutral_conquest=e.neutral_conquest or "",
            provisions=e.provisions,
            provisions_rolled=e.provisions,
            wall_damage=e.wall_damage,
            wall_stages=e.wall_stages,
            camp_ready_day=e.camp_ready_day,
            log=[
                {
                    "turn": turn.number,
                    "day": 0,
                    "text": "invested",
                    "rolls": [r.result for r in e.rolls],
                }
            ],
        )

    def day(self, e: sev.SiegeDay) -> None:
        row = self.rows[e.siege_key]
        entry = e.to_dict()
        for key in ("type", "rule", "siege_key", "hex", "besieger_kingdom_id"):
            entry.pop(key, None)
        entry.pop("garrison_kingdom_id", None)
        entry["turn"] = self.writer.turn.number
        entry["rolls"] = [
            {"purpose": r.purpose, "sides": r.sides, "result": r.result} for r in e.rolls
        ]
        row.log = [*row.log, entry]
        self.changed.add(row.pk)

    def recorded(self, e: sev.SiegeRecorded) -> None:
        row = self.rows[e.siege_key]
        for name, value in e.state.items():
            setattr(row, name, "" if name == "pending_kind" and value is None else value)
        self.changed.add(row.pk)

    def battle(self, e: sev.SiegeBattleDeclared) -> None:
        """A siege battle fought now becomes a Battle with its sides at once, so that its
        BattleFought, losses and BattleWon find it (snapshot.battles by the engine's key);
        one announced for the tabletop (E-24) is made with the turn's declared battles,
        after them (``flush``); one announced last turn already has its row."""
        if e.battle_key in self.writer.snapshot.battles:
            return
        if e.tabletop:
            self.announced.append(e)
            return
        self._battle_create(e)

    def _battle_create(self, e: sev.SiegeBattleDeclared) -> None:
        writer = self.writer
        snapshot, turn = writer.snapshot, writer.turn
        if self.next_seq is None:
            seqs = [b.seq for b in snapshot.battles.values()]
            stored = Battle.objects.filter(turn=turn).aggregate(top=Max("seq"))["top"] or 0
            self.next_seq = max([stored, *seqs]) + 1
        battle = Battle.objects.create(
            turn=turn,
            hex=snapshot.hexes[tuple(e.hex)],
            seq=self.next_seq,
            defender_kind=e.defender_kind,
        )
        self.next_seq += 1
        loaded = snapshot.armies.read  # a step moves no army to another kingdom
        sides = [
            (Role.ATTACKER, e.attacker_kingdom_id, e.attacker_neutral_kingdom_id,
             e.attacker_army_ids, e.attacker_points, e.attacker_strategy),
            (Role.DEFENDER, e.defender_kingdom_id, e.defender_neutral_kingdom_id,
             e.defender_army_ids, e.defender_points, e.defender_strategy),
        ]  # fmt: skip
        made = []
        for role, kingdom, neutral, armies, points, strategy in sides:
            side = BattleSide.objects.create(
                battle=battle,
                role=role,
                kingdom_id=kingdom,
                neutral_kingdom_id=neutral,
                points=points,
                strategy=strategy,
                tabletop=e.tabletop,  # E-24: both sides' plans opted in
            )
            side.armies.set(armies)
            made.append(SideRow.of(side, ((loaded[a].kingdom_id, a) for a in armies)))
        SiegeBattle.objects.create(
            siege_id=e.siege_key, battle=battle, day=e.day, kind=e.kind, key=e.battle_key
        )
        snapshot.battles[e.battle_key] = battle
        snapshot.sides[e.battle_key] = made

    def not_fought(self, e: sev.SiegeBattleNotFought) -> None:
        """E-24: the announced battle's siege ended before its day."""
        battle = self.writer.snapshot.battles[e.battle_key]
        self.writer.state(TurnBattles).keep_armies_seen(e.battle_key)
        battle.resolved, battle.result = True, "not fought"
        self.writer.battle_ids.add(e.battle_key)

    def losses(self, e: sev.SiegeLosses) -> None:
        self.writer.snapshot.armies[e.army_id].points = e.points_left
        self.writer.army_ids.add(e.army_id)

    def captured(self, e: sev.EngineCaptured) -> None:
        engine = self.writer.snapshot.part(SiegeRows).engines[e.engine_id]
        engine.kingdom_id, engine.army_id, engine.captured = e.kingdom_id, e.army_id, True
        self.engines_changed.add(e.engine_id)

    def destroyed(self, e: sev.EngineDestroyed) -> None:
        self.engines_gone.add(e.engine_id)

    def flush(self) -> None:
        """The battles announced for the tabletop, after the turn's declared battles; the
        changed sieges and engines, one statement each (none when nothing changed)."""
        for announced in self.announced:
            self._battle_create(announced)
        if self.changed:
            rows_update(Siege, [*PERSISTED, "log"], [self.rows[pk] for pk in sorted(self.changed)])
        engines = self.writer.snapshot.part(SiegeRows).engines
        kept = sorted(self.engines_changed - self.engines_gone)
        if kept:
            changed = [engines[pk] for pk in kept]
            rows_update(SiegeEngine, ["kingdom", "army", "captured"], changed)
        if self.engines_gone:
            SiegeEngine.objects.filter(pk__in=self.engines_gone).delete()


def _to_table(turn: Turn, events: Sequence[Event]) -> None:
    """E-24, E-37: once the decisions are open, the siege battles both sides play at the
    table."""
    if any(isinstance(e, sev.SiegeBattleDeclared) for e in events):
        announced_to_table(turn)


def _on_sieges(method: Callable[[SiegeWriter, Any], None]) -> Applier[Any]:
    """The applier that hands its event to the step's SiegeWriter ``method``."""

    def apply(writer: Writer, event: Event) -> None:
        method(writer.state(SiegeWriter), event)

    return apply


# Made once, so that registering them again is harmless.
APPLIERS: dict[type[Event], Applier[Any]] = {
    sev.SiegeBegan: _on_sieges(SiegeWriter.began),
    sev.SiegeDay: _on_sieges(SiegeWriter.day),
    sev.SiegeRecorded: _on_sieges(SiegeWriter.recorded),
    sev.SiegeBattleDeclared: _on_sieges(SiegeWriter.battle),
    sev.SiegeBattleNotFought: _on_sieges(SiegeWriter.not_fought),
    sev.SiegeLosses: _on_sieges(SiegeWriter.losses),
    sev.EngineCaptured: _on_sieges(SiegeWriter.captured),
    sev.EngineDestroyed: _on_sieges(SiegeWriter.destroyed),
}


def register() -> None:
    SNAPSHOT_LOADERS.register(sieges_load)
    register_state(SiegeWriter, {Phase.AFTER_CHRONICLE: SiegeWriter.flush})
    register_appliers(APPLIERS)
    register_chronicle_only(sev.SiegeProvisions, sev.SiegeEnded)
    DECISIONS_OPEN.register(_to_table)
