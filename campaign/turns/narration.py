"""How the GM's schedule, extensions and pauses read, in the chronicle and on the pages: a
time in the reader's own time zone (Django's current one) and how far off it is."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from django.utils import dateformat, timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from campaign.chronicle.narration import register_narrators
from campaign.turns.schedule import Schedule, schedule_text

WHEN_FORMAT = "D j M Y, H:i T"
"""Every deadline reads the same way everywhere: "Wed 6 Mar 2024, 18:00 CET"."""


def when_text(value: dt.datetime) -> str:
    """``value`` in the reader's time zone, with the zone's abbreviation."""
    return dateformat.format(timezone.localtime(value), WHEN_FORMAT)


def countdown(value: dt.datetime, now: dt.datetime | None = None) -> str:
    """How far off ``value`` is, in the unit a reader plans with: "in 35 min", "in 47 h",
    "in 3 days"; "passed" once it has. static/warpost/controls.js keeps it up to date on
    an open page with the same words (the same msgids, from the scripts' catalog)."""
    left = value - (now or timezone.now())
    if left <= dt.timedelta(0):
        return _("passed")
    minutes = int(left.total_seconds() // 60)
    if minutes < 60:
        return _("in %(count)s min") % {"count": max(minutes, 1)}
    if minutes < 48 * 60:
        return _("in %(count)s h") % {"count": minutes // 60}
    days = minutes // (24 * 60)
    return ngettext("in %(count)s day", "in %(count)s days", days) % {"count": days}


def _duration(seconds) -> str:
    """A pause's length, roughly: "3 days", "5 h", "20 min"."""
    if not isinstance(seconds, int | float):
        return _("some time")
    minutes = int(abs(seconds) // 60)
    if minutes >= 48 * 60:
        days = minutes // (24 * 60)
        return ngettext("%(count)s day", "%(count)s days", days) % {"count": days}
    if minutes >= 60:
        return _("%(count)s h") % {"count": minutes // 60}
    return _("%(count)s min") % {"count": minutes}


def _at(payload: dict, key: str) -> str:
    """A payload's ISO time in the reader's zone; the stored text if it is not one."""
    try:
        return when_text(dt.datetime.fromisoformat(payload[key]))
    except (KeyError, TypeError, ValueError):
        return str(payload.get(key) or _("a later time"))


def _deadline_name(payload: dict) -> str:
    """Which deadline the GM moved, as a sentence names it."""
    return {
        "orders": _("the orders deadline"),
        "decisions": _("the fight-or-retreat deadline"),
    }.get(payload.get("deadline"), _("the deadline"))


def _now_closes(payload: dict) -> str:
    """ " The orders deadline is now …": the current step's deadline after a pause moved
    it."""
    if not payload.get("until"):
        return ""
    text = _("%(what)s is now %(when)s.") % {
        "what": _deadline_name(payload),
        "when": _at(payload, "until"),
    }
    return f" {text[0].upper()}{text[1:]}"


def _schedule_set(p: dict, names) -> str:
    schedule = Schedule(
        p.get("zone") or "UTC", p.get("lock_weekday"), p.get("lock_hour") or 0, p.get("days") or 7
    )
    text = schedule_text(schedule)
    return _("The GM set the schedule from the next turn on: %(schedule)s") % {
        "schedule": f"{text[0].lower()}{text[1:]}"
    }


def _deadline_extended(p: dict, names) -> str:
    return _("The GM extended %(what)s to %(when)s.") % {
        "what": _deadline_name(p),
        "when": _at(p, "until"),
    }


def _campaign_paused(p: dict, names) -> str:
    when = _at(p, "paused_until")
    if p.get("reason"):
        text = _("The GM paused the campaign until %(when)s: %(reason)s.") % {
            "when": when,
            "reason": p["reason"],
        }
    else:
        text = _("The GM paused the campaign until %(when)s.") % {"when": when}
    return f"{text}{_now_closes(p)}"


def _campaign_resumed(p: dict, names) -> str:
    if p.get("early_by"):
        text = _("The GM resumed the campaign %(duration)s early.") % {
            "duration": _duration(p.get("early_by"))
        }
    else:
        text = _("The GM resumed the campaign.")
    return f"{text}{_now_closes(p)}"


DEADLINE_NARRATORS: dict[str, Callable] = {
    "ScheduleSet": _schedule_set,
    "DeadlineExtended": _deadline_extended,
    "CampaignPaused": _campaign_paused,
    "CampaignResumed": _campaign_resumed,
}


def register() -> None:
    register_narrators(DEADLINE_NARRATORS)
