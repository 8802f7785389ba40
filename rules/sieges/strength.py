"""The two sides of a siege as they stand: each side's points, the blockade their ratio
makes (SG-BLOCK-1), and each side as a Side for the siege's battles and its conquest.
"""

from __future__ import annotations

from rules.core.state import Side, World
from rules.sieges.state import SiegeState


def besieger_points(siege: SiegeState, points: dict[int, int]) -> int:
    return sum(points.get(a, 0) for a in siege.besieger_army_ids)


def garrison_points(siege: SiegeState, points: dict[int, int]) -> int:
    """The garrison's armies' points, or a neutral garrison's own."""
    if siege.garrison_army_ids:
        return sum(points.get(a, 0) for a in siege.garrison_army_ids)
    return siege.garrison_points


def blockade(world: World, siege: SiegeState, points: dict[int, int]) -> tuple[str, int]:
    """SG-BLOCK-1: the besiegers' points (and levies) against the garrison's: good at 2×
    or more, average from 1×, poor below (SG-GAP-15 as the digest recommends), with the
    modifier it puts on the events roll."""
    rs = world.ruleset
    besiegers = besieger_points(siege, points) + siege.besieger_levies
    garrison = garrison_points(siege, points) + siege.garrison_levies
    if besiegers * 100 >= rs.siege_blockade_good_percent * garrison:
        return "good", 0
    if besiegers * 100 >= rs.siege_blockade_average_percent * garrison:
        return "average", rs.siege_blockade_average_bonus
    return "poor", rs.siege_blockade_poor_bonus


def garrison_side(siege: SiegeState, points: dict[int, int]) -> Side:
    return Side(
        points=garrison_points(siege, points),
        kingdom_id=siege.garrison_kingdom_id,
        neutral_kingdom_id=siege.garrison_neutral_kingdom_id,
        army_ids=siege.garrison_army_ids,
        strategy=siege.garrison_plan.strategy,
    )


def besieger_side(siege: SiegeState, points: dict[int, int]) -> Side:
    return Side(
        points=besieger_points(siege, points),
        kingdom_id=siege.besieger_kingdom_id,
        army_ids=siege.besieger_army_ids,
        strategy=siege.besieger_plan.strategy,
    )
