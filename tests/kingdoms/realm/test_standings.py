"""Effective power as a standings table every turn (Table 1, A-3.1)."""

import pytest

from kingdoms.realm.selectors import standings
from rules.turn.visibility import GM, Viewer

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


def test_e13_once_the_campaign_is_over_the_standings_are_its_final_scores(demo):
    """E-13: a loot in the turn whose end roll ends the campaign gains its power, but
    Table 1 leaves it out. The standings after the end agree with the published result."""
    from campaign.models import Campaign, Hex, Turn
    from campaign.pipeline.steps import turn_step_resolve
    from campaign.turns.services import turn_claim_step
    from kingdoms.edicts.services import edict_submit
    from tests.api_support import api, token_client

    Campaign.objects.filter(pk=demo.campaign.pk).update(
        ruleset_overrides={"options": {"end_check_turn": 1, "end_roll_target": 1}}
    )
    alice = demo.kingdoms["alice"]
    plain = Hex.objects.filter(owner=alice).exclude(pk=alice.capital_id).order_by("q", "r")[0]
    edict_submit(campaign=demo.campaign, by=demo.players["alice"], hex=plain.coord, kind="loot")
    for _ in range(2):
        turn = Turn.objects.get(pk=demo.turn.pk)
        turn_claim_step(turn=turn, by=None, enqueue=False)
        turn_step_resolve(turn_id=turn.pk)

    client = token_client(demo.players["alice"])
    assert client.get(api(demo)).json()["status"] == "finished"
    [won] = [e for e in client.get(api(demo, "chronicle/")).json() if e["kind"] == "CampaignWon"]
    [row] = [r for r in client.get(api(demo, "standings/")).json() if r["kingdom"] == alice.pk]
    assert row["effective_power"] * 2 == dict(won["scores"])[alice.pk]
    assert row["effective_power"] == row["land_score"] + row["power"] - 1, "the loot's 1 power"
