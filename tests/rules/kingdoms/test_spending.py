"""Power spending (Table 10, §3 step 3b, E-02, E-14, E-25, E-26, Q18): each item and
its refusals, E-25's worst case, the auction with ties, and the order inside 3b."""

import dataclasses

import msgspec
import pytest

from rules.core.dice import ForcedDice
from rules.core.state import Defence, Feature, Order, OrderKind
from rules.kingdoms.spending import (
    builds_completed,
    resolve_power_spending,
    results_applied,
    shared_power,
    surgeon_kingdoms,
    temporary_points_lost,
    why_illegal_spend,
)
from rules.kingdoms.spending_events import (
    ArmyReinforced,
    BuildCancelled,
    BuildCompleted,
    BuildQueued,
    MercenaryBidResolved,
    PowerShared,
    PowerSpent,
    SurgeonHired,
    TemporaryPointsLost,
)
from rules.kingdoms.spending_state import Offer, Spend, Spending, SpendKind, SpendResult
from rules.turn.final import resolve_final
from rules.turn.provisional import declared_battles, resolve_provisional
from tests.rules.rules_builder import army, build, of_type

K = SpendKind


def world(power=10, **kw):
    w = build(
        "R1 F1 F2 F.",
        armies=(army(1, 1, 2000, (0, 0)), army(2, 1, 3000, (1, 0)), army(3, 2, 2000, (2, 0))),
        hexes={(0, 0): {"feature": Feature.CITY}, **kw.pop("hexes", {})},
        **kw,
    )
    for k in w.kingdoms:
        w.kingdoms[k] = dataclasses.replace(w.kingdoms[k], power=power)
    return w


OFFERS = {7: Offer(id=7, name="Ogres", minimum_bid=2, points=500)}


def spend(id, kind, amount, kingdom=1, **kw):
    return Spend(id=id, kingdom_id=kingdom, kind=kind, amount=amount, **kw)


def refused(w, s, *others, offers=OFFERS):
    problem = why_illegal_spend(w, s.kingdom_id, s, Spending((s, *others), offers))
    return problem and problem.message


# --- validation ---------------------------------------------------------------------


def test_each_item_is_legal_in_its_own_place():
    w = world(hexes={(0, 0): {"feature": Feature.CITY, "defence": Defence.FORTRESS}})
    for s in [
        spend(1, K.WATCHTOWER, 1, hex=(1, 0)),
        spend(2, K.FORTRESS, 2, hex=(1, 0)),
        spend(3, K.GREAT_FORTRESS, 3, hex=(0, 0)),
        spend(4, K.RECRUIT, 2, army_id=1),
        spend(5, K.MERCENARY_BID, 2, army_id=1, offer_id=7),
        spend(6, K.SURGEON, 1),
        spend(7, K.SHARE_POWER, 4, recipient_id=2),
    ]:
        assert refused(w, s) is None, s


@pytest.mark.parametrize(
    ("item", "reason"),
    [
        (spend(1, K.WATCHTOWER, 2, hex=(1, 0)), "costs 1 power"),
        (spend(1, K.WATCHTOWER, 1, hex=(2, 0)), "not your hex"),
        (spend(1, K.FORTRESS, 2, hex=(3, 0)), "not your hex"),
        (spend(1, K.WATCHTOWER, 1, hex=(1, 0)), "already has a watchtower"),
        (spend(1, K.FORTRESS, 2, hex=(0, 0)), "already has a fortress"),
        (spend(1, K.GREAT_FORTRESS, 3, hex=(1, 0)), "no fortress to upgrade"),
        (spend(1, K.RECRUIT, 1, army_id=3), "name one of your armies"),
        (spend(1, K.RECRUIT, 3, army_id=2), "at most 3,500 this turn"),
        (spend(1, K.MERCENARY_BID, 1, army_id=1, offer_id=7), "at least 2 power"),
        (spend(1, K.MERCENARY_BID, 2, army_id=1, offer_id=8), "mercenaries the GM offers"),
        (spend(1, K.SURGEON, 2), "costs 1 power"),
        (spend(1, K.SHARE_POWER, 2, recipient_id=1), "another player's kingdom"),
        (spend(1, K.SHARE_POWER, 0, recipient_id=2), "at least 1 power"),
    ],
)
def test_each_refusal_names_its_rule(item, reason):
    w = world(
        hexes={
            (0, 0): {"feature": Feature.CITY, "defence": Defence.FORTRESS},
            (1, 0): {"watchtower": True},
        }
    )
    assert reason in refused(w, item)


def test_no_build_in_an_orphan_and_a_great_fortress_needs_a_city_or_the_capital():
    w = world(hexes={(1, 0): {"orphan": True, "defence": Defence.FORTRESS}})
    assert "orphan" in refused(w, spend(1, K.WATCHTOWER, 1, hex=(1, 0)))
    w = world(hexes={(1, 0): {"defence": Defence.FORTRESS}}, capitals={1: (0, 0)})
    assert "City or the capital" in refused(w, spend(1, K.GREAT_FORTRESS, 3, hex=(1, 0)))
    w = world(hexes={(0, 0): {"feature": None, "defence": Defence.FORTRESS}})
    assert refused(w, spend(1, K.GREAT_FORTRESS, 3, hex=(0, 0))) is None  # the capital


def test_duplicates_are_refused():
    w = world()
    assert "already build in" in refused(
        w, spend(2, K.FORTRESS, 2, hex=(1, 0)), spend(1, K.WATCHTOWER, 1, hex=(1, 0))
    )
    assert "already recruits" in refused(
        w, spend(2, K.RECRUIT, 1, army_id=1), spend(1, K.RECRUIT, 1, army_id=1)
    )
    assert "already bid for Ogres" in refused(
        w,
        spend(2, K.MERCENARY_BID, 3, army_id=2, offer_id=7),
        spend(1, K.MERCENARY_BID, 2, army_id=1, offer_id=7),
    )
    assert "surgeon" in refused(w, spend(2, K.SURGEON, 1), spend(1, K.SURGEON, 1))


def test_e25_worst_case_counts_every_bid_as_won():
    w = world(power=4)
    bid = spend(1, K.MERCENARY_BID, 3, army_id=1, offer_id=7)
    assert refused(w, spend(2, K.WATCHTOWER, 1, hex=(1, 0)), bid) is None
    fortress = spend(2, K.FORTRESS, 2, hex=(1, 0))
    problem = why_illegal_spend(w, fortress.kingdom_id, fortress, Spending((fortress, bid), OFFERS))
    assert "would come to 5 power, but you hold 4" in problem.message
    assert problem.rule == "E-25"


def test_e14_cap_counts_recruits_and_every_bid_for_the_army():
    w = world()  # army 1 has 2,000
    bid = spend(1, K.MERCENARY_BID, 2, army_id=1, offer_id=7)  # +500 if won
    assert refused(w, spend(2, K.RECRUIT, 4, army_id=1), bid) is None  # 2,000+1,000+500
    assert "3,750" in refused(w, spend(2, K.RECRUIT, 5, army_id=1), bid)


# --- step 3b ------------------------------------------------------------------------


def resolve(w, *spends, offers=OFFERS, dice=(), rested=None):
    forced = ForcedDice(list(dice))
    outcome = resolve_power_spending(w, Spending(tuple(spends), offers), forced, rested)
    assert forced.unused == []
    return outcome


def test_builds_are_paid_and_queued_at_3b():
    out = resolve(world(), spend(1, K.WATCHTOWER, 1, hex=(1, 0)))
    assert of_type(out.events, PowerSpent)[0].amount == 1
    assert of_type(out.events, BuildQueued)[0].hex == (1, 0)
    assert out.world.kingdoms[1].power == 9
    assert out.results[1] is SpendResult.QUEUED


def test_recruit_adds_points_this_turn_within_the_cap():
    out = resolve(world(), spend(1, K.RECRUIT, 2, army_id=1))
    [e] = of_type(out.events, ArmyReinforced)
    assert (e.points_added, e.points, e.source) == (500, 2500, "recruit")
    assert out.world.armies[1].points == 2500


def test_an_army_rebuilt_by_rest_keeps_the_cap():
    out = resolve(world(), spend(1, K.RECRUIT, 4, army_id=1), rested={1: 3000})
    assert of_type(out.events, ArmyReinforced)[0].points_added == 500


def test_surgeon_sets_the_flag_for_the_turn():
    out = resolve(world(), spend(1, K.SURGEON, 1))
    assert of_type(out.events, SurgeonHired)
    spends = results_applied([spend(1, K.SURGEON, 1)], out)
    assert surgeon_kingdoms(spends) == {1}


def test_auction_highest_bid_wins_and_only_the_winner_pays():
    out = resolve(
        world(),
        spend(1, K.MERCENARY_BID, 2, army_id=1, offer_id=7),
        spend(2, K.MERCENARY_BID, 3, kingdom=2, army_id=3, offer_id=7),
    )
    bids = {e.kingdom_id: e.won for e in of_type(out.events, MercenaryBidResolved)}
    assert bids == {1: False, 2: True}
    assert [(e.kingdom_id, e.amount) for e in of_type(out.events, PowerSpent)] == [(2, 3)]
    assert out.world.kingdoms[1].power == 10  # the losing bid is never debited
    assert out.world.armies[3].points == 2500


def test_auction_tie_is_broken_by_a_logged_roll_off():
    out = resolve(
        world(),
        spend(1, K.MERCENARY_BID, 2, army_id=1, offer_id=7),
        spend(2, K.MERCENARY_BID, 2, kingdom=2, army_id=3, offer_id=7),
        dice=[4, 4, 2, 5],  # both roll 4, then kingdom 1 rolls 2, kingdom 2 rolls 5
    )
    bids = {e.kingdom_id: e for e in of_type(out.events, MercenaryBidResolved)}
    assert bids[2].won and not bids[1].won
    assert [r.result for r in bids[2].rolls] == [4, 5]
    assert "roll-off" in bids[1].rolls[0].purpose


def test_share_power_debited_at_3b_credited_at_6g():
    s = spend(1, K.SHARE_POWER, 3, recipient_id=2)
    out = resolve(world(), s)
    assert out.world.kingdoms[1].power == 7
    credit, events = shared_power(results_applied([s], out))
    assert credit == {2: 3} and of_type(events, PowerShared)[0].credited


def test_power_short_at_resolution_voids_the_spend():
    w = world(power=1)
    out = resolve(w, spend(1, K.FORTRESS, 2, hex=(1, 0)))
    assert out.results[1] is SpendResult.VOID and not of_type(out.events, PowerSpent)


def test_the_order_inside_3b_follows_e25():
    w = world()
    w.known_neutrals = {}
    out = resolve(
        w,
        spend(9, K.SHARE_POWER, 1, recipient_id=2),
        spend(8, K.SURGEON, 1),
        spend(7, K.MERCENARY_BID, 2, army_id=1, offer_id=7),
        spend(6, K.RECRUIT, 1, army_id=2),
        spend(5, K.WATCHTOWER, 1, hex=(1, 0)),
    )
    items = [e.item for e in of_type(out.events, PowerSpent)]
    assert items == ["watchtower", "recruit", "surgeon", "mercenary_bid", "share_power"]


# --- Final Results ------------------------------------------------------------------


def test_builds_complete_at_6f_or_are_cancelled_in_a_lost_hex():
    done = dataclasses.replace(spend(1, K.FORTRESS, 2, hex=(1, 0)), result=SpendResult.QUEUED)
    lost = dataclasses.replace(spend(2, K.WATCHTOWER, 1, hex=(0, 0)), result=SpendResult.QUEUED)
    events = builds_completed({(1, 0): 1, (0, 0): 2}, [done, lost])
    assert isinstance(events[0], BuildCompleted) and isinstance(events[1], BuildCancelled)


def test_temporary_points_go_at_the_end_of_the_turn_sharing_the_losses():
    w = world()
    w.armies[1] = msgspec.structs.replace(w.armies[1], points=2500)  # 2,000 + 500 recruited
    s = dataclasses.replace(
        spend(1, K.RECRUIT, 2, army_id=1), result=SpendResult.RECRUITED, points=500
    )
    [e] = temporary_points_lost(w, [s], {1: 2500})
    assert (e.points, e.points_lost) == (2000, 500)
    [e] = temporary_points_lost(w, [s], {1: 1750})  # lost 30 %
    assert (e.points, e.points_lost) == (1400, 350)


def test_a_full_turn_recruit_fights_then_leaves_and_the_build_completes():
    w = build(
        "F1 F.",
        armies=(army(1, 1, 2000, (0, 0)),),
        hexes={(1, 0): {"explored": True}},
    )
    w.kingdoms[1] = dataclasses.replace(w.kingdoms[1], power=5)
    spends = (spend(1, K.RECRUIT, 2, army_id=1), spend(2, K.WATCHTOWER, 1, hex=(0, 0)))
    orders = [Order(army_id=1, kind=OrderKind.INVADE, target=(1, 0))]
    dice = ForcedDice([])
    prov = resolve_provisional(w, orders, dice, Spending(spends)).events
    [declared] = declared_battles(prov)
    assert declared.attacker.points == 2500
    after = dataclasses.replace(
        w, armies={1: msgspec.structs.replace(w.armies[1], points=2500, position=(0, 0))}
    )
    final = resolve_final(
        after, [declared], dice, orders, spends=results_applied_from(spends, prov)
    ).events
    assert of_type(final, BuildCompleted)[0].hex == (0, 0)
    assert of_type(final, TemporaryPointsLost)[0].points == 2000


def results_applied_from(spends, events):
    results = {}
    for e in events:
        if isinstance(e, BuildQueued):
            results[e.spend_id] = (SpendResult.QUEUED, 0)
        if isinstance(e, ArmyReinforced):
            results[e.spend_id] = (SpendResult.RECRUITED, e.points_added)
    return [
        dataclasses.replace(s, result=results[s.id][0], points=results[s.id][1]) for s in spends
    ]
