"""The spends as the turn step reads them (kingdoms.spending.writeback): read as values,
the turn's spends with the hexes Provoked in the last 2 turns in one query (Table 11),
they are what the ORM gives of the same rows."""

from __future__ import annotations

import pytest

from campaign.bulletin.models import MercenaryOffer
from campaign.models import Hex, Turn
from campaign.pipeline.snapshot import snapshot_load
from kingdoms.spending.models import PowerSpend
from kingdoms.spending.writeback import spending_load, spends_load
from rules.kingdoms.spending_state import Offer, Spend, SpendKind, SpendResult

pytestmark = pytest.mark.django_db


@pytest.fixture
def turns(demo) -> list[Turn]:
    """Turns 1 to 4: pacifications that Provoked in turns 1, 2 and 3 (turn 1's too long
    ago for turn 4), and turn 4's spends of two kingdoms, with an offer."""
    turns = [demo.turn, *(Turn.objects.create(campaign=demo.campaign, number=n) for n in (2, 3, 4))]
    alice, bob = demo.kingdoms["alice"], demo.kingdoms["bob"]
    hexes = list(Hex.objects.filter(campaign=demo.campaign).order_by("q", "r")[:3])
    for turn, where in zip(turns[:3], [hexes[0], hexes[1], hexes[1]], strict=True):
        PowerSpend.objects.create(
            turn=turn, kingdom=alice, kind=SpendKind.PACIFY, amount=2, hex=where,
            result=SpendResult.PROVOKED,
        )  # fmt: skip
    PowerSpend.objects.create(  # not Provoked: no Table 11 memory
        turn=turns[2], kingdom=bob, kind=SpendKind.PACIFY, amount=2, hex=hexes[2],
        result=SpendResult.PACIFIED,
    )  # fmt: skip
    offer = MercenaryOffer.objects.create(turn=turns[3], name="Black Company", minimum_bid=3)
    army = alice.armies.order_by("pk").first()
    PowerSpend.objects.create(
        turn=turns[3], kingdom=alice, kind=SpendKind.FORTRESS, amount=4, hex=hexes[0]
    )
    PowerSpend.objects.create(
        turn=turns[3], kingdom=bob, kind=SpendKind.MERCENARY_BID, amount=5, army=army,
        offer=offer, result=SpendResult.WON, points=250,
    )  # fmt: skip
    return turns


def _orm_spends(turn: Turn, coord_of: dict, **only) -> tuple[Spend, ...]:
    """The turn's spends as the ORM gives them, made into Spends field by field."""
    return tuple(
        Spend(
            id=row.pk,
            kingdom_id=row.kingdom_id,
            kind=SpendKind(row.kind),
            amount=row.amount,
            hex=coord_of.get(row.hex_id),
            army_id=row.army_id,
            offer_id=row.offer_id,
            neutral_kingdom_id=row.neutral_kingdom_id,
            recipient_id=row.recipient_id,
            result=SpendResult(row.result) if row.result else None,
            points=row.points,
        )
        for row in PowerSpend.objects.filter(turn=turn, **only).order_by("id")
    )


def test_the_spends_read_as_values_are_the_orms(demo, turns):
    snapshot = snapshot_load(demo.campaign, 4)
    coord_of = snapshot.coord_of
    spending = spending_load(turns[3], snapshot)
    assert spending.spends == _orm_spends(turns[3], coord_of)
    assert len(spending.spends) == 2
    [offer] = MercenaryOffer.objects.all()
    assert spending.offers == {offer.pk: Offer(offer.pk, "Black Company", 3, 250)}
    provoked = PowerSpend.objects.filter(result=SpendResult.PROVOKED).order_by("turn__number")
    hexes = [coord_of[spend.hex_id] for spend in provoked]
    assert spending.provoked == {hexes[1]: 3}  # turns 2 and 3 in the same hex; not turn 1's
    assert spends_load(turns[3], snapshot) == spending.spends


def test_one_kingdoms_spends_with_the_hexes_every_kingdom_provoked(demo, turns):
    """A kingdom's new spend is judged against its own spends, and Table 11's memory of
    every kingdom's Provocations."""
    snapshot = snapshot_load(demo.campaign, 3)
    bob = demo.kingdoms["bob"]
    spending = spending_load(turns[2], snapshot, kingdom_id=bob.pk)
    assert spending.spends == _orm_spends(turns[2], snapshot.coord_of, kingdom_id=bob.pk)
    assert [spend.kingdom_id for spend in spending.spends] == [bob.pk]
    provoked = PowerSpend.objects.filter(turn__number__in=[1, 2], result=SpendResult.PROVOKED)
    assert spending.provoked == {
        snapshot.coord_of[spend.hex_id]: spend.turn.number for spend in provoked
    }
