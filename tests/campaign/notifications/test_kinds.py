"""Each moment a person should act on reaches the people it concerns, and no one else: in
the inbox, and by e-mail at once for the kinds that wait for an answer."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
from django.core import mail
from django.utils import timezone

from battles.decisions.services import battle_decide
from battles.models import Battle, BattleSide
from battles.tabletop.services import battle_report_dispute, battle_report_submit
from campaign.accounts.models import Profile
from campaign.models import Hex, Turn
from campaign.notifications.models import Kind, Notification
from campaign.turns.narration import when_text
from kingdoms.agreements.services import agreement_propose
from kingdoms.messages.services import message_post, thread_start
from kingdoms.orders.services import order_submit, orders_ready_set
from rules.battles.tabletop import TabletopReport
from rules.core.state import DefenderKind, Role
from tests.campaign.notifications.conftest import got, mail_text, mails_to

pytestmark = pytest.mark.django_db

PLAYERS = {"alice", "bob", "carol", "dave"}


def test_a_new_turn_reaches_every_player_and_not_the_gm(mailed, step):
    """A-2.1: once turn 1 is resolved, turn 2 opens; each player hears of it at once."""
    step()
    step()
    assert got(Kind.TURN_OPENED) == PLAYERS
    turn = Turn.objects.get(campaign=mailed.campaign, number=2)
    for name in PLAYERS:
        sent = [m for m in mails_to(mailed.players[name]) if "turn 2 is open" in m.subject]
        assert len(sent) == 1
        assert when_text(turn.deadline) in sent[0].body
        assert "text/html" in [kind for _, kind in sent[0].alternatives]
    assert not [m for m in mails_to(mailed.gm) if "is open" in m.subject]


def test_each_player_reads_the_new_turns_deadline_in_his_own_time_zone(mailed, step):
    """A-2.1: the same deadline, e-mailed to a player in Rome and to one who chose none
    (UTC), each in his own hours."""
    Profile.objects.create(user=mailed.players["alice"], time_zone="Europe/Rome")
    step()
    step()
    deadline = Turn.objects.get(campaign=mailed.campaign, number=2).deadline
    opened = {
        name: next(m.body for m in mails_to(mailed.players[name]) if "is open" in m.subject)
        for name in ("alice", "bob")
    }
    with timezone.override(ZoneInfo("Europe/Rome")):
        assert when_text(deadline) in opened["alice"]
    with timezone.override(dt.UTC):
        assert when_text(deadline) in opened["bob"]
        assert when_text(deadline) not in opened["alice"]


def test_a_battle_to_decide_reaches_the_players_whose_side_fights_it(mailed, step, invade):
    """A-2.4: Alice and Bob invade hexes neutral defenders hold; Carol and Dave, who fight
    nobody, and the GM hear nothing."""
    invade("alice", "bob")
    turn = step()
    fighting = BattleSide.objects.filter(battle__turn=turn, kingdom__isnull=False)
    assert {side.kingdom.name for side in fighting} == {
        mailed.kingdoms["alice"].name,
        mailed.kingdoms["bob"].name,
    }
    assert got(Kind.BATTLE_TO_DECIDE) == {"alice", "bob"}
    bob = Notification.objects.get(kind=Kind.BATTLE_TO_DECIDE, user=mailed.players["bob"])
    bobs = Battle.objects.filter(turn=turn, sides__kingdom=mailed.kingdoms["bob"])
    to_decide = [b.seq for b in bobs if b.needs_decisions]
    listed = [int(line.split()[1]) for line in bob.lines if line.startswith("Battle ")]
    assert listed == to_decide and to_decide
    (sent,) = [m for m in mails_to(mailed.players["bob"]) if "fight or retreat" in m.subject]
    assert when_text(turn.decisions_deadline) in sent.body


def test_the_results_reach_each_player_with_his_own_summary(mailed, step, invade):
    """Each player reads his own orders in his summary, never another's; results wait
    for the daily digest by default."""
    invade("alice", "bob")
    step()
    step()
    assert got(Kind.RESULTS) == PLAYERS
    alice = Notification.objects.get(kind=Kind.RESULTS, user=mailed.players["alice"])
    text = "\n".join(alice.lines)
    assert "Averland's First Army was ordered to invade" in text
    assert "Bretonnia's" not in text
    assert alice.email == Notification.Email.DIGEST
    assert not [m for m in mail.outbox if "results" in m.subject]


@pytest.fixture
def battle(mailed) -> Battle:
    """Alice's strongest army invades a hex of Bob's that his strongest army defends, as
    Provisional Results leave it (tests/battles/tabletop/test_tabletop.py)."""
    alice, bob = mailed.kingdoms["alice"], mailed.kingdoms["bob"]
    Turn.objects.filter(pk=mailed.turn.pk).update(
        state=Turn.State.DECISIONS, decisions_deadline=timezone.now() + dt.timedelta(hours=48)
    )
    hex_row = Hex.objects.filter(owner=bob).exclude(pk=bob.capital_id).order_by("q", "r").first()
    battle = Battle.objects.create(
        turn=mailed.turn, hex=hex_row, seq=1, defender_kind=DefenderKind.PATROL
    )
    for role, kingdom in ((Role.ATTACKER, alice), (Role.DEFENDER, bob)):
        army = kingdom.armies.order_by("-points", "pk").first()
        side = BattleSide.objects.create(
            battle=battle, role=role, kingdom=kingdom, points=army.points
        )
        side.armies.set([army])
    return battle


def test_a_tabletop_report_reaches_the_side_that_files_or_answers_it(mailed, committed, battle):
    """E-24, P-C6: both sides hear that the battle is played on the table; the side that
    did not report hears that the report waits for it; the GM hears of a dispute."""
    with committed():
        for side, name in zip(battle.sides.order_by("role"), ("alice", "bob"), strict=True):
            battle_decide(side=side, by=mailed.players[name], decision="fight", tabletop=True)
    assert got(Kind.TABLETOP_REPORT) == {"alice", "bob"}
    Notification.objects.all().delete()
    report = TabletopReport(winner=Role.ATTACKER, massacre=False, vp_margin=100)
    with committed():
        battle_report_submit(battle=battle, by=mailed.players["alice"], report=report)
    (answer,) = Notification.objects.filter(kind=Kind.TABLETOP_REPORT)
    assert answer.user == mailed.players["bob"]
    assert "Confirm or dispute" in "\n".join(answer.lines)
    with committed():
        battle_report_dispute(battle=battle, by=mailed.players["bob"], reason="We drew.")
    assert got(Kind.REPORT_DISPUTED) == {"gm"}
    (disputed,) = mails_to(mailed.gm)
    assert "We drew." in mail_text(disputed)


def test_an_agreement_proposed_reaches_the_partner_alone(mailed, committed):
    """Q23: proposals are private to the two; the proposer needs no notice of his own."""
    with committed():
        agreement_propose(
            campaign=mailed.campaign,
            by=mailed.players["alice"],
            kind="alliance",
            partner_id=mailed.kingdoms["carol"].pk,
        )
    assert got(Kind.AGREEMENT_PROPOSED) == {"carol"}
    (sent,) = mail.outbox
    assert sent.to == ["carol@example.org"]
    assert "Averland proposes an alliance" in sent.subject


def test_a_message_reaches_the_other_members_of_its_thread_alone(mailed, committed):
    """B 7.0: Bob and the GM, whom Alice writes to, read her words in their mailbox and
    get the way to answer; Carol and Dave, not in the thread, and Alice hear nothing. Bob's
    answer reaches Alice and the GM."""
    with committed():
        thread = thread_start(
            campaign=mailed.campaign,
            by=mailed.players["alice"],
            subject="The ford",
            kingdom_ids=[mailed.kingdoms["bob"].pk],
            with_gm=True,
            body="Meet me at the ford.\nCome alone.",
        )
    assert got(Kind.MESSAGE_RECEIVED) == {"bob", "gm"}
    bob = Notification.objects.get(kind=Kind.MESSAGE_RECEIVED, user=mailed.players["bob"])
    assert bob.lines == ["Averland writes:", "Meet me at the ford.", "Come alone."]
    assert bob.link == f"/campaigns/{mailed.campaign.pk}/messages/{thread.pk}/"
    (sent,) = mails_to(mailed.players["bob"])
    assert "Averland writes: The ford" in sent.subject
    assert "Come alone." in mail_text(sent)
    assert not [m for m in mail.outbox if m.to[0].split("@")[0] in {"alice", "carol", "dave"}]
    with committed():
        message_post(thread=thread, by=mailed.players["bob"], body="I shall.")
    told = Notification.objects.filter(kind=Kind.MESSAGE_RECEIVED).order_by("id")
    assert {n.user.username for n in told[2:]} == {"gm", "alice"}


def test_all_orders_in_reaches_the_gm_once_everyone_is_ready(mailed, committed):
    """Q7: the GM hears once the last kingdom marks its orders ready, not before, and
    not twice."""
    names = ["alice", "bob", "carol", "dave"]
    with committed():
        for name in names[:-1]:
            orders_ready_set(campaign=mailed.campaign, by=mailed.players[name], ready=True)
    assert got(Kind.ALL_ORDERS_IN) == set()
    with committed():
        orders_ready_set(campaign=mailed.campaign, by=mailed.players["dave"], ready=True)
        orders_ready_set(campaign=mailed.campaign, by=mailed.players["dave"], ready=True)
    assert got(Kind.ALL_ORDERS_IN) == {"gm"}
    assert Notification.objects.filter(kind=Kind.ALL_ORDERS_IN).count() == 1
    assert [m.to for m in mail.outbox] == [["gm@example.org"]]


def test_a_change_that_is_refused_notifies_nobody(mailed, committed):
    """A refused action writes nothing, so it tells nobody anything."""
    army = mailed.kingdoms["alice"].armies.first()
    with committed(), pytest.raises(Exception, match="needs a target"):
        order_submit(army=army, by=mailed.players["alice"], kind="invade")
    assert not Notification.objects.exists()
