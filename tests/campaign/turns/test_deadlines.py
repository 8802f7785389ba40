"""Orders lock at the deadline; Celery beat starts the resolution then (A-2.1, A-2.2)."""

import datetime as dt

import pytest
from django.utils import timezone

from campaign.core.errors import Refused
from campaign.models import Turn
from campaign.turns.tasks import turns_resolve_due
from kingdoms.orders.models import Order
from kingdoms.orders.services import order_submit

pytestmark = pytest.mark.django_db


def _past_deadline(demo) -> None:
    Turn.objects.filter(pk=demo.turn.pk).update(deadline=timezone.now() - dt.timedelta(minutes=1))


def test_a_late_order_is_refused_and_the_earlier_one_kept(demo, invasion_targets):
    """A-2.1: the publication gives the deadline for orders; after it, nothing changes."""
    army = demo.kingdoms["alice"].armies.first()
    order_submit(army=army, by=demo.players["alice"], kind="rest")
    _past_deadline(demo)
    with pytest.raises(Refused, match="deadline for turn 1's orders has passed"):
        order_submit(
            army=army,
            by=demo.players["alice"],
            kind="invade",
            target=invasion_targets(demo.kingdoms["alice"])[0],
        )
    assert Order.objects.get(army=army).kind == "rest"


def test_beat_resolves_turns_past_their_deadline_once(demo, django_capture_on_commit_callbacks):
    _past_deadline(demo)
    with django_capture_on_commit_callbacks(execute=True):
        assert turns_resolve_due() == 1
    assert Turn.objects.get(pk=demo.turn.pk).state == Turn.State.DECISIONS
    with django_capture_on_commit_callbacks(execute=True):
        assert turns_resolve_due() == 0


def test_beat_leaves_turns_before_their_deadline(demo):
    assert turns_resolve_due() == 0
    assert Turn.objects.get(pk=demo.turn.pk).state == Turn.State.OPEN
