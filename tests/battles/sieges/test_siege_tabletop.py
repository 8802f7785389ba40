"""Siege battles on the tabletop through the app (E-24, E-37; docs/design/sieges.md,
"Siege battles on the tabletop"): both plans opt in, the siege stops on its assault day,
the next turn announces the assault as a tabletop battle with its ticket, the players
report and confirm it, and the next Final Results takes the place from the report."""

from __future__ import annotations

import pytest

from battles.decisions.services import battle_decide
from battles.models import Battle, BattleSide
from battles.sieges.services import siege_plan_set
from battles.tabletop.services import (
    battle_report_confirm,
    battle_report_submit,
    report_from_input,
    tabletop_battles_awaited,
)
from campaign.core.errors import Refused
from campaign.models import Turn, TurnEvent
from campaign.turns.services import turn_claim_step
from rules.core.state import Role
from tests.siege_support import lay_siege, quiet_sieges

pytestmark = pytest.mark.django_db


@pytest.fixture
def run_step(django_capture_on_commit_callbacks, demo):
    def run(turn: Turn) -> Turn:
        with django_capture_on_commit_callbacks(execute=True):
            turn_claim_step(turn=turn, by=demo.gm)
        turn.refresh_from_db()
        return turn

    return run


def _plans(demo, siege, *, garrison_tabletop=True):
    siege_plan_set(siege=siege, by=demo.players["alice"], actions=["assault"], tabletop=True)
    siege_plan_set(
        siege=siege, by=demo.players["bob"], actions=["pass"], tabletop=garrison_tabletop
    )


def _both_steps(run_step, number, demo) -> Turn:
    turn = run_step(Turn.objects.get(campaign=demo.campaign, number=number))  # provisional
    return run_step(turn)  # final


@pytest.fixture
def stopped(demo, invasion_targets, run_step):
    """Turn 2: both sides opted in; day 1's assault stopped the siege (no events: the
    house rules of quiet_sieges; the besieger's initiative or the garrison's pass gives
    the assault)."""
    quiet_sieges(demo.campaign)
    demo.campaign.save()
    laid, siege = lay_siege(demo, invasion_targets, run_step)
    _plans(demo, siege)
    _both_steps(run_step, 2, demo)
    siege.refresh_from_db()
    return laid, siege


def test_e24_the_siege_stops_on_the_assault_both_sides_will_play(client, demo, stopped):
    laid, siege = stopped
    assert siege.ongoing and (siege.pending_kind, siege.pending_day) == ("assault", 1)
    assert siege.day == 1
    assert not Battle.objects.filter(siege_battle__siege=siege).exists(), "announced next turn"
    day = TurnEvent.objects.get(turn__number=2, kind="SiegeDay")
    assert "tabletop" in day.payload["result"]
    client.force_login(demo.players["alice"])
    plan = client.get(f"/api/sieges/{siege.pk}/").json()["plan"]
    assert plan["stopped"] == {"kind": "assault", "day": 1}
    days = demo.campaign.ruleset.siege_days_per_turn
    assert len(plan["actions"]) == days - 1, "the stopped day comes first, its action fixed"
    page = client.get(f"/campaigns/{demo.campaign.pk}/sieges/{siege.pk}/").content.decode()
    assert "Day 1 is siege day 1: an assault, played on the tabletop." in page


def test_e24_one_side_declining_fights_the_assault_at_once(demo, invasion_targets, run_step):
    quiet_sieges(demo.campaign)
    demo.campaign.save()
    laid, siege = lay_siege(demo, invasion_targets, run_step)
    _plans(demo, siege, garrison_tabletop=False)
    _both_steps(run_step, 2, demo)
    siege.refresh_from_db()
    assert siege.pending_kind == ""
    battle = Battle.objects.get(siege_battle__siege=siege)
    assert battle.resolved and battle.mode == Battle.Mode.ABSTRACT and battle.turn.number == 2


def test_p_c6_the_assault_is_announced_played_reported_and_takes_the_place(demo, stopped, run_step):
    laid, siege = stopped
    turn = run_step(Turn.objects.get(campaign=demo.campaign, number=3))  # provisional
    battle = Battle.objects.get(siege_battle__siege=siege)
    assert battle.turn == turn and battle.siege_battle.kind == "assault"
    assert battle.mode == Battle.Mode.TABLETOP, "both plans opted in (E-24)"
    assert battle.terrain and battle.report_deadline, "the ticket: terrain and deadline"
    assert [b.pk for b in tabletop_battles_awaited(turn)] == [battle.pk], "Final waits"
    garrison = BattleSide.objects.get(battle=battle, role=Role.DEFENDER)
    with pytest.raises(Refused, match="siege's battle is fought"):
        battle_decide(side=garrison, by=demo.players["bob"], decision="retreat")

    report = report_from_input(winner="attacker")
    battle_report_submit(battle=battle, by=demo.players["alice"], report=report, text="Over!")
    battle_report_confirm(battle=battle, by=demo.players["bob"])
    assert tabletop_battles_awaited(turn) == []

    turn = run_step(turn)  # final: day 1 goes on with the reported assault
    assert turn.state == Turn.State.CLOSED
    siege.refresh_from_db()
    battle.refresh_from_db()
    assert battle.resolved and battle.winner == Role.ATTACKER
    assert siege.status == "taken" and siege.pending_kind == ""
    laid.hex.refresh_from_db()
    assert laid.hex.owner == demo.kingdoms["alice"], "§12.5: the place is conquered"
    assert TurnEvent.objects.filter(turn=turn, kind="TabletopBattleFought").exists()
    assert Battle.objects.filter(siege_battle__siege=siege).count() == 1, "no second battle"


def test_e24_a_siege_lifted_before_its_tabletop_assault_is_not_fought(demo, stopped, run_step):
    laid, siege = stopped
    turn = run_step(Turn.objects.get(campaign=demo.campaign, number=3))  # provisional
    siege_plan_set(siege=siege, by=demo.players["alice"], actions=[], lift=True)
    battle = Battle.objects.get(siege_battle__siege=siege)
    turn.decisions_deadline = battle.report_deadline = None  # nothing to wait for
    turn.save()
    Battle.objects.filter(pk=battle.pk).update(report_deadline=None)
    run_step(turn)
    siege.refresh_from_db()
    battle.refresh_from_db()
    assert siege.status == "lifted"
    assert battle.resolved and battle.result == "not fought" and battle.winner == ""
    assert TurnEvent.objects.filter(kind="SiegeBattleNotFought").exists()


def test_e37_the_siege_battles_ticket_names_its_siege_and_walls_to_its_sides_only(
    client, demo, stopped, run_step
):
    laid, siege = stopped
    run_step(Turn.objects.get(campaign=demo.campaign, number=3))  # provisional
    battle = Battle.objects.get(siege_battle__siege=siege)
    url = f"/api/battles/{battle.pk}/"
    client.force_login(demo.players["alice"])
    page = client.get(url).json()
    assert page["tabletop"] and page["siege"]["kind"] == "assault"
    assert page["siege"]["wall_stages"] == siege.wall_stages and page["siege"]["day"] == 1
    html = client.get(f"/campaigns/{demo.campaign.pk}/battles/{battle.pk}/").content.decode()
    assert "The assault of day 1 of the siege of this fortress" in html
    client.force_login(demo.players["carol"])
    assert client.get(url).json()["siege"] is None, "an outsider sees no ticket"
