"""The turn's orders as the turn step reads them (kingdoms.orders.writeback.orders_load):
read as values, an order without sea cover without parsing its empty list, they are
what the ORM gives of the same rows."""

from __future__ import annotations

import pytest

from campaign.models import Hex
from campaign.pipeline.snapshot import snapshot_load
from kingdoms.models import Army
from kingdoms.orders.models import Order
from kingdoms.orders.writeback import orders_load
from rules.core.state import Order as OrderState
from rules.core.state import OrderKind

pytestmark = pytest.mark.django_db


def test_the_orders_read_as_values_are_the_orms(demo):
    """A patrol covering land across the sea (A-1.1.2.4), one that covers none, an
    invasion from its origin hex (E-07); the armies without orders rest (Q7)."""
    armies = list(Army.objects.filter(kingdom__campaign=demo.campaign).order_by("-pk")[:3])
    hexes = list(Hex.objects.filter(campaign=demo.campaign).order_by("q", "r")[:3])
    covered = [[hexes[1].q, hexes[1].r], [hexes[2].q, hexes[2].r]]
    turn = demo.turn
    Order.objects.bulk_create(
        [
            Order(turn=turn, army=armies[0], kind="patrol", target=hexes[0], sea_cover=covered),
            Order(turn=turn, army=armies[1], kind="patrol", target=hexes[0]),
            Order(turn=turn, army=armies[2], kind="invade", target=hexes[1], origin=hexes[0]),
        ]
    )
    snapshot = snapshot_load(demo.campaign, demo.turn.number)
    coord = snapshot.coord_of.get
    assert orders_load(demo.turn, snapshot) == [
        OrderState(
            army_id=order.army_id,
            kind=OrderKind(order.kind),
            target=coord(order.target_id),
            origin=coord(order.origin_id),
            sea_cover=tuple((q, r) for q, r in order.sea_cover),
        )
        for order in Order.objects.filter(turn=demo.turn).order_by("army_id")
    ]
    by_army = {order.army_id: order for order in orders_load(demo.turn, snapshot)}
    assert by_army[armies[0].pk].sea_cover == tuple(map(tuple, covered))
    assert by_army[armies[1].pk].sea_cover == ()
