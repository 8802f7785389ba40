"""The Examine order in the API and on the map's hex panel (NR-WILD-2, E-32): offered
with the wildlands module on, legal on a barren hex of the army's own kingdom where it
stands, refused elsewhere with the rules' reason."""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaign.chronicle.selectors import visible_chronicle
from campaign.models import Hex, TurnEvent
from campaign.pipeline.steps import turn_step_resolve
from campaign.turns.services import turn_claim_step
from kingdoms.orders.models import Order
from kingdoms.orders.services import order_submit
from rules.turn.visibility import Viewer
from tests.api_support import api, first_army, token_client

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
DRAWN = 'class="m-sym m-s-wildland_site"'  # on the map, not the legend's "in-key m-sym"


def order_post(demo, player: str, payload) -> object:
    return token_client(demo.players[player]).post(api(demo, "orders/"), payload, format="json")


def _wildlands(demo) -> None:
    demo.campaign.ruleset_overrides = {"options": {"wildlands": 1}}
    demo.campaign.save(update_fields=["ruleset_overrides"])


def _barren(demo, army) -> Hex:
    """A hex of the army's kingdom with no major feature, the army standing on it."""
    kingdom = army.kingdom
    capital = kingdom.capital
    here = Hex.objects.filter(campaign=demo.campaign, owner=kingdom).exclude(pk=capital.pk).first()
    here.feature = ""
    here.save(update_fields=["feature"])
    army.position = here
    army.save(update_fields=["position"])
    return here


def _choice(html: str, army, label: str) -> str:
    block = html[html.index(f'class="hex-army" data-army="{army.pk}"') :]
    block = block[: block.index("</section>")]
    start = block.index(f">{label}</button>")
    return block[block.rindex("<li>", 0, start) : block.index("</li>", start)]


def _panel(client, demo, coord) -> str:
    url = reverse("hex-panel", args=[demo.campaign.pk, *coord])
    return client.get(url, **HTMX).content.decode()


def test_nr_wild_2_the_api_takes_an_examine_order_where_the_army_stands(demo):
    _wildlands(demo)
    army = first_army(demo, "alice")
    here = _barren(demo, army)
    response = order_post(demo, "alice", {"army": army.pk, "kind": "examine"})
    assert response.status_code == 201, response.json()
    order = Order.objects.get(army=army, turn=demo.turn)
    assert (order.kind, order.target.coord) == ("examine", here.coord)


def test_nr_wild_2_the_api_refuses_a_hex_with_a_feature_by_its_rule(demo):
    _wildlands(demo)
    army = first_army(demo, "alice")  # on its capital, a City
    response = order_post(demo, "alice", {"army": army.pk, "kind": "examine"})
    assert response.status_code == 400
    body = response.json()
    assert "holds a major feature" in body["detail"] and body["rule"] == "NR-WILD-2 E-33"
    assert not Order.objects.filter(army=army).exists()


def test_nr_wild_2_without_the_module_the_order_is_refused(demo):
    army = first_army(demo, "alice")
    _barren(demo, army)
    response = order_post(demo, "alice", {"army": army.pk, "kind": "examine"})
    assert response.status_code == 400
    assert "wildlands module" in response.json()["detail"]


def test_nr_wild_2_the_panel_offers_examine_on_the_armys_barren_hex(client, demo):
    _wildlands(demo)
    army = first_army(demo, "alice")
    here = _barren(demo, army)
    client.force_login(demo.players["alice"])
    examine = _choice(_panel(client, demo, here.coord), army, "Examine")
    assert "disabled" not in examine
    assert f'name="army-{army.pk}-kind" value="examine"' in examine
    capital = demo.kingdoms["alice"].capital.coord
    refused = _choice(_panel(client, demo, capital), army, "Examine")
    assert "disabled" in refused and "an army examines the hex it stands on" in refused
    lit = client.get(reverse("army-targets", args=[demo.campaign.pk, army.pk])).json()
    assert lit["targets"]["examine"] == [list(here.coord)]


def test_the_panel_offers_no_examine_without_the_module(client, demo):
    army = first_army(demo, "alice")
    here = _barren(demo, army)
    client.force_login(demo.players["alice"])
    assert ">Examine</button>" not in _panel(client, demo, here.coord)


def test_nr_wild_2_the_panels_button_saves_the_examine_order(client, demo):
    _wildlands(demo)
    army = first_army(demo, "alice")
    here = _barren(demo, army)
    client.force_login(demo.players["alice"])
    url = reverse("order-form", args=[demo.campaign.pk, army.pk])
    data = {f"army-{army.pk}-kind": "examine", f"army-{army.pk}-target_q": here.q}
    data[f"army-{army.pk}-target_r"] = here.r
    html = client.post(url, data, **HTMX).content.decode()
    assert "Order saved." in html[html.index('class="order-result"') :]
    assert Order.objects.get(army=army).kind == "examine"


def test_nr_wild_5_the_map_shows_a_site_to_its_finder_not_to_others(client, demo):
    """A wildland site is drawn for the kingdom that found it (and the hex's owner, here
    the same) and named in the hex panel; another player's map has no such mark."""
    _wildlands(demo)
    here = _barren(demo, first_army(demo, "alice"))
    alice = demo.kingdoms["alice"]
    demo.campaign.module_state = {
        "wildlands.tavern": {f"{here.q},{here.r}": {"kingdom_id": alice.pk}}
    }
    demo.campaign.save(update_fields=["module_state"])
    page = reverse("campaign-detail", args=[demo.campaign.pk])
    client.force_login(demo.players["alice"])
    assert DRAWN in client.get(page).content.decode()
    assert "A tavern" in _panel(client, demo, here.coord)
    client.force_login(demo.players["bob"])
    assert DRAWN not in client.get(page).content.decode()
    assert "A tavern" not in _panel(client, demo, here.coord)


def test_nr_wild_2_a_turn_resolves_the_examination_for_its_kingdom_alone(client, demo):
    """The rules page offers the module; switched on, it resolves an Examine order at
    Provisional Results: the roll is on the chronicle, for Alice and the GM only."""
    client.force_login(demo.gm)
    rules = client.get(f"/campaigns/{demo.campaign.pk}/rules/").content.decode()
    assert 'id="section-module-wildlands"' in rules
    _wildlands(demo)
    army = first_army(demo, "alice")
    here = _barren(demo, army)
    order_submit(army=army, by=demo.players["alice"], kind="examine", target=None)
    turn_claim_step(turn=demo.turn, by=None, enqueue=False)
    turn_step_resolve(turn_id=demo.turn.pk)
    examined = TurnEvent.objects.get(kind="WildlandExamined")
    assert examined.payload["hex"] == list(here.coord) and 1 <= examined.payload["roll"] <= 100
    assert not examined.public
    seen = {
        player: [e["kind"] for e in visible_chronicle(demo.campaign, Viewer(kingdom_id=k.pk))]
        for player, k in demo.kingdoms.items()
    }
    assert "WildlandExamined" in seen["alice"] and "WildlandExamined" not in seen["bob"]
