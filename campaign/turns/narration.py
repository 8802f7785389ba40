"""How the GM's schedule, extensions and pauses read, in the chronicle and on the pages: a
time in the reader's own time zone (Django's current one) and how far off it is."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from django.utils import dateformat, timezone

from campaign.chronicle.narration import register_narrators
from campaign.turns.schedule import Schedule, schedule_text

WHEN_FORMAT = "D j M Y, H:i T"
"""Every deadline reads the same way everywhere: "Wed 6 Mar 2024, 18:00 CET"."""


def when_text(value: dt.datetime) -> str:
    """``value`` in the reader's time zone, with the zone's abbreviation."""
    return dateformat.format(timezone.localtime(value), WHEN_FORMAT)


def countdown(value: dt.datetime, now: dt.datetime | None = None) -> str:
    """How far off ``value`` is, in the unit a reader plans with: "in 35 min", "in 47 h",
    "in 3 days"; "passed" once it has."""
    left = value - (now or timezone.now())
    if left <= dt.timedelta(0):
        return "passed"
    minutes = int(left.total_seconds() // 60)
    if minutes < 60:
        return f"in {max(minutes, 1)} min"
    if minutes < 48 * 60:
        return f"in {minutes // 60} h"
    return f"in {left.days} days"


def _duration(seconds) -> str:
    """A pause's length, roughly: "3 days", "5 h", "20 min"."""
    if not isinstance(seconds, int | float):
        return "some time"
    minutes = int(abs(seconds) // 60)
    if minutes >= 48 * 60:
        return f"{minutes // (24 * 60)} days"
    if minutes >= 60:
        return f"{minutes // 60} h"
    return f"{minutes} min"


def _at(payload: dict, key: str) -> str:
    """A payload's ISO time in the reader's zone; the stored text if it is not one."""
    try:
        return when_text(dt.datetime.fromisoformat(payload[key]))
    except (KeyError, TypeError, ValueError):
        return str(payload.get(key) or "a later time")


_DEADLINES = {"orders": "orders deadline", "decisions": "fight-or-retreat deadline"}


def _now_closes(payload: dict) -> str:
    """ " Orders now lock on …": the current step's deadline after a pause moved it."""
    if not payload.get("until"):
        return ""
    what = _DEADLINES.get(payload.get("deadline"), "deadline")
    return f" The {what} is now {_at(payload, 'until')}."


def _schedule_set(p: dict, names) -> str:
    schedule = Schedule(
        p.get("zone") or "UTC", p.get("lock_weekday"), p.get("lock_hour") or 0, p.get("days") or 7
    )
    text = schedule_text(schedule)
    return f"The GM set the schedule from the next turn on: {text[0].lower()}{text[1:]}"


def _deadline_extended(p: dict, names) -> str:
    what = _DEADLINES.get(p.get("deadline"), "deadline")
    return f"The GM extended the {what} to {_at(p, 'until')}."


def _campaign_paused(p: dict, names) -> str:
    reason = f": {p['reason']}" if p.get("reason") else ""
    return f"The GM paused the campaign until {_at(p, 'paused_until')}{reason}.{_now_closes(p)}"


def _campaign_resumed(p: dict, names) -> str:
    early = f" {_duration(p.get('early_by'))} early" if p.get("early_by") else ""
    return f"The GM resumed the campaign{early}.{_now_closes(p)}"


DEADLINE_NARRATORS: dict[str, Callable] = {
    "ScheduleSet": _schedule_set,
    "DeadlineExtended": _deadline_extended,
    "CampaignPaused": _campaign_paused,
    "CampaignResumed": _campaign_resumed,
}


def register() -> None:
    register_narrators(DEADLINE_NARRATORS)
