"""Log-in lockout (django-axes) and API throttles: a password guesser is stopped with a
clear message, a player who types well is not, and the API answers 429 past its rate."""

from __future__ import annotations

from datetime import timedelta

import pytest
import time_machine
from django.conf import settings as django_settings
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from campaign.campaigns.setup import DEMO_PASSWORD
from tests.api_support import api, token_client

pytestmark = pytest.mark.django_db

LIMIT = django_settings.AXES_FAILURE_LIMIT
LOCKED = "Too many failed log-ins for this username from your address"


def _log_in(
    client, password: str, username: str = "alice", address: str = "203.0.113.7", **headers
):
    return client.post(
        reverse("login"),
        {"login": username, "password": password},
        REMOTE_ADDR=address,
        **headers,
    )


def _token(password: str, username: str = "alice", address: str = "203.0.113.7"):
    return APIClient().post(
        reverse("api-token"),
        {"username": username, "password": password},
        format="json",
        REMOTE_ADDR=address,
    )


def test_bad_passwords_lock_the_login_form_with_the_reason(client, demo):
    for _ in range(LIMIT - 1):
        refused = _log_in(client, "wrong")
        assert refused.status_code == 200
        assert "Please enter a correct username and password" in refused.content.decode()

    locked = _log_in(client, "wrong")
    assert locked.status_code == 429
    assert LOCKED in locked.content.decode()
    assert "try again in 15 minutes" in locked.content.decode()

    # Even the right password now waits out the lockout.
    right = _log_in(client, DEMO_PASSWORD)
    assert right.status_code == 429 and LOCKED in right.content.decode()
    assert "_auth_user_id" not in client.session


def test_the_lockout_lifts_after_the_minutes_it_names(client, demo):
    for _ in range(LIMIT):
        _log_in(client, "wrong")
    with time_machine.travel(timezone.now() + timedelta(minutes=14), tick=False):
        assert _log_in(client, DEMO_PASSWORD).status_code == 429
    with time_machine.travel(timezone.now() + timedelta(minutes=30), tick=False):
        assert _log_in(client, DEMO_PASSWORD).status_code == 302


def test_the_lockout_is_for_that_username_from_that_address_only(client, demo):
    for _ in range(LIMIT):
        _log_in(client, "wrong")
    assert _log_in(client, DEMO_PASSWORD, address="198.51.100.2").status_code == 302
    assert _log_in(client, DEMO_PASSWORD, username="bob").status_code == 302


def test_behind_the_proxy_each_client_address_counts_apart(client, demo, settings):
    """PROXY_COUNT=1 (the compose deployment): the proxy's own address is every client's,
    so the lockout reads the address the proxy appended to X-Forwarded-For."""
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}
    proxy = "172.18.0.5"
    for _ in range(LIMIT):
        _log_in(client, "wrong", address=proxy, HTTP_X_FORWARDED_FOR="203.0.113.7")
    guesser = _log_in(client, DEMO_PASSWORD, address=proxy, HTTP_X_FORWARDED_FOR="203.0.113.7")
    assert guesser.status_code == 429
    # A client cannot pose as another by sending an X-Forwarded-For of its own.
    posing = "198.51.100.2, 203.0.113.7"
    assert (
        _log_in(client, DEMO_PASSWORD, address=proxy, HTTP_X_FORWARDED_FOR=posing).status_code
        == 429
    )
    player = _log_in(client, DEMO_PASSWORD, address=proxy, HTTP_X_FORWARDED_FOR="198.51.100.2")
    assert player.status_code == 302


def test_a_good_password_resets_the_count(client, demo):
    for _ in range(LIMIT - 1):
        _log_in(client, "wrong")
    assert _log_in(client, DEMO_PASSWORD).status_code == 302
    client.logout()
    for _ in range(LIMIT - 1):
        assert _log_in(client, "wrong").status_code == 200
    assert _log_in(client, DEMO_PASSWORD).status_code == 302


def test_bad_passwords_lock_the_api_token_with_a_json_reason(demo):
    for _ in range(LIMIT - 1):
        refused = _token("wrong")
        assert refused.status_code == 400
        assert refused.json()["detail"] == "Unable to log in with provided credentials."

    locked = _token("wrong")
    assert locked.status_code == 429
    assert LOCKED in locked.json()["detail"]

    right = _token(DEMO_PASSWORD)
    assert right.status_code == 429 and LOCKED in right.json()["detail"]
    assert "token" not in right.json()


def _tiny_rates(settings, **rates):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {"user": "1000/hour", "token": "20/hour", **rates},
    }


def test_the_api_answers_429_with_a_reason_past_the_user_rate(settings, demo):
    _tiny_rates(settings, user="3/hour")
    alice, bob = token_client(demo.players["alice"]), token_client(demo.players["bob"])
    for _ in range(3):
        assert alice.get(api(demo)).status_code == 200

    throttled = alice.get(api(demo))
    assert throttled.status_code == 429
    assert "throttled" in throttled.json()["detail"]
    assert int(throttled["Retry-After"]) > 0
    # Per user: Bob's requests are his own.
    assert bob.get(api(demo)).status_code == 200


def test_the_token_endpoint_has_a_stricter_rate_of_its_own(settings, demo):
    _tiny_rates(settings, token="2/hour")
    assert _token(DEMO_PASSWORD).status_code == 200
    assert _token(DEMO_PASSWORD).status_code == 200

    throttled = _token(DEMO_PASSWORD)
    assert throttled.status_code == 429
    assert "throttled" in throttled.json()["detail"]
    # Per client address.
    assert _token(DEMO_PASSWORD, address="198.51.100.2").status_code == 200
