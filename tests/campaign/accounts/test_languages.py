"""Each page in the reader's language: the one his profile names, else the one his browser
asks for (its Accept-Language, or the cookie of the log-in page's picker); the API in
English whatever the browser asks (campaign.accounts.middleware)."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.urls import reverse

from campaign.accounts.models import Profile
from campaign.tokens.models import PersonalToken
from campaign.tokens.services import token_create

pytestmark = pytest.mark.django_db

PROFILE = {"display_name": "", "time_zone": "UTC"}
HTML_LANG = re.compile(r'<html lang="([^"]*)">')


def _lang(response) -> str:
    return HTML_LANG.search(response.content.decode()).group(1)


def test_a_stranger_reads_the_language_his_browser_asks_for(client):
    assert _lang(client.get(reverse("login"), HTTP_ACCEPT_LANGUAGE="es-ES,es;q=0.9")) == "es"
    assert _lang(client.get(reverse("login"), HTTP_ACCEPT_LANGUAGE="fr,it;q=0.8")) == "it"
    assert _lang(client.get(reverse("login"), HTTP_ACCEPT_LANGUAGE="fr")) == "en"


def test_a_page_in_the_browsers_language_tells_caches_it_depends_on_it(client):
    page = client.get(reverse("login"), HTTP_ACCEPT_LANGUAGE="es")
    assert "Accept-Language" in page["Vary"] and page["Content-Language"] == "es"


def test_a_form_error_reads_in_the_strangers_language(client):
    """Django's own texts are already translated: the log-in form's, in Italian."""
    page = client.post(reverse("login"), {}, HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert "Campo obbligatorio." in page and "This field is required." not in page


def test_the_log_in_page_offers_the_languages_each_by_its_own_name(client):
    page = client.get(reverse("login"), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    picker = page[page.index('<form class="language-picker"') :]
    assert f'action="{reverse("set_language")}"' in picker
    assert 'name="csrfmiddlewaretoken"' in picker
    assert '<option value="es" lang="es" selected>Español</option>' in picker
    assert '<option value="it" lang="it">Italiano</option>' in picker
    assert '<option value="en" lang="en">English</option>' in picker
    assert "language-picker" in client.get(reverse("account_signup")).content.decode()


def test_the_picker_sets_the_strangers_language_for_the_next_pages(client):
    chosen = client.post(
        reverse("set_language"), {"language": "it", "next": reverse("account_signup")}
    )
    assert chosen.status_code == 302 and chosen["Location"] == reverse("account_signup")
    cookie = client.cookies["django_language"]
    assert cookie.value == "it" and cookie["httponly"] and cookie["samesite"] == "Lax"
    assert _lang(client.get(reverse("account_signup"), HTTP_ACCEPT_LANGUAGE="es")) == "it"


def test_the_picker_takes_only_a_post(client):
    assert client.get(reverse("set_language"), {"language": "it"}).status_code == 405


def test_a_profile_with_no_language_chosen_reads_the_browsers(client, demo):
    client.force_login(demo.players["alice"])
    client.post(reverse("profile"), {**PROFILE, "language": ""})
    assert Profile.objects.get(user=demo.players["alice"]).language == ""
    assert _lang(client.get(reverse("profile"), HTTP_ACCEPT_LANGUAGE="es")) == "es"
    assert _lang(client.get(reverse("profile"), HTTP_ACCEPT_LANGUAGE="it")) == "it"


def test_a_chosen_language_wins_over_the_browsers(client, demo):
    client.force_login(demo.players["alice"])
    saved = client.post(reverse("profile"), {**PROFILE, "language": "it"})
    assert saved.status_code == 302
    page = client.get(reverse("campaign-list"), HTTP_ACCEPT_LANGUAGE="es")
    assert _lang(page) == "it" and page["Content-Language"] == "it"
    back = client.post(reverse("profile"), {**PROFILE, "language": ""})
    assert back.status_code == 302
    assert _lang(client.get(reverse("campaign-list"), HTTP_ACCEPT_LANGUAGE="es")) == "es"


def test_the_profile_offers_the_browsers_language_then_each_by_its_own_name(client, demo):
    client.force_login(demo.players["alice"])
    page = client.get(reverse("profile")).content.decode()
    assert '<option value="" selected>The browser&#x27;s language</option>' in page
    for code, name in (("en", "English"), ("it", "Italiano"), ("es", "Español")):
        assert f'<option value="{code}">{name}</option>' in page


def test_the_api_speaks_english_whatever_the_browser_asks(client):
    answer = client.post(reverse("api-token"), {}, HTTP_ACCEPT_LANGUAGE="it")
    assert answer.status_code == 400
    assert answer["Content-Language"] == "en"
    assert "This field is required." in answer.content.decode()


def test_a_date_reads_in_the_readers_language_and_hours(client, demo):
    """A token's date on the profile page: the month's name in Italian, the hour in the
    profile's time zone."""
    alice = demo.players["alice"]
    client.force_login(alice)
    client.post(reverse("profile"), {**PROFILE, "time_zone": "Europe/Rome", "language": "it"})
    token, _key = token_create(user=alice, name="bot", scope=PersonalToken.Scope.READ)
    PersonalToken.objects.filter(pk=token.pk).update(
        created_at=dt.datetime(2031, 1, 6, 18, 0, tzinfo=dt.UTC)
    )
    page = client.get(reverse("profile")).content.decode()
    assert "<td>6 Gen 2031, 19:00 CET</td>" in page
