"""Writes of turns: opening a turn, claiming a server step, retrying a late one, and the step's
progress."""

from __future__ import annotations

import datetime as dt
import logging

import redis
from django.conf import settings
from django.contrib.auth.models import User
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _
from kombu.exceptions import OperationalError as BrokerError

from battles.tabletop.services import report_deadlines_shift, tabletop_battles_awaited
from campaign.bulletin.models import MercenaryOffer
from campaign.bulletin.services import _offer_create
from campaign.campaigns.services import require_gm
from campaign.chronicle.services import chronicle_record
from campaign.core.errors import Refused
from campaign.core.inputs import HOUR, WEEKDAY, validate_time_zone
from campaign.core.statements import written_once
from campaign.models import Campaign, Turn, TurnEvent
from campaign.notifications.models import Kind
from campaign.notifications.services import PLAYERS, notify
from campaign.turns.narration import when_text
from campaign.turns.schedule import Schedule, held_from, orders_deadline
from campaign.turns.selectors import STEP_NAMES, late_step
from rules.modules.random_events import WanderingHero

logger = logging.getLogger(__name__)


# The states a server step starts from, and the state that claims it.
STEP_CLAIMS = {Turn.State.OPEN: Turn.State.PROVISIONAL, Turn.State.DECISIONS: Turn.State.FINAL}


# Without a savepoint: its callers (a campaign's start, the step that closes a turn) open it
# inside their own transaction, which a failure here rolls back whole; a savepoint would
# cost the step two statements more
@transaction.atomic(savepoint=False)
def turn_open(*, campaign: Campaign, number: int, deadline: dt.datetime | None = None) -> Turn:
    """A-2.1: a new turn with a fresh seed whose hash is published at once, and on its
    bulletin the wandering hero the previous turn rolled (Table 31 row 9). Its orders
    deadline follows the campaign's schedule (A-2.0.1, campaign.turns.schedule), counted
    from the end of the GM's pause if the turn opens during one."""
    opened = held_from(timezone.now(), campaign.paused_until)
    turn = Turn.objects.create(
        campaign=campaign,
        number=number,
        deadline=deadline or orders_deadline(opened, Schedule.of(campaign)),
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
    for (hero,) in _heroes_rolled(turn.campaign_id, turn.number - 1).rows():
        _offer_create(
            turn,
            name=hero.get("name") or "A wandering hero",
            description=f"Table 31: a wandering hero, rolled in turn {turn.number - 1} "
            "(B 6.2, E-21).",
            minimum_bid=hero.get("minimum_bid") or 1,
            special=True,
            points=MercenaryOffer._meta.get_field("points").default,
            rule="Table 31 B 6.2 E-21 A-2.1",
        )


@written_once  # each final step opens a turn
def _heroes_rolled(campaign_id: int, number: int) -> QuerySet[TurnEvent]:
    """The payloads of the wandering heroes turn ``number`` rolled."""
    rolled = TurnEvent.objects.filter(
        campaign_id=campaign_id, turn__number=number, kind=WanderingHero.__name__
    )
    return rolled.order_by("id").values_list("payload")


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
            _("Turn %(number)s is %(state)s: no step to start.")
            % {"number": turn.number, "state": turn.get_state_display().lower()}
        )
    if turn.state == Turn.State.DECISIONS:
        _tabletop_reports_in(turn)  # E-24: Final Results waits for them
    with transaction.atomic():
        claimed = Turn.objects.filter(pk=turn.pk, state=turn.state).update(
            state=claimed_state, claimed_at=timezone.now()
        )
        if claimed != 1:
            raise Refused(
                _("Turn %(number)s's next step has already been started.") % {"number": turn.number}
            )
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
            raise Refused(
                _("Turn %(number)s's step has ended or been retried meanwhile.")
                % {"number": turn.number}
            )
        _step_queued(turn.pk, note="queued again", enqueue=enqueue)
    turn.refresh_from_db()
    return turn


def _not_late(turn: Turn) -> str:
    if turn.state not in STEP_NAMES:
        return _("Turn %(number)s has no server step running (%(state)s): nothing to retry.") % {
            "number": turn.number,
            "state": turn.get_state_display().lower(),
        }
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
            _("battle %(seq)s at (%(q)s, %(r)s) until %(when)s")
            % {"seq": b.seq, "q": b.hex.q, "r": b.hex.r, "when": when_text(b.report_deadline)}
            for b in waiting
        )
        raise Refused(
            _(
                "Final Results wait for tabletop reports: %(battles)s. Settle the reports, "
                "or wait for the deadline: an unreported battle is then resolved abstract."
            )
            % {"battles": listed},
            rule="E-24",
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


# --- The schedule, extensions and pauses (A-2.0.1: the deadlines are the GM's) ----------

# The deadline each state runs to, by its name in the chronicle: the orders' (A-2.2) and
# fight or retreat's
STEP_DEADLINES = {Turn.State.OPEN: "orders", Turn.State.DECISIONS: "decisions"}
DEADLINE_FIELDS = {"orders": "deadline", "decisions": "decisions_deadline"}
PAUSE_REASON_LENGTH = Campaign._meta.get_field("pause_reason").max_length


@transaction.atomic
def campaign_schedule_set(
    *, campaign: Campaign, by: User, zone: str, lock_weekday: int | None, lock_hour: int
) -> Campaign:
    """A-2.0.1: the GM's schedule: the time zone deadlines are counted in, and the weekday
    (0 Monday) and hour orders lock; no weekday keeps the ruleset's turn length after the
    turn opens. It holds from the next turn that opens: the current deadline moves only
    when the GM extends it. Announced to everyone."""
    require_gm(campaign=campaign, user=by)
    _schedule_check(zone, lock_weekday, lock_hour)
    campaign.timezone, campaign.lock_weekday, campaign.lock_hour = zone, lock_weekday, lock_hour
    campaign.save(update_fields=["timezone", "lock_weekday", "lock_hour"])
    turn = campaign.turns.order_by("-number").first()
    if turn is not None:
        payload = {
            "zone": zone,
            "lock_weekday": lock_weekday,
            "lock_hour": lock_hour,
            "days": campaign.ruleset.turn_length_days,
        }
        chronicle_record(turn, "ScheduleSet", payload, rule="A-2.0.1", public=True)
    return campaign


def _schedule_check(zone: str, lock_weekday: int | None, lock_hour: int) -> None:
    try:
        validate_time_zone(zone)
    except ValidationError as error:
        raise Refused(error.messages[0], field="timezone") from None
    if lock_weekday is not None and not WEEKDAY.low <= lock_weekday <= WEEKDAY.high:
        raise Refused(_("Choose a weekday from Monday to Sunday, or none."), field="lock_weekday")
    if not HOUR.low <= lock_hour <= HOUR.high:
        raise Refused(_("Choose an hour from 0 to 23."), field="lock_hour")


@transaction.atomic
def turn_deadline_extend(*, turn: Turn, by: User, until: dt.datetime) -> Turn:
    """A-2.0.1: the GM gives the turn's current deadline, the orders' (A-2.2) or fight or
    retreat's (A-2.4), a later time, e.g. a new one after a pause. Announced to everyone."""
    require_gm(campaign=turn.campaign, user=by)
    turn = Turn.objects.select_for_update().get(pk=turn.pk)
    which = STEP_DEADLINES.get(turn.state)
    if which is None:
        raise Refused(
            _("Turn %(number)s is %(state)s: it has no deadline to extend.")
            % {"number": turn.number, "state": turn.get_state_display().lower()}
        )
    field = DEADLINE_FIELDS[which]
    current, now = getattr(turn, field), timezone.now()
    earliest = max(now, current) if current is not None else now
    if until <= earliest:
        raise Refused(
            _("Extend the deadline to a time after %(when)s.") % {"when": when_text(earliest)},
            field="until",
        )
    setattr(turn, field, until)
    turn.save(update_fields=[field])
    payload = {"deadline": which, "until": until.isoformat()}
    chronicle_record(turn, "DeadlineExtended", payload, rule="A-2.0.1", public=True)
    return turn


@transaction.atomic
def campaign_pause(
    *, campaign: Campaign, by: User, until: dt.datetime, reason: str = ""
) -> Campaign:
    """The GM pauses the campaign until ``until``, saying why: until then no deadline
    resolves a turn, and the current turn's deadline (the orders', or fight or retreat's
    with its tabletop report deadlines, E-24) moves on at once by the pause's length, so
    that the players lose no time. Pausing a paused campaign moves the pause's end, and
    the deadlines with it. Announced to everyone."""
    require_gm(campaign=campaign, user=by)
    campaign, turn = _running(campaign)
    now = timezone.now()
    if until <= now:
        raise Refused(_("Pause until a time still to come."), field="until")
    reason = reason.strip()
    if len(reason) > PAUSE_REASON_LENGTH:
        raise Refused(
            _("Say why in %(length)s characters at most.") % {"length": PAUSE_REASON_LENGTH},
            field="reason",
        )
    moved = _deadlines_shift(turn, until - held_from(now, campaign.paused_until))
    campaign.paused_until, campaign.pause_reason = until, reason
    campaign.save(update_fields=["paused_until", "pause_reason"])
    payload = {"paused_until": until.isoformat(), "reason": reason, **moved}
    chronicle_record(turn, "CampaignPaused", payload, rule="A-2.0.1", public=True)
    return campaign


@transaction.atomic
def campaign_resume(*, campaign: Campaign, by: User) -> Campaign:
    """The GM ends his pause before its time: the deadlines it moved on come back by the
    time it had still to run, so that they move by exactly the time the campaign was
    paused. Announced to everyone."""
    require_gm(campaign=campaign, user=by)
    campaign, turn = _running(campaign)
    now = timezone.now()
    if campaign.paused_until is None or campaign.paused_until <= now:
        raise Refused(_("The campaign is not paused."))
    unused = campaign.paused_until - now
    moved = _deadlines_shift(turn, -unused)
    campaign.paused_until, campaign.pause_reason = None, ""
    campaign.save(update_fields=["paused_until", "pause_reason"])
    payload = {"early_by": int(unused.total_seconds()), **moved}
    chronicle_record(turn, "CampaignResumed", payload, rule="A-2.0.1", public=True)
    return campaign


def _running(campaign: Campaign) -> tuple[Campaign, Turn]:
    """The campaign and its current turn, locked; refused unless the campaign is under way."""
    campaign = Campaign.objects.select_for_update().get(pk=campaign.pk)
    turn = Turn.objects.select_for_update().filter(campaign=campaign).order_by("-number").first()
    if turn is None:
        raise Refused(_("The campaign has not started: there is no deadline to pause."))
    if campaign.status == Campaign.Status.FINISHED:
        raise Refused(_("The campaign is over."))
    return campaign, turn


def _deadlines_shift(turn: Turn, by: dt.timedelta) -> dict:
    """Move the turn's running deadline by ``by`` (and, at fight or retreat, its tabletop
    battles' report deadlines, E-24); the chronicle payload naming the new one. A step
    that runs has none yet: it counts its own from the pause's end (held_from)."""
    which = STEP_DEADLINES.get(turn.state)
    field = DEADLINE_FIELDS.get(which)
    if field is None or getattr(turn, field) is None:
        return {}
    setattr(turn, field, getattr(turn, field) + by)
    turn.save(update_fields=[field])
    if turn.state == Turn.State.DECISIONS:
        report_deadlines_shift(turn, by)
    return {"deadline": which, "until": getattr(turn, field).isoformat()}
