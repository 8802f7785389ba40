"""The events of post-battle bookkeeping (§3 step 6c; §5.8–5.9 Tables 12–16, 18–22).

Each names its battle (``battle_key``) and carries the rolls it used, so the battle's
page lists them roll by roll. Each says who may read it through ``seen_by``
(rules.turn.visibility asks): a character's fate, wounds, Generalship and skills are his
kingdom's own; a neutral kingdom's General (``kingdom_id`` None) is the GM's alone
(E-20, A-1.4.18).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.events import Event


@dataclass(frozen=True, kw_only=True)
class _PostBattle(Event):
    battle_key: int
    kingdom_id: int | None  # None: a neutral kingdom's General, the GM's alone (E-20)

    def seen_by(self) -> tuple[bool, frozenset[int], tuple[str, ...]]:
        return False, frozenset({self.kingdom_id} - {None}), ()


@dataclass(frozen=True, kw_only=True)
class UnitRecovered(_PostBattle):
    """Table 12 (tabletop battles): a unit destroyed or fled rolls to come back; it
    returns on ``needed`` or more (``total`` is the modified d6)."""

    army_id: int
    unit: str
    fate: str  # fled / destroyed
    needed: int
    total: int
    modifiers: tuple[str, ...] = ()
    returned: bool
    points: int = 0  # the unit's points, back in its army if it returned (P-C6)


@dataclass(frozen=True, kw_only=True)
class CharacterRecoveryRolled(_PostBattle):
    """Table 13, E-02, E-10: a fallen character's modified d6 and its result (dead,
    injured, full_recovery)."""

    character_id: int
    name: str
    total: int
    modifiers: tuple[str, ...] = ()
    result: str


@dataclass(frozen=True, kw_only=True)
class InjuryTaken(_PostBattle):
    """Table 14, E-03: the wound and what it did. ``stat`` lost ``change`` (0 when the
    floor of E-03 stopped it, ``floored``); a Grievous wound at his last W ``retired``
    him; Shaken keeps him out of armies until ``shaken_until``."""

    character_id: int
    name: str
    injury: str
    stat: str | None = None
    change: int = 0
    floored: bool = False
    retired: bool = False
    shaken_until: int | None = None


@dataclass(frozen=True, kw_only=True)
class CharacterRemoved(_PostBattle):
    """Table 13 Dead, or E-03 retirement at 0 W (handled alike): the character is gone;
    he was his army's General and his kingdom's Grand Marshall if the flags say so."""

    character_id: int
    name: str
    cause: str  # dead / retired
    army_id: int | None = None
    was_general: bool = False
    was_grand_marshal: bool = False


@dataclass(frozen=True, kw_only=True)
class GeneralAppointed(_PostBattle):
    """Table 13, E-03: the army needs a General. ``character_id`` is the character of the
    army who takes the post, or None for a new one named ``name`` (the player renames
    him, B 3.3); ``grand_marshal`` if he also becomes the Grand Marshall."""

    army_id: int | None = None
    neutral_kingdom_id: int | None = None  # E-20: a neutral kingdom's new General
    replaced_id: int
    character_id: int | None = None
    name: str
    grand_marshal: bool = False


@dataclass(frozen=True, kw_only=True)
class GrandMarshalPassed(_PostBattle):
    """Table 13, E-03, B 3.4: the title passes to the General of the kingdom's oldest
    remaining army."""

    replaced_id: int
    character_id: int
    name: str


@dataclass(frozen=True, kw_only=True)
class GeneralshipRolled(_PostBattle):
    """Table 16, E-10: the army General's d6 after a battle he commanded (won: +1 on
    ``needed`` or more, a Massacre adding to the roll; lost: −1 on ``needed`` or less;
    a draw: no roll, no change). ``generalship`` is his value after it."""

    character_id: int
    name: str
    outcome: str  # won / lost / draw
    total: int | None = None
    needed: int | None = None
    change: int = 0
    generalship: int


@dataclass(frozen=True, kw_only=True)
class AdvanceGained(_PostBattle):
    """Table 18–22, E-11: his XP reached ``threshold``; ``table`` is the skill table
    rolled (after E-11's fallbacks) and ``skill`` the result he gains, with the stat it
    raises (``stat``) or what it changes."""

    character_id: int
    name: str
    threshold: int
    table: str
    skill: str
    words: str
    stat: str | None = None
    fallbacks: tuple[str, ...] = ()  # the tables that had nothing left, in the order tried


@dataclass(frozen=True, kw_only=True)
class AdvanceLost(_PostBattle):
    """E-11: no table has a result left for him: no advance, logged."""

    character_id: int
    name: str
    threshold: int
