"""The chronicle page speaks its reader's language and shows each entry's rule as a small
link into the rulebook beside the sentence, never inside it."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from campaign.accounts.models import Profile
from campaign.chronicle.views import chronicle_by_turn
from campaign.core.access import Access
from campaign.core.viewers import membership_for, viewer_for

pytestmark = pytest.mark.django_db


def test_each_line_carries_its_rule_beside_its_sentence(demo):
    """The chronicle's lines, as pages and the gazette get them: the sentence, and the
    entry's rule on its own (A-2.1: the turn opened for orders)."""
    membership = membership_for(demo.players["alice"], demo.campaign)
    access = Access(demo.campaign, membership, viewer_for(membership))
    lines = [line for group in chronicle_by_turn(access) for line in group["lines"]]
    opened = next(line for line in lines if line["kind"] == "TurnOpened")
    assert opened["rule"] and opened["rule"] not in opened["text"]
    assert opened["text"].startswith(f"Turn {demo.turn.number} opened for orders")


def test_an_italian_reader_gets_the_rule_as_a_link_and_his_own_hours(client, demo):
    """Alice reads Italian in Rome: the page narrates the turn in her profile's language
    (A-2.1: the turn opened for orders), not the site's nor the one her browser asks
    for, the turn's deadline in Rome's hours, each rule a link into the rulebook and no
    rule in brackets."""
    alice = demo.players["alice"]
    Profile.objects.update_or_create(
        user=alice, defaults={"language": "it", "time_zone": "Europe/Rome"}
    )
    client.force_login(alice)
    page = client.get(
        reverse("chronicle", args=[demo.campaign.pk]), HTTP_ACCEPT_LANGUAGE="es"
    ).content.decode()
    assert f"Il turno {demo.turn.number} è aperto agli ordini" in page
    assert "opened for orders" not in page
    assert '<small class="rule-ref"><a href="/rulebook/' in page
    assert not re.search(r"\[(?:A|E|Q|P)-?[\d.]+\]", page)
    assert "CET" in page or "CEST" in page
