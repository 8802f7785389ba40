"""Rows written in bulk (campaign.core.bulk.rows_insert) read back as saved ones do: COPY on
PostgreSQL, one prepared INSERT elsewhere."""

import pytest
from django.utils import timezone

from campaign.chronicle.services import chronicle_entry
from campaign.core.bulk import rows_insert
from campaign.models import Campaign, Hex, Turn, TurnEvent
from kingdoms.models import Kingdom

pytestmark = pytest.mark.django_db


def test_hexes_written_in_bulk_keep_their_terrain_owner_and_secondary_terrains():
    """A-1.1.1, Q16, A-1.2.1: each hex a set-up writes in bulk reads back with its terrain,
    its secondary terrains (a list) and its owner, the others with the defaults a saved
    hex has (unexplored, nobody's)."""
    campaign = Campaign.objects.create(name="Bulk")
    kingdom = Kingdom.objects.create(campaign=campaign, name="Averland")
    rows_insert(
        Hex,
        [
            Hex(campaign=campaign, q=0, r=0, terrain="river", owner=kingdom, explored=True),
            Hex(campaign=campaign, q=1, r=0, terrain="forest", secondary_terrains=["swamp"]),
            *(Hex(campaign=campaign, q=q, r=1, terrain="sea") for q in range(50)),
        ],
    )
    hexes = {(h.q, h.r): h for h in Hex.objects.filter(campaign=campaign)}
    assert len(hexes) == 52
    capital, wood = hexes[(0, 0)], hexes[(1, 0)]
    assert (capital.terrain, capital.owner, capital.explored) == ("river", kingdom, True)
    assert (wood.secondary_terrains, wood.owner, wood.explored) == (["swamp"], None, False)
    assert all(hexes[(q, 1)].terrain == "sea" for q in range(50))


def test_campaigns_written_in_bulk_get_their_creation_time_and_house_rules():
    """A rule the GM set (the ruleset's overrides, a JSON object) and the time the
    campaign was created are written as a save writes them."""
    before = timezone.now()
    rows_insert(Campaign, [Campaign(name="Bulk", ruleset_overrides={"options": {"x": 1}})])
    campaign = Campaign.objects.get(name="Bulk")
    assert campaign.ruleset_overrides == {"options": {"x": 1}}
    assert before <= campaign.created_at <= timezone.now()


def test_nothing_to_write_writes_nothing(django_assert_num_queries):
    with django_assert_num_queries(0):
        rows_insert(Hex, [])
        rows_insert(Hex, iter(()))
    assert not Hex.objects.exists()


def test_chronicle_entries_written_in_bulk_read_in_the_order_they_happened():
    """The chronicle reads its entries in the order the step wrote them (TurnEvent's
    ordering by id), each with its audience (E-29: the kingdoms that see it, the fields
    only they see)."""
    campaign = Campaign.objects.create(name="Bulk")
    turn = Turn.objects.create(campaign=campaign, number=1)
    kinds = [f"Kind{n}" for n in range(30)]
    rows_insert(
        TurnEvent,
        [
            chronicle_entry(turn, kind, {"n": n}, kingdom_ids=[n % 3], secret=["points"] * (n % 2))
            for n, kind in enumerate(kinds)
        ],
    )
    entries = list(TurnEvent.objects.filter(turn=turn))
    assert [e.kind for e in entries] == kinds
    assert [e.payload["n"] for e in entries] == list(range(30))
    assert (entries[4].kingdom_ids, entries[4].secret_fields, entries[4].public) == ([1], [], False)
    assert entries[5].secret_fields == ["points"]
    assert all(e.created_at is not None and e.campaign_id == campaign.pk for e in entries)
