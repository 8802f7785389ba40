"""No notification tells anyone what he may not see (E-29, A-1.0.9, A-1.4.18–20): a whole
turn is played with every kind of notification, then everything that reached Alice, her
e-mails and her inbox, is searched for Bob's orders, armies and scouting, for a battle's
secrets she is no side of, and for the neutral kingdoms she has not discovered."""

from __future__ import annotations

import datetime as dt

import pytest

from battles.decisions.services import battle_decide
from battles.models import BattleSide
from campaign.chronicle.narration import narrate
from campaign.chronicle.views import chronicle_names
from campaign.core.access import Access
from campaign.core.viewers import viewer_for
from campaign.models import Membership, TurnEvent
from campaign.notifications.models import Delivery, Kind, Notification
from campaign.notifications.services import preferences_set
from campaign.notifications.tasks import notifications_digest, reminders_send_due
from kingdoms.agreements.services import agreement_propose
from kingdoms.models import Army, NeutralKingdom
from kingdoms.orders.services import order_submit
from rules.turn.visibility import entry_view
from tests.campaign.notifications.conftest import mail_text, mails_to

pytestmark = pytest.mark.django_db

SECRET_ARMY = "Zed Secret Legion"


def _access(demo, user) -> Access:
    membership = Membership.objects.select_related("kingdom").get(campaign=demo.campaign, user=user)
    return Access(demo.campaign, membership, viewer_for(membership))


def _what_reached(demo, user) -> str:
    mails = [mail_text(m) for m in mails_to(user)]
    rows = Notification.objects.filter(user=user)
    return "\n".join(mails + [f"{n.subject}\n" + "\n".join(n.lines) for n in rows])


def _hidden_from(demo, user) -> set[str]:
    """Every chronicle sentence as the GM reads it that ``user`` may not read so: the
    entries he may not see, and those he sees with secrets removed."""
    gm, reader = _access(demo, demo.gm), _access(demo, user)
    gm_names, names = chronicle_names(gm), chronicle_names(reader)
    hidden, seen_texts = set(), set()
    for e in TurnEvent.objects.filter(campaign=demo.campaign):
        whole = narrate({"kind": e.kind, "rule": e.rule, **e.payload}, gm_names)
        seen = entry_view(e.payload, e.public, e.kingdom_ids, e.secret_fields, reader.viewer)
        if seen is not None:
            seen_texts.add(narrate({"kind": e.kind, "rule": e.rule, **seen}, names))
        hidden.add(whole)
    return hidden - seen_texts


def test_alices_notifications_hold_nothing_of_bobs_or_of_what_she_may_not_see(
    mailed, step, invade, committed, time_machine, invasion_targets
):
    alice, bob = mailed.players["alice"], mailed.players["bob"]
    preferences_set(user=alice, choices={Kind.RESULTS: Delivery.NOW})
    bretonnia = mailed.kingdoms["bob"]
    Army.objects.filter(pk=bretonnia.armies.order_by("-points", "id").first().pk).update(
        name=SECRET_ARMY
    )
    invade("alice", "carol", "dave")
    legion = bretonnia.armies.get(name=SECRET_ARMY)
    scout = bretonnia.armies.exclude(name=SECRET_ARMY).get()
    reachable = invasion_targets(bretonnia)
    order_submit(army=legion, by=bob, kind="invade", target=reachable[-1])
    order_submit(army=scout, by=bob, kind="scout", target=reachable[0])  # Table 8: his alone
    with committed():
        agreement_propose(
            campaign=mailed.campaign,
            by=bob,
            kind="alliance",
            partner_id=mailed.kingdoms["carol"].pk,
        )
    turn = step()  # Provisional Results: battles to decide
    for side in BattleSide.objects.filter(battle__turn=turn, kingdom__isnull=False):
        if side.battle.needs_decisions and side.kingdom_id == bretonnia.pk:
            battle_decide(side=side, by=bob, decision="retreat")
    time_machine.move_to(turn.decisions_deadline - dt.timedelta(hours=1), tick=False)
    with committed():
        reminders_send_due()
    step()  # Final Results, and turn 2 opens
    with committed():
        notifications_digest()

    kinds = set(Notification.objects.filter(user=alice).values_list("kind", flat=True))
    assert {Kind.TURN_OPENED, Kind.RESULTS, Kind.BATTLE_TO_DECIDE} <= kinds
    reached = _what_reached(mailed, alice)
    assert "Averland's" in reached, "her own orders are in her summary"
    assert SECRET_ARMY not in reached
    assert "Bretonnia proposes" not in reached, "Q23: a proposal is the two kingdoms' own"
    hidden = _hidden_from(mailed, alice)
    assert hidden, "the turn has secrets to keep"
    for sentence in hidden:
        assert sentence not in reached, sentence
    known = set(mailed.kingdoms["alice"].known_neutral_kingdoms.values_list("id", flat=True))
    for neutral in NeutralKingdom.objects.filter(campaign=mailed.campaign).exclude(pk__in=known):
        assert neutral.name not in reached, "A-1.4.18–20: not discovered"
