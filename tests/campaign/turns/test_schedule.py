"""The schedule (A-2.0.1): a weekly lock on the wall clock of the campaign's time zone, at
least two days after the turn opens, the same local hour across a change of summer time;
without a lock weekday, the ruleset's turn length as before."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from campaign.turns.schedule import (
    MIN_ORDER_HOURS,
    Schedule,
    orders_deadline,
    schedule_text,
    wall_clock,
)
from campaign.turns.services import turn_open

BERLIN = ZoneInfo("Europe/Berlin")
MONDAY_18_BERLIN = Schedule(zone="Europe/Berlin", lock_weekday=0, lock_hour=18)


def utc(*args) -> dt.datetime:
    return dt.datetime(*args, tzinfo=dt.UTC)


def test_without_a_lock_weekday_orders_lock_the_turn_length_after_the_turn_opens():
    opened = utc(2024, 3, 28, 12, 30)
    assert orders_deadline(opened, Schedule(turn_length_days=7)) == utc(2024, 4, 4, 12, 30)
    assert orders_deadline(opened, Schedule(turn_length_days=3)) == utc(2024, 3, 31, 12, 30)


def test_the_lock_is_the_next_lock_weekday_and_hour_in_the_campaign_zone():
    """Saturday noon: Monday 18:00 in Berlin (17:00 UTC in winter) is 53 hours away."""
    deadline = orders_deadline(utc(2024, 3, 2, 12), MONDAY_18_BERLIN)
    assert deadline == utc(2024, 3, 4, 17)
    assert deadline.astimezone(BERLIN).strftime("%A %H:%M") == "Monday 18:00"


def test_a_lock_less_than_two_days_away_moves_to_the_next_week():
    """Sunday evening: Monday 18:00 is 21 hours away, under MIN_ORDER_HOURS."""
    opened = utc(2024, 3, 3, 20)
    deadline = orders_deadline(opened, MONDAY_18_BERLIN)
    assert deadline == utc(2024, 3, 11, 17)
    assert deadline - opened >= dt.timedelta(hours=MIN_ORDER_HOURS)


def test_a_turn_opened_on_the_lock_day_after_its_hour_locks_a_week_later():
    deadline = orders_deadline(utc(2024, 3, 4, 19), MONDAY_18_BERLIN)
    assert deadline == utc(2024, 3, 11, 17)


@pytest.mark.parametrize(
    ("opened", "deadline"),
    [
        # summer time starts on Sunday 31 March 2024: 18:00 in Berlin is 16:00 UTC after it
        (utc(2024, 3, 28, 12), utc(2024, 4, 1, 16)),
        # and ends on Sunday 27 October 2024: 17:00 UTC again
        (utc(2024, 10, 24, 12), utc(2024, 10, 28, 17)),
    ],
)
def test_the_lock_keeps_its_local_hour_across_a_change_of_summer_time(opened, deadline):
    assert orders_deadline(opened, MONDAY_18_BERLIN) == deadline
    assert deadline.astimezone(BERLIN).hour == 18


def test_an_hour_the_clocks_skip_locks_when_they_jump():
    """02:00 does not exist in Berlin on 31 March 2024: the clocks jump to 03:00 then."""
    jump = wall_clock(dt.date(2024, 3, 31), 2, BERLIN).astimezone(dt.UTC)
    assert jump == utc(2024, 3, 31, 1)
    assert jump.astimezone(BERLIN).strftime("%H:%M %Z") == "03:00 CEST"


def test_the_schedule_in_words():
    assert schedule_text(Schedule(turn_length_days=7)) == (
        "Orders lock 7 days after the turn opens."
    )
    assert schedule_text(MONDAY_18_BERLIN) == (
        "Orders lock on Mondays at 18:00 (Europe/Berlin), at least 48 hours after the turn opens."
    )


@pytest.mark.django_db
def test_a_turn_opens_with_the_deadline_of_the_schedule_across_summer_time(demo, time_machine):
    """A-2.0.1: turn_open reads the campaign's schedule; the clock is moved to the
    Thursday before summer time starts."""
    time_machine.move_to(utc(2024, 3, 28, 12), tick=False)
    campaign = demo.campaign
    campaign.timezone, campaign.lock_weekday, campaign.lock_hour = "Europe/Berlin", 0, 18
    campaign.save()
    turn = turn_open(campaign=campaign, number=2)
    assert turn.deadline == utc(2024, 4, 1, 16)


@pytest.mark.django_db
def test_without_a_schedule_a_turn_still_opens_for_the_turn_length(demo, time_machine):
    time_machine.move_to(utc(2024, 3, 28, 12), tick=False)
    turn = turn_open(campaign=demo.campaign, number=2)
    assert turn.deadline == utc(2024, 4, 4, 12)
