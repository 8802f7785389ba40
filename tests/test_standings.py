"""Effective power as a standings table every turn (issue 3, Table 1, A-3.1)."""

import pytest

from kingdoms.selectors import standings
from rules.visibility import GM, Viewer

pytestmark = pytest.mark.django_db


def test_land_is_public_and_power_is_secret(demo, client):
    """Table 1's hex part comes from the public map; unspent power only to its owner."""
    alice = demo.kingdoms["alice"]
    rows = {row["name"]: row for row in standings(demo.campaign, Viewer(kingdom_id=alice.pk))}
    mine, theirs = rows[alice.name], rows[demo.kingdoms["bob"].name]
    capital_and_plain = 2 + (mine["hexes"] - 1)  # the capital is a City (E-22): 2
    assert mine["land_score"] == capital_and_plain
    assert mine["power"] == 2 and mine["effective_power"] == capital_and_plain + 2
    assert theirs["power"] is None and theirs["effective_power"] is None
    assert all(row["effective_power"] is not None for row in standings(demo.campaign, GM))


def test_the_campaign_page_shows_the_standings(demo, client):
    client.force_login(demo.players["alice"])
    html = client.get(f"/campaigns/{demo.campaign.pk}/").content.decode()
    assert "Standings" in html and demo.kingdoms["bob"].name in html
    assert html.count(">secret<") == 3, "three rivals' effective power stays hidden"


def test_the_api_hides_rivals_power(demo):
    from tests.api_support import api, token_client

    rows = token_client(demo.players["bob"]).get(api(demo, "standings/")).json()
    bob = demo.kingdoms["bob"].pk
    assert {row["kingdom"] for row in rows if row["power"] is not None} == {bob}
    gm_rows = token_client(demo.gm).get(api(demo, "standings/")).json()
    assert all(row["effective_power"] is not None for row in gm_rows)
