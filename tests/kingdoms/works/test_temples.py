"""Temples built through the app (new-rules.md §5, NR-TEMPLE-1, the wildlands module):
ordered and paid in the winter turn as bridges are, refused with a reason, built at the
winter phase by the pipeline, shown on the kingdom page and in the API to the kingdom."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from campaign.core.errors import Refused
from campaign.models import Campaign, Hex, TurnEvent
from campaign.pipeline.steps import turn_step_resolve
from campaign.turns.services import turn_claim_step
from kingdoms.crowns.models import CrownEntry
from kingdoms.works.services import temple_order
from tests.api_support import api, token_client

pytestmark = pytest.mark.django_db


def _temples(demo, race="empire", **options):
    """Wildlands and peoples on, turn 1 the winter turn (E-31), a temple at 1 crown (what
    a new kingdom's ledger holds); Alice of ``race``. Returns her first hex."""
    demo.campaign.ruleset_overrides = {
        "options": {
            "wildlands": 1, "peoples": 1, "winter_turn": 1, "temple_build_crowns": 1,
            **options,
        }
    }  # fmt: skip
    demo.campaign.save()
    alice = demo.kingdoms["alice"]
    alice.race = race
    alice.save()
    first = Hex.objects.filter(owner=alice).order_by("q", "r").first()
    return (first.q, first.r)


def test_nr_temple_1_a_temple_is_paid_at_the_order_and_stands_at_the_winter_phase(demo):
    coord = _temples(demo)
    alice = demo.kingdoms["alice"]
    order = temple_order(kingdom=alice, by=demo.players["alice"], hex_=coord)
    assert order["crowns"] == 1
    [line] = CrownEntry.objects.filter(kingdom=alice)
    assert (line.amount, line.kind) == (-1, CrownEntry.Kind.TEMPLE)
    turn = demo.campaign.turns.get(number=1)
    for _ in range(2):
        turn.refresh_from_db()
        turn_claim_step(turn=turn, by=None, enqueue=False)
        turn_step_resolve(turn_id=turn.pk)
    state = Campaign.objects.get(pk=demo.campaign.pk).module_state
    temple = state["wildlands.temple"][f"{coord[0]},{coord[1]}"]
    assert (temple["kingdom_id"], temple["race"]) == (alice.pk, "empire")
    assert state["wildlands.temple_orders"] == {"ordered": []}
    assert TurnEvent.objects.filter(kind="TempleOrdered", kingdom_ids=[alice.pk]).exists()


def test_temples_wait_for_the_module_the_winter_turn_and_a_people_with_one(demo):
    alice = demo.kingdoms["alice"]
    with pytest.raises(Refused, match="not built in this campaign"):
        temple_order(kingdom=alice, by=demo.players["alice"], hex_=(0, 0))
    coord = _temples(demo, winter_turn=4)
    with pytest.raises(Refused) as refused:
        temple_order(kingdom=alice, by=demo.players["alice"], hex_=coord)
    assert refused.value.rule == "NR-TEMPLE-1 E-31"
    coord = _temples(demo, race="")
    with pytest.raises(Refused) as refused:
        temple_order(kingdom=alice, by=demo.players["alice"], hex_=coord)
    assert refused.value.rule == "NR-TEMPLE-9 T-TEMPLE-RACE"
    assert not CrownEntry.objects.exists()


def test_the_api_and_the_power_tab_show_and_order_a_temple(demo):
    coord = _temples(demo)
    alice = token_client(demo.players["alice"])
    url = api(demo, "kingdom/temples/")
    shown = alice.get(url).json()
    assert {"hex": list(coord), "price": 1} in shown["choices"]
    answer = alice.post(url, {"q": coord[0], "r": coord[1]}, format="json")
    assert answer.status_code == 201, answer.content
    again = alice.post(url, {"q": coord[0], "r": coord[1]}, format="json")
    assert again.status_code == 400 and again.json()["rule"] == "NR-TEMPLE-1 NR-WILD-5"
    client = Client()
    client.force_login(demo.players["alice"])
    page = client.get(reverse("kingdom", args=[demo.campaign.pk]) + "?tab=power").content.decode()
    assert 'id="temples"' in page and f"({coord[0]}, {coord[1]})" in page  # ordered
    answer = client.post(reverse("kingdom-temples", args=[demo.campaign.pk]), {"hex": "0,0"})
    assert answer.status_code == 302 and answer["Location"].endswith("?tab=power#temples")
