"""The REST API: auth, campaigns, the map and its ETag, orders, turns and the schema.

What each role may see through the API is in test_visibility_api.py.
"""

from __future__ import annotations

import pytest
import yaml
from drf_spectacular.validation import validate_schema
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from campaign.campaigns.services import map_version_bump
from campaign.campaigns.setup import DEMO_PASSWORD
from campaign.models import Campaign, Hex, Membership, Turn
from kingdoms.orders.models import Order
from tests.api_support import (
    api,
    battle_between_alice_and_bob,
    first_army,
    session_client,
    token_client,
)

pytestmark = pytest.mark.django_db

HEX_KEYS = {
    "q",
    "r",
    "terrain",
    "owner",
    "explored",
    "neutral_kingdom",
    "orphan",
    "feature",
    "minor_feature",
    "defence",
    "watchtower",
    "defender_points",
    "scouted",
    "siege",  # E-37
    "bridge",  # NR-BRIDGE-2
    "secondary_terrains",  # Q16
}


# Auth


def test_a_good_password_gets_a_token_that_opens_the_api(demo):
    alice = demo.players["alice"]
    response = APIClient().post(
        "/api/auth/token/", {"username": "alice", "password": DEMO_PASSWORD}, format="json"
    )
    assert response.status_code == 200
    assert response.json()["token"] == Token.objects.get(user=alice).key
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {response.json()['token']}")
    assert client.get("/api/campaigns/").status_code == 200


def test_a_wrong_password_is_refused_with_the_reason(demo):
    response = APIClient().post(
        "/api/auth/token/", {"username": "alice", "password": "nope"}, format="json"
    )
    assert response.status_code == 400
    assert response.json() == {
        "detail": "Unable to log in with provided credentials.",
        "field": None,
    }
    assert not Token.objects.filter(user=demo.players["alice"]).exists()


def test_a_missing_password_names_the_field(demo):
    response = APIClient().post("/api/auth/token/", {"username": "alice"}, format="json")
    assert response.status_code == 400
    assert response.json()["field"] == "password"


def test_a_bad_token_is_turned_away(demo):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token not-a-token")
    assert client.get("/api/campaigns/").status_code == 401


# Campaigns


@pytest.mark.parametrize("client_for", [token_client, session_client])
def test_the_campaign_list_shows_only_my_campaigns(demo, django_user_model, client_for):
    other = Campaign.objects.create(name="Someone else's")
    erin = django_user_model.objects.create_user("erin", password=DEMO_PASSWORD)
    Membership.objects.create(campaign=other, user=erin, role=Membership.Role.GM)

    mine = client_for(demo.players["alice"]).get("/api/campaigns/").json()

    assert [c["id"] for c in mine] == [demo.campaign.pk]
    alice_view = mine[0]
    assert alice_view["role"] == "player"
    assert alice_view["kingdom"] == demo.kingdoms["alice"].pk
    assert alice_view["current_turn"] == {
        "number": 1,
        "state": "open",
        "deadline": alice_view["current_turn"]["deadline"],
        "seed_hash": demo.turn.seed_hash,
        "published_seed": None,
    }
    assert [c["name"] for c in client_for(erin).get("/api/campaigns/").json()] == ["Someone else's"]


def test_the_gm_sees_his_role_and_no_kingdom(demo):
    gm_view = token_client(demo.gm).get("/api/campaigns/").json()[0]
    assert (gm_view["role"], gm_view["kingdom"]) == ("gm", None)


def test_the_seed_of_the_last_resolved_turn_is_published(demo):
    """Provably fair dice: the hash while open, the seed once the turn is resolved."""
    Turn.objects.filter(pk=demo.turn.pk).update(state=Turn.State.CLOSED)
    turn_two = Turn.objects.create(campaign=demo.campaign, number=2)

    current = token_client(demo.players["bob"]).get(api(demo)).json()["current_turn"]

    assert current["number"] == 2
    assert current["seed_hash"] == turn_two.seed_hash
    assert current["published_seed"] == {"turn": 1, "seed": demo.turn.seed}


def test_a_campaign_lists_its_player_kingdoms(demo):
    detail = token_client(demo.players["alice"]).get(api(demo)).json()
    assert detail["kingdoms"] == [
        {"id": k.pk, "name": k.name, "colour": k.colour, "race": k.race}
        for k in sorted(demo.kingdoms.values(), key=lambda k: k.pk)
    ]


def test_an_unknown_campaign_is_not_found(demo):
    assert token_client(demo.gm).get("/api/campaigns/999999/").status_code == 404


# The map


def test_the_map_returns_every_hex(demo):
    response = token_client(demo.players["alice"]).get(api(demo, "map/"))

    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    body = response.json()
    assert body["turn"] == 1
    assert all(set(h) == HEX_KEYS for h in body["hexes"])
    terrain = {(q, r): t for q, r, t in demo.campaign.hexes.values_list("q", "r", "terrain")}
    assert {(h["q"], h["r"]): h["terrain"] for h in body["hexes"]} == terrain


def test_the_map_answers_304_while_it_is_unchanged(demo):
    client = token_client(demo.players["alice"])
    first = client.get(api(demo, "map/"))
    etag = first["ETag"]
    assert etag.startswith('"') and not etag.startswith("W/"), "a strong ETag"
    assert "Authorization" in first["Vary"], "the map differs by viewer"

    again = client.get(api(demo, "map/"), HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304
    assert again.content == b""
    assert again["ETag"] == etag

    Hex.objects.filter(campaign=demo.campaign, explored=False).update(explored=True)
    map_version_bump(campaign=demo.campaign)  # as the step that explores them does
    changed = client.get(api(demo, "map/"), HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200
    assert changed["ETag"] != etag


# Orders


def order_post(demo, player: str, payload) -> object:
    return token_client(demo.players[player]).post(api(demo, "orders/"), payload, format="json")


def test_a_legal_order_is_saved_and_listed(demo, invasion_targets):
    army = first_army(demo, "alice")
    target = invasion_targets(demo.kingdoms["alice"])[0]

    response = order_post(demo, "alice", {"army": army.pk, "kind": "invade", "target": target})

    assert response.status_code == 201, response.json()
    order = Order.objects.get(army=army, turn=demo.turn)
    assert (order.kind, order.target.coord) == ("invade", target)
    assert response.json()["target"] == list(target)
    assert response.json()["origin"] == list(order.origin.coord), "E-07: the origin is chosen"
    listed = token_client(demo.players["alice"]).get(api(demo, "orders/")).json()
    assert [o["id"] for o in listed] == [order.pk]


def test_a_rest_order_needs_no_target(demo):
    army = first_army(demo, "bob")
    response = order_post(demo, "bob", {"army": army.pk, "kind": "rest", "target": None})
    assert response.status_code == 201
    assert response.json()["target"] is None


def _sea_hex(demo) -> list[int]:
    return list(Hex.objects.filter(campaign=demo.campaign, terrain="sea").first().coord)


def _far_land_hex(demo, invasion_targets) -> list[int]:
    alice = demo.kingdoms["alice"]
    reachable = set(invasion_targets(alice))
    far = Hex.objects.filter(campaign=demo.campaign, owner=None).exclude(terrain="sea")
    return next(list(h.coord) for h in far if h.coord not in reachable)


REFUSALS = {
    # name: (payload builder, status, field, words of the reason)
    "sea hex": (
        lambda demo, targets, army: {"army": army, "kind": "invade", "target": _sea_hex(demo)},
        400,
        "target",
        "sea hex",
    ),
    "not adjacent": (
        lambda demo, targets, army: {
            "army": army,
            "kind": "invade",
            "target": _far_land_hex(demo, targets),
        },
        400,
        "target",
        "not adjacent",
    ),
    "off the map": (
        lambda demo, targets, army: {"army": army, "kind": "invade", "target": [50, 50]},
        400,
        "target",
        "not on the map",
    ),
    "other's army": (
        lambda demo, targets, army: {
            "army": first_army(demo, "bob").pk,
            "kind": "rest",
            "target": None,
        },
        400,
        "army",
        "no army",
    ),
    "unknown army": (
        lambda demo, targets, army: {"army": 999999, "kind": "rest"},
        400,
        "army",
        "no army 999999",
    ),
    "army id as text": (
        lambda demo, targets, army: {"army": "first", "kind": "rest"},
        400,
        "army",
        "valid integer",
    ),
    "target not a pair": (
        lambda demo, targets, army: {"army": army, "kind": "invade", "target": [1]},
        400,
        "target",
        "pair of whole numbers",
    ),
    "target of text": (
        lambda demo, targets, army: {"army": army, "kind": "invade", "target": ["a", "b"]},
        400,
        "target",
        "pair of whole numbers",
    ),
    "target a string": (
        lambda demo, targets, army: {"army": army, "kind": "invade", "target": "0,1"},
        400,
        "target",
        "pair of whole numbers",
    ),
    "unknown kind": (
        lambda demo, targets, army: {"army": army, "kind": "pillage", "target": [0, 0]},
        400,
        "kind",
        "not a valid choice",
    ),
    "missing target": (
        lambda demo, targets, army: {"army": army, "kind": "invade"},
        400,
        "target",
        "needs a target",
    ),
    "a list for a body": (lambda demo, targets, army: [army], 400, None, "dictionary"),
}


@pytest.mark.parametrize("case", REFUSALS)
def test_a_bad_order_is_refused_with_the_reason_and_nothing_saved(demo, invasion_targets, case):
    """Table 5, A-1.0.4, A-1.1.2.1: the refusal names the problem and the field."""
    build, status, field, words = REFUSALS[case]
    payload = build(demo, invasion_targets, first_army(demo, "alice").pk)

    response = order_post(demo, "alice", payload)

    assert response.status_code == status, response.content
    assert response.json()["field"] == field
    assert words in response.json()["detail"]
    assert not Order.objects.exists()


def test_an_army_too_weak_to_act_is_refused_by_the_kind_of_order(demo, invasion_targets):
    """E-14: an army under 1,000 points may only Rest. The refusal is about the kind of
    order, so it names that field, not the target (the form shows it by the kind)."""
    army = first_army(demo, "alice")
    army.points = 900
    army.save(update_fields=["points"])
    target = list(invasion_targets(demo.kingdoms["alice"])[0])

    response = order_post(demo, "alice", {"army": army.pk, "kind": "invade", "target": target})

    assert response.status_code == 400
    assert response.json()["field"] == "kind"
    assert "may only Rest" in response.json()["detail"]
    assert order_post(demo, "alice", {"army": army.pk, "kind": "rest"}).status_code == 201


def test_an_order_body_that_is_not_json_is_a_400(demo):
    client = token_client(demo.players["alice"])
    response = client.post(api(demo, "orders/"), "{army:", content_type="application/json")
    assert response.status_code == 400
    assert "JSON parse error" in response.json()["detail"]


def test_an_army_of_another_campaign_is_not_revealed(demo, django_user_model):
    """Naming an army of another campaign answers like an army that does not exist."""
    other_army = first_army(demo, "alice")
    erin = django_user_model.objects.create_user("erin")
    other = Campaign.objects.create(name="Elsewhere")
    Membership.objects.create(campaign=other, user=erin, role=Membership.Role.PLAYER)
    Turn.objects.create(campaign=other, number=1)

    response = token_client(erin).post(
        f"/api/campaigns/{other.pk}/orders/", {"army": other_army.pk, "kind": "rest"}, format="json"
    )

    assert response.status_code == 400
    assert response.json() == {
        "detail": f"You have no army {other_army.pk} in this campaign.",
        "field": "army",
    }
    assert other_army.name not in response.content.decode()


def test_the_gm_gives_no_orders(demo):
    army = first_army(demo, "alice")
    response = token_client(demo.gm).post(
        api(demo, "orders/"), {"army": army.pk, "kind": "rest"}, format="json"
    )
    assert response.status_code == 403
    assert response.json()["field"] == "army"
    assert not Order.objects.exists()


def test_orders_are_refused_once_the_turn_is_being_resolved(demo):
    Turn.objects.filter(pk=demo.turn.pk).update(state=Turn.State.PROVISIONAL)
    response = order_post(demo, "alice", {"army": first_army(demo, "alice").pk, "kind": "rest"})
    assert response.status_code == 400
    assert "Orders are closed" in response.json()["detail"]


# The turn


def test_a_player_may_not_resolve_the_turn(demo):
    response = token_client(demo.players["alice"]).post(api(demo, "turn/resolve/"))
    assert response.status_code == 403
    assert "game master" in response.json()["detail"]
    assert Turn.objects.get(pk=demo.turn.pk).state == Turn.State.OPEN


def test_the_gm_resolves_the_turn_step_by_step(demo, django_capture_on_commit_callbacks):
    """A-2.3–A-2.6: provisional results, then final results and the next turn."""
    gm = token_client(demo.gm)
    with django_capture_on_commit_callbacks(execute=True):
        provisional = gm.post(api(demo, "turn/resolve/"))
    # The step runs once the claim commits: here as the block ends, so the answer shows
    # the claimed state and the next read the result.
    assert (provisional.status_code, provisional.json()["state"]) == (202, "provisional")
    status = gm.get(api(demo, "turn/")).json()
    assert (status["state"], status["progress"]) == ("decisions", {"percent": 100, "note": "done"})

    with django_capture_on_commit_callbacks(execute=True):
        assert gm.post(api(demo, "turn/resolve/")).status_code == 202
    status = gm.get(api(demo, "turn/")).json()
    assert (status["number"], status["state"]) == (2, "open")
    assert status["published_seed"] == {"turn": 1, "seed": demo.turn.seed}


def test_resolving_a_running_step_is_refused_with_the_reason(
    demo, django_capture_on_commit_callbacks
):
    gm = token_client(demo.gm)
    with django_capture_on_commit_callbacks(execute=False):
        assert gm.post(api(demo, "turn/resolve/")).status_code == 202
    response = gm.post(api(demo, "turn/resolve/"))
    assert response.status_code == 400
    assert "no step to start" in response.json()["detail"]
    assert gm.get(api(demo, "turn/")).json()["state"] == "provisional"


# The chronicle


def test_the_chronicle_of_one_turn(demo):
    client = token_client(demo.players["alice"])
    entries = client.get(api(demo, "chronicle/"), {"turn": 1}).json()
    assert [(e["turn"], e["kind"]) for e in entries] == [(1, "TurnOpened")]
    assert client.get(api(demo, "chronicle/"), {"turn": 7}).status_code == 404
    bad = client.get(api(demo, "chronicle/"), {"turn": "first"})
    assert (bad.status_code, bad.json()["field"]) == (400, "turn")


# Battles


def test_a_side_decides_to_retreat(demo):
    side = battle_between_alice_and_bob(demo).sides.get(role="attacker")
    response = token_client(demo.players["alice"]).post(
        f"/api/battles/sides/{side.pk}/decision/", {"decision": "retreat"}, format="json"
    )
    assert response.status_code == 200, response.json()
    assert response.json() == {
        "side": side.pk,
        "battle": side.battle_id,
        "decision": "retreat",
        "strategy": "",
        "tabletop": False,
    }
    side.refresh_from_db()
    assert side.decision == "retreat"


@pytest.mark.parametrize(
    ("player", "payload", "status", "field"),
    [
        ("bob", {"decision": "retreat"}, 403, None),
        ("alice", {"decision": "flee"}, 400, "decision"),
        ("alice", {"decision": "fight", "strategy": "pray"}, 400, "strategy"),
        ("alice", {}, 400, "decision"),
    ],
)
def test_a_bad_decision_is_refused(demo, player, payload, status, field):
    side = battle_between_alice_and_bob(demo).sides.get(role="attacker")
    response = token_client(demo.players[player]).post(
        f"/api/battles/sides/{side.pk}/decision/", payload, format="json"
    )
    assert (response.status_code, response.json()["field"]) == (status, field)
    side.refresh_from_db()
    assert side.decision == "fight"


def test_an_unknown_side_is_not_found(demo):
    response = token_client(demo.gm).post(
        "/api/battles/sides/999999/decision/", {"decision": "fight"}, format="json"
    )
    assert response.status_code == 404


# The schema


def test_the_schema_is_served_and_valid(db):
    response = APIClient().get("/api/schema/")
    assert response.status_code == 200
    schema = yaml.safe_load(response.content)
    validate_schema(schema)
    paths = set(schema["paths"])
    assert {
        "/api/auth/token/",
        "/api/campaigns/{campaign_id}/map/",
        "/api/campaigns/{campaign_id}/hexes/{q}/{r}/",  # Q16
        "/api/campaigns/{campaign_id}/orders/",
        "/api/battles/sides/{side_id}/decision/",
    } <= paths
    hex_schema = schema["components"]["schemas"]["Hex"]
    assert set(hex_schema["properties"]) == HEX_KEYS
