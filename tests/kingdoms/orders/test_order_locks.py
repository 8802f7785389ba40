"""While orders are open (A-2.1, A-2.2), players of different kingdoms give their orders at
the same time without waiting for one another; one kingdom's orders queue one behind the
other; and the server step and the orders exclude each other (kingdoms.locks,
campaign.core.turn_lock). Row locks are PostgreSQL's: these tests run when DATABASE_URL
names PostgreSQL (SQLite locks the whole database on a write)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest
from django.conf import settings
from django.db import OperationalError, connection, transaction

from campaign.campaigns.setup import demo_campaign_create
from campaign.models import Turn
from kingdoms.locks import kingdom_taking_orders
from kingdoms.orders.services import order_submit

POSTGRES = settings.DATABASES["default"]["ENGINE"].endswith("postgresql")
pytestmark = [
    pytest.mark.skipif(not POSTGRES, reason="row locks need PostgreSQL (DATABASE_URL)"),
    pytest.mark.django_db(transaction=True),
]


@contextmanager
def held(lock: Callable[[], object]) -> Iterator[None]:
    """Another connection holds what ``lock`` takes, in an open transaction, until the
    block ends."""
    taken, release, failed = threading.Event(), threading.Event(), []

    def hold() -> None:
        try:
            with transaction.atomic():
                lock()
                taken.set()
                release.wait(30)
        except Exception as error:  # reported by the test below, not lost in the thread
            failed.append(error)
            taken.set()
        finally:
            connection.close()

    thread = threading.Thread(target=hold)
    thread.start()
    taken.wait(30)
    try:
        assert not failed, failed
        yield
    finally:
        release.set()
        thread.join(30)


def waits(action: Callable[[], object]) -> bool:
    """Whether ``action`` had to wait for a lock (given up after a second)."""
    try:
        with transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute("SET LOCAL lock_timeout = '1s'")
            action()
    except OperationalError as error:
        assert "lock timeout" in str(error)
        return True
    return False


@pytest.fixture
def demo():
    return demo_campaign_create(hexes=40, players=4, seed="locks")


def _patrol(demo, player: str, index: int = 0) -> Callable[[], object]:
    kingdom = demo.kingdoms[player]
    army = kingdom.armies.order_by("id")[index]
    capital = (kingdom.capital.q, kingdom.capital.r)

    def give():
        return order_submit(army=army, by=demo.players[player], kind="patrol", target=capital)

    return give


def test_two_kingdoms_give_their_orders_at_the_same_time(demo):
    """A-2.2: while one kingdom's order is being saved, another kingdom's goes through
    without waiting."""
    first, second = list(demo.kingdoms)[:2]
    kingdom = demo.kingdoms[first]
    with held(lambda: kingdom_taking_orders(demo.campaign.pk, kingdom.pk)):
        assert not waits(_patrol(demo, second))


def test_one_kingdoms_orders_queue_behind_each_other(demo):
    """A-2.2, Table 5 (one patrol per base): a kingdom's second order waits for its first
    to be saved."""
    player = next(iter(demo.kingdoms))
    kingdom = demo.kingdoms[player]
    with held(lambda: kingdom_taking_orders(demo.campaign.pk, kingdom.pk)):
        assert waits(_patrol(demo, player, index=1))
    assert not waits(_patrol(demo, player, index=1))


def test_the_server_step_and_the_orders_wait_for_each_other(demo):
    """A-2.1: no order is saved while the server step holds the turn, and the step waits
    for the orders being saved."""
    first, second = list(demo.kingdoms)[:2]
    turn_id = demo.turn.pk

    def step_lock() -> Turn:  # what the step takes first (campaign.pipeline.steps)
        return Turn.objects.select_for_update().get(pk=turn_id)

    with held(step_lock):
        assert waits(_patrol(demo, second))
    kingdom = demo.kingdoms[first]
    with held(lambda: kingdom_taking_orders(demo.campaign.pk, kingdom.pk)):
        assert waits(step_lock)
    assert not waits(step_lock)
