"""Bridges through the app (new-rules.md §8, the works module): ordered and paid in the
winter turn, refused with a reason, built at its winter phase by the pipeline, shown on
the kingdom page and in the API to the kingdom."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from campaign.campaigns.services import map_version_bump
from campaign.core.errors import Refused
from campaign.models import Campaign, Hex, TurnEvent
from campaign.pipeline.steps import turn_step_resolve
from campaign.turns.services import turn_claim_step
from kingdoms.crowns.models import CrownEntry
from kingdoms.works.services import bridge_order
from tests.api_support import api, token_client

pytestmark = pytest.mark.django_db


def _works(demo, **options):
    """Bridges on, turn 1 the winter turn (E-31); Alice's first hex a River, a lone one
    (its price by its place on the river), her second a Forest (timber for one bridge a winter)."""
    demo.campaign.ruleset_overrides = {"options": {"works": 1, "winter_turn": 1, **options}}
    demo.campaign.save()
    alice = demo.kingdoms["alice"]
    river, forest = Hex.objects.filter(owner=alice).order_by("q", "r")[:2]
    Hex.objects.filter(campaign=demo.campaign, terrain__in=("river", "forest")).update(
        terrain="fields"
    )
    river.terrain, forest.terrain = "river", "forest"
    river.save()
    forest.save()
    return (river.q, river.r)


def test_nr_bridge_1_a_bridge_is_paid_at_the_order_and_stands_at_the_winter_phase(demo):
    coord = _works(demo)
    alice = demo.kingdoms["alice"]
    order = bridge_order(kingdom=alice, by=demo.players["alice"], hex_=coord)
    assert order["crowns"] in (1, 2)  # near the source or further down (NR-BRIDGE-1)
    [line] = CrownEntry.objects.filter(kingdom=alice)
    assert (line.amount, line.kind) == (-order["crowns"], CrownEntry.Kind.BRIDGE)
    turn = demo.campaign.turns.get(number=1)
    for _ in range(2):
        turn.refresh_from_db()
        turn_claim_step(turn=turn, by=None, enqueue=False)
        turn_step_resolve(turn_id=turn.pk)
    state = Campaign.objects.get(pk=demo.campaign.pk).module_state["works"]
    assert state == {"bridges": [list(coord)], "ordered": []}
    built = TurnEvent.objects.get(kind="BridgeBuilt")
    assert built.public and built.payload["hex"] == list(coord)
    assert TurnEvent.objects.filter(kind="BridgeOrdered", kingdom_ids=[alice.pk]).exists()


def test_nr_bridge_3_the_timber_limit_refuses_a_second_bridge_a_winter(demo):
    coord = _works(demo)
    alice = demo.kingdoms["alice"]
    other = Hex.objects.filter(owner=alice).order_by("q", "r")[2]
    other.terrain = "river"
    other.save()
    bridge_order(kingdom=alice, by=demo.players["alice"], hex_=coord)
    with pytest.raises(Refused) as refused:
        bridge_order(kingdom=alice, by=demo.players["alice"], hex_=(other.q, other.r))
    assert refused.value.rule == "NR-BRIDGE-3 BASE-13" and refused.value.field == "hex"
    assert CrownEntry.objects.filter(kingdom=alice).count() == 1


def test_bridges_wait_for_the_module_and_the_winter_turn(demo):
    alice = demo.kingdoms["alice"]
    with pytest.raises(Refused, match="not built in this campaign"):
        bridge_order(kingdom=alice, by=demo.players["alice"], hex_=(0, 0))
    coord = _works(demo, winter_turn=4)
    with pytest.raises(Refused) as refused:
        bridge_order(kingdom=alice, by=demo.players["alice"], hex_=coord)
    assert refused.value.rule == "NR-BRIDGE-1 E-31"
    assert not CrownEntry.objects.exists()


def test_the_api_and_the_page_show_and_order_a_bridge(demo):
    """The API lists the hex to bridge and orders it; a second order is refused with its
    rule; the power tab shows the order and, the timber spent, no form."""
    coord = _works(demo)
    alice = token_client(demo.players["alice"])
    url = api(demo, "kingdom/bridges/")
    shown = alice.get(url).json()
    assert [c["hex"] for c in shown["choices"]] == [list(coord)] and shown["timber"] == 1
    answer = alice.post(url, {"q": coord[0], "r": coord[1]}, format="json")
    assert answer.status_code == 201, answer.content
    again = alice.post(url, {"q": coord[0], "r": coord[1]}, format="json")
    assert again.status_code == 400 and again.json()["rule"] == "NR-BRIDGE-1"
    client = Client()
    client.force_login(demo.players["alice"])
    page = client.get(reverse("kingdom", args=[demo.campaign.pk]) + "?tab=power").content.decode()
    assert 'id="bridges"' in page and f"({coord[0]}, {coord[1]})" in page  # ordered
    assert "No hex of yours may take a bridge now" in page  # the timber is spent


def test_the_power_tab_offers_the_bridgeable_hexes_with_their_prices(demo):
    coord = _works(demo)
    client = Client()
    client.force_login(demo.players["alice"])
    page = client.get(reverse("kingdom", args=[demo.campaign.pk]) + "?tab=power").content.decode()
    assert f'<option value="{coord[0]},{coord[1]}">' in page
    answer = client.post(
        reverse("kingdom-bridges", args=[demo.campaign.pk]), {"hex": f"{coord[0]},{coord[1]}"}
    )
    assert answer.status_code == 302 and answer["Location"].endswith("?tab=power#bridges")
    assert CrownEntry.objects.filter(kind=CrownEntry.Kind.BRIDGE).count() == 1


def _hex_on(page: str, coord) -> str:
    """The map's <g> of the hex at ``coord``, up to the next hex's."""
    start = page.index(f'<g class="m-hex" data-q="{coord[0]}" data-r="{coord[1]}"')
    end = page.find('<g class="m-hex"', start + 1)
    return page[start : end if end != -1 else None]


def test_nr_bridge_2_a_built_bridge_is_on_the_map_of_those_who_see_its_hex(demo):
    """NR-BRIDGE-2, A-1.0.9, E-29: the bridge Alice built stands on the map, its mark on
    the river hex and its entry in the legend, for Alice (her own hex) and, once the hex
    is explored, for Bob; before that Bob's map, legend and API show no bridge there,
    exactly as a hex without one. The hex's panel and the map API say it alike."""
    coord = _works(demo)
    bridge_order(kingdom=demo.kingdoms["alice"], by=demo.players["alice"], hex_=coord)
    turn = demo.campaign.turns.get(number=1)
    for _ in range(2):  # to the winter phase, where it is built (E-31)
        turn.refresh_from_db()
        turn_claim_step(turn=turn, by=None, enqueue=False)
        turn_step_resolve(turn_id=turn.pk)
    river = Hex.objects.get(campaign=demo.campaign, q=coord[0], r=coord[1])
    river.explored = False
    river.save()
    map_version_bump(campaign=demo.campaign)  # a write behind the services' back

    def seen_by(player: str) -> tuple[str, str, dict]:
        """The hex on the map page (its cell, then its panel's title), the page, the API's."""
        client = Client()
        client.force_login(demo.players[player])
        page = client.get(reverse("campaign-detail", args=[demo.campaign.pk])).content.decode()
        panel = client.get(reverse("hex-panel", args=[demo.campaign.pk, *coord]))
        title = panel.content.decode().split('id="hex-panel-title"')[1].split("</h2>")[0]
        hexes = token_client(demo.players[player]).get(api(demo, "map/")).json()["hexes"]
        [shown] = [h for h in hexes if (h["q"], h["r"]) == coord]
        return _hex_on(page, coord) + title, page, shown

    cell, page, shown = seen_by("alice")
    assert 'class="m-sym m-s-bridge"' in cell and "a bridge" in cell
    assert 'class="in-key m-sym m-s-bridge"' in page and shown["bridge"] is True

    cell, page, shown = seen_by("bob")
    assert "m-s-bridge" not in cell and "a bridge" not in cell
    assert 'class="in-key m-sym m-s-bridge"' not in page and shown["bridge"] is False

    river.explored = True  # invaded by someone: its contents are seen by all (E-29)
    river.save()
    map_version_bump(campaign=demo.campaign)
    cell, page, shown = seen_by("bob")
    assert 'class="m-sym m-s-bridge"' in cell and "a bridge" in cell
    assert 'class="in-key m-sym m-s-bridge"' in page and shown["bridge"] is True
