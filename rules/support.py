"""Support and entitlements: what a kingdom may field (§5.6, Table 6, E-14, E-22).

Total Support = 1,000 + 250 a hex + each feature's bonus; orphan hexes count
(A-1.3.5). Entitlements are a kingdom-wide pool of slots summed from Table 6 on top of
the kingdom's base pool (E-22: the base pool belongs to the kingdom, the capital hex
adds a City's). Each army has a persistent allocation of 1,000–3,000 points, and all
allocations together stay within Total Support (E-14).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from rules.state import Feature

BASIC_SUPPORT = 1000
SUPPORT_PER_HEX = 250
SUPPORT_BONUS = {False: 250, True: 500}  # Table 6, by is_mega
ARMY_MINIMUM, ARMY_MAXIMUM = 1000, 3000  # §5.6, E-14

SLOTS = ("lord", "hero", "special", "rare", "magic_items")
BASE_POOL = Counter({"lord": 1, "hero": 2, "special": 2, "rare": 0, "magic_items": 100})
FEATURE_ENTITLEMENTS: dict[Feature, Counter] = {
    Feature.TOWN: Counter(special=1),
    Feature.CITY: Counter(hero=1, special=1, rare=1),
    Feature.MINE: Counter(special=1),
    Feature.DEEP_MINE: Counter(special=1, rare=1),
    Feature.WOODS: Counter(special=1),
    Feature.DEEP_WOODS: Counter(special=1, rare=1),
    Feature.ARCANE_RUINS: Counter(magic_items=50),
    Feature.WIZARD_TOWER: Counter(hero=1),  # a wizard only
}


def total_support(features: Iterable[Feature | None]) -> int:
    """§5.6: 1,000 basic, 250 a hex, and Table 6's bonus for each feature."""
    support = BASIC_SUPPORT
    for feature in features:
        support += SUPPORT_PER_HEX
        if feature is not None:
            support += SUPPORT_BONUS[feature.is_mega]
    return support


def entitlements(features: Iterable[Feature | None]) -> dict[str, int]:
    """Table 6 and E-22: the base pool plus every feature's slots."""
    pool = Counter(BASE_POOL)
    for feature in features:
        if feature is not None:
            pool += FEATURE_ENTITLEMENTS[feature]
    return {slot: pool[slot] for slot in SLOTS}


@dataclass(frozen=True)
class Allocation:
    army_id: int | None  # None for an army being raised
    points: int


def allocation_problem(support: int, allocations: Iterable[Allocation]) -> str | None:
    """E-14: every army 1,000–3,000 points, all of them within Total Support."""
    allocations = list(allocations)
    for allocation in allocations:
        if not ARMY_MINIMUM <= allocation.points <= ARMY_MAXIMUM:
            return (
                f"an army is allocated {ARMY_MINIMUM:,}–{ARMY_MAXIMUM:,} points, "
                f"not {allocation.points:,} (§5.6, E-14)"
            )
    total = sum(a.points for a in allocations)
    if total > support:
        return (
            f"your armies would need {total:,} points of support but your kingdom gives "
            f"{support:,} (§5.6, E-14)"
        )
    return None
