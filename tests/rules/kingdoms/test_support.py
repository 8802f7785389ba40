"""Support, entitlements and army allocations (A-1.1.4, §5.6, Table 6, E-14, E-22)."""

import pytest

from rules.core.state import Feature, Ruleset
from rules.kingdoms.support import (
    Allocation,
    SupportHex,
    allocation_problem,
    entitlements,
    kingdom_support,
    total_support,
)
from tests.rules.rules_builder import build

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
    assert (found is None) if problem is None else (problem in found.message)


# --- §5.6: which hexes give (rules.kingdoms.support.kingdom_support) -------------------


def _hex(owner, feature=None, **history):
    return SupportHex(owner, feature, **history)


def test_a_1_1_4_only_own_hexes_give_orphans_too_and_quick_friendship_never():
    """A-1.1.4, A-1.3.5, E-18: a Quick-Friendship hex is its neutral kingdom's (owner
    None), so it gives its protector nothing; another kingdom's hex neither."""
    hexes = [_hex(1, Feature.CITY), _hex(1), _hex(None, Feature.TOWN), _hex(2, Feature.MINE)]
    given = kingdom_support(RULEBOOK, hexes, 1, turn=3)
    assert given.support == 1000 + 2 * 250 + 500
    assert (given.hexes, given.idle) == (2, 0)
    assert given.entitlements == entitlements(RULEBOOK, [Feature.CITY, None])


@pytest.mark.parametrize(
    ("history", "gives"),
    [
        ({"looted_turn": 2}, False),  # looted last turn
        ({"looted_turn": 3}, True),  # looted this turn: it gives until next turn (§5.3)
        ({"looted_turn": 1}, True),  # two turns ago: back
        ({"unrest_from": 2, "unrest_until": 3}, False),  # Table 3 Unrest, still on
        ({"unrest_from": 1, "unrest_until": 2}, True),  # over
        ({"unrest_from": 4, "unrest_until": 5}, True),  # not yet
    ],
)
def test_5_6_a_hex_looted_last_turn_or_under_unrest_gives_no_support_nor_entitlements(
    history, gives
):
    """§5.6, Table 3, Table 4: in turn 3."""
    hexes = [_hex(1, Feature.CITY), _hex(1, Feature.TOWN, **history)]
    given = kingdom_support(RULEBOOK, hexes, 1, turn=3)
    town = 250 + 250
    assert given.support == 1000 + 250 + 500 + (town if gives else 0)
    assert given.idle == (0 if gives else 1) and given.hexes == 2
    pool = [Feature.CITY, Feature.TOWN] if gives else [Feature.CITY]
    assert given.entitlements == entitlements(RULEBOOK, pool)


def test_5_6_the_world_s_hexes_are_read_as_they_are():
    """rules.core.state.HexState is read directly: the engine and the pages count alike."""
    world = build(
        "F1 F1 F1 F.",
        turn=4,
        hexes={(0, 0): {"feature": Feature.CITY}, (2, 0): {"looted_turn": 3}},
    )
    given = kingdom_support(RULEBOOK, world.hexes.values(), 1, world.turn)
    assert (given.support, given.idle) == (1000 + 2 * 250 + 500, 1)
