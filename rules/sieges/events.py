"""The events of sieges (E-37, docs/design/sieges.md) and of siege trains (NR-SIEGE).

Each says who reads it through ``seen_by`` (rules.turn.visibility asks). A siege's start and
end are public (the map shows them); its days are the two sides' (the besiegers and the
garrison's kingdom; a neutral garrison's side is the GM); the exact provisions are the
garrison's alone (the besieger gets an estimate on the siege sheet); the siege's full
state after a turn is the GM's record.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.events import Event
from rules.core.state import Coord, DefenderKind


def _sides(besieger: int | None, garrison: int | None) -> frozenset[int]:
    return frozenset({besieger, garrison} - {None})


_BEGAN_SECRETS = (
    "besieger_army_ids",
    "garrison_army_ids",
    "camp_ready_day",  # the engines are the sides' (the siege sheet)
    "neutral_conquest",
    "origins@besieger_kingdom_id",
    *(
        f"{name}@garrison_kingdom_id"
        for name in ("provisions", "provisions_modifier", "mouths", "rolls", "garrison_points")
    ),
)


@dataclass(frozen=True, kw_only=True)
class SiegeBegan(Event):
    """E-37, SG-DAY-0, SG-PROV-1/2/3: the defender of battle ``battle_key`` withdrew
    behind the walls; the place is invested and its provisions rolled."""

    battle_key: int
    hex: Coord
    place: str
    besieger_kingdom_id: int
    besieger_army_ids: tuple[int, ...]
    origins: tuple[tuple[int, Coord], ...]
    defender_kind: DefenderKind
    garrison_kingdom_id: int | None
    garrison_neutral_kingdom_id: int | None
    garrison_army_ids: tuple[int, ...]
    garrison_points: int
    provisions: int
    provisions_modifier: int
    mouths: int
    wall_damage: int
    wall_stages: int
    camp_ready_day: int
    neutral_conquest: str | None = None

    def seen_by(self):
        """Public, as the map shows the siege; like a BattleDeclared, the armies and the
        invader's choice for a neutral capital (E-23) are the two sides'; where the
        besiegers came from is theirs; the provisions, their dice and what they were
        counted for, the garrison's (SG-PROV: the besieger estimates them)."""
        return True, _sides(self.besieger_kingdom_id, self.garrison_kingdom_id), _BEGAN_SECRETS


@dataclass(frozen=True, kw_only=True)
class _SiegeSides(Event):
    siege_key: int
    hex: Coord
    besieger_kingdom_id: int
    garrison_kingdom_id: int | None = None

    def seen_by(self):
        return False, _sides(self.besieger_kingdom_id, self.garrison_kingdom_id), ()


@dataclass(frozen=True, kw_only=True)
class SiegeDay(_SiegeSides):
    """SG-DAY-1: one siege day, step by step: the event (SG-EVENT), the initiative
    (SG-INIT), the action and its result (SG-ACT), the bombardment (SG-BOMB), the wall
    and the engines after it. ``what`` holds the details each step logged."""

    day: int
    event: str | None = None
    event_total: int | None = None
    initiative: str | None = None  # "besieger" or "garrison"
    action: str = ""
    result: str = ""
    bombardment: str | None = None  # the T-1 result, e.g. "D/1C", or None
    wall_damage: int = 0
    wall_stages: int = 4
    engines: int = 0  # camp mangonels + the train's breaching engines that day
    battle_key: int | None = None
    what: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class SiegeProvisions(Event):
    """SG-PROV: the provisions after a turn's days, and what changed them: the garrison's
    secret (the GM's for a neutral garrison)."""

    siege_key: int
    hex: Coord
    garrison_kingdom_id: int | None
    day: int
    provisions: int
    changes: tuple[str, ...] = ()

    def seen_by(self):
        return False, _sides(None, self.garrison_kingdom_id), ()


@dataclass(frozen=True, kw_only=True)
class SiegeBattleDeclared(_SiegeSides):
    """An assault, a sortie, a general sortie or a relief battle: a battle like any other
    (Tables 23–25), keyed ``battle_key`` (below zero: its Battle row is made as the
    outcome is written)."""

    battle_key: int
    day: int
    kind: str
    defender_kind: DefenderKind
    attacker_kingdom_id: int | None
    attacker_army_ids: tuple[int, ...]
    attacker_points: int
    defender_kingdom_id: int | None = None
    defender_neutral_kingdom_id: int | None = None
    attacker_neutral_kingdom_id: int | None = None
    defender_army_ids: tuple[int, ...] = ()
    defender_points: int = 0
    attacker_strategy: str = ""
    defender_strategy: str = ""
    tabletop: bool = False  # E-24: announced at Provisional Results for the tabletop


@dataclass(frozen=True, kw_only=True)
class SiegeBattleNotFought(_SiegeSides):
    """E-24, E-37: a siege battle announced for the tabletop that was not fought: the
    siege ended before its day (lifted, relieved, the garrison gone)."""

    battle_key: int
    day: int
    kind: str
    why: str


@dataclass(frozen=True, kw_only=True)
class SiegeLosses(Event):
    """SG-EVENT-2 (events 5, 15, 8): an army's points lost to the siege's events."""

    siege_key: int
    army_id: int
    kingdom_id: int
    points_lost: int
    points_left: int
    why: str

    def seen_by(self):
        return False, frozenset({self.kingdom_id}), ()


@dataclass(frozen=True, kw_only=True)
class SiegeEnded(Event):
    """§12.5: taken, surrendered, broken or lifted; public, as the map shows it."""

    siege_key: int
    hex: Coord
    status: str
    day: int
    besieger_kingdom_id: int
    garrison_kingdom_id: int | None = None
    why: str = ""

    def seen_by(self):
        return True, frozenset(), ()


@dataclass(frozen=True, kw_only=True)
class SiegeRecorded(Event):
    """The siege's state after the turn's days, as stored (§12.2): the GM's record."""

    siege_key: int
    state: dict

    def seen_by(self):
        return False, frozenset(), ()


@dataclass(frozen=True, kw_only=True)
class EngineCaptured(Event):
    """NR-SIEGE-3, NR-SIEGE-17, E-37: a beaten army's engine goes to the winner."""

    engine_id: int
    kind: str
    kingdom_id: int
    army_id: int | None
    previous_kingdom_id: int

    def seen_by(self):
        return False, frozenset({self.kingdom_id, self.previous_kingdom_id}), ()


@dataclass(frozen=True, kw_only=True)
class EngineDestroyed(Event):
    """NR-SIEGE-18, SG-EVENT-2 (16), SG-SORT-6, a neutral winner, NR-SIEGE-8's cap."""

    engine_id: int
    kind: str
    kingdom_id: int
    why: str

    def seen_by(self):
        return False, frozenset({self.kingdom_id}), ()
