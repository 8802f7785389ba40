"""The schedule's arithmetic: when a turn's orders lock, from the campaign's time zone and
its lock weekday and hour (A-2.0.1). Pure: no database and no clock, the caller gives the
moment the turn opens.

A weekly lock is counted on the wall clock of the campaign's time zone, so that "Wednesday
18:00 in Berlin" stays 18:00 there across a change of summer time, not a fixed number of
hours after the previous lock.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from zoneinfo import ZoneInfo

MIN_ORDER_HOURS = 48
"""A weekly lock is the first lock weekday and hour at least this long after the turn
opens: a turn that opens on the lock day, or the day before, gives its players two days
at least, and locks the week after."""

WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


@dataclass(frozen=True)
class Schedule:
    """A campaign's schedule: ``lock_weekday`` None keeps the ruleset's turn length."""

    zone: str = "UTC"
    lock_weekday: int | None = None
    lock_hour: int = 18
    turn_length_days: int = 7

    @classmethod
    def of(cls, campaign) -> Schedule:
        """A campaign's (campaign.models.Campaign, read by its attributes)."""
        return cls(
            campaign.timezone,
            campaign.lock_weekday,
            campaign.lock_hour,
            campaign.ruleset.turn_length_days,
        )


def orders_deadline(opened: dt.datetime, schedule: Schedule) -> dt.datetime:
    """A-2.0.1: the orders deadline of a turn opened at ``opened`` (an aware time): without a
    lock weekday, ``turn_length_days`` later; with one, the first lock weekday at the lock
    hour, in the campaign's time zone, at least MIN_ORDER_HOURS after the opening."""
    if schedule.lock_weekday is None:
        return opened + dt.timedelta(days=schedule.turn_length_days)
    zone = ZoneInfo(schedule.zone)
    earliest = opened + dt.timedelta(hours=MIN_ORDER_HOURS)
    day = earliest.astimezone(zone).date()
    day += dt.timedelta(days=(schedule.lock_weekday - day.weekday()) % 7)
    lock = wall_clock(day, schedule.lock_hour, zone)
    if lock < earliest:  # the lock day is today, but its hour has gone by
        lock = wall_clock(day + dt.timedelta(days=7), schedule.lock_hour, zone)
    return lock.astimezone(dt.UTC)


def wall_clock(day: dt.date, hour: int, zone: ZoneInfo) -> dt.datetime:
    """The moment the clocks of ``zone`` show ``hour``:00 on ``day``. On the night the
    clocks go back and show the hour twice, the first time; on the night they skip it, the
    moment they jump (zoneinfo's reading of a time with fold 0)."""
    return dt.datetime.combine(day, dt.time(hour), tzinfo=zone)


def held_from(now: dt.datetime, paused_until: dt.datetime | None) -> dt.datetime:
    """When the campaign's clock runs: now, or the end of the GM's pause if it is later. A
    deadline counted while the campaign is paused counts from the pause's end."""
    return max(now, paused_until) if paused_until is not None else now


def schedule_text(schedule: Schedule) -> str:
    """The schedule in words, as the GM console states it."""
    if schedule.lock_weekday is None:
        days = schedule.turn_length_days
        return f"Orders lock {days} day{'s' if days != 1 else ''} after the turn opens."
    return (
        f"Orders lock on {WEEKDAYS[schedule.lock_weekday]}s at {schedule.lock_hour:02d}:00 "
        f"({schedule.zone}), at least {MIN_ORDER_HOURS} hours after the turn opens."
    )
