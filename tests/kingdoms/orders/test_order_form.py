"""The army order form (Table 5): a legal order is saved and shown; an illegal one is
refused with the reason next to its field, and nothing is saved."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape

from campaign.models import Hex, Turn
from kingdoms.orders.models import Order
from rules.core import hexgrid
from rules.core.state import Terrain

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice(client, demo):
    client.force_login(demo.players["alice"])
    return client


def _army(demo, player="alice"):
    return demo.kingdoms[player].armies.order_by("-points").first()


def _post(client, demo, army, *, htmx=True, **fields):
    url = reverse("order-form", args=[demo.campaign.pk, army.pk])
    data = {f"army-{army.pk}-{key}": value for key, value in fields.items()}
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return client.post(url, data, **headers)


def _next_to_the_order(html: str) -> str:
    """The HTML of the card's order line: where the map's hex panel shows a refusal."""
    start = html.index('class="order-result"')
    return html[start : html.index("</div>", start)]


def _land_hex_not_adjacent(demo) -> tuple[int, int]:
    kingdom = demo.kingdoms["alice"]
    hexes = list(Hex.objects.filter(campaign=demo.campaign))
    terrain = {h.coord: Terrain(h.terrain) for h in hexes}
    own = {h.coord for h in hexes if h.owner_id == kingdom.pk}
    near = {c for cell in own for c in hexgrid.adjacent(cell, terrain)}
    return next(
        h.coord for h in hexes if h.coord not in near | own and h.terrain != Terrain.SEA.value
    )


def test_a_legal_order_is_saved_and_shown(alice, demo, invasion_targets):
    """Table 5 Invade of an adjacent land hex (A-1.0.4)."""
    army = _army(demo)
    q, r = invasion_targets(demo.kingdoms["alice"])[0]
    response = _post(alice, demo, army, kind="invade", target_q=q, target_r=r)
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html, "HTMX gets the card only"
    assert "Order saved" in html and f"→ ({q}, {r})" in html
    order = Order.objects.get(army=army, turn=demo.turn)
    assert (order.kind, order.target.coord) == ("invade", (q, r))
    page = alice.get(reverse("campaign-detail", args=[demo.campaign.pk])).content.decode()
    assert f"→ ({q}, {r})" in page


def test_a_plain_post_redirects_to_the_map(alice, demo):
    response = _post(alice, demo, _army(demo), htmx=False, kind="rest")
    assert response.status_code == 302
    assert response.url.startswith(reverse("campaign-detail", args=[demo.campaign.pk]))
    assert Order.objects.get(army=_army(demo)).kind == "rest"


def test_a_sea_hex_is_refused_next_to_the_target(alice, demo):
    """A-1.1.2.1: sea hexes cannot be invaded."""
    sea = Hex.objects.filter(campaign=demo.campaign, terrain=Terrain.SEA.value).first()
    response = _post(alice, demo, _army(demo), kind="invade", target_q=sea.q, target_r=sea.r)
    assert response.status_code == 200
    assert "sea hexes cannot be invaded" in _next_to_the_order(response.content.decode())
    assert not Order.objects.exists()


def test_a_hex_not_adjacent_is_refused_next_to_the_target(alice, demo):
    """A-1.0.4: an invasion goes into a hex adjacent to one's own."""
    q, r = _land_hex_not_adjacent(demo)
    response = _post(alice, demo, _army(demo), kind="invade", target_q=q, target_r=r)
    assert "is not adjacent to any of your non-orphan hexes" in _next_to_the_order(
        response.content.decode()
    )
    assert not Order.objects.exists()


def test_another_kingdoms_army_is_refused_as_a_missing_one(alice, demo, invasion_targets):
    """E-29: bob's army is not alice's to see, so an order for it gets the 404 of an army
    that does not exist (test_hidden_as_missing.py compares the two)."""
    bobs = _army(demo, "bob")
    q, r = invasion_targets(demo.kingdoms["bob"])[0]
    response = _post(alice, demo, bobs, kind="invade", target_q=q, target_r=r)
    assert response.status_code == 404
    assert bobs.name not in response.content.decode()
    assert not Order.objects.exists()
    assert _post(alice, demo, bobs, htmx=False, kind="rest").status_code == 404


def test_the_gm_cannot_order_a_players_army(client, demo):
    client.force_login(demo.gm)
    response = _post(client, demo, _army(demo), kind="rest")
    assert "is not one of your armies" in response.content.decode()
    assert not Order.objects.exists()


def test_an_order_after_the_deadline_is_refused(alice, demo, invasion_targets):
    """Orders lock at the deadline (docs/architecture.md, "Deadlines")."""
    Turn.objects.filter(pk=demo.turn.pk).update(deadline=timezone.now() - dt.timedelta(minutes=1))
    q, r = invasion_targets(demo.kingdoms["alice"])[0]
    response = _post(alice, demo, _army(demo), kind="invade", target_q=q, target_r=r)
    assert escape("deadline for turn 1's orders has passed") in response.content.decode()
    assert not Order.objects.exists()


def test_an_order_while_the_turn_resolves_is_refused(alice, demo):
    Turn.objects.filter(pk=demo.turn.pk).update(state=Turn.State.DECISIONS)
    response = _post(alice, demo, _army(demo), htmx=False, kind="rest")
    assert response.status_code == 400
    assert "Orders are closed" in response.content.decode()
    assert not Order.objects.exists()


@pytest.mark.parametrize(
    ("fields", "problem"),
    [
        (
            {"kind": "invade", "target_q": "x", "target_r": "1"},
            "q must be a whole number.",
        ),
        ({"kind": "invade", "target_q": "1"}, "Give both q and r of the target hex."),
        ({"kind": "charge", "target_q": "1", "target_r": "1"}, "Select a valid choice."),
        ({"kind": "patrol"}, "A patrol order needs a target hex."),
    ],
)
def test_bad_input_is_named_next_to_the_order(alice, demo, fields, problem):
    response = _post(alice, demo, _army(demo), **fields)
    assert response.status_code == 200
    assert problem in _next_to_the_order(response.content.decode())
    assert _post(alice, demo, _army(demo), htmx=False, **fields).status_code == 400
    assert not Order.objects.exists()


def test_the_form_partial_renders_for_an_htmx_get(alice, demo):
    army = _army(demo)
    url = reverse("order-form", args=[demo.campaign.pk, army.pk])
    html = alice.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert html.lstrip().startswith(f'<article class="card army-card" id="army-{army.pk}"')
    assert (
        alice.get(reverse("order-form", args=[demo.campaign.pk, _army(demo, "bob").pk])).status_code
        == 404
    )


def test_the_gm_sees_an_armys_card_without_a_form(client, demo):
    client.force_login(demo.gm)
    army = _army(demo)
    html = client.get(reverse("order-form", args=[demo.campaign.pk, army.pk])).content.decode()
    assert army.name in html and "Give its order from the map" not in html
