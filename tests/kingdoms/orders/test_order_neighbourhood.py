"""A player's order is judged on the hexes around it (campaign.pipeline.neighbourhood), not on
the whole map: the same verdict, with its rule and words, as the whole map gives (Table 5,
E-07, E-16, A-1.1.2.4, A-1.3.2), in a number of queries that does not grow with the map."""

from __future__ import annotations

import pytest

from campaign.campaigns.setup import demo_campaign_create
from campaign.pipeline.neighbourhood import neighbourhood_load
from campaign.pipeline.snapshot import snapshot_load
from kingdoms.orders.services import order_submit
from rules.core.hexgrid import within
from rules.core.state import Order, OrderKind
from rules.turn.orders import (
    aimed_order,
    default_sea_cover,
    judged_radius,
    order_origin,
    own_hexes,
    why_illegal,
)

pytestmark = pytest.mark.django_db


def _verdict(problem) -> tuple | None:
    return None if problem is None else (problem.rule, problem.field, problem.message)


def test_the_neighbourhood_judges_every_order_as_the_whole_map_does():
    """Table 5, E-07, E-16, A-1.1.2.4, A-1.3.2: for each hex up to one step beyond the
    judging radius of the kingdom's land, an Invade, a Scout and a Patrol (with the land
    hexes across the sea it would name) are refused for the same reason, or allowed with
    the same default origin, whether judged on the whole map or on the neighbourhood."""
    demo = demo_campaign_create(hexes=400, players=4, seed="neighbourhood")
    campaign = demo.campaign
    whole = snapshot_load(campaign, demo.turn.number).world
    kingdom = next(iter(demo.kingdoms.values()))
    army = kingdom.armies.order_by("id").first()
    reach = judged_radius(whole.ruleset) + 1
    own = own_hexes(whole, kingdom.pk)
    targets = sorted({c for home in own for c in within(home, reach) if c in whole.hexes})
    judged = {kind: 0 for kind in (OrderKind.INVADE, OrderKind.SCOUT, OrderKind.PATROL)}
    for target in targets:
        part = neighbourhood_load(
            campaign, demo.turn.number, kingdom.pk, around=[target], every_kingdom=False
        ).world
        assert len(part.hexes) < len(whole.hexes)
        for kind in judged:
            order = aimed_order(whole, army.pk, kind, target)
            expected = _verdict(why_illegal(whole, kingdom.pk, order))
            assert _verdict(why_illegal(part, kingdom.pk, order)) == expected, (kind, target)
            if expected is None:
                judged[kind] += 1
                if kind is not OrderKind.PATROL:
                    origin = order_origin(part, kingdom.pk, kind, target)
                    assert origin == order_origin(whole, kingdom.pk, kind, target)
    assert all(judged.values()), judged  # each kind was allowed somewhere, not only refused


def test_a_named_origin_and_sea_hexes_far_away_are_on_the_map():
    """E-07, A-1.1.2.4: an origin or a land hex across the sea named far from the target
    is judged as the hex it is (not mistaken for one off the map)."""
    demo = demo_campaign_create(hexes=400, players=4, seed="neighbourhood")
    whole = snapshot_load(demo.campaign, demo.turn.number).world
    kingdom = next(iter(demo.kingdoms.values()))
    army = kingdom.armies.order_by("id").first()
    capital = whole.kingdoms[kingdom.pk].capital
    far = max(whole.hexes, key=lambda c: (abs(c[0] - capital[0]) + abs(c[1] - capital[1]), c))
    part = neighbourhood_load(
        demo.campaign,
        demo.turn.number,
        kingdom.pk,
        around=[capital, far],
        cells=[far],
        every_kingdom=False,
    ).world
    order = Order(army_id=army.pk, kind=OrderKind.INVADE, target=far, origin=far)
    assert far in part.hexes
    assert _verdict(why_illegal(part, kingdom.pk, order)) == _verdict(
        why_illegal(whole, kingdom.pk, order)
    )


@pytest.mark.parametrize("hexes", [40, 10_000])
def test_giving_an_order_takes_as_many_queries_on_a_big_map(
    hexes, django_assert_max_num_queries, invasion_targets
):
    """Table 5: a Patrol, then an Invade of the same army, each in a fixed number of
    queries, whatever the size of the map."""
    demo = demo_campaign_create(hexes=hexes, players=4, seed="queries")
    player, kingdom = next(iter(demo.kingdoms.items()))
    army = kingdom.armies.order_by("id").first()
    capital = (kingdom.capital.q, kingdom.capital.r)
    cover = default_sea_cover(snapshot_load(demo.campaign, 1).world, capital)  # A-1.1.2.4
    target = invasion_targets(kingdom)[0]
    by = demo.players[player]
    # the player with his campaign, the turn and his kingdom locked, the sieges holding
    # armies, the army's hex, the neighbourhood (8, what the player knows with it), his
    # other orders, the order saved (one upsert), the chronicle, the savepoint and its
    # release: the same on 40 hexes as on the 10,000 of bench/turn_step.py
    with django_assert_max_num_queries(18):
        order_submit(army=army, by=by, kind="patrol", target=capital, sea_cover=cover)
    with django_assert_max_num_queries(18):
        order = order_submit(army=army, by=by, kind="invade", target=target)
    assert (order.kind, order.target.coord) == ("invade", target)
