"""Notifications and their e-mails are written for their recipient: in his profile's
language and time zone, whoever's request or worker writes them; each e-mail says which
language it is in (Content-Language)."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from django.utils import timezone, translation

from campaign.accounts.models import Profile
from campaign.notifications import content
from campaign.notifications.models import Delivery, Kind
from campaign.notifications.services import preferences_set
from campaign.notifications.tasks import notifications_digest
from tests.campaign.notifications.conftest import mail_text, mails_to

pytestmark = pytest.mark.django_db


def _speaks(user, language: str, zone: str) -> None:
    Profile.objects.update_or_create(user=user, defaults={"language": language, "time_zone": zone})


def _propose(demo, committed, proposer: str, partner: str, kind: str = "alliance") -> None:
    from kingdoms.agreements.services import agreement_propose

    with committed():
        agreement_propose(
            campaign=demo.campaign,
            by=demo.players[proposer],
            kind=kind,
            partner_id=demo.kingdoms[partner].pk,
        )


def test_each_notification_is_written_in_its_recipients_language_and_hours(
    mailed, committed, monkeypatch
):
    """Alice proposes from her English page; Carol (Italian, Rome) has her notification
    written in Italian and in Rome's hours."""
    _speaks(mailed.players["carol"], "it", "Europe/Rome")
    written = []
    builder = content.BUILDERS[Kind.AGREEMENT_PROPOSED]

    def recording(reader, context):
        written.append(
            (
                reader.membership.user.username,
                translation.get_language(),
                timezone.get_current_timezone_name(),
            )
        )
        return builder(reader, context)

    monkeypatch.setitem(content.BUILDERS, Kind.AGREEMENT_PROPOSED, recording)
    with translation.override("en"):
        _propose(mailed, committed, "alice", "carol")
    assert ("carol", "it", "Europe/Rome") in written


def test_an_e_mail_is_in_its_recipients_language(mailed, committed):
    """Carol reads Italian: her e-mail says so, and its page's language is Italian; Alice's
    own e-mail stays English."""
    _speaks(mailed.players["carol"], "it", "Europe/Rome")
    _propose(mailed, committed, "alice", "carol")
    _propose(mailed, committed, "carol", "alice", kind="cease_fire")
    (to_carol,) = mails_to(mailed.players["carol"])
    assert to_carol.extra_headers["Content-Language"] == "it"
    assert '<html lang="it">' in mail_text(to_carol)
    (to_alice,) = mails_to(mailed.players["alice"])
    assert to_alice.extra_headers["Content-Language"] == "en"


def test_the_digest_dates_each_notification_in_its_recipients_time_zone(
    mailed, committed, time_machine
):
    """Carol lives in Rome: a proposal made at 17:30 UTC on 1 January reads 18:30 in her
    digest, with Rome's zone and Italian day and month names; Bob, in UTC, reads 17:30."""
    for name in ("carol", "bob"):
        preferences_set(
            user=mailed.players[name], choices={Kind.AGREEMENT_PROPOSED: Delivery.DIGEST}
        )
    _speaks(mailed.players["carol"], "it", "Europe/Rome")
    time_machine.move_to(dt.datetime(2031, 1, 1, 17, 30, tzinfo=dt.UTC), tick=False)
    _propose(mailed, committed, "alice", "carol")
    _propose(mailed, committed, "alice", "bob", kind="cease_fire")
    time_machine.move_to(dt.datetime(2031, 1, 2, 7, tzinfo=dt.UTC), tick=False)
    with committed():
        assert notifications_digest() == 2
    (to_carol,) = mails_to(mailed.players["carol"])
    assert "Mer 1 Gen 2031, 18:30 CET" in mail_text(to_carol)
    assert "17:30" not in mail_text(to_carol)
    (to_bob,) = mails_to(mailed.players["bob"])
    assert "Wed 1 Jan 2031, 17:30 UTC" in mail_text(to_bob)


def test_the_gazette_keeps_its_shape_and_speaks_its_gms_language(mailed):
    """The webhook's JSON keys are the receiver's, the same for every campaign; its words
    are for the campaign's players, in their GM's language: an Italian GM's gazette groups
    thousands the Italian way."""
    from campaign.chronicle.services import chronicle_record
    from campaign.notifications.delivery import gazette_build
    from campaign.notifications.services import webhook_set

    _speaks(mailed.gm, "it", "Europe/Rome")
    webhook_set(campaign=mailed.campaign, by=mailed.gm, url="https://example.org/hook")
    payload = {"hex": [1, 0], "points": 2500}
    chronicle_record(mailed.turn, "DefenderAppeared", payload, rule="A-1.5.2", public=True)
    body = json.loads(gazette_build(campaign_id=mailed.campaign.pk).body)
    assert set(body) == {"username", "content", "embeds"}
    assert set(body["embeds"][0]) == {"title", "description"}
    assert "2.500" in body["embeds"][0]["description"]
