"""Writes of turns: opening a turn, claiming a server step, retrying a late one, and the step's
progress."""

from __future__ import annotations

import datetime as dt
import logging

import redis
from django.conf import settings
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone
from kombu.exceptions import OperationalError as BrokerError

from battles.tabletop.services import tabletop_battles_awaited
from campaign.bulletin.models import MercenaryOffer
from campaign.bulletin.services import _offer_create
from campaign.campaigns.services import require_gm
from campaign.chronicle.services import chronicle_record
from campaign.core.errors import Refused
from campaign.models import Campaign, Turn, TurnEvent
from campaign.notifications.models import Kind
from campaign.notifications.services import PLAYERS, notify
from campaign.turns.selectors import STEP_NAMES, late_step
from rules.modules.random_events import WanderingHero

logger = logging.getLogger(__name__)


# The states a server step starts from, and the state that claims it.
STEP_CLAIMS = {Turn.State.OPEN: Turn.State.PROVISIONAL, Turn.State.DECISIONS: Turn.State.FINAL}


@transaction.atomic
def turn_open(*, campaign: Campaign, number: int, deadline: dt.datetime | None = None) -> Turn:
    """A-2.1: a new turn with a fresh seed whose hash is published at once, and on its
    bulletin the wandering hero the previous turn rolled (Table 31 row 9)."""
    # one turn normally takes one real-time week (a ruleset option).
    length = dt.timedelta(days=campaign.ruleset.turn_length_days)
    turn = Turn.objects.create(
        campaign=campaign, number=number, deadline=deadline or timezone.now() + length
    )
    chronicle_record(
        turn,
        "TurnOpened",
        {"turn": number, "deadline": turn.deadline.isoformat(), "seed_hash": turn.seed_hash},
        rule="A-2.1",
        public=True,
    )
    _wandering_heroes_offer(turn)
    notify(
        kind=Kind.TURN_OPENED, campaign=campaign, recipients=PLAYERS, context={"turn_id": turn.pk}
    )
    return turn


def _wandering_heroes_offer(turn: Turn) -> None:
    """Table 31 row 9, B 6.2, E-21 (the lead's ruling): the wandering hero is rolled at
    Provisional Results of turn n, after that turn's sealed bids came with the orders,
    so he is offered on turn n+1's bulletin: a special MercenaryOffer of this turn,
    announced as the GM's offers are. Read from turn n's chronicle (append-only): one
    query when there is none."""
    rolled = TurnEvent.objects.filter(
        campaign_id=turn.campaign_id, turn__number=turn.number - 1, kind=WanderingHero.__name__
    ).order_by("id")
    for hero in rolled:
        _offer_create(
            turn,
            name=hero.payload.get("name") or "A wandering hero",
            description=f"Table 31: a wandering hero, rolled in turn {turn.number - 1} "
            "(B 6.2, E-21).",
            minimum_bid=hero.payload.get("minimum_bid") or 1,
            special=True,
            points=MercenaryOffer._meta.get_field("points").default,
            rule="Table 31 B 6.2 E-21 A-2.1",
        )


def turn_claim_step(*, turn: Turn, by: User | None, enqueue: bool = True) -> Turn:
    """Claim the turn's next server step and queue it for a worker.

    The conditional UPDATE lets exactly one caller win: pressing "resolve" twice, or the
    GM and the deadline at once, queues the step once. ``by`` None is the deadline or
    the shell; ``enqueue`` False leaves running the step to the caller.
    """
    if by is not None:
        require_gm(campaign=turn.campaign, user=by)
    claimed_state = STEP_CLAIMS.get(turn.state)
    if claimed_state is None:
        raise Refused(
            f"Turn {turn.number} is {turn.get_state_display().lower()}: no step to start."
        )
    if turn.state == Turn.State.DECISIONS:
        _tabletop_reports_in(turn)  # E-24: Final Results waits for them
    with transaction.atomic():
        claimed = Turn.objects.filter(pk=turn.pk, state=turn.state).update(
            state=claimed_state, claimed_at=timezone.now()
        )
        if claimed != 1:
            raise Refused(f"Turn {turn.number}'s next step has already been started.")
        _step_queued(turn.pk, note="queued", enqueue=enqueue)
    turn.refresh_from_db()
    return turn


def turn_step_retry(*, turn: Turn, by: User | None, enqueue: bool = True) -> Turn:
    """Queue again a server step that is late (campaign.turns.selectors.late_step): its worker
    or its message was lost. Safe even if a worker still runs it: the step is idempotent,
    so a second run finds nothing to do. Its claim time starts again, so that the sweep
    and the GM's button wait as long again before the next retry. ``by`` and ``enqueue``
    as for turn_claim_step."""
    if by is not None:
        require_gm(campaign=turn.campaign, user=by)
    if late_step(turn) is None:
        raise Refused(_not_late(turn))
    with transaction.atomic():
        renewed = Turn.objects.filter(
            pk=turn.pk, state=turn.state, claimed_at=turn.claimed_at
        ).update(claimed_at=timezone.now())
        if renewed != 1:
            raise Refused(f"Turn {turn.number}'s step has ended or been retried meanwhile.")
        _step_queued(turn.pk, note="queued again", enqueue=enqueue)
    turn.refresh_from_db()
    return turn


def _not_late(turn: Turn) -> str:
    if turn.state not in STEP_NAMES:
        state = turn.get_state_display().lower()
        return f"Turn {turn.number} has no server step running ({state}): nothing to retry."
    minutes = settings.TURN_STEP_LATE_SECONDS // 60
    return (
        f"{STEP_NAMES[turn.state]} of turn {turn.number} have been running for less than "
        f"{minutes} minutes: a step can be retried only once it is late."
    )


def _step_queued(turn_id: int, *, note: str, enqueue: bool) -> None:
    turn_progress_set(turn_id=turn_id, percent=0, note=note)
    if enqueue:
        transaction.on_commit(lambda: _enqueue_step(turn_id))


def _tabletop_reports_in(turn: Turn) -> None:
    """E-24: Final Results waits while a tabletop battle has no confirmed report and its
    report deadline has not passed; after it, the Final step resolves that battle
    abstract with the strategies on file. The GM may settle a report or extend a
    deadline (battles.tabletop.services)."""
    waiting = tabletop_battles_awaited(turn)
    if waiting:
        listed = "; ".join(
            f"battle {b.seq} at ({b.hex.q}, {b.hex.r}) until {b.report_deadline:%Y-%m-%d %H:%M} UTC"
            for b in waiting
        )
        raise Refused(
            f"Final Results wait for tabletop reports (E-24): {listed}. Settle the reports, "
            "or wait for the deadline: an unreported battle is then resolved abstract."
        )


def _enqueue_step(turn_id: int) -> None:
    """After the claim's commit. With Redis out of reach the claim stands and the step is
    queued again once it is late (campaign.turns.tasks.turn_steps_requeue_late)."""
    from campaign.turns.tasks import turn_step_run  # the task module imports this one

    try:
        turn_step_run.delay(turn_id)
    except BrokerError:
        logger.exception(
            "Turn %s: step claimed but not queued, the broker is out of reach", turn_id
        )


def progress_key(turn_id: int) -> str:
    return f"warpost:turn:{turn_id}:progress"


def turn_progress_set(*, turn_id: int, percent: int, note: str) -> None:
    """Progress lives in the cache, outside the step's transaction, so the GM page can
    see it while the worker is still inside that transaction. It is only shown: a cache
    out of reach (Redis restarting) costs the note, never the step."""
    try:
        cache.set(progress_key(turn_id), {"percent": percent, "note": note}, timeout=3600)
    except (redis.ConnectionError, redis.TimeoutError):
        logger.warning(
            "Turn %s: progress %s%% not recorded, the cache is out of reach", turn_id, percent
        )


def turn_progress(turn_id: int) -> dict:
    return cache.get(progress_key(turn_id)) or {"percent": 0, "note": ""}
