"""The whole of one siege, from investment to surrender, on the real stack: PostgreSQL,
Redis and a Celery worker process (E-37). Runs when DATABASE_URL names
PostgreSQL and REDIS_URL is set, as tests/integration/test_worker_turn.py does.

Turn 1: alice invades bob's fortress; bob's patrol withdraws behind the walls at Phase 4;
the worker's Final step invests the place. Turn 2: the sides give their plans; the
worker plays the siege days until the garrison starves and surrenders (SG-SURR-1), and
the place is alice's. The events table is set to "nothing" (a house rule), so the story
is the same whatever the seed.
"""

from __future__ import annotations

import pytest

from battles.models import Siege
from battles.sieges.services import siege_plan_set
from campaign.campaigns.setup import demo_campaign_create
from campaign.models import Hex, Turn, TurnEvent
from campaign.turns.services import turn_claim_step
from tests.integration.test_worker_turn import REAL_STACK, _wait_for, worker  # noqa: F401
from tests.siege_support import invade_and_reach_decisions, quiet_sieges, withdraw

pytestmark = [
    pytest.mark.integration,
    pytest.mark.xdist_group("real_stack"),  # see tests/browser/test_hosting_in_browser.py
    pytest.mark.skipif(
        not REAL_STACK, reason="needs PostgreSQL (DATABASE_URL) and Redis (REDIS_URL)"
    ),
]

NEXT = {Turn.State.OPEN: Turn.State.DECISIONS, Turn.State.DECISIONS: Turn.State.CLOSED}


def test_one_siege_from_investment_to_surrender(worker, invasion_targets):  # noqa: F811
    demo = demo_campaign_create(hexes=40, players=4, seed="integration-siege")
    # 1D10 days of food (at most 10 + 8) last less than a turn of 20 siege days
    quiet_sieges(demo.campaign, siege_days_per_turn=20, siege_provisions_dice=1)

    def run_step(turn: Turn) -> Turn:
        wanted = NEXT[turn.state]
        turn_claim_step(turn=turn, by=demo.gm)
        return _wait_for(turn.pk, wanted, worker)

    laid = invade_and_reach_decisions(demo, invasion_targets, run_step)
    withdraw(demo, laid)
    run_step(Turn.objects.get(pk=laid.turn.pk))
    siege = Siege.objects.get(hex=laid.hex)
    assert siege.ongoing and siege.day == 0
    assert TurnEvent.objects.filter(turn=laid.turn, kind="SiegeBegan").count() == 1
    provisions = siege.provisions

    second = Turn.objects.get(campaign=demo.campaign, number=2)
    assert second.state == Turn.State.OPEN
    siege_plan_set(siege=siege, by=demo.players["alice"], actions=["wait"] * 20)
    siege_plan_set(siege=siege, by=demo.players["bob"], actions=["pass"] * 20)
    run_step(second)
    second = run_step(Turn.objects.get(pk=second.pk))

    siege.refresh_from_db()
    assert siege.status == "surrendered" and siege.ended_turn == 2
    assert siege.day == provisions, "SG-PROV, SG-SURR-1: one day of food a day, then surrender"
    assert TurnEvent.objects.filter(turn=second, kind="SiegeDay").count() == provisions
    ended = TurnEvent.objects.get(turn=second, kind="SiegeEnded")
    assert ended.public and ended.payload["status"] == "surrendered"
    hex_ = Hex.objects.get(pk=laid.hex.pk)
    assert hex_.owner == demo.kingdoms["alice"], "§12.5: the besieger holds the place"
    laid.garrison.refresh_from_db()
    assert laid.garrison.position_id == demo.kingdoms["bob"].capital_id, "E-32: it falls back"
    assert Turn.objects.filter(campaign=demo.campaign, number=3, state=Turn.State.OPEN).exists()
