"""What the notification tests share: the demo's people with e-mail addresses, a way to let
the actions' on-commit work run as it does after a real commit, and what reached whom."""

from __future__ import annotations

import pytest
from django.core import mail

from campaign.models import Turn
from campaign.notifications.models import Notification
from campaign.turns.services import turn_claim_step


@pytest.fixture
def mailed(demo):
    """The demo, every person with an e-mail address (name@example.org)."""
    for user in (demo.gm, *demo.players.values()):
        user.email = f"{user.username}@example.org"
        user.save(update_fields=["email"])
    return demo


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    """``with committed():`` runs what the actions inside queue for after their commit
    (the tasks run in-process, as without Redis), and what those queue in turn."""
    return lambda: django_capture_on_commit_callbacks(execute=True)


@pytest.fixture
def step(mailed, committed):
    """The GM presses "resolve next step"; the step runs, and so does what follows it."""

    def run() -> Turn:
        turn = mailed.campaign.turns.order_by("-number").first()
        with committed():
            turn_claim_step(turn=turn, by=mailed.gm)
        turn.refresh_from_db()
        return turn

    return run


def mails_to(user) -> list:
    return [message for message in mail.outbox if message.to == [user.email]]


def mail_text(message) -> str:
    """A message's text and its HTML alternative."""
    return message.body + "".join(content for content, _ in message.alternatives)


def got(kind: str) -> set[str]:
    """The usernames with a notification of ``kind``."""
    return set(Notification.objects.filter(kind=kind).values_list("user__username", flat=True))


@pytest.fixture
def invade(mailed, invasion_targets):
    """Each named player sends both his armies to invade the last two hexes he may reach
    (with the pinned seeds, hexes that neutral defenders hold)."""
    from kingdoms.orders.services import order_submit

    def send(*players: str) -> None:
        for name in players:
            kingdom = mailed.kingdoms[name]
            targets = invasion_targets(kingdom)[-2:]
            for army, target in zip(kingdom.armies.order_by("-points", "id"), targets, strict=True):
                order_submit(army=army, by=mailed.players[name], kind="invade", target=target)

    return send
