"""Orders lock at the deadline; Celery beat starts the resolution then (A-2.1, A-2.2), and
Final Results once every battle side has answered or fight or retreat's deadline has
passed (A-2.4, Q7), waiting for tabletop reports (E-24); the GM's pause and extension
(A-2.0.1)."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from battles.decisions.services import battle_decide
from battles.models import Battle, BattleSide
from campaign.core.errors import Refused
from campaign.models import Turn, TurnEvent
from campaign.ruleset.services import campaign_ruleset_change
from campaign.turns.deadlines import decisions_due_turns
from campaign.turns.services import campaign_pause, campaign_resume, turn_deadline_extend
from campaign.turns.tasks import turns_final_due, turns_resolve_due
from kingdoms.orders.models import Order
from kingdoms.orders.services import order_submit
from rules.core.state import DefenderKind
from tests.api_support import battle_in_bobs_hex

pytestmark = pytest.mark.django_db


def _past_deadline(demo) -> None:
    Turn.objects.filter(pk=demo.turn.pk).update(deadline=timezone.now() - dt.timedelta(minutes=1))


def test_a_late_order_is_refused_and_the_earlier_one_kept(demo, invasion_targets):
    """A-2.1: the publication gives the deadline for orders; after it, nothing changes."""
    army = demo.kingdoms["alice"].armies.first()
    order_submit(army=army, by=demo.players["alice"], kind="rest")
    _past_deadline(demo)
    with pytest.raises(Refused, match="deadline for turn 1's orders has passed"):
        order_submit(
            army=army,
            by=demo.players["alice"],
            kind="invade",
            target=invasion_targets(demo.kingdoms["alice"])[0],
        )
    assert Order.objects.get(army=army).kind == "rest"


def test_beat_resolves_turns_past_their_deadline_once(demo, django_capture_on_commit_callbacks):
    _past_deadline(demo)
    with django_capture_on_commit_callbacks(execute=True):
        assert turns_resolve_due() == 1
    assert Turn.objects.get(pk=demo.turn.pk).state == Turn.State.DECISIONS
    with django_capture_on_commit_callbacks(execute=True):
        assert turns_resolve_due() == 0


def test_beat_leaves_turns_before_their_deadline(demo):
    assert turns_resolve_due() == 0
    assert Turn.objects.get(pk=demo.turn.pk).state == Turn.State.OPEN


# Deadlines that run themselves ----------------------------------------------------------


@pytest.fixture
def battle(demo) -> Battle:
    """Alice's strongest army invades one of Bob's hexes held by Bob's strongest army:
    the turn at fight or retreat, as Provisional Results leave it, for two more days."""
    return battle_in_bobs_hex(demo)


def _decide(demo, battle: Battle, player: str, **choice) -> None:
    role = "attacker" if player == "alice" else "defender"
    side = battle.sides.get(role=role)
    battle_decide(side=side, by=demo.players[player], **{"decision": "fight", **choice})


def _state(demo) -> str:
    return Turn.objects.get(pk=demo.turn.pk).state


def _final_due(capture) -> int:
    with capture(execute=True):
        return turns_final_due()


def test_final_results_start_once_every_side_has_decided(
    demo, battle, django_capture_on_commit_callbacks
):
    """A-2.4: nobody waits for the deadline once every battle side has answered."""
    _decide(demo, battle, "alice", strategy="assault")
    assert _final_due(django_capture_on_commit_callbacks) == 0, "Bob has not answered"
    assert _state(demo) == Turn.State.DECISIONS
    _decide(demo, battle, "bob", strategy="")  # "none": he holds (Q7)
    assert _final_due(django_capture_on_commit_callbacks) == 1
    assert _state(demo) == Turn.State.CLOSED
    battle.refresh_from_db()
    assert battle.resolved
    assert demo.campaign.turns.filter(number=2, state=Turn.State.OPEN).exists()


def test_the_fight_or_retreat_deadline_passing_starts_final_results(
    demo, battle, time_machine, django_capture_on_commit_callbacks
):
    """Q7: a side that did not answer by the deadline fights and holds."""
    deadline = Turn.objects.get(pk=demo.turn.pk).decisions_deadline
    time_machine.move_to(deadline - dt.timedelta(minutes=1))
    assert _final_due(django_capture_on_commit_callbacks) == 0
    time_machine.move_to(deadline + dt.timedelta(seconds=30))
    assert _final_due(django_capture_on_commit_callbacks) == 1
    battle.refresh_from_db()
    assert _state(demo) == Turn.State.CLOSED and battle.resolved
    assert battle.sides.get(role="defender").decision == "fight"


def test_a_tabletop_report_within_its_deadline_holds_final_results(
    demo, battle, time_machine, django_capture_on_commit_callbacks
):
    """E-24: every side answered, but the battle is played on the table: Final Results wait
    for its report until its deadline, then resolve it abstract."""
    _decide(demo, battle, "alice", tabletop=True)
    _decide(demo, battle, "bob", tabletop=True)
    battle.refresh_from_db()
    assert battle.mode == Battle.Mode.TABLETOP
    turn = Turn.objects.get(pk=demo.turn.pk)
    time_machine.move_to(turn.decisions_deadline + dt.timedelta(hours=1))
    assert _final_due(django_capture_on_commit_callbacks) == 0
    assert _state(demo) == Turn.State.DECISIONS
    time_machine.move_to(battle.report_deadline + dt.timedelta(seconds=30))
    assert _final_due(django_capture_on_commit_callbacks) == 1
    assert _state(demo) == Turn.State.CLOSED


def test_a_neutral_side_waits_for_the_gm_only_where_he_has_a_choice(demo, battle):
    """Q6: neutrals always fight by default and their strategy is rolled (E-24): nothing to
    wait for; with the option off the GM may retreat them, so his answer is awaited."""
    neutral = demo.neutral_kingdoms[0]
    BattleSide.objects.filter(battle=battle, role="defender").update(
        kingdom=None, neutral_kingdom=neutral
    )
    Battle.objects.filter(pk=battle.pk).update(defender_kind=DefenderKind.NEUTRAL_KINGDOM)
    _decide(demo, battle, "alice")
    assert [t.pk for t in decisions_due_turns()] == [demo.turn.pk]
    campaign_ruleset_change(
        campaign=demo.campaign, by=demo.gm, overrides={"options": {"neutrals_always_fight": 0}}
    )
    assert decisions_due_turns() == []


def test_a_pause_holds_the_deadline_and_a_resume_gives_back_the_time_not_used(
    demo, time_machine, django_capture_on_commit_callbacks
):
    """The pause moves the orders deadline on by its length at once; resumed a day in,
    the deadline comes back by the two days not used: it moved by the day paused."""
    start = timezone.now()
    deadline = demo.turn.deadline
    time_machine.move_to(start, tick=False)
    campaign_pause(
        campaign=demo.campaign, by=demo.gm, until=start + dt.timedelta(days=3), reason="Easter"
    )
    assert Turn.objects.get(pk=demo.turn.pk).deadline == deadline + dt.timedelta(days=3)
    time_machine.move_to(deadline + dt.timedelta(minutes=1), tick=False)
    with django_capture_on_commit_callbacks(execute=True):
        assert turns_resolve_due() == 0
    time_machine.move_to(start + dt.timedelta(days=1), tick=False)
    campaign_resume(campaign=demo.campaign, by=demo.gm)
    assert Turn.objects.get(pk=demo.turn.pk).deadline == deadline + dt.timedelta(days=1)
    time_machine.move_to(deadline + dt.timedelta(days=1, minutes=1), tick=False)
    with django_capture_on_commit_callbacks(execute=True):
        assert turns_resolve_due() == 1
    assert _state(demo) != Turn.State.OPEN


def test_a_paused_campaign_resolves_nothing_even_past_a_deadline(
    demo, battle, django_capture_on_commit_callbacks
):
    """Every side answered and the deadline passed, but the GM paused the campaign."""
    campaign_pause(campaign=demo.campaign, by=demo.gm, until=timezone.now() + dt.timedelta(hours=2))
    _decide(demo, battle, "alice")
    _decide(demo, battle, "bob")
    Turn.objects.filter(pk=demo.turn.pk).update(decisions_deadline=timezone.now())
    assert _final_due(django_capture_on_commit_callbacks) == 0
    assert _state(demo) == Turn.State.DECISIONS


def test_a_pause_at_fight_or_retreat_moves_the_tabletop_reports_too(demo, battle):
    _decide(demo, battle, "alice", tabletop=True)
    _decide(demo, battle, "bob", tabletop=True)
    battle.refresh_from_db()
    turn = Turn.objects.get(pk=demo.turn.pk)
    campaign_pause(campaign=demo.campaign, by=demo.gm, until=timezone.now() + dt.timedelta(days=2))
    moved = Turn.objects.get(pk=demo.turn.pk).decisions_deadline - turn.decisions_deadline
    assert dt.timedelta(days=2) - moved < dt.timedelta(seconds=5)
    report_moved = Battle.objects.get(pk=battle.pk).report_deadline - battle.report_deadline
    assert report_moved == moved


def test_the_pause_is_announced_to_everyone_with_the_new_deadline(client, demo):
    until = timezone.now() + dt.timedelta(days=3)
    campaign_pause(campaign=demo.campaign, by=demo.gm, until=until, reason="summer holidays")
    client.force_login(demo.players["carol"])
    html = client.get(reverse("chronicle", args=[demo.campaign.pk])).content.decode()
    assert "The GM paused the campaign until" in html and "summer holidays" in html
    assert "The orders deadline is now" in html
    page = client.get(reverse("campaign-detail", args=[demo.campaign.pk])).content.decode()
    assert "Paused" in page and "summer holidays" in page


def test_only_the_gm_pauses_and_only_until_a_time_to_come(demo):
    with pytest.raises(Refused):
        campaign_pause(
            campaign=demo.campaign,
            by=demo.players["alice"],
            until=timezone.now() + dt.timedelta(days=1),
        )
    with pytest.raises(Refused, match="still to come") as refused:
        campaign_pause(campaign=demo.campaign, by=demo.gm, until=timezone.now())
    assert refused.value.field == "until"
    with pytest.raises(Refused, match="not paused"):
        campaign_resume(campaign=demo.campaign, by=demo.gm)


def test_an_extended_deadline_takes_orders_after_the_old_one_and_is_announced(
    client, demo, time_machine, invasion_targets, django_capture_on_commit_callbacks
):
    old = demo.turn.deadline
    turn_deadline_extend(turn=demo.turn, by=demo.gm, until=old + dt.timedelta(days=2))
    time_machine.move_to(old + dt.timedelta(hours=1))
    with django_capture_on_commit_callbacks(execute=True):
        assert turns_resolve_due() == 0
    army = demo.kingdoms["alice"].armies.first()
    target = invasion_targets(demo.kingdoms["alice"])[0]
    order_submit(army=army, by=demo.players["alice"], kind="invade", target=target)
    assert Order.objects.get(army=army).kind == "invade"
    client.force_login(demo.players["bob"])
    html = client.get(reverse("chronicle", args=[demo.campaign.pk])).content.decode()
    assert "The GM extended the orders deadline to" in html


def test_a_deadline_is_extended_only_to_a_later_time(demo):
    with pytest.raises(Refused, match="after") as refused:
        turn_deadline_extend(
            turn=demo.turn, by=demo.gm, until=demo.turn.deadline - dt.timedelta(hours=1)
        )
    assert refused.value.field == "until"


def test_the_fight_or_retreat_deadline_is_extended_at_fight_or_retreat(demo, battle):
    turn = Turn.objects.get(pk=demo.turn.pk)
    later = turn.decisions_deadline + dt.timedelta(days=1)
    turn_deadline_extend(turn=turn, by=demo.gm, until=later)
    assert Turn.objects.get(pk=demo.turn.pk).decisions_deadline == later
    entry = TurnEvent.objects.filter(kind="DeadlineExtended").last()
    assert entry.public and entry.payload["deadline"] == "decisions"
