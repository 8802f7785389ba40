"""My kingdom: support, allocations and entitlements (§5.6, Table 6, E-14, E-22)."""

import pytest

pytestmark = pytest.mark.django_db


def _url(demo, query: str = "") -> str:
    return f"/campaigns/{demo.campaign.pk}/kingdom/{query}"


def test_a_player_sees_his_support_and_entitlements(demo, client):
    alice = demo.kingdoms["alice"]
    hexes = alice.hexes.count()
    client.force_login(demo.players["alice"])
    html = client.get(_url(demo)).content.decode()
    support = 1000 + 250 * hexes + 500  # §5.6: the capital is a City (E-22)
    assert f"<dt>Total support</dt><dd>{support} points" in html
    assert f"<dt>Allocated to armies</dt><dd>{support} points</dd>" in html, "E-14: within it"
    # the base pool (1 Lord, 2 Heroes, 2 Specials, 100 pts) plus a City's Hero, Special, Rare
    assert "<td>1</td><td>3</td><td>3</td><td>1</td><td>100 pts</td>" in html


def test_a_player_cannot_look_into_another_kingdom(demo, client):
    """Other kingdoms' power is not for him (visibility): ?kingdom= is ignored."""
    bob = demo.kingdoms["bob"]
    client.force_login(demo.players["alice"])
    html = client.get(_url(demo, f"?kingdom={bob.pk}")).content.decode()
    # The Agreements section names the other (public) kingdoms one may propose to (Q23)
    own_part = html.split("<main")[1].split('id="agreements"')[0]
    assert demo.kingdoms["alice"].name in html and bob.name not in own_part


def test_the_gm_picks_any_kingdom(demo, client):
    bob = demo.kingdoms["bob"]
    client.force_login(demo.gm)
    html = client.get(_url(demo, f"?kingdom={bob.pk}")).content.decode()
    assert f"<h1>{bob.name}" in html
