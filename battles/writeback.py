"""The turn's battles in the pipeline: loaded with their Phase 4 choices for Final Results,
and what a step's events do to them: the battles declared become rows (§3 step 3e), each
side keeps the armies it took into battle (E-29), a battle is fought and won, and a patrol
takes over a defence (P-C4, E-15)."""

from __future__ import annotations

from itertools import groupby
from operator import itemgetter

from django.db.models import QuerySet

from battles.models import SIDE_COLUMNS, Battle, BattleSide, SideRow, army_seen
from battles.tabletop.models import BattleReport
from campaign.core.bulk import columns_insert, instances_load, rows_create, rows_update
from campaign.core.statements import written_once
from campaign.models import Turn
from campaign.pipeline.registry import (
    STEP_INPUTS,
    Phase,
    StepInput,
    register_appliers,
    register_chronicle_only,
    register_state,
)
from campaign.pipeline.snapshot import Snapshot
from campaign.pipeline.writeback import Writer
from kingdoms.models import Character
from kingdoms.orders.models import Order
from rules.core import events as ev
from rules.core.state import (
    BattleState,
    Decision,
    DefenderKind,
    IfWon,
    NeutralConquest,
    OrderKind,
    Role,
    Side,
    Strategy,
)
from rules.kingdoms.neutrals import conquest_choice


def battles_load(turn: Turn, snapshot: Snapshot) -> list[BattleState]:
    """The turn's battles with the sides' Phase 4 choices and confirmed tabletop reports
    and, at a neutral capital, the invader's standing choice from his Invade orders
    (E-23). Two queries when the turn has battles (one without), one more for the
    reports when one is played at the table, for the battles of the campaign's sieges
    while it has any, and for those orders when a battle is at a neutral capital."""
    battles = instances_load(_turn_battles(turn.pk))
    if not battles:
        return []
    sides = turn_sides(turn.pk)
    reports = {}
    # A battle reported from the table stays a tabletop battle (battles.tabletop.services)
    if any(battle.mode == Battle.Mode.TABLETOP for battle in battles):
        confirmed = instances_load(_confirmed_reports(turn.pk))
        reports = {row.battle_id: row.as_rules() for row in confirmed}
    # E-24, E-37: a battle a siege announced for the table is fought by its siege's step
    siege_of = dict(_siege_battles(turn.pk).rows()) if snapshot.world.sieges else {}
    capitals = {n.capital for n in snapshot.world.neutral_kingdoms.values()}
    at_capital = {
        battle.pk
        for battle in battles
        if battle.defender_kind == DefenderKind.NEUTRAL_KINGDOM
        and snapshot.coord_of[battle.hex_id] in capitals
    }
    quick = _quick_friendship(turn) if at_capital else frozenset()
    states = []
    for battle in battles:
        snapshot.battles[battle.pk] = battle
        snapshot.sides[battle.pk] = battle_sides = sides.get(battle.pk, [])
        by_role = {side.role: _side_state(side) for side in battle_sides}
        choice = None
        if battle.pk in at_capital:
            choice = conquest_choice(by_role["attacker"].army_ids, quick)
        states.append(
            BattleState(
                key=battle.pk,
                hex=snapshot.coord_of[battle.hex_id],
                defender_kind=DefenderKind(battle.defender_kind),
                attacker=by_role["attacker"],
                defender=by_role.get("defender"),
                neutral_conquest=choice,
                after=battle.after_id,  # P-C3, E-15: keys are the battles' pks here
                if_won=IfWon(battle.if_won) if battle.if_won else None,
                tabletop=battle.mode == Battle.Mode.TABLETOP,  # E-24
                report=reports.get(battle.pk),  # P-C6
                siege_key=siege_of.get(battle.pk),
            )
        )
    return states


def turn_sides(turn_id: int) -> dict[int, list[SideRow]]:
    """The sides of the turn's battles by their battles' ids, with their armies' ids and
    kingdoms (E-28). One query, a row a side and army (a side without armies has one,
    without an army): values, which cost a fraction of the instances and related
    managers of a prefetch."""
    by_battle: dict[int, list[SideRow]] = {}
    rows = _turn_sides(turn_id).rows()
    for columns, links in groupby(rows, key=itemgetter(slice(0, len(SIDE_COLUMNS)))):
        armies = sorted((kingdom_id, army_id) for *_, kingdom_id, army_id in links if army_id)
        side = SideRow(*columns, armies=tuple(armies))
        by_battle.setdefault(side.battle_id, []).append(side)
    return by_battle


@written_once
def _turn_sides(turn_id: int) -> QuerySet[BattleSide]:
    sides = BattleSide.objects.filter(battle__turn_id=turn_id).order_by("pk")
    return sides.values_list(*SIDE_COLUMNS, "armies__kingdom_id", "armies")


def _quick_friendship(turn: Turn) -> frozenset[int]:
    """E-23: the armies whose Invade orders chose Quick Friendship."""
    orders = Order.objects.filter(
        turn=turn, kind=OrderKind.INVADE, neutral_conquest=NeutralConquest.QUICK_FRIENDSHIP
    )
    return frozenset(orders.values_list("army_id", flat=True))


@written_once
def _turn_battles(turn_id: int) -> QuerySet[Battle]:
    return Battle.objects.filter(turn_id=turn_id).order_by("seq")


@written_once
def _confirmed_reports(turn_id: int) -> QuerySet[BattleReport]:
    """P-C6: the reports the other side confirmed or the GM settled (Battle.confirmed_report)."""
    return BattleReport.objects.filter(battle__turn_id=turn_id, status__in=BattleReport.CONFIRMED)


@written_once
def _siege_battles(turn_id: int) -> QuerySet[Battle]:
    """The turn's battles that sieges announced, each with its siege's id."""
    battles = Battle.objects.filter(turn_id=turn_id, siege_battle__isnull=False)
    return battles.values_list("id", "siege_battle__siege_id")


def _side_state(side: SideRow) -> Side:
    return Side(
        points=side.points,
        kingdom_id=side.kingdom_id,
        neutral_kingdom_id=side.neutral_kingdom_id,
        army_ids=tuple(sorted(side.army_ids)),
        decision=Decision(side.decision),
        strategy=Strategy(side.strategy) if side.strategy else None,
        rank=side.rank,  # P-C4: the owner's order of his patrol's battles
    )


class TurnBattles:
    """The step's battles: those declared, made at flush; the sides whose armies were
    kept as they went into battle; the patrols that took over a defence."""

    def __init__(self, writer: Writer):
        self.writer = writer
        self.declared: list[ev.BattleDeclared] = []
        self.took_over: list[ev.PatrolTookOver] = []
        self.sides_seen: list[SideRow] = []  # their armies as they went into battle
        self.battles_seen: set[int] = set()

    def keep_armies_seen(self, key: int) -> None:
        """E-29: each side's armies of the battle ``key`` as they go into it, before its
        losses, kept once (BattleSide.armies_seen): its page shows them so ever after. A
        patrol that took over the defence (P-C4, E-15) is the defender's army."""
        if key in self.battles_seen:
            return
        self.battles_seen.add(key)
        took_over = {e.army_id for e in self.took_over if e.battle_key == key}
        for side in self.writer.snapshot.sides[key]:
            army_ids = side.army_ids
            if side.role == Role.DEFENDER and took_over:
                army_ids = sorted(took_over)
            side.armies_seen = [self._army_seen(army_id) for army_id in army_ids]
            self.sides_seen.append(side)

    def _army_seen(self, army_id: int) -> dict:
        snapshot = self.writer.snapshot
        characters = snapshot.characters
        keys = characters.keys_where(army_id=army_id, status=Character.Status.ACTIVE)
        # read, not changed: a thousand battles' armies and characters are not built for it
        return army_seen(snapshot.armies.now(army_id), [characters.now(key) for key in keys])

    def flush(self) -> None:
        rows_update(BattleSide, ["armies_seen"], self.sides_seen)
        self._create_battles()
        self._patrols_took_over()

    def _create_battles(self) -> None:
        """§3 step 3e: each declared battle becomes a Battle with its sides."""
        if not self.declared:
            return
        hexes = self.writer.snapshot.hexes.read  # their ids, without building their rows
        battles = rows_create(
            Battle,
            (
                Battle(  # by ids: a related instance would have each row checked on saving
                    turn_id=self.writer.turn.pk,
                    hex_id=hexes[tuple(d.hex)].id,
                    seq=seq,
                    defender_kind=d.defender_kind,
                )
                for seq, d in enumerate(self.declared, start=1)
            ),
        )
        sides: list[tuple[BattleSide, tuple[int, ...]]] = []  # each side with its armies
        for battle, declared in zip(battles, self.declared, strict=True):
            attacker = BattleSide(
                battle_id=battle.pk,
                role=Role.ATTACKER,
                kingdom_id=declared.attacker_kingdom_id,
                neutral_kingdom_id=declared.attacker_neutral_kingdom_id,  # incited
                points=declared.attacker_points,
            )
            sides.append((attacker, declared.attacker_army_ids))
            if battle.needs_decisions:
                defender = BattleSide(
                    battle_id=battle.pk,
                    role=Role.DEFENDER,
                    kingdom_id=declared.defender_kingdom_id,
                    neutral_kingdom_id=declared.defender_neutral_kingdom_id,
                    points=declared.defender_points,
                )
                sides.append((defender, declared.defender_army_ids))
        rows_create(BattleSide, (side for side, _ in sides))
        links = [(side.pk, army_id) for side, army_ids in sides for army_id in army_ids]
        columns_insert(  # nothing reads their ids back
            BattleSide.armies.through,
            {
                "battleside_id": [side_id for side_id, _ in links],
                "army_id": [army_id for _, army_id in links],
            },
        )

    def _patrols_took_over(self) -> None:
        """P-C4, E-15: the defending side of a battle now names the patrol that took over.
        No query when no patrol did."""
        if not self.took_over:
            return
        sides = []
        for event in self.took_over:
            battle_sides = self.writer.snapshot.sides[event.battle_key]
            [side] = [s for s in battle_sides if s.role == Role.DEFENDER]
            side.points = event.points
            sides.append((side, event.army_id))
        rows_update(BattleSide, ["points"], [side for side, _ in sides])
        through = BattleSide.armies.through
        through.objects.filter(battleside_id__in=[side.pk for side, _ in sides]).delete()
        through.objects.bulk_create(
            through(battleside_id=side.pk, army_id=army_id) for side, army_id in sides
        )


def _declared(writer: Writer, event: ev.BattleDeclared) -> None:
    writer.state(TurnBattles).declared.append(event)


def _took_over(writer: Writer, event: ev.PatrolTookOver) -> None:
    writer.state(TurnBattles).took_over.append(event)


def _fought(writer: Writer, event: ev.BattleFought | ev.TabletopBattleFought) -> None:
    battle = writer.battle(event.battle_key)
    battle.result = event.result
    writer.state(TurnBattles).keep_armies_seen(event.battle_key)


def _turned_abstract(writer: Writer, event: ev.TabletopTurnedAbstract) -> None:
    writer.battle(event.battle_key).mode = Battle.Mode.ABSTRACT  # E-24


def _won(writer: Writer, event: ev.BattleWon) -> None:
    battle = writer.battle(event.battle_key)
    # one that was not fought: a retreat, a withdrawal
    writer.state(TurnBattles).keep_armies_seen(event.battle_key)
    battle.resolved = True
    battle.winner = event.winner or ""
    if event.by_default:
        battle.result = "by default"
    elif not battle.result:
        battle.result = battle.defender_kind if event.winner else "no battle"


def register() -> None:
    STEP_INPUTS.register(StepInput.BATTLES, battles_load)
    register_state(TurnBattles, {Phase.CREATE: TurnBattles.flush})
    register_appliers(
        {
            ev.BattleDeclared: _declared,
            ev.BattleFought: _fought,
            ev.TabletopBattleFought: _fought,  # P-C6
            ev.TabletopTurnedAbstract: _turned_abstract,  # E-24
            ev.BattleWon: _won,
            ev.PatrolTookOver: _took_over,
        }
    )
    register_chronicle_only(ev.Retreated)
