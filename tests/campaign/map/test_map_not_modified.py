"""The map's 304 for a script polling with its API token (campaign.map.api.MapView.dispatch):
one query, before DRF, and for everything else the answers the API always gave: a bad
token's 401, a stranger's 404, a bad ``since``'s 400, another player's map."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth.models import User
from django.utils import timezone
from rest_framework.authtoken.models import Token

from campaign.tokens.models import PersonalToken
from campaign.tokens.services import token_create, token_revoke
from tests.api_support import api, token_client
from tests.campaign.core.test_login_throttle import _tiny_rates
from tests.campaign.tokens.test_personal_tokens import key_client

pytestmark = pytest.mark.django_db


def _etag(demo, player: str = "alice") -> str:
    return token_client(demo.players[player]).get(api(demo, "map/"))["ETag"]


def _comparable(response) -> tuple:
    """What a client reads of an answer: its status, headers and body."""
    return response.status_code, sorted(response.headers.items()), response.content


def test_a_304_by_a_personal_token_is_one_query_and_reads_as_the_usual_one(
    demo, django_assert_num_queries
):
    """Its first use in a minute goes the usual way, which writes the use down; the next
    answers from one query, the same answer to the byte; a poller's ``?since=`` of the
    current version too."""
    etag = _etag(demo)
    token, key = token_create(user=demo.players["alice"], name="poller", scope="read")
    script = key_client(key)
    usual = script.get(api(demo, "map/"), HTTP_IF_NONE_MATCH=etag)
    assert usual.status_code == 304
    assert PersonalToken.objects.get(pk=token.pk).last_used_at is not None
    with django_assert_num_queries(1):
        quick = script.get(api(demo, "map/"), HTTP_IF_NONE_MATCH=etag)
    assert _comparable(quick) == _comparable(usual)
    version = demo.campaign.map_version
    with django_assert_num_queries(1):
        polled = script.get(api(demo, "map/"), {"since": version}, HTTP_IF_NONE_MATCH=etag)
    assert polled.status_code == 304


def test_a_personal_tokens_use_is_still_written_down_once_a_minute(demo):
    etag = _etag(demo)
    token, key = token_create(user=demo.players["alice"], name="poller", scope="read")
    an_hour_ago = timezone.now() - dt.timedelta(hours=1)
    PersonalToken.objects.filter(pk=token.pk).update(last_used_at=an_hour_ago)
    assert key_client(key).get(api(demo, "map/"), HTTP_IF_NONE_MATCH=etag).status_code == 304
    assert PersonalToken.objects.get(pk=token.pk).last_used_at > an_hour_ago


def test_a_stranger_with_a_players_etag_gets_the_404_of_a_missing_campaign(demo):
    etag = _etag(demo)
    stranger = token_client(User.objects.create_user("mallory", password="pw"))
    hidden = stranger.get(api(demo, "map/"), HTTP_IF_NONE_MATCH=etag)
    missing = stranger.get("/api/campaigns/999999/map/", HTTP_IF_NONE_MATCH=etag)
    assert hidden.status_code == 404
    assert _comparable(hidden) == _comparable(missing)


def _revoked(demo) -> str:
    token, key = token_create(user=demo.players["alice"], name="old", scope="read")
    token_revoke(token=token)
    PersonalToken.objects.filter(pk=token.pk).update(last_used_at=timezone.now())
    return f"Token {key}"


def _inactive(demo) -> str:
    alice = demo.players["alice"]
    User.objects.filter(pk=alice.pk).update(is_active=False)
    return f"Token {Token.objects.get_or_create(user=alice)[0].key}"


@pytest.mark.parametrize(
    "header",
    [
        lambda demo: "Token not-a-key",
        lambda demo: "Token wpt_not-a-key",
        lambda demo: f"Token {Token.objects.get(user=demo.players['alice']).key} extra",
        _revoked,
        _inactive,
    ],
    ids=["unknown", "unknown personal", "two pieces", "revoked", "inactive user"],
)
def test_a_bad_token_holding_a_current_etag_is_refused_as_without_it(demo, header):
    etag = _etag(demo)
    script = key_client("unused")
    script.credentials(HTTP_AUTHORIZATION=header(demo))
    refused = script.get(api(demo, "map/"), HTTP_IF_NONE_MATCH=etag)
    assert refused.status_code == 401
    assert _comparable(refused) == _comparable(script.get(api(demo, "map/")))


def test_a_bad_since_with_a_current_etag_is_refused_as_without_it(demo):
    etag = _etag(demo)
    alice = token_client(demo.players["alice"])
    refused = alice.get(api(demo, "map/"), {"since": 999}, HTTP_IF_NONE_MATCH=etag)
    assert refused.status_code == 400
    assert _comparable(refused) == _comparable(alice.get(api(demo, "map/"), {"since": 999}))


def test_a_current_copy_is_not_counted_against_the_throttle_a_map_is(settings, demo):
    """A 304 by token costs one query, less than a wrong token's 401, which no throttle
    counts either; every map sent is counted, and refused past the rate."""
    _tiny_rates(settings, user="2/hour")
    alice = token_client(demo.players["alice"])
    etag = alice.get(api(demo, "map/"))["ETag"]
    for _ in range(5):
        assert alice.get(api(demo, "map/"), HTTP_IF_NONE_MATCH=etag).status_code == 304
    assert alice.get(api(demo, "map/")).status_code == 200
    assert alice.get(api(demo, "map/")).status_code == 429
    assert alice.get(api(demo, "map/"), HTTP_IF_NONE_MATCH='"stale"').status_code == 429
    assert alice.get(api(demo, "map/"), HTTP_IF_NONE_MATCH=etag).status_code == 304
