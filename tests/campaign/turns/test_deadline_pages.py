"""Deadlines on the pages: the header shows the deadline that matters now in the viewer's
own time zone with a countdown; the GM's button asks to confirm before a deadline and says
what is missing; the console's schedule, extension and pause forms (A-2.0.1)."""

from __future__ import annotations

import datetime as dt
import zoneinfo

import pytest
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape

from battles.decisions.services import battle_decide
from campaign.accounts.models import Profile
from campaign.models import Campaign, Turn
from kingdoms.orders.services import orders_ready_set
from tests.api_support import battle_in_bobs_hex

pytestmark = pytest.mark.django_db

NOW = dt.datetime(2030, 6, 28, 16, 0, tzinfo=dt.UTC)  # a Friday
DEADLINE = dt.datetime(2030, 7, 1, 16, 0, tzinfo=dt.UTC)  # the Monday after, 72 h later


@pytest.fixture
def at_noon(demo, time_machine):
    """The clock stopped on a Friday; the turn's orders close on the Monday after."""
    time_machine.move_to(NOW, tick=False)
    Turn.objects.filter(pk=demo.turn.pk).update(deadline=DEADLINE)
    demo.turn.refresh_from_db()
    return demo


def _page(client, user, name: str, zone: str = "UTC") -> str:
    """The page as ``user`` reads it with ``zone`` chosen on his profile."""
    Profile.objects.update_or_create(user=user, defaults={"time_zone": zone})
    client.force_login(user)
    return client.get(reverse(name, args=[user.memberships.first().campaign_id])).content.decode()


# The header ------------------------------------------------------------------------------


def test_the_header_shows_the_orders_deadline_in_the_viewers_time_zone(client, at_noon):
    """The same moment, read in New York and in Tokyo, with its countdown."""
    new_york = _page(client, at_noon.players["alice"], "campaign-detail", "America/New_York")
    assert "<dt>Orders</dt>" in new_york
    assert "Mon 1 Jul 2030, 12:00 EDT" in new_york and "in 3 days" in new_york
    tokyo = _page(client, at_noon.players["bob"], "campaign-detail", "Asia/Tokyo")
    assert "Tue 2 Jul 2030, 01:00 JST" in tokyo
    assert 'datetime="2030-07-02T01:00:00+09:00"' in tokyo, "with its offset, for the countdown"


def test_at_fight_or_retreat_the_header_shows_that_deadline_then_ones_own_report(
    client, at_noon, time_machine
):
    """A-2.4, then E-24: once fight or retreat closes, a player with a tabletop battle to
    report sees its report deadline; a player without one sees the passed deadline."""
    battle = battle_in_bobs_hex(at_noon, hours=47)
    page = _page(client, at_noon.players["carol"], "battles")
    assert "<dt>Fight or retreat</dt>" in page and "in 47 h" in page
    for player, role in (("alice", "attacker"), ("bob", "defender")):
        side = battle.sides.get(role=role)
        battle_decide(side=side, by=at_noon.players[player], decision="fight", tabletop=True)
    battle.refresh_from_db()
    time_machine.move_to(NOW + dt.timedelta(hours=48), tick=False)
    alice = _page(client, at_noon.players["alice"], "campaign-detail", "Europe/Paris")
    report = timezone.localtime(battle.report_deadline, zoneinfo.ZoneInfo("Europe/Paris"))
    assert "<dt>Tabletop report</dt>" in alice
    assert f"{report:%H:%M} CEST" in alice and "in 4 days" in alice
    carol = _page(client, at_noon.players["carol"], "campaign-detail")
    assert "<dt>Fight or retreat</dt>" in carol and "passed" in carol
    assert "Tabletop report" not in carol


def test_the_header_shows_no_deadline_while_a_step_runs(client, at_noon):
    Turn.objects.filter(pk=at_noon.turn.pk).update(state=Turn.State.PROVISIONAL)
    page = _page(client, at_noon.players["alice"], "campaign-detail")
    assert "<dt>Orders</dt>" not in page and 'class="countdown"' not in page


# The GM's button -------------------------------------------------------------------------


def test_resolving_before_the_deadline_asks_to_confirm_and_says_what_is_missing(
    client, at_noon, django_capture_on_commit_callbacks
):
    orders_ready_set(campaign=at_noon.campaign, by=at_noon.players["alice"], ready=True)
    orders_ready_set(campaign=at_noon.campaign, by=at_noon.players["bob"], ready=True)
    client.force_login(at_noon.gm)
    url = reverse("gm-console", args=[at_noon.campaign.pk])
    asked = client.post(url, HTTP_HX_REQUEST="true").content.decode()
    assert "Resolve before the deadline? 2 of 4 kingdoms not ready; the deadline is in 3 days." in (
        asked
    )
    assert 'name="confirm" value="1"' in asked
    assert Turn.objects.get(pk=at_noon.turn.pk).state == Turn.State.OPEN, "nothing claimed yet"
    with django_capture_on_commit_callbacks(execute=True):
        assert client.post(url, {"confirm": "1"}).status_code == 302
    assert Turn.objects.get(pk=at_noon.turn.pk).state != Turn.State.OPEN


def test_at_fight_or_retreat_the_confirmation_counts_the_undecided_sides(client, at_noon):
    battle = battle_in_bobs_hex(at_noon, hours=47)
    battle_decide(
        side=battle.sides.get(role="attacker"), by=at_noon.players["alice"], decision="fight"
    )
    client.force_login(at_noon.gm)
    asked = client.post(reverse("gm-console", args=[at_noon.campaign.pk])).content.decode()
    assert "1 battle side has not decided; the fight-or-retreat deadline is in 47 h." in asked
    assert Turn.objects.get(pk=at_noon.turn.pk).state == Turn.State.DECISIONS


def test_after_the_deadline_the_button_resolves_at_once(
    client, at_noon, time_machine, django_capture_on_commit_callbacks
):
    time_machine.move_to(DEADLINE + dt.timedelta(seconds=10), tick=False)
    client.force_login(at_noon.gm)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("gm-console", args=[at_noon.campaign.pk]))
    assert response.status_code == 302
    assert Turn.objects.get(pk=at_noon.turn.pk).state != Turn.State.OPEN


# The console's forms ---------------------------------------------------------------------


def test_the_gm_sets_the_schedule_and_everyone_reads_it(client, at_noon):
    client.force_login(at_noon.gm)
    url = reverse("gm-schedule", args=[at_noon.campaign.pk])
    body = {"timezone": "Europe/Berlin", "lock_weekday": "2", "lock_hour": "20"}
    assert client.post(url, body).status_code == 302
    campaign = Campaign.objects.get(pk=at_noon.campaign.pk)
    assert (campaign.timezone, campaign.lock_weekday, campaign.lock_hour) == (
        "Europe/Berlin",
        2,
        20,
    )
    console = _page(client, at_noon.gm, "gm-console")
    assert "Orders lock on Wednesdays at 20:00 (Europe/Berlin)" in console
    # Friday 28 June 2030: the first Wednesday 20:00 two days away is 3 July, 18:00 UTC
    assert "A turn opening now would lock" in console and "Wed 3 Jul 2030, 18:00 UTC" in console
    chronicle = _page(client, at_noon.players["dave"], "chronicle")
    assert "The GM set the schedule from the next turn on: orders lock on Wednesdays" in chronicle
    assert Turn.objects.get(pk=at_noon.turn.pk).deadline == DEADLINE, "this turn's stays"


def test_a_misspelt_time_zone_is_refused_by_its_field(client, at_noon):
    client.force_login(at_noon.gm)
    url = reverse("gm-schedule", args=[at_noon.campaign.pk])
    response = client.post(
        url, {"timezone": "Europe/Berlln", "lock_weekday": "", "lock_hour": "18"}
    )
    assert response.status_code == 400
    assert "Select a valid choice" in response.content.decode()
    assert Campaign.objects.get(pk=at_noon.campaign.pk).timezone == "UTC"


def test_the_gm_extends_the_deadline_in_his_own_time_zone(client, at_noon):
    Profile.objects.update_or_create(user=at_noon.gm, defaults={"time_zone": "Europe/Berlin"})
    client.force_login(at_noon.gm)
    url = reverse("gm-deadline-extend", args=[at_noon.campaign.pk])
    response = client.post(url, {"until": "2030-07-03T20:00"})
    assert response.status_code == 302
    assert Turn.objects.get(pk=at_noon.turn.pk).deadline == dt.datetime(
        2030, 7, 3, 18, 0, tzinfo=dt.UTC
    )
    chronicle = _page(client, at_noon.players["alice"], "chronicle", "Europe/Berlin")
    assert "The GM extended the orders deadline to Wed 3 Jul 2030, 20:00 CEST." in chronicle


def test_an_earlier_deadline_is_refused_next_to_the_field(client, at_noon):
    client.force_login(at_noon.gm)
    url = reverse("gm-deadline-extend", args=[at_noon.campaign.pk])
    response = client.post(url, {"until": "2030-06-30T12:00"}, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 200
    assert escape("Extend the deadline to a time after Mon 1 Jul 2030, 16:00 UTC.") in html
    assert Turn.objects.get(pk=at_noon.turn.pk).deadline == DEADLINE


def test_the_gm_pauses_and_resumes_from_the_console(client, at_noon, time_machine):
    client.force_login(at_noon.gm)
    pause = reverse("gm-pause", args=[at_noon.campaign.pk])
    body = {"until": "2030-07-05T16:00", "reason": "The club is closed for the summer fair."}
    assert client.post(pause, body).status_code == 302
    assert Turn.objects.get(pk=at_noon.turn.pk).deadline == DEADLINE + dt.timedelta(days=7)
    console = _page(client, at_noon.gm, "gm-console")
    assert "Resume now" in console and "The club is closed for the summer fair." in console
    time_machine.move_to(NOW + dt.timedelta(days=2), tick=False)
    assert client.post(reverse("gm-resume", args=[at_noon.campaign.pk])).status_code == 302
    assert Turn.objects.get(pk=at_noon.turn.pk).deadline == DEADLINE + dt.timedelta(days=2)
    chronicle = _page(client, at_noon.players["alice"], "chronicle")
    assert "The GM resumed the campaign 5 days early." in chronicle
