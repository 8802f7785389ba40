"""The turn, locked: what every write that depends on the turn's state starts from.

The lock queues each such write behind the server step running on the turn (which locks
it too, campaign.pipeline.steps) and behind the turn's other writes, so that nothing
changes under a resolution. A player's orders take the turn shared
(``turn_sharing_orders``): the step still waits for them and they for it, but the
kingdoms' orders do not wait for one another (each kingdom's own lock queues its own,
kingdoms.locks).
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from django.db import connection
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from campaign.core.errors import Refused
from campaign.models import Turn

ORDERS_CLOSED = gettext_lazy(
    "Orders are closed: the turn is being resolved. Wait for the next turn."
)


def turn_locked(
    *,
    campaign_id: int | None = None,
    turn_id: int | None = None,
    states: Collection[str],
    refusal: str | Promise | Callable[[Turn | None], str],
) -> Turn:
    """The campaign's current turn, or the turn ``turn_id`` (a battle's, a bulletin's),
    locked until the transaction ends, if its state is one of ``states``. Else Refused
    with ``refusal``, or the words it gives for the turn (None: the campaign has none)."""
    turns = Turn.objects.select_for_update(of=("self",)).select_related("campaign")
    if turn_id is not None:
        turn = turns.filter(pk=turn_id).first()
    else:
        turn = turns.filter(campaign_id=campaign_id).order_by("-number").first()
    if turn is None or turn.state not in states:
        raise Refused(refusal if isinstance(refusal, str | Promise) else refusal(turn))
    return turn


def turn_taking_orders(campaign_id: int) -> Turn:
    """The campaign's turn, locked, if it still takes orders (A-2.1: not after the
    deadline), for the players marking their orders ready: the lock puts them in a
    queue, so that exactly one of them sees everyone ready (Q7 early resolution). The
    orders themselves share the turn (``turn_sharing_orders``)."""
    turn = turn_locked(campaign_id=campaign_id, states=(Turn.State.OPEN,), refusal=ORDERS_CLOSED)
    return _before_deadline(turn)


def turn_sharing_orders(campaign_id: int) -> Turn:
    """The campaign's turn, if it still takes orders (A-2.1), locked shared until the
    transaction ends: the server step (FOR UPDATE) waits for every order being saved and
    every order waits for a running step, but orders do not wait for one another. SQLite
    locks the whole database on a write, so it needs no row lock."""
    share = " FOR SHARE" if connection.vendor == "postgresql" else ""
    query = (
        f"SELECT * FROM {Turn._meta.db_table} WHERE campaign_id = %s "
        f"ORDER BY number DESC LIMIT 1{share}"
    )
    turn = next(iter(Turn.objects.raw(query, [campaign_id])), None)
    if turn is None or turn.state != Turn.State.OPEN:
        raise Refused(ORDERS_CLOSED)
    return _before_deadline(turn)


def _before_deadline(turn: Turn) -> Turn:
    if turn.deadline is not None and timezone.now() > turn.deadline:
        raise Refused(
            _("The deadline for turn %(turn)s's orders has passed.") % {"turn": turn.number}
        )
    return turn
