"""Personal API tokens: several a user, named, read-only or read-write, each revoked on
its own at once; the key is shown once and only its digest is kept."""

from __future__ import annotations

import pytest
from django.db import connection
from rest_framework.test import APIClient

from campaign.core.errors import NOT_FOUND
from campaign.tokens.models import PersonalToken
from kingdoms.orders.models import Order
from tests.api_support import api, first_army, session_client, token_client

pytestmark = pytest.mark.django_db


def key_client(key: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def new_token(user, name: str = "my script", scope: str = "read") -> dict:
    response = session_client(user).post(
        "/api/tokens/", {"name": name, "scope": scope}, format="json"
    )
    assert response.status_code == 201, response.content
    return response.json()


def test_a_new_token_is_shown_once_and_opens_the_api(demo):
    alice = demo.players["alice"]
    made = new_token(alice, "map watcher")
    assert made["key"].startswith("wpt_") and made["key"].startswith(made["prefix"])
    assert (made["name"], made["scope"], made["revoked_at"]) == ("map watcher", "read", None)
    campaigns = key_client(made["key"]).get("/api/campaigns/")
    assert campaigns.status_code == 200
    assert [c["id"] for c in campaigns.json()] == [demo.campaign.pk]
    listed = session_client(alice).get("/api/tokens/").json()
    assert [t["id"] for t in listed] == [made["id"]]
    assert "key" not in listed[0]


def test_the_key_itself_is_not_stored(demo):
    key = new_token(demo.players["alice"])["key"]
    with connection.cursor() as cursor:
        cursor.execute("SELECT * FROM tokens_personaltoken")
        stored = " ".join(str(value) for row in cursor.fetchall() for value in row)
    assert key not in stored and key[4:] not in stored


def test_the_last_use_is_recorded(demo):
    made = new_token(demo.players["alice"])
    assert made["last_used_at"] is None
    key_client(made["key"]).get("/api/campaigns/")
    assert PersonalToken.objects.get(pk=made["id"]).last_used_at is not None


def test_a_read_only_token_reads_but_may_not_write(demo):
    alice = demo.players["alice"]
    client = key_client(new_token(alice)["key"])
    assert client.get(api(demo, "orders/")).status_code == 200
    army = first_army(demo, "alice")
    response = client.post(api(demo, "orders/"), {"army": army.pk, "kind": "rest"}, format="json")
    assert response.status_code == 403
    assert response.json() == {
        "detail": "This token is read-only: it may only read (GET, HEAD, OPTIONS). "
        "Use a read-write token to change anything.",
        "field": None,
    }
    assert not Order.objects.exists()
    assert client.post("/api/tokens/", {"name": "more"}, format="json").status_code == 403
    assert PersonalToken.objects.count() == 1


def test_a_read_write_token_gives_orders(demo):
    client = key_client(new_token(demo.players["alice"], scope="write")["key"])
    army = first_army(demo, "alice")
    response = client.post(api(demo, "orders/"), {"army": army.pk, "kind": "rest"}, format="json")
    assert response.status_code == 201
    assert Order.objects.filter(army=army).exists()


def test_a_revoked_token_is_refused_at_once_and_the_others_still_work(demo):
    alice = demo.players["alice"]
    kept, revoked = new_token(alice, "kept"), new_token(alice, "revoked")
    client = key_client(revoked["key"])
    assert client.get("/api/campaigns/").status_code == 200
    assert session_client(alice).delete(f"/api/tokens/{revoked['id']}/").status_code == 204
    response = client.get("/api/campaigns/")
    assert response.status_code == 401
    assert response.json() == {"detail": "This token has been revoked.", "field": None}
    assert key_client(kept["key"]).get("/api/campaigns/").status_code == 200
    listed = {t["name"]: t["revoked_at"] for t in session_client(alice).get("/api/tokens/").json()}
    assert listed["kept"] is None and listed["revoked"] is not None


def test_an_unknown_key_is_refused(demo):
    response = key_client("wpt_not-a-key").get("/api/campaigns/")
    assert response.status_code == 401
    assert response.json() == {"detail": "Invalid token.", "field": None}


def test_another_users_token_answers_as_a_missing_one(demo):
    bobs = new_token(demo.players["bob"])
    alice = session_client(demo.players["alice"])
    hidden = alice.delete(f"/api/tokens/{bobs['id']}/")
    missing = alice.delete("/api/tokens/987654321/")
    assert (hidden.status_code, hidden.content) == (missing.status_code, missing.content)
    assert hidden.json() == {"detail": NOT_FOUND, "field": None}
    assert key_client(bobs["key"]).get("/api/campaigns/").status_code == 200
    assert alice.get("/api/tokens/").json() == []


def test_a_token_needs_a_name(demo):
    response = session_client(demo.players["alice"]).post(
        "/api/tokens/", {"name": "  ", "scope": "write"}, format="json"
    )
    assert (response.status_code, response.json()["field"]) == (400, "name")
    assert not PersonalToken.objects.exists()


def test_the_drf_token_still_opens_the_api(demo):
    assert token_client(demo.players["alice"]).get("/api/campaigns/").status_code == 200
