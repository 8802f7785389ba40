"""Support and entitlements: what a kingdom may field (§5.6, Table 6, E-14, E-22).

Total Support = 1,000 + 250 a hex + each feature's bonus; orphan hexes count
(A-1.3.5). Entitlements are a kingdom-wide pool of slots summed from Table 6 on top of
the kingdom's base pool (E-22: the base pool belongs to the kingdom, the capital hex
adds a City's). Each army has a persistent allocation of 1,000–3,000 points, and all
allocations together stay within Total Support (E-14). Every number is the campaign's
ruleset's (rules.table_options; Table 6's entitlements are a table of rules.ruleset).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from rules.ruleset import table
from rules.state import Feature, Ruleset
from rules.tables import KINGDOM_POOL, SLOTS

__all__ = ["SLOTS", "Allocation", "allocation_problem", "entitlements", "total_support"]


def total_support(ruleset: Ruleset, features: Iterable[Feature | None]) -> int:
    """§5.6: 1,000 basic, 250 a hex, and Table 6's bonus for each feature (250, or 500
    for a mega-feature and the capital, a City, E-22)."""
    support = ruleset.support_basic
    for feature in features:
        support += ruleset.support_per_hex
        if feature is not None and feature.is_mega:
            support += ruleset.support_bonus_mega
        elif feature is not None:
            support += ruleset.support_bonus_major
    return support


def entitlements(ruleset: Ruleset, features: Iterable[Feature | None]) -> dict[str, int]:
    """Table 6 and E-22: the base pool plus every feature's slots (the table in force)."""
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
) -> str | None:
    """E-14: every army 1,000–3,000 points, all of them within Total Support."""
    allocations = list(allocations)
    low, high = ruleset.army_minimum, ruleset.army_maximum
    for allocation in allocations:
        if not low <= allocation.points <= high:
            return (
                f"an army is allocated {low:,}–{high:,} points, "
                f"not {allocation.points:,} (§5.6, E-14)"
            )
    total = sum(a.points for a in allocations)
    if total > support:
        return (
            f"your armies would need {total:,} points of support but your kingdom gives "
            f"{support:,} (§5.6, E-14)"
        )
    return None
