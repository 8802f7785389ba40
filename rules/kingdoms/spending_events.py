"""The events of power spending (§3 step 3b, 6b, 6f, 6g; Table 10, Table 11, diplomacy).

Each says who may read it through ``seen_by`` (rules.turn.visibility asks): a kingdom's
spending is its own, and power amounts never leave it. Public are only the facts the
map or the diplomatic world shows: a completed build (6f), a defender's new size (an
explored hex's defender is public, A-1.0.9), an alliance made or ended, a hex an
incited army took, and an incite that breaks an agreement (E-05).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.events import Event
from rules.core.state import Coord


@dataclass(frozen=True, kw_only=True)
class _Private(Event):
    """Seen by its kingdom (and the GM) only."""

    kingdom_id: int

    def seen_by(self) -> tuple[bool, frozenset[int], tuple[str, ...]]:
        return False, frozenset({self.kingdom_id}), ()


@dataclass(frozen=True, kw_only=True)
class PowerSpent(_Private):
    """Table 10, E-25 (§3 step 3b): power debited for one spend."""

    spend_id: int
    item: str
    amount: int


@dataclass(frozen=True, kw_only=True)
class SpendVoided(_Private):
    """§3 step 3b: a spend that could not be carried out when it was resolved (the army
    is gone, the power was not there after a GM correction…); nothing is debited."""

    spend_id: int
    item: str
    reason: str


@dataclass(frozen=True, kw_only=True)
class BuildQueued(_Private):
    """Table 10, §3 step 3b: a build paid for; it completes at 6f (A-1.3.4)."""

    spend_id: int
    hex: Coord
    build: str


@dataclass(frozen=True, kw_only=True)
class BuildCompleted(Event):
    """§3 step 6f, A-1.3.4: the build stands, also in a hex orphaned this turn. Public:
    it is on the map."""

    spend_id: int
    kingdom_id: int
    hex: Coord
    build: str

    def seen_by(self):
        return True, frozenset({self.kingdom_id}), ("spend_id",)


@dataclass(frozen=True, kw_only=True)
class BuildCancelled(_Private):
    """E-26: the hex was lost this turn; the build is cancelled and not refunded."""

    spend_id: int
    hex: Coord
    build: str


@dataclass(frozen=True, kw_only=True)
class ArmyReinforced(_Private):
    """Table 10 Recruit, Q18 mercenaries (§3 step 3b): points for this turn only, within
    the 3,500 cap (E-14). ``points`` is the army's strength now."""

    spend_id: int
    army_id: int
    source: str  # "recruit" or "mercenaries"
    points_added: int
    points: int


@dataclass(frozen=True, kw_only=True)
class TemporaryPointsLost(_Private):
    """Table 10, Q18, E-14: at the end of the turn the recruits and mercenaries go. They
    took their share of the turn's losses in proportion, as a combined force does
    (E-28), so the army keeps its own share of what is left."""

    army_id: int
    points_lost: int
    points: int


@dataclass(frozen=True, kw_only=True)
class SurgeonHired(_Private):
    """Table 10, E-02: +1 on the kingdom's Table 13 rolls this turn (post-battle reads it)."""

    spend_id: int


@dataclass(frozen=True, kw_only=True)
class MercenaryBidResolved(_Private):
    """Table 10, Q18, E-25: a sealed bid won or lost. Only the winner pays; ties are
    broken by a logged roll-off (``rolls``)."""

    spend_id: int
    offer_id: int
    amount: int
    won: bool
    army_id: int | None = None


@dataclass(frozen=True, kw_only=True)
class PowerShared(Event):
    """B 7.1, E-25: power given to another player, debited at 3b (``credited`` False)
    and credited at 6g (``credited`` True). Seen by both kingdoms."""

    spend_id: int
    kingdom_id: int
    recipient_id: int
    amount: int
    credited: bool = False

    def seen_by(self):
        return False, frozenset({self.kingdom_id, self.recipient_id}), ()


@dataclass(frozen=True, kw_only=True)
class DiplomacyRolled(_Private):
    """§5.6 Diplomacy table, A-1.4.12, E-25: one action's roll. ``total`` is the d6 plus
    the extra power; a natural 1 always fails. ``outcome`` says what came of it."""

    spend_id: int
    action: str
    neutral_kingdom_id: int
    total: int
    success: bool
    outcome: str


@dataclass(frozen=True, kw_only=True)
class AllianceFormed(Event):
    """A-1.4.12 Ally: a public diplomatic fact (the neutral kingdom named only to those
    who know it, A-1.4.18); +1 power a turn at 6g (Table 9)."""

    neutral_kingdom_id: int
    kingdom_id: int

    def seen_by(self):
        return True, frozenset({self.kingdom_id}), ()


@dataclass(frozen=True, kw_only=True)
class AllianceEnded(Event):
    """A-1.4.12: an alliance ends, by a Deactivate (whose author stays secret) or because
    the ally invaded the kingdom (§5.6). Public."""

    neutral_kingdom_id: int
    kingdom_id: int
    reason: str  # "deactivated" or "invaded"

    def seen_by(self):
        return True, frozenset({self.kingdom_id}), ()


@dataclass(frozen=True, kw_only=True)
class IncitedAttack(_Private):
    """A-1.4.12 Incite, E-25 (§3 step 3b): the neutral kingdom will attack ``hex`` with
    2,000 points at 3e. Private to the inciter, unless it breaks an agreement (E-05):
    then it is announced to all, with an AgreementBroken (rules.kingdoms.agreements)."""

    spend_id: int
    neutral_kingdom_id: int
    hex: Coord
    target_owner_id: int
    breaks_agreement: str = ""  # E-05: the agreements it breaks, in words

    def seen_by(self):
        return bool(self.breaks_agreement), frozenset({self.kingdom_id}), ()


@dataclass(frozen=True, kw_only=True)
class PacifyRolled(_Private):
    """Table 11: d6 + (power − 1)."""

    spend_id: int
    hex: Coord
    total: int
    result: str


@dataclass(frozen=True, kw_only=True)
class DefenderChanged(Event):
    """Table 11 Provoked (+500, capped at the band maximum, E-09) or Wavering (halved,
    rounded up to 250): the current size only (E-09). Public like every explored hex's
    defender (A-1.0.9); who caused it is not said."""

    hex: Coord
    points_before: int
    points: int
    cause: str

    def seen_by(self):
        return True, frozenset(), ()


@dataclass(frozen=True, kw_only=True)
class PacifyVoided(_Private):
    """E-26: the pacified hex was taken in this turn's battles; it does not join."""

    spend_id: int
    hex: Coord


@dataclass(frozen=True, kw_only=True)
class HexJoinedNeutralKingdom(Event):
    """Q17: the incited neutral army won; the hex joins the neutral kingdom. Public."""

    hex: Coord
    neutral_kingdom_id: int
    previous_owner_id: int | None = None

    def seen_by(self):
        return True, frozenset(), ()
