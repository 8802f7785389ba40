"""Power spending as plain data: what a kingdom spends its power on in a turn (Table 10,
the Diplomacy table, Table 11; §3 step 3b, E-25).

A ``Spend`` is one line of a kingdom's spending, given with its orders. Step 3b resolves
them all (rules.kingdoms.spending, rules.kingdoms.diplomacy) and writes each line's ``result``;
Final
Results reads the results back (builds complete at 6f, temporary points go at the end of
the turn, shared power is credited at 6g, a pacified hex joins after the battles).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from rules.core.state import Coord, Ruleset


class SpendKind(StrEnum):
    """Table 10's items (§5.6)."""

    WATCHTOWER = "watchtower"
    FORTRESS = "fortress"
    GREAT_FORTRESS = "great_fortress"
    RECRUIT = "recruit"
    MERCENARY_BID = "mercenary_bid"
    SURGEON = "surgeon"
    SHARE_POWER = "share_power"
    DEACTIVATE = "deactivate"
    ALLY = "ally"
    INCITE = "incite"
    PACIFY = "pacify"

    @property
    def label(self) -> str:
        return SPEND_LABELS[self]


SPEND_LABELS = {
    SpendKind.WATCHTOWER: "Build a watchtower",
    SpendKind.FORTRESS: "Build a fortress",
    SpendKind.GREAT_FORTRESS: "Upgrade a fortress to a great fortress",
    SpendKind.RECRUIT: "Recruit",
    SpendKind.MERCENARY_BID: "Sealed bid for mercenaries",
    SpendKind.SURGEON: "Surgeon",
    SpendKind.SHARE_POWER: "Share power",
    SpendKind.DEACTIVATE: "Diplomacy: Deactivate",
    SpendKind.ALLY: "Diplomacy: Ally",
    SpendKind.INCITE: "Diplomacy: Incite",
    SpendKind.PACIFY: "Pacify neutrals",
}

BUILDS = (SpendKind.WATCHTOWER, SpendKind.FORTRESS, SpendKind.GREAT_FORTRESS)
DIPLOMACY = (SpendKind.DEACTIVATE, SpendKind.ALLY, SpendKind.INCITE)

FIXED_COST = frozenset(
    {SpendKind.WATCHTOWER, SpendKind.FORTRESS, SpendKind.GREAT_FORTRESS, SpendKind.SURGEON}
)
"""Table 10's items with one price (``fixed_cost``); the others' amount is the player's."""


def fixed_cost(ruleset: Ruleset, kind: SpendKind) -> int | None:
    """Table 10: the price of an item with one price (watchtower 1, fortress 2, great
    fortress 3, surgeon 1 by the rulebook), None for the others."""
    return {
        SpendKind.WATCHTOWER: ruleset.watchtower_cost,
        SpendKind.FORTRESS: ruleset.fortress_cost,
        SpendKind.GREAT_FORTRESS: ruleset.great_fortress_cost,
        SpendKind.SURGEON: ruleset.surgeon_cost,
    }.get(kind)


def diplomacy_cost(ruleset: Ruleset, kind: SpendKind) -> int:
    """Table 10, §5.6: what a diplomatic action costs before any extra power (incite 2,
    ally 2, deactivate 1 by the rulebook); 0 for any other item."""
    return {
        SpendKind.INCITE: ruleset.incite_cost,
        SpendKind.ALLY: ruleset.ally_cost,
        SpendKind.DEACTIVATE: ruleset.deactivate_cost,
    }.get(kind, 0)


class SpendResult(StrEnum):
    """What step 3b (or Final Results) made of a spend; "" while it waits."""

    QUEUED = "queued"  # a build, to complete at 6f
    BUILT = "built"
    CANCELLED = "cancelled"  # E-26: the hex was lost this turn; no refund
    RECRUITED = "recruited"
    HIRED = "hired"  # a surgeon
    WON = "won"  # a mercenary bid
    LOST = "lost"  # a losing bid: never debited (E-25)
    SHARED = "shared"
    SUCCEEDED = "succeeded"
    FAILED = "failed"
    PROVOKED = "provoked"
    NO_EFFECT = "no_effect"
    WAVERING = "wavering"
    PACIFIED = "pacified"  # joins at the end of the turn if still unowned (E-26)
    VOID = "void"  # could not be carried out at resolution; nothing debited


@dataclass(frozen=True)
class Spend:
    """One line of a kingdom's spending for the turn. ``amount`` is the power it costs,
    extra power for diplomacy or pacify included, or the bid."""

    id: int
    kingdom_id: int
    kind: SpendKind
    amount: int  # diplomacy: the cost and the extra power, +1 each on the roll
    hex: Coord | None = None  # builds, pacify, incite's target hex
    army_id: int | None = None  # recruit, mercenary bid: the army the points join
    offer_id: int | None = None  # mercenary bid
    neutral_kingdom_id: int | None = None  # diplomacy
    recipient_id: int | None = None  # share power
    result: SpendResult | None = None  # set by step 3b
    points: int = 0  # recruit, won bid: the points the army got this turn


@dataclass(frozen=True)
class Offer:
    """A-2.1, Q18: mercenaries the GM put up for hire this turn."""

    id: int
    name: str
    minimum_bid: int
    points: int


@dataclass(frozen=True)
class Spending:
    """The input of step 3b besides the world: every kingdom's spends this turn, the
    GM's offers, and the hexes Provoked lately (hex → the last turn it was)."""

    spends: tuple[Spend, ...] = ()
    offers: Mapping[int, Offer] = field(default_factory=dict)
    provoked: Mapping[Coord, int] = field(default_factory=dict)

    def of(self, kingdom_id: int) -> list[Spend]:
        return [s for s in self.spends if s.kingdom_id == kingdom_id]
