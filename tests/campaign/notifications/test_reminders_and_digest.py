"""A day before a deadline each player is told exactly what he still has to do for it; each
person's preferences say whether a kind is e-mailed at once, in the daily digest, or not."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core import mail

from battles.decisions.services import battle_decide
from battles.models import BattleSide
from campaign.notifications.models import Delivery, Kind, Notification
from campaign.notifications.services import preferences_set
from campaign.notifications.tasks import notifications_digest, reminders_send_due
from campaign.turns.narration import when_text
from kingdoms.orders.services import order_submit
from tests.campaign.notifications.conftest import got, mail_text, mails_to

pytestmark = pytest.mark.django_db


def _reminded(name: str, demo) -> list[str]:
    rows = Notification.objects.filter(kind=Kind.REMINDER, user=demo.players[name])
    return [line for row in rows for line in row.lines]


def test_the_orders_reminder_lists_exactly_what_each_player_is_missing(
    mailed, committed, time_machine
):
    """A-2.1, Q7: Alice gave her First Army an order, Bob both his armies theirs, Carol and
    Dave none. A day before the deadline Alice reads of her Second Army alone, Carol and
    Dave of both of theirs; Bob, who misses nothing, and the GM get no reminder."""
    alice, bob = mailed.kingdoms["alice"], mailed.kingdoms["bob"]
    order_submit(army=alice.armies.get(name="First Army"), by=mailed.players["alice"], kind="rest")
    for army in bob.armies.all():
        order_submit(army=army, by=mailed.players["bob"], kind="rest")
    deadline = mailed.turn.deadline
    time_machine.move_to(deadline - dt.timedelta(hours=25), tick=False)
    with committed():
        assert reminders_send_due() == 0, "not yet: the deadline is more than a day away"
    time_machine.move_to(deadline - dt.timedelta(hours=23), tick=False)
    with committed():
        assert reminders_send_due() == 1
    assert got(Kind.REMINDER) == {"alice", "carol", "dave"}
    assert _reminded("alice", mailed)[0] == "Still missing: Second Army has no order."
    assert _reminded("carol", mailed)[0] == (
        "Still missing: First Army has no order; Second Army has no order."
    )
    (sent,) = [m for m in mails_to(mailed.players["alice"]) if "a day left" in m.subject]
    assert "Second Army has no order" in mail_text(sent)
    assert "First Army" not in mail_text(sent)
    with committed():
        assert reminders_send_due() == 0, "one reminder a deadline"
    assert Notification.objects.filter(kind=Kind.REMINDER).count() == 3


def test_the_decisions_reminder_lists_the_battles_still_undecided(
    mailed, step, invade, committed, time_machine
):
    """A-2.4: Bob chose for one of his two battles; he is reminded of the other alone, and
    the others of theirs."""
    invade("alice", "bob", "carol", "dave")
    turn = step()
    bob_sides = BattleSide.objects.filter(
        battle__turn=turn, kingdom=mailed.kingdoms["bob"]
    ).order_by("battle__seq")
    bob_sides = [side for side in bob_sides if side.battle.needs_decisions]
    battle_decide(side=bob_sides[0], by=mailed.players["bob"], decision="fight")
    time_machine.move_to(turn.decisions_deadline - dt.timedelta(hours=2), tick=False)
    with committed():
        reminders_send_due()
    left = bob_sides[1].battle.seq
    assert _reminded("bob", mailed) == [
        f"Still missing: battle {left} needs fight or retreat.",
        f"The deadline is {when_text(turn.decisions_deadline)}.",
    ]
    assert got(Kind.REMINDER) == {"alice", "bob", "carol", "dave"}


def _propose(demo, committed, proposer: str, partner: str, kind: str = "alliance") -> None:
    from kingdoms.agreements.services import agreement_propose

    with committed():
        agreement_propose(
            campaign=demo.campaign,
            by=demo.players[proposer],
            kind=kind,
            partner_id=demo.kingdoms[partner].pk,
        )


def test_off_keeps_a_kind_out_of_the_mailbox_but_in_the_inbox(mailed, committed):
    preferences_set(user=mailed.players["carol"], choices={Kind.AGREEMENT_PROPOSED: Delivery.OFF})
    _propose(mailed, committed, "alice", "carol")
    assert got(Kind.AGREEMENT_PROPOSED) == {"carol"}
    assert mail.outbox == []


def test_digest_waits_for_the_daily_digest_which_sends_one_e_mail(mailed, committed, time_machine):
    """Carol wants proposals in her digest: two proposals, then the morning's digest
    brings both in one e-mail, and the next morning's nothing."""
    preferences_set(
        user=mailed.players["carol"], choices={Kind.AGREEMENT_PROPOSED: Delivery.DIGEST}
    )
    _propose(mailed, committed, "alice", "carol")
    _propose(mailed, committed, "bob", "carol", kind="cease_fire")
    assert mail.outbox == []
    time_machine.move_to(dt.datetime(2031, 1, 2, 7, tzinfo=dt.UTC), tick=False)
    with committed():
        assert notifications_digest() == 1
    (digest,) = mail.outbox
    assert digest.to == ["carol@example.org"]
    assert "2 notifications" in digest.subject
    text = mail_text(digest)
    assert "Averland proposes an alliance" in text
    assert "Bretonnia proposes a cease fire" in text
    with committed():
        assert notifications_digest() == 0
    assert len(mail.outbox) == 1


def test_at_once_is_the_default_of_what_waits_for_an_answer(mailed, committed):
    _propose(mailed, committed, "alice", "carol")
    (sent,) = mail.outbox
    assert sent.to == ["carol@example.org"]
    assert Notification.objects.get().email == Notification.Email.SENT


def test_a_person_without_an_e_mail_address_has_the_inbox_alone(mailed, committed):
    carol = mailed.players["carol"]
    carol.email = ""
    carol.save(update_fields=["email"])
    _propose(mailed, committed, "alice", "carol")
    assert got(Kind.AGREEMENT_PROPOSED) == {"carol"}
    assert mail.outbox == []
