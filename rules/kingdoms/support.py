"""Support and entitlements: what a kingdom may field (A-1.1.4, §5.6, Table 6, E-14,
E-22).

Total Support = 1,000 + 250 a hex + each feature's bonus; orphan hexes count
(A-1.3.5); hexes looted last turn, hexes under Unrest and Quick-Friendship hexes do not
(§5.6). ``kingdom_support`` is the one place that says which hexes give: the kingdom
page, army raising and allocation checks, the slots and E-14's default cut all ask it.
Entitlements are a kingdom-wide pool of slots summed from Table 6 on top of
the kingdom's base pool (E-22: the base pool belongs to the kingdom, the capital hex
adds a City's). Each army has a persistent allocation of 1,000–3,000 points, and all
allocations together stay within Total Support (E-14). Every number is the campaign's
ruleset's (rules.core.table_options; Table 6's entitlements are a table of rules.core.ruleset).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple, Protocol

from rules.core.problems import Problem
from rules.core.ruleset import table
from rules.core.state import Feature, Ruleset
from rules.core.tables import KINGDOM_POOL, SLOTS
from rules.kingdoms.edicts import idle

__all__ = [
    "SLOTS",
    "Allocation",
    "KingdomSupport",
    "SupportHex",
    "allocation_problem",
    "entitlements",
    "kingdom_support",
    "total_support",
]


class Supporting(Protocol):
    """What ``kingdom_support`` reads of a hex: a rules.core.state.HexState, or a SupportHex."""

    owner: int | None
    feature: Feature | None
    looted_turn: int | None
    unrest_from: int | None
    unrest_until: int | None


class SupportHex(NamedTuple):
    """A hex as §5.6 reads it, for readers that hold database rows (owner: the player
    kingdom's id; a Quick-Friendship hex is its neutral kingdom's, owner None, E-18)."""

    owner: int | None
    feature: Feature | None = None
    looted_turn: int | None = None
    unrest_from: int | None = None
    unrest_until: int | None = None


@dataclass(frozen=True)
class KingdomSupport:
    """What a kingdom's hexes give in a turn (A-1.1.4, §5.6, Table 6)."""

    support: int
    entitlements: dict[str, int]
    hexes: int  # the kingdom's own hexes, orphans and idle ones included
    idle: int  # of them, looted last turn or under Unrest: they give nothing this turn


def kingdom_support(
    ruleset: Ruleset, hexes: Iterable[Supporting], kingdom_id: int, turn: int
) -> KingdomSupport:
    """A-1.1.4, §5.6, A-1.3.5, E-18: Total Support and the entitlements pool of kingdom
    ``kingdom_id`` in ``turn``, from ``hexes`` (the whole map or only its own).

    Only the kingdom's own hexes give, orphans too (A-1.3.5). Quick-Friendship hexes
    belong to the neutral kingdom it protects (E-18), so they are never its own and
    never give. A hex looted last turn or under Unrest in ``turn`` gives nothing
    (§5.6, Table 3, rules.kingdoms.edicts.idle). If that leaves the allocations above Total
    Support, E-14 applies as written: the player cuts at his next orders, or the largest
    is cut at Provisional Results (rules.kingdoms.armies.support_cuts)."""
    own = [h for h in hexes if h.owner == kingdom_id]
    giving = [h.feature for h in own if not idle(h, turn)]
    return KingdomSupport(
        support=total_support(ruleset, giving),
        entitlements=entitlements(ruleset, giving),
        hexes=len(own),
        idle=len(own) - len(giving),
    )


def total_support(ruleset: Ruleset, features: Iterable[Feature | None]) -> int:
    """§5.6: 1,000 basic, 250 a hex, and Table 6's bonus for each feature (250, or 500
    for a mega-feature and the capital, a City, E-22), over the features of the hexes
    that give (``kingdom_support`` chooses them)."""
    support = ruleset.support_basic
    for feature in features:
        support += ruleset.support_per_hex
        if feature is not None and feature.is_mega:
            support += ruleset.support_bonus_mega
        elif feature is not None:
            support += ruleset.support_bonus_major
    return support


def entitlements(ruleset: Ruleset, features: Iterable[Feature | None]) -> dict[str, int]:
    """Table 6 and E-22: the base pool plus every feature's slots (the table in force),
    over the features of the hexes that give (``kingdom_support`` chooses them)."""
    slots = table(ruleset, "table-6-entitlements")
    pool = Counter(slots.slots(KINGDOM_POOL))
    for feature in features:
        if feature is not None:
            pool += Counter(slots.slots(feature.value))
    return {slot: pool[slot] for slot in SLOTS}


@dataclass(frozen=True)
class Allocation:
    army_id: int | None  # None for an army being raised
    points: int


def allocation_problem(
    ruleset: Ruleset, support: int, allocations: Iterable[Allocation]
) -> Problem | None:
    """E-14: every army 1,000–3,000 points, all of them within Total Support. The problem
    is the army's ``allocation``."""
    allocations = list(allocations)
    low, high = ruleset.army_minimum, ruleset.army_maximum
    for allocation in allocations:
        if not low <= allocation.points <= high:
            return Problem(
                "§5.6 E-14",
                "allocation",
                "an army is allocated {low:,}–{high:,} points, not {points:,}",
                low=low,
                high=high,
                points=allocation.points,
            )
    total = sum(a.points for a in allocations)
    if total > support:
        return Problem(
            "§5.6 E-14",
            "allocation",
            "your armies would need {total:,} points of support but your kingdom gives {support:,}",
            total=total,
            support=support,
        )
    return None
