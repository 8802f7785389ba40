"""Accounts (django-allauth): a stranger signs up, confirms his address by the link mailed
to him and is in; he logs in by username or e-mail address, resets a forgotten password
by mail, changes it; the logins the admin made (the demo's) log in as before, and the
lockout counts a guesser's tries whichever name he types."""

from __future__ import annotations

import re

import pytest
from django.conf import settings as django_settings
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client
from django.urls import reverse

from campaign.campaigns.setup import DEMO_PASSWORD

pytestmark = pytest.mark.django_db

PASSWORD = "a long horse battery"
LIMIT = django_settings.AXES_FAILURE_LIMIT


def _link(message) -> str:
    """The one link of the site's in a mail, as a path."""
    return re.search(r"https?://testserver(/\S+)", message.body).group(1)


def _sign_up(client, username: str = "zoe", email: str = "zoe@example.org"):
    return client.post(
        reverse("account_signup"),
        {"username": username, "email": email, "password1": PASSWORD, "password2": PASSWORD},
    )


def _logged_in_as(client) -> str | None:
    user_id = client.session.get("_auth_user_id")
    return User.objects.get(pk=user_id).username if user_id else None


def test_signing_up_mails_a_link_that_confirms_the_address_and_logs_in(client):
    assert client.get(reverse("account_signup")).status_code == 200
    signed = _sign_up(client)
    assert signed.status_code == 302
    assert _logged_in_as(client) is None  # not before the address is confirmed
    page = client.get(signed["Location"]).content.decode()
    assert "We have sent you an e-mail with a link" in page

    [message] = mail.outbox
    assert message.to == ["zoe@example.org"]
    assert message.subject.startswith("[Warpost] ")
    confirm = client.get(_link(message))
    assert "zoe@example.org" in confirm.content.decode()
    confirmed = client.post(_link(message), follow=True)
    assert _logged_in_as(client) == "zoe"
    assert "My campaigns" in confirmed.content.decode()


def test_an_unconfirmed_address_cannot_log_in_and_gets_a_new_link(client):
    _sign_up(client)
    client.logout()
    tried = client.post(reverse("login"), {"login": "zoe", "password": PASSWORD}, follow=True)
    assert _logged_in_as(client) is None
    assert "Confirm your e-mail address" in tried.content.decode()


def test_a_taken_username_is_refused_by_its_field(client, demo):
    refused = _sign_up(client, username="alice", email="new@example.org")
    assert refused.status_code == 200
    assert "A user with that username already exists." in refused.content.decode()
    assert not User.objects.filter(email="new@example.org").exists()


def test_a_taken_address_makes_no_account_and_tells_the_stranger_nothing(client):
    """Signing up with someone's address reads as with a new one, so that nobody learns
    whose address is here; no account is made."""
    _confirmed_user(Client(), username="yan", email="yan@example.org")
    again = _sign_up(client, username="yannick", email="YAN@example.org")
    assert again.status_code == 302
    assert "We have sent you an e-mail" in client.get(again["Location"]).content.decode()
    assert not User.objects.filter(username="yannick").exists()


def _confirmed_user(client, username: str = "zoe", email: str = "zoe@example.org") -> User:
    _sign_up(client, username, email)
    client.post(_link(mail.outbox[-1]))
    client.logout()
    return User.objects.get(username=username)


def test_a_player_logs_in_by_his_email_address_as_by_his_username(client):
    _confirmed_user(client)
    by_email = client.post(reverse("login"), {"login": "Zoe@Example.org", "password": PASSWORD})
    assert by_email.status_code == 302 and by_email["Location"] == reverse("campaign-list")
    assert _logged_in_as(client) == "zoe"
    client.logout()
    client.post(reverse("login"), {"login": "zoe", "password": PASSWORD})
    assert _logged_in_as(client) == "zoe"


def test_a_wrong_password_by_email_address_says_so(client):
    _confirmed_user(client)
    refused = client.post(reverse("login"), {"login": "zoe@example.org", "password": "no"})
    assert refused.status_code == 200
    assert "Please enter a correct e-mail address and password." in refused.content.decode()


def test_the_demo_logins_log_in_without_an_address_to_confirm(client, demo):
    """The admin's logins (the demo's, alice, bob, … with the demo password) have no
    e-mail address: nothing to confirm, they log in at once, as before sign-up existed."""
    for name in ("gm", "alice", "bob"):
        response = client.post(reverse("login"), {"login": name, "password": DEMO_PASSWORD})
        assert response.status_code == 302 and response["Location"] == reverse("campaign-list")
        assert _logged_in_as(client) == name
        client.post(reverse("logout"))
        assert _logged_in_as(client) is None
    assert mail.outbox == []


def test_a_forgotten_password_is_reset_by_the_mailed_link(client):
    _confirmed_user(client)
    asked = client.post(reverse("account_reset_password"), {"email": "zoe@example.org"})
    assert asked.status_code == 302
    assert "we have sent it a link" in client.get(asked["Location"]).content.decode()

    message = mail.outbox[-1]
    assert message.to == ["zoe@example.org"]
    form = client.get(_link(message), follow=True)
    assert "Choose a new password" in form.content.decode()
    new = "another long horse battery"
    done = client.post(form.redirect_chain[-1][0], {"password1": new, "password2": new})
    assert done.status_code == 302
    assert client.post(reverse("login"), {"login": "zoe", "password": PASSWORD}).status_code == 200
    assert client.post(reverse("login"), {"login": "zoe", "password": new}).status_code == 302


def test_a_player_changes_his_password(client, demo):
    client.force_login(demo.players["alice"])
    new = "a new long password"
    changed = client.post(
        reverse("account_change_password"),
        {"oldpassword": DEMO_PASSWORD, "password1": new, "password2": new},
    )
    assert changed.status_code == 302
    client.logout()
    assert client.post(reverse("login"), {"login": "alice", "password": new}).status_code == 302


def test_the_lockout_counts_the_email_address_as_its_username(client):
    """A guesser gains no tries by typing the address in place of the username."""
    _confirmed_user(client)
    for attempt in range(LIMIT - 1):
        login = "zoe" if attempt % 2 else "zoe@example.org"
        client.post(reverse("login"), {"login": login, "password": "wrong"})
    locked = client.post(reverse("login"), {"login": "zoe@example.org", "password": "wrong"})
    assert locked.status_code == 429
    assert client.post(reverse("login"), {"login": "zoe", "password": PASSWORD}).status_code == 429
