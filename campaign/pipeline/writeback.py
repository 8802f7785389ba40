"""Turning the engine's events into rows, with bulk writes.

Each event type has one small applier that changes the loaded rows; ``flush`` then
writes every changed row in one bulk statement per table, so the number of queries does
not grow with the map.
"""

from __future__ import annotations

from battles.models import Battle, BattleSide, army_seen
from battles.pairing.writeback import pairing_appliers, pairing_flush
from battles.postbattle.writeback import (
    CHARACTER_FIELDS,
    post_battle_appliers,
    post_battle_flush,
    post_battle_flush_gone,
)
from battles.sieges.writeback import SiegeWriter
from campaign.chronicle.services import chronicle_entries_for
from campaign.models import Hex, Turn, TurnEvent
from campaign.pipeline.snapshot import Snapshot
from kingdoms.agreements.writeback import agreements_write
from kingdoms.armies.writeback import army_appliers, army_flush
from kingdoms.crowns.writeback import crowns_appliers, crowns_flush
from kingdoms.models import Army, Character, Kingdom, NeutralKingdom
from kingdoms.orders.models import ScoutReport
from kingdoms.spending.writeback import spending_appliers, spending_flush
from rules.core import events as ev
from rules.core.state import EdictKind, NeutralConquest, Role, Structure
from rules.kingdoms.neutrals import sworn_enemies_capital
from rules.turn.visibility import Context

HEX_FIELDS = [
    "owner",
    "neutral_kingdom",
    "explored",
    "scouted_only",
    "feature",
    "minor_feature",
    "defender_points",
    "defender_original_points",
    "is_orphan",
    "defence",
    "watchtower",  # a Raze (Table 4)
    "looted_turn",  # §5.3 edicts: the hex's history (rules.kingdoms.edicts)
    "edict_turn",
    "unrest_from",
    "unrest_until",
]
BATTLE_FIELDS = ["resolved", "result", "winner", "mode"]


class Writer:
    def __init__(self, snapshot: Snapshot, turn: Turn):
        self.snapshot = snapshot
        self.turn = turn
        self.hexes: set[Hex] = set()
        self.army_ids: set[int] = set()
        self.character_ids: set[int] = set()
        self.battle_ids: set[int] = set()
        self.kingdom_ids: set[int] = set()
        self.declared: list[ev.BattleDeclared] = []
        self.destroyed: list[ev.ArmyDestroyed] = []
        self.scouted: list[ev.HexScouted] = []
        self.discovered: list[ev.NeutralKingdomDiscovered] = []
        self.took_over: list[ev.PatrolTookOver] = []
        self.sides_seen: list[BattleSide] = []  # their armies as they went into battle
        self.battles_seen: set[int] = set()
        self.neutral_ids: set[int] = set()
        self.sieges = SiegeWriter(self)
        self._appliers = {
            ev.HexExplored: self._explored,
            ev.HexExploredByScouts: self._explored_by_scouts,
            ev.HexScouted: self.scouted.append,
            ev.NeutralKingdomDiscovered: self.discovered.append,
            ev.BattleDeclared: self.declared.append,
            ev.BattleFought: self._fought,
            ev.TabletopBattleFought: self._fought,  # P-C6
            ev.TabletopTurnedAbstract: self._turned_abstract,  # E-24
            ev.BattleWon: self._won,
            ev.ArmyLosses: self._army_losses,
            ev.DefenderLosses: self._defender_losses,
            ev.ExperienceGained: self._experience,
            ev.HexConquered: self._conquered,
            ev.ArmyMoved: self._moved,
            ev.OrphanChanged: self._orphan,
            ev.PowerCollected: self._power,
            ev.CapitalMoved: self._capital,
            ev.KingdomEliminated: self._eliminated,
            ev.ArmyDestroyed: self.destroyed.append,
            ev.DefenderAppeared: self._defender_appeared,
            ev.ArmyRested: self._rested,
            ev.RestFlagUsed: self._rest_flag_used,
            ev.PatrolTookOver: self.took_over.append,
            ev.DefenderRecovered: self._defender_recovered,
            ev.NeutralKingdomConquered: self._neutral_conquered,
            ev.EdictResolved: self._edict_resolved,
            ev.HexRevolted: self._revolted,
            ev.BanditLairRolled: self._bandit_lair,
            **army_appliers(self),  # army building and the optional modules
            **spending_appliers(self),  # power spending and diplomacy (§3 3b)
            **pairing_appliers(self),  # P-C3, P-C4, E-15: chains and covering patrols
            **post_battle_appliers(self),  # §3 6c, Tables 12–16, 18–22
            **self.sieges.appliers(),  # E-37 (battles.sieges.writeback)
            **crowns_appliers(self),  # E-30, E-31: the yearly crowns (kingdoms.crowns.writeback)
        }

    def apply(self, events: list[ev.Event]) -> None:
        for event in events:
            applier = self._appliers.get(type(event))
            if applier is not None:  # the others only go to the chronicle
                applier(event)

    def _hex(self, coord) -> Hex:
        row = self.snapshot.hexes[tuple(coord)]
        self.hexes.add(row)
        return row

    def _explored(self, event: ev.HexExplored) -> None:
        row = self._hex(event.hex)
        row.explored = True
        row.scouted_only = False  # E-29: public now, whoever rolled its contents
        row.feature = event.feature or ""
        row.minor_feature = event.minor_feature or ""
        if event.defender_points is not None and event.neutral_kingdom_id is None:
            row.defender_points = row.defender_original_points = event.defender_points

    def _explored_by_scouts(self, event: ev.HexExploredByScouts) -> None:
        """§5.4: the Table 7 result is stored, but the hex is not public yet (E-29)."""
        row = self._hex(event.hex)
        row.explored = row.scouted_only = True
        row.feature = event.feature or ""
        row.minor_feature = event.minor_feature or ""
        row.defender_points = row.defender_original_points = event.defender_points

    def _battle(self, key: int) -> Battle:
        self.battle_ids.add(key)
        return self.snapshot.battles[key]

    def _fought(self, event: ev.BattleFought) -> None:
        battle = self._battle(event.battle_key)
        battle.result = event.result
        self.keep_armies_seen(battle)

    def keep_armies_seen(self, battle: Battle) -> None:
        """E-29: each side's armies as they go into the battle, before its losses, kept
        once (BattleSide.armies_seen): its page shows them so ever after. A patrol that
        took over the defence (P-C4, E-15) is the defender's army."""
        if battle.pk in self.battles_seen:
            return
        self.battles_seen.add(battle.pk)
        took_over = {e.army_id for e in self.took_over if e.battle_key == battle.pk}
        for side in battle.sides.all():
            army_ids = [army.pk for army in side.armies.all()]
            if side.role == Role.DEFENDER and took_over:
                army_ids = sorted(took_over)
            side.armies_seen = [self._army_seen(army_id) for army_id in army_ids]
            self.sides_seen.append(side)

    def _army_seen(self, army_id: int) -> dict:
        active = Character.Status.ACTIVE
        people = [
            c
            for c in self.snapshot.characters.values()
            if c.army_id == army_id and c.status == active
        ]
        return army_seen(self.snapshot.armies[army_id], people)

    def _turned_abstract(self, event: ev.TabletopTurnedAbstract) -> None:
        self._battle(event.battle_key).mode = Battle.Mode.ABSTRACT  # E-24

    def _won(self, event: ev.BattleWon) -> None:
        battle = self._battle(event.battle_key)
        self.keep_armies_seen(battle)  # one that was not fought: a retreat, a withdrawal
        battle.resolved = True
        battle.winner = event.winner or ""
        if event.by_default:
            battle.result = "by default"
        elif not battle.result:
            battle.result = battle.defender_kind if event.winner else "no battle"

    def _army_losses(self, event: ev.ArmyLosses) -> None:
        self.snapshot.armies[event.army_id].points = event.points_left
        self.army_ids.add(event.army_id)

    def _defender_losses(self, event: ev.DefenderLosses) -> None:
        self._hex(event.hex).defender_points = event.points_left

    def _experience(self, event: ev.ExperienceGained) -> None:
        self.snapshot.characters[event.character_id].xp += event.xp
        self.character_ids.add(event.character_id)

    def _conquered(self, event: ev.HexConquered) -> None:
        row = self._hex(event.hex)
        row.owner_id = event.kingdom_id
        row.neutral_kingdom_id = None  # the hex leaves the neutral kingdom
        row.defender_points = row.defender_original_points = None

    def _defender_recovered(self, event: ev.DefenderRecovered) -> None:
        self._hex(event.hex).defender_points = event.points  # §5.5, E-09

    def _neutral_conquered(self, event: ev.NeutralKingdomConquered) -> None:
        """A-1.4.17, E-18: Quick Friendship names the protector; Sworn Enemies (whose
        hexes came as HexConquered) leaves no protector and destroys the capital: its
        City becomes a Town and its Great Fortress a fortress (Q3, E-22)."""
        neutral = self.snapshot.neutrals[event.neutral_kingdom_id]
        self.neutral_ids.add(neutral.pk)
        if event.choice == NeutralConquest.QUICK_FRIENDSHIP:
            neutral.protector_id = event.kingdom_id
            for coord in event.restored:  # E-18: the original borders come back
                row = self._hex(coord)
                row.owner_id, row.neutral_kingdom_id = None, neutral.pk
            return
        neutral.protector_id = None
        capital = sworn_enemies_capital(self.snapshot.world.hexes[tuple(event.capital)])
        row = self._hex(event.capital)
        row.feature = capital.feature or ""
        row.defence = capital.defence or ""

    def _rested(self, event: ev.ArmyRested) -> None:
        """Table 5 Rest, E-14, E-01: rebuilt to the allocation, flagged for the next battle."""
        army = self.snapshot.armies[event.army_id]
        army.points, army.rested = event.points, True
        self.army_ids.add(event.army_id)

    def _rest_flag_used(self, event: ev.RestFlagUsed) -> None:
        self.snapshot.armies[event.army_id].rested = False  # E-01
        self.army_ids.add(event.army_id)

    def _moved(self, event: ev.ArmyMoved) -> None:
        self.snapshot.armies[event.army_id].position_id = self.snapshot.hexes[tuple(event.hex)].pk
        self.army_ids.add(event.army_id)

    def _orphan(self, event: ev.OrphanChanged) -> None:
        self._hex(event.hex).is_orphan = event.orphan

    def _capital(self, event: ev.CapitalMoved) -> None:
        """A-3.2, E-23: the new capital leaves the fallback-capital list; the rest stand."""
        kingdom = self._kingdom(event.kingdom_id)
        kingdom.capital = self.snapshot.hexes[tuple(event.new)]
        new = list(event.new)
        kingdom.fallback_capitals = [c for c in kingdom.fallback_capitals or () if c != new]

    def _eliminated(self, event: ev.KingdomEliminated) -> None:
        """E-27: the land becomes unowned and explored; power and industry go."""
        kingdom = self._kingdom(event.kingdom_id)
        kingdom.eliminated, kingdom.power, kingdom.industry = True, 0, 0
        for coord in event.hexes:
            row = self._hex(coord)
            row.owner_id, row.explored = None, True

    def _edict_resolved(self, event: ev.EdictResolved) -> None:
        """§5.3, E-26: the hex's history, the structure a Raze destroyed, and Unrest."""
        row = self._hex(event.hex)
        row.edict_turn = self.turn.number
        if event.edict == EdictKind.LOOT:
            row.looted_turn = self.turn.number
        if event.structure == Structure.FEATURE:
            row.feature = event.structure_after or ""
        elif event.structure == Structure.WATCHTOWER:
            row.watchtower = False
        elif event.structure is not None:
            row.defence = event.structure_after or ""
        if event.unrest_from is not None:
            row.unrest_from, row.unrest_until = event.unrest_from, event.unrest_until

    def _bandit_lair(self, event: ev.BanditLairRolled) -> None:
        """Table 17 Bandit lair: Unrest (Table 3) for the turns the event gives."""
        if event.unrest:
            row = self._hex(event.hex)
            row.unrest_from, row.unrest_until = event.unrest_from, event.unrest_until

    def _revolted(self, event: ev.HexRevolted) -> None:
        """Table 3 Revolt, E-09: unowned and explored, the rebels hold it."""
        row = self._hex(event.hex)
        row.owner_id, row.explored, row.scouted_only = None, True, False
        row.defender_points = row.defender_original_points = event.defender_points

    def _defender_appeared(self, event: ev.DefenderAppeared) -> None:
        row = self._hex(event.hex)
        row.defender_points = row.defender_original_points = event.points

    def _kingdom(self, kingdom_id: int) -> Kingdom:
        self.kingdom_ids.add(kingdom_id)
        return self.snapshot.kingdoms[kingdom_id]

    def _power(self, event: ev.PowerCollected) -> None:
        kingdom = self._kingdom(event.kingdom_id)
        kingdom.power, kingdom.industry = event.power, event.industry

    def flush(self, events: list[ev.Event]) -> None:
        """Write every changed row, then the chronicle, in a fixed number of statements."""
        snapshot = self.snapshot
        Hex.objects.bulk_update(self.hexes, HEX_FIELDS)
        Army.objects.bulk_update(
            [snapshot.armies[i] for i in sorted(self.army_ids)], ["points", "position", "rested"]
        )
        post_battle_flush_gone(self)  # §3 6c: the dead first, for B 3.3's and B 3.4's uniqueness
        Character.objects.bulk_update(
            [snapshot.characters[i] for i in sorted(self.character_ids)], ["xp", *CHARACTER_FIELDS]
        )
        Kingdom.objects.bulk_update(
            [snapshot.kingdoms[i] for i in sorted(self.kingdom_ids)],
            ["power", "industry", "capital", "eliminated", "fallback_capitals"],
        )
        Battle.objects.bulk_update(
            [snapshot.battles[i] for i in sorted(self.battle_ids)], BATTLE_FIELDS
        )
        BattleSide.objects.bulk_update(self.sides_seen, ["armies_seen"])
        NeutralKingdom.objects.bulk_update(
            [snapshot.neutrals[i] for i in sorted(self.neutral_ids)], ["protector", "ally"]
        )
        context = self._context()
        self._create_battles()
        pairing_flush(self)  # P-C3, E-15: needs the battles just created
        self._patrols_took_over()
        TurnEvent.objects.bulk_create(chronicle_entries_for(self.turn, events, context))
        agreements_write(self.turn, events)  # Q23: breaches, endings, vassals sworn
        self._create_scout_reports()
        army_flush(self)
        spending_flush(self)
        post_battle_flush(self)  # §3 6c: the new Generals
        self.sieges.flush()  # E-37
        crowns_flush(self)  # E-30, E-31
        if self.destroyed:  # last: the chronicle above still needed to know their kingdom
            Army.objects.filter(pk__in=[e.army_id for e in self.destroyed]).delete()

    def _patrols_took_over(self) -> None:
        """P-C4, E-15: the defending side of a battle now names the patrol that took over.
        No query when no patrol did."""
        if not self.took_over:
            return
        sides = []
        for event in self.took_over:
            battle = self.snapshot.battles[event.battle_key]
            [side] = [s for s in battle.sides.all() if s.role == Role.DEFENDER]
            side.points = event.points
            sides.append((side, event.army_id))
        BattleSide.objects.bulk_update([side for side, _ in sides], ["points"])
        through = BattleSide.armies.through
        through.objects.filter(battleside_id__in=[side.pk for side, _ in sides]).delete()
        through.objects.bulk_create(
            through(battleside_id=side.pk, army_id=army_id) for side, army_id in sides
        )

    def _create_scout_reports(self) -> None:
        """Table 8, E-29: each kingdom's scouting reports, and the neutral kingdoms its
        scouts found (A-1.4.19, Q22), in one statement each."""
        hexes = self.snapshot.hexes
        ScoutReport.objects.bulk_create(
            ScoutReport(
                kingdom_id=e.kingdom_id,
                army_id=e.army_id,
                hex=hexes[tuple(e.hex)],
                turn=self.turn,
                level=e.level,
                facts=e.to_dict()["facts"],
            )
            for e in self.scouted
        )
        NeutralKingdom.known_by.through.objects.bulk_create(
            (
                NeutralKingdom.known_by.through(
                    neutralkingdom_id=e.neutral_kingdom_id, kingdom_id=e.kingdom_id
                )
                for e in self.discovered
            ),
            ignore_conflicts=True,
        )

    def _context(self) -> Context:
        battle_kingdoms = {
            key: frozenset(
                side.kingdom_id for side in battle.sides.all() if side.kingdom_id is not None
            )
            # E-28: a combined assault's partner fights with his armies on another's side
            | {army.kingdom_id for side in battle.sides.all() for army in side.armies.all()}
            for key, battle in self.snapshot.battles.items()
        }
        return Context(
            army_kingdom={pk: army.kingdom_id for pk, army in self.snapshot.armies.items()},
            character_kingdom={pk: c.kingdom_id for pk, c in self.snapshot.characters.items()},
            neutral_characters=frozenset(  # E-20: the GM's alone
                pk for pk, c in self.snapshot.characters.items() if c.neutral_kingdom_id
            ),
            battle_kingdoms=battle_kingdoms,
        )

    def _create_battles(self) -> None:
        """§3 step 3e: each declared battle becomes a Battle with its sides."""
        if not self.declared:
            return
        battles = Battle.objects.bulk_create(
            Battle(
                turn=self.turn,
                hex=self.snapshot.hexes[tuple(d.hex)],
                seq=seq,
                defender_kind=d.defender_kind,
            )
            for seq, d in enumerate(self.declared, start=1)
        )
        sides: list[tuple[BattleSide, tuple[int, ...]]] = []  # each side with its armies
        for battle, declared in zip(battles, self.declared, strict=True):
            attacker = BattleSide(
                battle=battle,
                role=Role.ATTACKER,
                kingdom_id=declared.attacker_kingdom_id,
                neutral_kingdom_id=declared.attacker_neutral_kingdom_id,  # incited
                points=declared.attacker_points,
            )
            sides.append((attacker, declared.attacker_army_ids))
            if battle.needs_decisions:
                defender = BattleSide(
                    battle=battle,
                    role=Role.DEFENDER,
                    kingdom_id=declared.defender_kingdom_id,
                    neutral_kingdom_id=declared.defender_neutral_kingdom_id,
                    points=declared.defender_points,
                )
                sides.append((defender, declared.defender_army_ids))
        BattleSide.objects.bulk_create(side for side, _ in sides)
        links = [
            BattleSide.armies.through(battleside_id=side.pk, army_id=army_id)
            for side, army_ids in sides
            for army_id in army_ids
        ]
        BattleSide.armies.through.objects.bulk_create(links)
