"""The invitation e-mail speaks its reader's language: a player with an account reads it
in his profile's; a stranger, who has none, in the inviting GM's."""

from __future__ import annotations

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from campaign.accounts.models import Profile

pytestmark = pytest.mark.django_db


def _invite(demo, email: str):
    gm = Client()
    gm.force_login(demo.gm)
    gm.post(reverse("invitation-send", args=[demo.campaign.pk]), {"email": email})
    return mail.outbox[-1]


def test_a_player_with_an_account_reads_the_invitation_in_his_language(demo):
    carol = demo.players["carol"]
    carol.email = "carol@example.org"
    carol.save(update_fields=["email"])
    Profile.objects.update_or_create(user=carol, defaults={"language": "es"})
    invitation = _invite(demo, "Carol@Example.org")
    assert invitation.extra_headers["Content-Language"] == "es"
    assert '<html lang="es">' in invitation.alternatives[0][0]


def test_a_stranger_reads_it_in_the_inviting_gms_language(demo):
    Profile.objects.update_or_create(user=demo.gm, defaults={"language": "it"})
    invitation = _invite(demo, "stranger@example.com")
    assert invitation.extra_headers["Content-Language"] == "it"
