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
    cells = [
        '<td data-label="Lords">1</td>',
        '<td data-label="Heroes">3</td>',
        '<td data-label="Specials">3</td>',
        '<td data-label="Rares">1</td>',
        '<td data-label="Magic items">100 pts</td>',
    ]
    assert "".join(cells) in html


def test_a_player_cannot_look_into_another_kingdom(demo, client):
    """Other kingdoms' power is not for him (visibility): ?kingdom= is ignored."""
    bob = demo.kingdoms["bob"]
    client.force_login(demo.players["alice"])
    html = client.get(_url(demo, f"?kingdom={bob.pk}")).content.decode()
    # The spending and agreements tabs name the other kingdoms one may share power with or
    # propose to (Q23); the heading, the facts and the armies are his own kingdom's.
    own_part = html.split("<main")[1].split('id="kingdom-power"')[0]
    assert f"<h1>{demo.kingdoms['alice'].name}" in own_part and bob.name not in own_part


def test_the_gm_picks_any_kingdom(demo, client):
    bob = demo.kingdoms["bob"]
    client.force_login(demo.gm)
    html = client.get(_url(demo, f"?kingdom={bob.pk}")).content.decode()
    assert f"<h1>{bob.name}" in html
