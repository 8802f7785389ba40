"""Army building as pure rules (§5.6, B 2.2.1, E-14, E-21): rules.kingdoms.armies."""

from __future__ import annotations

import dataclasses

from rules.core.events import AllocationCut, ArmyDestroyed
from rules.core.state import Feature, Order, OrderKind, Ruleset
from rules.kingdoms.armies import (
    allocation_change_problem,
    kingdom_support,
    raise_problem,
    slots_problem,
    support_cuts,
    with_support_cuts,
)
from rules.kingdoms.support import entitlements
from tests.rules.rules_builder import army, build, of_type

RULEBOOK = Ruleset()

POOL = entitlements(RULEBOOK, [Feature.CITY])  # 1 Lord, 3 Heroes, 3 Specials, 1 Rare, 100 pts


def test_raise_within_support_and_bounds():
    assert raise_problem(RULEBOOK, 2500, [1500], 1000) is None
    assert "would need 3,500" in raise_problem(RULEBOOK, 2500, [1500], 2000).message
    assert "not 500" in raise_problem(RULEBOOK, 5000, [], 500).message
    assert "not 3,250" in raise_problem(RULEBOOK, 5000, [], 3250).message


def test_an_allocation_changes_only_when_raised_or_resting():
    allocations = {1: 1500, 2: 1000}
    common = {"resting": False, "raised_this_turn": False}
    problem = allocation_change_problem(RULEBOOK, 3000, allocations, 2, 1500, **common)
    assert "Rest order first" in problem.message
    assert (
        allocation_change_problem(
            RULEBOOK, 3000, allocations, 2, 1500, resting=True, raised_this_turn=False
        )
        is None
    )
    assert (
        allocation_change_problem(
            RULEBOOK, 3000, allocations, 2, 1500, resting=False, raised_this_turn=True
        )
        is None
    )
    problem = allocation_change_problem(
        RULEBOOK, 3000, allocations, 2, 2000, resting=True, raised_this_turn=False
    )
    assert "would need 3,500" in problem.message


def test_a_cut_is_always_allowed_while_over_support():
    allocations = {1: 2000, 2: 1500}
    assert (
        allocation_change_problem(
            RULEBOOK, 2500, allocations, 1, 1500, resting=False, raised_this_turn=False
        )
        is None
    )
    problem = allocation_change_problem(
        RULEBOOK, 2500, allocations, 1, 2500, resting=False, raised_this_turn=False
    )
    assert "Rest order first" in problem.message


def test_slots_within_the_pool_with_substitution():
    """B 2.2.1, E-21: a spare Rare fills a Special, a spare Lord a Hero; not the reverse."""
    assert slots_problem(POOL, [{"special": 3}, {"special": 1}]) is None  # the Rare's
    assert "Special" in slots_problem(POOL, [{"special": 3, "rare": 1}, {"special": 1}]).message
    assert slots_problem(POOL, [{"hero": 4}]) is None  # the Lord's
    assert "Hero" in slots_problem(POOL, [{"hero": 4, "lord": 1}]).message
    assert "Rare" in slots_problem(POOL, [{"rare": 2}]).message  # a Special never fills a Rare
    assert "magic-item" in slots_problem(POOL, [{"magic_items": 60}, {"magic_items": 50}]).message
    assert "not an entitlement" in slots_problem(POOL, [{"core": 1}]).message
    assert "whole numbers" in slots_problem(POOL, [{"lord": -1}]).message


def test_support_counts_hexes_and_features():
    world = build(
        "F1 F1 F1", hexes={(0, 0): {"feature": Feature.CITY}, (1, 0): {"feature": Feature.TOWN}}
    )
    assert kingdom_support(world, 1) == 1000 + 750 + 500 + 250


def test_the_largest_is_cut_first_and_ties_cut_the_newest():
    world = build("F1 F1 F1 F1", armies=(army(1, 1, 1500), army(2, 1, 1500), army(3, 1, 1000)))
    after, events = support_cuts(world)  # support 2,000, allocations 4,000
    cuts = {e.army_id: (e.allocation_before, e.allocation) for e in of_type(events, AllocationCut)}
    assert cuts == {2: (1500, 1000), 1: (1500, 1000)}
    assert [e.army_id for e in of_type(events, ArmyDestroyed)] == [3]
    assert sorted(after.armies) == [1, 2]


def test_points_follow_the_cut_down_and_orders_of_a_disbanded_army_go():
    world = build("F1 F1", armies=(army(1, 1, 1800, allocation=2000), army(2, 1, 1000)))
    orders = [Order(army_id=2, kind=OrderKind.REST), Order(army_id=1, kind=OrderKind.REST)]
    after, kept, events = with_support_cuts(world, orders)  # 1,500 for 3,000
    assert after.armies[1].allocation == 1000 and after.armies[1].points == 1000
    assert [o.army_id for o in kept] == [1] and 2 not in after.armies
    assert of_type(events, ArmyDestroyed)[0].army_id == 2


def test_no_cut_when_it_fits():
    world = build("F1 F1 F1 F1", armies=(army(1, 1, 2000),))
    assert support_cuts(world) == (world, [])


def test_e_14_a_temporary_loss_of_support_cuts_the_largest_for_good():
    """A-1.1.4, §5.6, E-14 as ruled: a hex under Unrest gives no Support, so the
    allocations above it are cut by default at Provisional Results, and stay cut when
    the Unrest is over (an allocation grows again only by raising or Rest)."""
    world = build(
        "F1 F1 F1 F1",
        turn=2,
        hexes={(0, 0): {"feature": Feature.CITY}, (3, 0): {"unrest_from": 2, "unrest_until": 2}},
        armies=(army(1, 1, 1500), army(2, 1, 1000)),
    )
    assert kingdom_support(world, 1) == 2250
    after, events = support_cuts(world)
    [cut] = of_type(events, AllocationCut)
    assert (cut.army_id, cut.allocation_before, cut.allocation) == (1, 1500, 1250)
    later = dataclasses.replace(after, turn=3)
    assert kingdom_support(later, 1) == 2500 and support_cuts(later)[1] == []
    assert later.armies[1].allocation == 1250
