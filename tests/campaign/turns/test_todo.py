"""The viewer's to-do on top of every campaign page, and the header's deadline, in every
phase of a turn: orders open (Q7), fight or retreat (A-2.4), the tabletop reports (E-24),
a turn resolving, the campaign ended. Each item shows to the viewer who has to act, and
to him only."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from battles.decisions.services import battle_decide
from battles.models import Battle
from battles.tabletop.services import battle_report_dispute, battle_report_submit
from campaign.accounts.models import Profile
from campaign.campaigns.setup import demo_campaign_create
from campaign.core.access import Access
from campaign.core.viewers import membership_for, viewer_for
from campaign.models import Campaign, Turn
from campaign.turns.todo import viewer_todo
from kingdoms.agreements.services import agreement_propose
from kingdoms.models import Kingdom
from kingdoms.orders.services import order_submit, orders_ready_set
from rules.battles.tabletop import TabletopReport
from rules.core.state import Role
from tests.api_support import battle_in_bobs_hex

pytestmark = pytest.mark.django_db

NOW = dt.datetime(2030, 11, 22, 16, 0, tzinfo=dt.UTC)  # a Friday, in winter (Rome: UTC+1)
DEADLINE = dt.datetime(2030, 11, 25, 18, 0, tzinfo=dt.UTC)  # the Monday after, 18:00 UTC


@pytest.fixture
def friday(demo, time_machine):
    """The clock stopped on a Friday; the turn's orders close on the Monday after."""
    time_machine.move_to(NOW, tick=False)
    Turn.objects.filter(pk=demo.turn.pk).update(deadline=DEADLINE)
    demo.turn.refresh_from_db()
    return demo


def _page(client, user, name: str = "campaign-detail", zone: str = "UTC") -> str:
    Profile.objects.update_or_create(user=user, defaults={"time_zone": zone})
    client.force_login(user)
    campaign_id = user.memberships.first().campaign_id
    response = client.get(reverse(name, args=[campaign_id]))
    assert response.status_code == 200
    return response.content.decode()


def _todo(client, user, name: str = "campaign-detail", zone: str = "UTC") -> str:
    """The to-do panel's text as the user reads it, tags stripped, spaces squeezed."""
    page = _page(client, user, name, zone)
    found = re.search(r'<section class="todo".*?</section>', page, re.S)
    assert found, "every campaign page shows the viewer's to-do"
    return " ".join(re.sub(r"<[^>]+>", " ", found.group(0)).split())


def _armies(demo, player: str) -> list:
    return list(demo.kingdoms[player].armies.order_by("pk"))


# Orders open (Q7, Q23) --------------------------------------------------------------------


def test_while_orders_are_open_a_player_counts_his_armies_ordered_then_marks_ready(
    client, friday, invasion_targets
):
    """Q7: "0 of 2 armies ordered" with the orders deadline, then one more, then the
    ready mark; once ready, nothing is due until the deadline."""
    alice = friday.players["alice"]
    armies = _armies(friday, "alice")
    todo = _todo(client, alice)
    assert f"0 of {len(armies)} armies ordered by Mon 25 Nov 18:00 ( in 3 days )" in todo
    assert "Orders ready? Mark them ready" in todo
    target = invasion_targets(friday.kingdoms["alice"])[0]
    order_submit(army=armies[0], by=alice, kind="invade", target=target)
    assert f"1 of {len(armies)} armies ordered" in _todo(client, alice)
    orders_ready_set(campaign=friday.campaign, by=alice, ready=True)
    todo = _todo(client, alice)
    assert "armies ordered" not in todo and "Mark them ready" not in todo
    assert "Nothing to do until Mon 25 Nov 18:00." in todo


def test_the_to_do_and_the_header_read_in_the_viewers_time_zone(client, friday):
    """A viewer in Rome reads the 18:00 UTC deadline as 19:00, in the header too."""
    page = _page(client, friday.players["alice"], zone="Europe/Rome")
    todo = _todo(client, friday.players["alice"], zone="Europe/Rome")
    assert "by Mon 25 Nov 19:00" in todo
    header = page[page.index('<header class="top">') : page.index("</header>")]
    assert "<dt>Orders</dt>" in header and "Mon 25 Nov 2030, 19:00 CET" in header
    assert 'data-countdown="' in header


def test_an_agreement_proposed_to_a_player_is_his_to_answer(client, friday):
    """Q23: the partner answers; the proposer waits, and nobody else hears of it."""
    agreement_propose(
        campaign=friday.campaign,
        by=friday.players["bob"],
        kind="cease_fire",
        partner_id=friday.kingdoms["alice"].pk,
    )
    assert "an agreement to answer" in _todo(client, friday.players["alice"])
    assert "agreement" not in _todo(client, friday.players["bob"])
    assert "agreement" not in _todo(client, friday.players["carol"])


def test_the_gm_has_provisional_results_to_start_once_the_orders_deadline_passed(
    client, friday, time_machine
):
    """A-2.2: before the deadline the GM waits; after it his button is due."""
    assert "Provisional results to start" not in _todo(client, friday.gm)
    assert "Nothing to do until Mon 25 Nov 18:00." in _todo(client, friday.gm)
    time_machine.move_to(DEADLINE + dt.timedelta(minutes=1), tick=False)
    todo = _todo(client, friday.gm)
    assert "Provisional results to start" in todo
    assert "Provisional results" not in _todo(client, friday.players["alice"])


# Fight or retreat and the tabletop (E-24) ----------------------------------------


def test_at_fight_or_retreat_only_the_battles_sides_have_a_battle_to_decide(client, friday):
    """A-2.4: the two sides read the call with its deadline on every page, the header
    shows that deadline, the others have nothing to do; a side that answered is done."""
    battle = battle_in_bobs_hex(friday, hours=47)
    for player in ("alice", "bob"):
        todo = _todo(client, friday.players[player], "chronicle")
        assert "a battle to decide by Sun 24 Nov 15:00 ( in 47 h )" in todo
    carol = _page(client, friday.players["carol"])
    assert "battle to decide" not in carol and "<dt>Fight or retreat</dt>" in carol
    assert "Nothing to do until Sun 24 Nov 15:00." in _todo(client, friday.players["carol"])
    battle_decide(
        side=battle.sides.get(role="attacker"), by=friday.players["alice"], decision="fight"
    )
    assert "battle to decide" not in _todo(client, friday.players["alice"])
    assert "a battle to decide" in _todo(client, friday.players["bob"])


@pytest.mark.parametrize("name", ["campaign-detail", "battles"])
def test_the_campaign_and_battles_pages_call_the_sides_to_decide(client, friday, name):
    """A-2.4: a prompt with the deadline and a link to the battles page, to the sides
    only."""
    battle_in_bobs_hex(friday, hours=47)
    page = _page(client, friday.players["bob"], name)
    prompt = re.search(r"<p class=\"prompt decide-prompt\".*?</p>", page, re.S).group(0)
    assert (
        "Fight or retreat:" in prompt
        and "you have a battle to decide by Sun 24 Nov 15:00" in prompt
    )
    assert f'href="{reverse("battles", args=[friday.campaign.pk])}"' in prompt
    assert "decide-prompt" not in _page(client, friday.players["carol"], name)


def test_once_the_fight_or_retreat_deadline_passed_the_gm_starts_final_results(
    client, friday, time_machine
):
    battle_in_bobs_hex(friday, hours=47)
    assert "Final results to start" not in _todo(client, friday.gm)
    time_machine.move_to(NOW + dt.timedelta(hours=48), tick=False)
    assert "Final results to start" in _todo(client, friday.gm)
    assert "battle to decide" not in _todo(client, friday.players["alice"]), "too late"


def test_a_tabletop_battle_asks_a_report_then_the_other_sides_confirmation(client, friday):
    """E-24, P-C6: both sides owe the report until one sends it; then the other side
    confirms it, with the report deadline."""
    battle = battle_in_bobs_hex(friday, hours=47)
    for player, role in (("alice", "attacker"), ("bob", "defender")):
        side = battle.sides.get(role=role)
        battle_decide(side=side, by=friday.players[player], decision="fight", tabletop=True)
    battle.refresh_from_db()
    for player in ("alice", "bob"):
        assert "a tabletop report to send" in _todo(client, friday.players[player])
    assert "tabletop" not in _todo(client, friday.players["carol"])
    report = TabletopReport(winner=Role.ATTACKER, massacre=False, vp_margin=100)
    battle_report_submit(battle=battle, by=friday.players["alice"], report=report)
    assert "tabletop report" not in _todo(client, friday.players["alice"])
    bob = _todo(client, friday.players["bob"])
    assert "a tabletop report to confirm by" in bob
    assert f'href="{reverse("battle-detail", args=[friday.campaign.pk, battle.pk])}"' in _page(
        client, friday.players["bob"]
    )
    battle_report_dispute(battle=battle, by=friday.players["bob"], reason="We drew.")
    assert "a disputed tabletop report to settle" in _todo(client, friday.gm)
    assert "tabletop report" not in _todo(client, friday.players["bob"])


def test_the_gm_reports_and_answers_for_a_neutral_side_q17(client, friday):
    """E-24, Q17: against a neutral army on the tabletop the GM is the other side."""
    battle = battle_in_bobs_hex(friday, hours=47)
    defender = battle.sides.get(role="defender")
    defender.kingdom, defender.neutral_kingdom = None, friday.neutral_kingdoms[0]
    defender.save(update_fields=["kingdom", "neutral_kingdom"])
    defender.armies.clear()
    Battle.objects.filter(pk=battle.pk).update(
        mode=Battle.Mode.TABLETOP, report_deadline=NOW + dt.timedelta(days=5)
    )
    assert "a tabletop report to send" in _todo(client, friday.gm)
    assert "tabletop" not in _todo(client, friday.players["bob"])
    report = TabletopReport(winner=Role.ATTACKER, massacre=False, vp_margin=100)
    battle_report_submit(battle=battle, by=friday.players["alice"], report=report)
    assert "a tabletop report to confirm" in _todo(client, friday.gm)


# A turn resolving, the campaign ended -----------------------------------------------------


def test_while_a_step_runs_the_header_says_the_turn_is_resolving(client, friday):
    Turn.objects.filter(pk=friday.turn.pk).update(state=Turn.State.PROVISIONAL)
    page = _page(client, friday.players["alice"])
    header = page[page.index('<header class="top">') : page.index("</header>")]
    assert "The turn is resolving." in header and "countdown" not in header
    assert "Nothing to do now. The turn is resolving." in _todo(client, friday.players["alice"])


def test_a_step_running_late_is_the_gms_problem_to_retry(client, friday, settings):
    settings.TURN_STEP_LATE_SECONDS = 60
    claimed = NOW - dt.timedelta(minutes=20)
    Turn.objects.filter(pk=friday.turn.pk).update(state=Turn.State.FINAL, claimed_at=claimed)
    gm = _todo(client, friday.gm)
    assert "Final Results is late by 20 minutes: run it again" in gm
    panel = re.search(r'<section class="todo".*?</section>', _page(client, friday.gm), re.S)[0]
    assert f'href="{reverse("gm-console", args=[friday.campaign.pk])}"' in panel
    assert "late" not in _todo(client, friday.players["alice"])


def test_an_eliminated_kingdom_has_nothing_to_do(client, friday):
    Kingdom.objects.filter(pk=friday.kingdoms["dave"].pk).update(eliminated=True)
    todo = _todo(client, friday.players["dave"])
    assert "armies ordered" not in todo and "Nothing to do until Mon 25 Nov 18:00." in todo


def test_once_the_campaign_ended_nothing_is_due(client, friday):
    Campaign.objects.filter(pk=friday.campaign.pk).update(status=Campaign.Status.FINISHED)
    page = _page(client, friday.players["alice"])
    assert "The campaign has ended." in page and "<dt>Orders</dt>" not in page
    assert "armies ordered" not in _todo(client, friday.players["alice"])


# Every page, and only campaign pages ------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "campaign-detail",
        "kingdom",
        "message-inbox",
        "battles",
        "sieges",
        "bulletin",
        "chronicle",
        "ruleset",
        "campaign-players",
    ],
)
def test_every_campaign_page_shows_the_players_to_do(client, friday, name):
    assert "Orders ready? Mark them ready" in _todo(client, friday.players["alice"], name)


def test_the_gm_console_shows_the_gms_to_do(client, friday):
    assert "Nothing to do until" in _todo(client, friday.gm, "gm-console")


def test_a_stranger_gets_no_to_do_and_other_pages_have_none(client, friday, django_user_model):
    stranger = django_user_model.objects.create_user("stranger", password="x")
    client.force_login(stranger)
    answer = client.get(reverse("campaign-detail", args=[friday.campaign.pk]))
    assert answer.status_code == 404 and b'class="todo"' not in answer.content
    client.force_login(friday.players["alice"])
    assert b'class="todo"' not in client.get(reverse("campaign-list")).content


# Queries -----------------------------------------------------------------------------------


def _queries(campaign: Campaign, user) -> int:
    membership = membership_for(user, campaign)
    access = Access(campaign, membership, viewer_for(membership))
    turn = campaign.turns.order_by("-number").first()
    with CaptureQueriesContext(connection) as queries:
        viewer_todo(access, turn)
    return len(queries)


def test_the_to_do_costs_a_fixed_number_of_queries_whatever_the_map(friday):
    """Read on the demo's 40 hexes and on a map of 200 with 6 players: the same count."""
    big = demo_campaign_create(hexes=200, players=6, seed="big")
    small_count = _queries(friday.campaign, friday.players["alice"])
    big_count = _queries(big.campaign, big.players["alice"])
    assert small_count == big_count <= 12
    battle_in_bobs_hex(friday, hours=47)
    assert _queries(friday.campaign, friday.players["alice"]) <= 12
    assert _queries(friday.campaign, friday.gm) <= 12


def test_a_page_with_the_to_do_stays_within_its_query_budget(
    client, friday, django_assert_max_num_queries
):
    client.force_login(friday.players["alice"])
    url = reverse("chronicle", args=[friday.campaign.pk])
    with django_assert_max_num_queries(40):
        assert client.get(url).status_code == 200
