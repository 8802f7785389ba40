"""The two server steps of a turn (docs/architecture.md, "The turn pipeline").

``turn_step_resolve`` is the one entry point: inside one transaction it locks the turn,
checks that the step is still to be done, runs it and advances the state. Running it
twice, or in two workers at once, resolves the step once; a worker killed half-way
leaves nothing behind, and the retry rolls the same dice from the same seed.
"""

from __future__ import annotations

import datetime as dt
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone

from campaign.campaigns.services import map_version_bump
from campaign.core.collector import collector_paused
from campaign.models import Campaign, Turn
from campaign.notifications.models import Kind
from campaign.notifications.services import PLAYERS, gazette_publish, notify
from campaign.pipeline.registry import DECISIONS_OPEN, STEP_INPUTS, TURN_CLOSED, StepInput
from campaign.pipeline.snapshot import Snapshot, snapshot_load
from campaign.pipeline.writeback import Writer
from campaign.turns.schedule import held_from
from campaign.turns.services import turn_open, turn_progress_set
from rules.core.dice import Dice
from rules.core.events import CampaignWon, Event
from rules.core.state import World
from rules.kingdoms.armies import with_support_cuts
from rules.turn.final import resolve_final
from rules.turn.provisional import resolve_provisional


def turn_step_resolve(*, turn_id: int) -> bool:
    """Run the step the turn was claimed for. False if there was nothing to do."""
    with transaction.atomic():
        turn = Turn.objects.select_for_update().select_related("campaign").get(pk=turn_id)
        step = STEPS.get(turn.state)
        if step is None:
            return False  # already resolved by another run
        step(turn)
        map_version_bump(campaign=turn.campaign)  # its writes and the turn it opens
    turn_progress_set(turn_id=turn_id, percent=100, note="done")
    return True


def _dice(turn: Turn, step: str) -> Dice:
    """Each step draws from its own stream of the turn's seed, so re-running one step
    never shifts the other's rolls."""
    return Dice(f"{turn.seed}:{step}")


@dataclass(frozen=True)
class Engine:
    """A step's call into the rules engine: the inputs it takes besides the World, and
    the engine's function. bench/turn_step.py times ``resolve`` alone on a snapshot."""

    name: str
    load_inputs: Callable[[Turn, Snapshot], tuple]
    resolve: Callable[[World, tuple, Dice], Any]

    def dice(self, turn: Turn) -> Dice:
        return _dice(turn, self.name)


def _run(turn: Turn, engine: Engine) -> list[Event]:
    """Load the snapshot and this step's inputs, call the rules, write the outcome back."""
    with collector_paused():  # the snapshot's objects live until the step ends
        return _load_resolve_write(turn, engine)


def _load_resolve_write(turn: Turn, engine: Engine) -> list[Event]:
    turn_progress_set(turn_id=turn.pk, percent=10, note="loading the map")
    snapshot = snapshot_load(turn.campaign, turn.number)
    _test_pause()
    inputs = engine.load_inputs(turn, snapshot)
    turn_progress_set(turn_id=turn.pk, percent=30, note=f"resolving {engine.name} results")
    outcome = engine.resolve(snapshot.world, inputs, engine.dice(turn))
    turn_progress_set(turn_id=turn.pk, percent=60, note="writing the results")
    writer = Writer(snapshot, turn)
    writer.apply(outcome.events)
    writer.flush(outcome.events)
    return outcome.events


def _test_pause() -> None:
    """Test hook, unset in production: WARPOST_TEST_STEP_PAUSE=N (seconds) in a worker's
    environment makes each step wait here, inside its transaction with the turn locked and
    the snapshot loaded, so that tests/integration can interrupt a step half-way."""
    seconds = float(os.environ.get("WARPOST_TEST_STEP_PAUSE") or 0)
    if seconds:
        time.sleep(seconds)


def provisional_step(turn: Turn) -> None:
    """§3 Phase 3: exploration, defenders, battles declared (A-2.3)."""
    events = _run(turn, ENGINES[Turn.State.PROVISIONAL])
    turn.state = Turn.State.DECISIONS
    # Q7, E-24: fight or retreat (and the tabletop opt-in) until this deadline
    hours = turn.campaign.ruleset.decisions_hours
    started = held_from(timezone.now(), turn.campaign.paused_until)  # after the GM's pause
    turn.decisions_deadline = started + dt.timedelta(hours=hours)
    turn.save(update_fields=["state", "decisions_deadline"])
    for hook in DECISIONS_OPEN:  # E-24, E-37: the siege battles both sides play at the table
        hook(turn, events)
    _tell(turn, Kind.BATTLE_TO_DECIDE)


def final_step(turn: Turn) -> None:
    """§3 Phases 6–7: battles resolved, the map updated, the end-of-campaign roll."""
    events = _run(turn, ENGINES[Turn.State.FINAL])
    turn.state = Turn.State.CLOSED
    turn.resolved_at = timezone.now()
    turn.save(update_fields=["state", "resolved_at"])
    for hook in TURN_CLOSED:  # the turn's press releases printed in its chronicle
        hook(turn, events)
    _tell(turn, Kind.RESULTS)
    _campaign_continue(turn.campaign, turn, events)


def _tell(turn: Turn, kind: Kind) -> None:
    """Once the step commits: each player what it means for him, and the campaign's
    gazette webhook its public entries (campaign.notifications)."""
    notify(kind=kind, campaign=turn.campaign, recipients=PLAYERS, context={"turn_id": turn.pk})
    gazette_publish(campaign=turn.campaign)


def _campaign_continue(campaign: Campaign, turn: Turn, events: list[Event]) -> None:
    """A-3.1: the campaign ends when it has a winner (the end roll of A-3.0.2, or the last
    kingdom standing); otherwise the next turn opens (A-2.6)."""
    if any(isinstance(e, CampaignWon) for e in events):
        campaign.status = Campaign.Status.FINISHED
        campaign.save(update_fields=["status"])
        return
    turn_open(campaign=campaign, number=turn.number + 1)


def _inputs(turn: Turn, snapshot: Snapshot, *names: StepInput) -> tuple:
    """The step's inputs, each loaded by the domain that registered it."""
    return tuple(STEP_INPUTS[name](turn, snapshot) for name in names)


def _provisional_inputs(turn: Turn, snapshot: Snapshot) -> tuple:
    """The orders and the power spending of every kingdom (§3 step 3b, E-25)."""
    return _inputs(turn, snapshot, StepInput.ORDERS, StepInput.SPENDING)


def _resolve_provisional(world, inputs: tuple, dice: Dice):
    """E-14 first: the default cut of allocations above Total Support (rules.kingdoms.armies),
    so that Rest rebuilds to the new allocations; then Provisional Results."""
    orders, spending = inputs
    world, orders, cuts = with_support_cuts(world, orders)
    outcome = resolve_provisional(world, orders, dice, spending)
    outcome.events[:0] = cuts
    return outcome


def _final_inputs(turn: Turn, snapshot: Snapshot) -> tuple:
    """The battles with their Phase 4 choices, and the orders: their patrols may take
    over an invasion whose declared patrol is used up (P-C4, E-15); the edicts, resolved
    after step 6b (E-26); the spends with their step 3b results (rules.kingdoms.spending)."""
    return _inputs(
        turn, snapshot, StepInput.BATTLES, StepInput.ORDERS, StepInput.EDICTS, StepInput.SPENDS
    )


def _resolve_final(world, inputs: tuple, dice: Dice):
    battles, orders, edicts, spends = inputs
    return resolve_final(world, battles, dice, orders, edicts, spends)


ENGINES = {
    Turn.State.PROVISIONAL: Engine("provisional", _provisional_inputs, _resolve_provisional),
    Turn.State.FINAL: Engine("final", _final_inputs, _resolve_final),
}
STEPS = {Turn.State.PROVISIONAL: provisional_step, Turn.State.FINAL: final_step}
