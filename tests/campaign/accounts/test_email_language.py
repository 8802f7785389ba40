"""The account e-mails (django-allauth's) speak their owner's language, whatever the
language of the page that asked for them."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.urls import reverse

from campaign.accounts.models import Profile

pytestmark = pytest.mark.django_db


def test_a_password_reset_mail_is_in_its_owners_language(client):
    """Zoe reads Italian: the reset link she asks for from an English page comes in
    Italian (allauth's own catalog), and says so."""
    zoe = User.objects.create_user("zoe", "zoe@example.org", "a long horse battery")
    zoe.emailaddress_set.create(email="zoe@example.org", verified=True, primary=True)
    Profile.objects.update_or_create(user=zoe, defaults={"language": "it"})
    client.post(
        reverse("account_reset_password"),
        {"email": "zoe@example.org"},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    (message,) = mail.outbox
    assert message.extra_headers["Content-Language"] == "it"
    assert "Email per reimpostare la password" in message.subject
