"""The map API keyed on the map's version (campaign.map.selectors.map_body): a client whose
copy is current gets 304 before anything is built; every write that changes what the map
shows moves the version on, so nobody keeps a stale map; the map built once a version is
shared by every viewer, each player's own, discovered and scouted hexes judged for him
alone (E-29, A-1.0.9, A-1.4.18–20); and ``?since=`` sends a poller what changed."""

from __future__ import annotations

import orjson
import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from campaign.campaigns.services import map_version_bump
from campaign.core.viewers import membership_for, viewer_for
from campaign.hosting.services import (
    campaign_create,
    campaign_join,
    campaign_start,
    invitation_link_renew,
    seat_claim,
)
from campaign.map.selectors import visible_map
from campaign.map.services import hex_paint, hex_secondary_terrains_set
from campaign.models import Campaign, Hex, Turn
from campaign.pipeline.steps import turn_step_resolve
from campaign.turns.services import turn_claim_step
from kingdoms.orders.models import ScoutReport
from rules.core.mapgen import MapParams
from tests.api_support import api, session_client, token_client
from tests.campaign.core.test_admin_corrections import army_points_corrected

pytestmark = pytest.mark.django_db


def _version(campaign: Campaign) -> int:
    return Campaign.objects.get(pk=campaign.pk).map_version


def _the_map(client, demo, **params) -> dict:
    response = client.get(api(demo, "map/"), params)
    assert response.status_code == 200, response.content[:300]
    return response.json()


def _by_coord(body: dict) -> dict[tuple[int, int], dict]:
    return {(h["q"], h["r"]): h for h in body["hexes"]}


def _as_the_rules_show_it(demo, user) -> dict[tuple[int, int], dict]:
    """The map through rules.turn.visibility directly, hex by hex, nothing shared."""
    viewer = viewer_for(membership_for(user, demo.campaign))
    hexes = orjson.loads(orjson.dumps(visible_map(demo.campaign, viewer)))
    return {(h["q"], h["r"]): h for h in hexes}


def test_e29_two_players_get_their_own_maps_from_the_one_shared_build(demo):
    """E-29, A-1.0.9, A-1.4.18–20: the map built once is shared, yet each player gets
    exactly what the visibility rules show him: his own hexes' contents, the neutral
    kingdom he discovered, his scouting report; the other player none of those."""
    alice, bob = demo.kingdoms["alice"], demo.kingdoms["bob"]
    neutral = demo.neutral_kingdoms[0]
    neutral.known_by.add(alice)  # Alice found it, Bob did not
    hidden = Hex.objects.filter(campaign=demo.campaign, owner=None, neutral_kingdom=None)
    hidden = hidden.exclude(terrain="sea").first()
    Hex.objects.filter(pk=hidden.pk).update(
        explored=False, feature="town", defender_points=800, watchtower=True
    )
    ScoutReport.objects.create(
        kingdom=bob, hex=hidden, turn=demo.turn, level="glimpse",
        facts={"major_feature": True, "neutral_kingdom": False},
    )  # fmt: skip
    map_version_bump(campaign=demo.campaign)  # as the step that wrote them does

    maps = {}
    for name in ("alice", "bob", "carol"):
        maps[name] = _by_coord(_the_map(token_client(demo.players[name]), demo))
        assert maps[name] == _as_the_rules_show_it(demo, demo.players[name]), name
    gm_map = _by_coord(_the_map(token_client(demo.gm), demo))
    assert gm_map == _as_the_rules_show_it(demo, demo.gm)

    its_hexes = {h.coord for h in neutral.hexes.all()}
    assert {c for c, h in maps["alice"].items() if h["neutral_kingdom"] == neutral.pk} == its_hexes
    for name in ("bob", "carol"):
        assert all(h["neutral_kingdom"] is None for h in maps[name].values()), name
    for name in ("alice", "carol"):
        seen = maps[name][hidden.coord]
        assert (seen["feature"], seen["defender_points"], seen["scouted"]) == (None, None, None)
    assert maps["bob"][hidden.coord]["scouted"]["level"] == "glimpse"
    assert maps["bob"][hidden.coord]["defender_points"] is None, "a glimpse tells no strength"
    assert gm_map[hidden.coord]["defender_points"] == 800
    own = Hex.objects.filter(owner=alice).exclude(feature="").first()
    assert maps["alice"][own.coord]["feature"] == own.feature
    assert maps["alice"] != maps["bob"]


def test_a_current_copy_answers_304_from_one_query_before_the_map_is_built(
    demo, django_assert_num_queries, monkeypatch
):
    """The ETag names the map's version and whose map it is: a client holding it gets
    304 from one query (his token, his membership and the map's version), nothing
    built; in a browser's session, from the session, its user and the membership."""
    client = token_client(demo.players["alice"])
    etag = client.get(api(demo, "map/"))["ETag"]
    monkeypatch.setattr(
        "campaign.map.selectors._shared_map_build", lambda campaign: pytest.fail("built")
    )
    with django_assert_num_queries(1):
        again = client.get(api(demo, "map/"), HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and again["ETag"] == etag
    browser = session_client(demo.players["alice"])
    with django_assert_num_queries(3):
        assert browser.get(api(demo, "map/"), HTTP_IF_NONE_MATCH=etag).status_code == 304
    bob = token_client(demo.players["bob"]).get(api(demo, "map/"), HTTP_IF_NONE_MATCH=etag)
    assert bob.status_code == 200, "Bob's map is not Alice's"


def test_a_turn_step_moves_the_map_on_and_a_stale_copy_gets_the_new_map(demo):
    """A-2.6: a step writes the map and opens the next turn; a client holding the old
    ETag gets the new map, turn number and all."""
    client = token_client(demo.players["alice"])
    first = client.get(api(demo, "map/"))
    before = _version(demo.campaign)
    for _ in range(2):  # Provisional, then Final Results and the next turn
        turn = Turn.objects.get(pk=demo.turn.pk)
        turn_claim_step(turn=turn, by=None, enqueue=False)
        turn_step_resolve(turn_id=turn.pk)
    assert _version(demo.campaign) == before + 2
    after = client.get(api(demo, "map/"), HTTP_IF_NONE_MATCH=first["ETag"])
    assert after.status_code == 200
    assert (first.json()["turn"], after.json()["turn"]) == (1, 2)


def test_a_campaign_saved_after_a_step_keeps_the_steps_map_version(demo):
    """A-2.6: a campaign read before a step and saved after it (a GM's settings, an
    admin form) does not take the step's new version back, so a copy of the old map is
    never answered "not modified"."""
    read_before = Campaign.objects.get(pk=demo.campaign.pk)
    map_version_bump(campaign=demo.campaign)
    stepped = _version(demo.campaign)
    read_before.name = "Renamed"
    read_before.save()
    assert _version(demo.campaign) == stepped
    assert Campaign.objects.get(pk=demo.campaign.pk).name == "Renamed"


def test_q16_the_gms_terrains_and_his_admin_corrections_move_the_map_on(demo, client):
    """Q16: the GM's secondary terrains show on everyone's next map; a correction in the
    admin may change anything the map shows, so it moves the version on too."""
    player = token_client(demo.players["bob"])
    etag = player.get(api(demo, "map/"))["ETag"]
    land = Hex.objects.filter(campaign=demo.campaign, terrain="fields").first()
    hex_secondary_terrains_set(hex=land, by=demo.gm, terrains=["forest"])
    after = player.get(api(demo, "map/"), HTTP_IF_NONE_MATCH=etag)
    assert after.status_code == 200
    assert _by_coord(after.json())[land.coord]["secondary_terrains"] == ["forest"]

    before = _version(demo.campaign)
    army = demo.kingdoms["alice"].armies.first()
    assert army_points_corrected(client, army, 900).status_code == 302
    moved = Campaign.objects.get(pk=demo.campaign.pk)
    assert moved.map_version == before + 1 and moved.map_version_whole == moved.map_version


def test_a_1_0_1_drawing_the_map_and_starting_the_campaign_move_the_map_on():
    """A-1.0.1: each click of the GM's map editor, and the campaign's start, changes what
    the map shows: each moves the version on."""
    gm = User.objects.create_user("hana", password="pw")
    drawn = campaign_create(
        by=gm, name="The Drawn Marches", description="", preset="core", modules=[],
        params=MapParams(players=2, radius=2, seed="unused"), drawn=True,
    )  # fmt: skip
    etag = token_client(gm).get(f"/api/campaigns/{drawn.pk}/map/")["ETag"]
    hex_paint(campaign=drawn, by=gm, coord=(0, 0), terrain="forest")
    assert _version(drawn) == 1
    again = token_client(gm).get(f"/api/campaigns/{drawn.pk}/map/", HTTP_IF_NONE_MATCH=etag)
    assert {(h["q"], h["r"]): h["terrain"] for h in again.json()["hexes"]}[(0, 0)] == "forest"

    client = Client()
    client.force_login(gm)
    client.post(
        reverse("map-editor", args=[drawn.pk]),
        {"tool": "capital", "terrain": "fields", "q": -1, "r": 0},
        HTTP_HX_REQUEST="true",
    )
    kingdom = drawn.kingdoms.first()
    assert kingdom is not None and _version(drawn) == 2
    ivan = User.objects.create_user("ivan", password="pw")
    campaign_join(invitation=invitation_link_renew(campaign=drawn, by=gm), user=ivan)
    seat_claim(campaign=drawn, user=ivan, kingdom=kingdom, name="Ironhold", colour="#123abc")
    campaign_start(campaign=drawn, by=gm)
    assert _version(drawn) == 3


def test_since_sends_a_poller_only_the_hexes_that_changed(demo):
    """A poller holding version N asks ``?since=N``: the hexes whose view changed, and
    his own (what he knows of them may have grown); nothing when nothing changed."""
    client = token_client(demo.players["carol"])
    start = _the_map(client, demo)
    assert _the_map(client, demo, since=start["version"])["hexes"] == []

    changed = Hex.objects.filter(campaign=demo.campaign, owner=None).exclude(terrain="sea")
    changed = changed.first()
    Hex.objects.filter(pk=changed.pk).update(explored=True, feature="mine")
    map_version_bump(campaign=demo.campaign)  # as the step that explores it does
    delta = _the_map(client, demo, since=start["version"])
    assert (delta["since"], delta["version"]) == (start["version"], start["version"] + 1)
    got = _by_coord(delta)
    own = {h.coord for h in Hex.objects.filter(owner=demo.kingdoms["carol"])}
    assert set(got) == own | {changed.coord}
    assert got[changed.coord]["feature"] == "mine"
    whole = _by_coord(_the_map(client, demo))
    assert all(whole[c] == h for c, h in got.items()), "each as the whole map shows it"


def test_nr_bridge_2_since_tells_the_gm_of_a_bridge_built(demo):
    """NR-BRIDGE-2: a bridge built (the works module's state, not a hex row) reaches the
    GM's poller with its hex, and the whole map says the same."""
    client = token_client(demo.gm)
    start = _the_map(client, demo)
    river = Hex.objects.filter(campaign=demo.campaign).exclude(terrain="sea").first()
    demo.campaign.module_state = {"works": {"bridges": [list(river.coord)]}}
    demo.campaign.save(update_fields=["module_state"])
    map_version_bump(campaign=demo.campaign)  # as the winter step that builds it does
    got = _by_coord(_the_map(client, demo, since=start["version"]))
    assert set(got) == {river.coord} and got[river.coord]["bridge"] is True
    assert _by_coord(_the_map(client, demo))[river.coord]["bridge"] is True


def test_e29_since_never_points_at_a_hex_whose_hidden_facts_alone_changed(demo):
    """E-29, A-1.4.18: a hidden neutral kingdom's garrison changes: the GM's poller gets
    the hex, a player's does not, which would tell him something happened there."""
    neutral = demo.neutral_kingdoms[0]
    hidden = neutral.hexes.filter(explored=False).first()
    players = {name: token_client(demo.players[name]) for name in ("carol", "dave")}
    gm = token_client(demo.gm)
    start = {who: _the_map(c, demo) for who, c in {**players, "gm": gm}.items()}
    Hex.objects.filter(pk=hidden.pk).update(defender_points=(hidden.defender_points or 0) + 500)
    map_version_bump(campaign=demo.campaign)
    since = start["gm"]["version"]
    assert hidden.coord in _by_coord(_the_map(gm, demo, since=since))
    for name, client in players.items():
        delta = _by_coord(_the_map(client, demo, since=since))
        assert hidden.coord not in delta, name


def test_since_sends_the_whole_map_after_a_correction_and_refuses_a_future_version(demo):
    """A change outside the turn steps may take back what a player knew: a poller behind
    it gets the whole map, without ``since``. A version the map has not reached, or not
    a number, is refused naming ``since``."""
    client = token_client(demo.players["carol"])
    start = _the_map(client, demo)
    map_version_bump(campaign=demo.campaign, whole=True)
    whole = _the_map(client, demo, since=start["version"])
    assert "since" not in whole and len(whole["hexes"]) == len(start["hexes"])
    for bad in (start["version"] + 5, "soon", -1):
        response = client.get(api(demo, "map/"), {"since": bad})
        assert response.status_code == 400, bad
        assert response.json()["field"] == "since"


def test_a_deletion_in_the_admin_moves_the_map_on(demo, client):
    """A correction that deletes (one row, or a list's selection) may take back what the
    map showed: the version moves on, and a poller gets the whole map."""
    client.force_login(User.objects.create_superuser("operator", password="pw-operator"))
    armies = list(demo.kingdoms["bob"].armies.order_by("id")[:2])
    before = _version(demo.campaign)
    response = client.post(f"/admin/kingdoms/army/{armies[0].pk}/delete/", {"post": "yes"})
    assert response.status_code == 302, response.content[:300]
    response = client.post(
        "/admin/kingdoms/army/",
        {"action": "delete_selected", "_selected_action": [armies[1].pk], "post": "yes"},
    )
    assert response.status_code == 302, response.content[:300]
    assert not demo.kingdoms["bob"].armies.filter(pk__in=[a.pk for a in armies]).exists()
    moved = Campaign.objects.get(pk=demo.campaign.pk)
    assert moved.map_version == before + 2 and moved.map_version_whole == moved.map_version
