"""Support, entitlements and army allocations (§5.6, Table 6, E-14, E-22)."""

import pytest

from rules.state import Feature, Ruleset
from rules.support import Allocation, allocation_problem, entitlements, total_support

RULEBOOK = Ruleset()


def test_the_rulebook_example_capital_and_three_plain_hexes_give_2500():
    """§5.6 example (checked in errata): 1,000 + 4 × 250 + 500 = 2,500."""
    assert total_support(RULEBOOK, [Feature.CITY, None, None, None]) == 2500


def test_table_6_bonuses_are_250_for_a_feature_and_500_for_a_mega_feature():
    assert total_support(RULEBOOK, [Feature.MINE]) == 1000 + 250 + 250
    assert total_support(RULEBOOK, [Feature.DEEP_WOODS]) == 1000 + 250 + 500


def test_entitlements_add_table_6_to_the_base_pool_e_22():
    pool = entitlements(RULEBOOK, [Feature.CITY, Feature.ARCANE_RUINS, Feature.WIZARD_TOWER, None])
    assert pool == {"lord": 1, "hero": 2 + 1 + 1, "special": 2 + 1, "rare": 1, "magic_items": 150}


@pytest.mark.parametrize(
    ("points", "problem"),
    [
        ([1500, 1000], None),
        ([900], "not 900"),
        ([3500], "not 3,500"),
        ([2000, 1000], "need 3,000 points of support but your kingdom gives 2,500"),
    ],
)
def test_e_14_allocations(points, problem):
    found = allocation_problem(RULEBOOK, 2500, [Allocation(None, p) for p in points])
    assert (found is None) if problem is None else (problem in found)
