"""The profile page: a player's display name (shown in the header), his time zone (every
date on every page reads in it) and language, and his personal API tokens, made and
revoked from the page and accepted by the API."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from rest_framework.test import APIClient

from campaign.accounts.models import Profile
from campaign.models import Turn
from campaign.tokens.models import PersonalToken

pytestmark = pytest.mark.django_db

PROFILE = {"display_name": "", "time_zone": "UTC", "language": "en"}
DEADLINE = dt.datetime(2031, 1, 6, 18, 0, tzinfo=dt.UTC)  # a Monday, 18:00 UTC


def _save(client, **changes):
    return client.post(reverse("profile"), {**PROFILE, **changes})


@pytest.fixture
def alice(client, demo) -> User:
    client.force_login(demo.players["alice"])
    return demo.players["alice"]


def test_the_profile_page_shows_the_defaults_until_saved(client, alice):
    page = client.get(reverse("profile")).content.decode()
    assert '<option value="UTC" selected>UTC</option>' in page
    assert '<option value="" selected>The browser&#x27;s language</option>' in page
    assert '<option value="Europe/Rome">Europe/Rome</option>' in page
    assert not Profile.objects.filter(user=alice).exists()


def test_the_display_name_is_shown_in_the_header(client, alice):
    header = re.compile(r'<a class="who" href="/accounts/profile/">([^<]*)</a>')
    assert header.findall(client.get(reverse("campaign-list")).content.decode()) == ["alice"]
    saved = _save(client, display_name="  Alice of Averland ")
    assert saved.status_code == 302 and saved["Location"] == reverse("profile")
    page = client.get(saved["Location"]).content.decode()
    assert "Your profile is saved." in page
    assert header.findall(page) == ["Alice of Averland"]


def _deadline_shown(client, demo) -> str:
    Turn.objects.filter(pk=demo.turn.pk).update(deadline=DEADLINE)
    page = client.get(reverse("campaign-detail", args=[demo.campaign.pk])).content.decode()
    return re.search(r'<time datetime="([^"]*)">([^<]*)</time>', page).groups()


def test_the_time_zone_shows_every_date_in_the_players_hours(client, demo, alice):
    assert _deadline_shown(client, demo) == (
        "2031-01-06T18:00:00+00:00",
        "Mon 6 Jan 2031, 18:00 UTC",
    )
    _save(client, time_zone="Asia/Tokyo")
    assert _deadline_shown(client, demo) == (
        "2031-01-07T03:00:00+09:00",
        "Tue 7 Jan 2031, 03:00 JST",
    )
    client.force_login(demo.players["bob"])  # bob keeps the default
    assert _deadline_shown(client, demo)[1] == "Mon 6 Jan 2031, 18:00 UTC"


def test_the_api_keeps_speaking_utc_whatever_the_browsers_zone(client, demo, alice):
    _save(client, time_zone="Asia/Tokyo")
    Turn.objects.filter(pk=demo.turn.pk).update(deadline=DEADLINE)
    turn = client.get(f"/api/campaigns/{demo.campaign.pk}/turn/").json()
    assert turn["deadline"] == "2031-01-06T18:00:00Z"


def test_the_language_is_stored_and_activated(client, alice):
    _save(client, language="it")
    assert Profile.objects.get(user=alice).language == "it"
    page = client.get(reverse("profile")).content.decode()
    assert '<html lang="it">' in page
    assert '<option value="it" selected>Italiano</option>' in page


@pytest.mark.parametrize(
    ("changes", "field", "reason"),
    [
        ({"time_zone": "Mars/Olympus"}, "time_zone", "Select a valid choice."),
        ({"language": "fr"}, "language", "Select a valid choice."),
        ({"display_name": "x" * 61}, "display_name", "at most 60 characters"),
        ({"display_name": "Bad\u202ename"}, "display_name", "text-direction characters"),
    ],
)
def test_a_bad_choice_is_refused_by_its_field_and_nothing_is_saved(
    client, alice, changes, field, reason
):
    refused = _save(client, **changes)
    assert refused.status_code == 400
    html = refused.content.decode()
    label = html.index(f'for="id_{field}"')
    assert reason in html[label:]
    assert not Profile.objects.filter(user=alice).exists()


# Personal API tokens, from the page


def _make_token(client, name: str = "map bot", scope: str = "read", **headers):
    return client.post(reverse("profile-tokens"), {"name": name, "scope": scope}, **headers)


def test_a_token_made_on_the_page_shows_its_key_once_and_opens_the_api(client, demo, alice):
    made = _make_token(client, HTTP_HX_REQUEST="true")
    html = made.content.decode()
    assert made.status_code == 200
    assert html.lstrip().startswith('<section id="tokens"')  # HTMX: the section alone
    key = re.search(r'<code class="hash">(wpt_[^<]+)</code>', html).group(1)
    assert "it is not shown again" in html

    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert [c["id"] for c in api.get("/api/campaigns/").json()] == [demo.campaign.pk]
    # read-only: it may not write
    assert api.post(f"/api/campaigns/{demo.campaign.pk}/orders/ready/", {}).status_code == 403

    again = client.get(reverse("profile")).content.decode()
    assert "map bot" in again and key not in again


def test_a_read_write_token_may_write(client, demo, alice):
    html = _make_token(client, scope="write").content.decode()  # no HTMX: the whole page
    assert "<html" in html
    key = re.search(r'<code class="hash">(wpt_[^<]+)</code>', html).group(1)
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    ready = api.post(
        f"/api/campaigns/{demo.campaign.pk}/orders/ready/", {"ready": True}, format="json"
    )
    assert ready.status_code == 200


def test_a_token_revoked_on_the_page_opens_nothing(client, alice):
    html = _make_token(client, HTTP_HX_REQUEST="true").content.decode()
    key = re.search(r'<code class="hash">(wpt_[^<]+)</code>', html).group(1)
    token = PersonalToken.objects.get(user=alice)
    revoked = client.post(reverse("profile-token-revoke", args=[token.pk]), HTTP_HX_REQUEST="true")
    assert revoked.status_code == 200 and "revoked" in revoked.content.decode()
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert api.get("/api/campaigns/").status_code == 401


def test_a_token_without_a_name_is_refused_by_its_field(client, alice):
    refused = _make_token(client, name="  ", HTTP_HX_REQUEST="true")
    assert refused.status_code == 200  # HTMX swaps only a success
    html = refused.content.decode()
    assert "Name the token" in html[html.index('for="id_name"') :]
    assert not PersonalToken.objects.exists()


def test_another_players_token_answers_as_a_missing_one(client, demo, alice):
    bob = demo.players["bob"]
    client.force_login(bob)
    _make_token(client)
    token = PersonalToken.objects.get(user=bob)
    client.force_login(alice)
    hidden = client.post(reverse("profile-token-revoke", args=[token.pk]))
    missing = client.post(reverse("profile-token-revoke", args=[token.pk + 1000]))
    assert (hidden.status_code, hidden.content) == (404, missing.content)
    assert PersonalToken.objects.get(pk=token.pk).revoked_at is None


def test_the_profile_page_offers_the_notification_preferences_as_saved(client, alice):
    """Each kind of notification, and how it reaches him, on his own profile page."""
    from campaign.notifications.models import Delivery, Kind, Preference

    Preference.objects.create(user=alice, kind=Kind.RESULTS, delivery=Delivery.OFF)
    page = client.get(reverse("profile")).content.decode()
    assert 'id="notification-preferences"' in page
    assert str(Kind.AGREEMENT_PROPOSED.label) in page
    chosen = re.search(rf'name="notify-{Kind.RESULTS.value}"[^>]*value="off"[^>]*checked', page)
    selected = re.search(
        rf'<select name="notify-{Kind.RESULTS.value}".*?<option value="off" selected>', page, re.S
    )
    assert chosen or selected, "the saved choice is the one shown"
