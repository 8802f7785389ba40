"""Property tests of the pure rules engine: campaigns on maps of the project's own
generator (rules.core.mapgen), several turns in a row with random orders, spending, edicts,
Phase 4 answers and siege plans, legal and illegal, as the server runs them
(tests/rules/campaign_runner.py). After every step of every turn the invariants below
hold, and the engine never raises.

Hypothesis is derandomized and keeps no example database, so every run tries the same
examples; the file needs no Django (``pytest -p no:django``). A plain run plays a few
campaigns of each property, so that ``pytest tests/rules`` stays quick; ``make test``, and
so CI, sets WARPOST_PROPERTY_EXAMPLES to play 40.
"""

from __future__ import annotations

import copy
import dataclasses
import hashlib
import json
import os
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from rules.core.dice import Roll
from rules.core.events import CampaignWon
from rules.core.state import OrderKind, Terrain, World
from tests.rules.campaign_runner import TurnInputs, TurnResult, provoked_after, run_turn
from tests.rules.engine_strategies import (
    OrderForm,
    campaigns,
    phase_four,
    rulesets,
    turn_inputs,
    with_combined_assaults,
    with_siege_plans,
)
from tests.rules.invariants import (
    army_problems,
    battle_problems,
    conquest_problems,
    income_problems,
    ownership_problems,
    purse_problems,
)

TURNS = 3
EXAMPLES = int(os.environ.get("WARPOST_PROPERTY_EXAMPLES", "5"))

PROPERTY = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    database=None,
    # A turn takes a tenth of a second, so shrinking a failure takes minutes: a failing
    # example is reported as found (add Phase.shrink here to shrink one while debugging)
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@dataclasses.dataclass(frozen=True)
class Played:
    """One turn of a played campaign: the world it started from (with the turn's siege
    plans and combined assaults), the order form, what the players gave, their Phase 4
    answers (a seed of engine_strategies.phase_four), the turn's seed, what came of it."""

    before: World
    form: OrderForm
    inputs: TurnInputs
    answers: int
    seed: str
    result: TurnResult


def played(data: st.DataObject, world: World) -> Iterator[Played]:
    """The campaign ``world`` played for up to ``TURNS`` turns, each turn's inputs drawn
    from a random source Hypothesis seeds; it stops when the campaign is won (A-3.1)."""
    provoked: dict = {}
    for _ in range(TURNS):
        rng = data.draw(st.randoms(use_true_random=True), label="the turn's choices")
        world = with_combined_assaults(rng, with_siege_plans(rng, world))
        inputs, form = turn_inputs(rng, world, provoked)
        answers, seed = rng.getrandbits(32), f"{rng.getrandbits(24):06x}"
        result = run_turn(world, inputs, seed, phase_four(answers))
        yield Played(world, form, inputs, answers, seed, result)
        provoked = provoked_after(provoked, result.events, world.turn)
        if any(isinstance(e, CampaignWon) for e in result.events):
            return
        world = result.world


# --- the engine never raises --------------------------------------------------------------


def _form_problems(world: World, form: OrderForm) -> list[str]:
    """What the order form let through or turned away wrongly, by the plain facts of
    Table 5: an order names an army of the kingdom giving it, and an order other than
    Rest a land hex of the map; one patrol per base hex. Every refusal gives a reason
    in words."""
    problems = []
    for kingdom_id, order, problem in form.given:
        army = world.armies.get(order.army_id)
        target = world.hexes.get(order.target) if order.target is not None else None
        at_sea = target is None or target.terrain is Terrain.SEA
        wrong = (
            army is None
            or army.kingdom_id != kingdom_id
            or (order.kind is not OrderKind.REST and at_sea)
        )
        if problem is None and wrong:
            problems.append(f"kingdom {kingdom_id} was allowed {order}")
        if problem is not None and not (isinstance(problem, str) and problem.strip()):
            problems.append(f"{order} was refused with {problem!r}")
    bases = Counter(
        (world.armies[o.army_id].kingdom_id, o.target)
        for o in form.orders.values()
        if o.kind is OrderKind.PATROL
    )
    problems += [f"two patrols of kingdom {k} on {b}" for (k, b), n in bases.items() if n > 1]
    return problems


@PROPERTY
@given(world=campaigns(), data=st.data())
def test_the_engine_never_raises_and_refuses_illegal_orders_with_a_reason(world, data):
    """Table 5, A-1.0.4, A-1.1.2.1, E-07, E-16, E-37: on every generated map, whatever
    the orders, every turn resolves without an exception. The order form's validation
    (rules.turn.orders.why_illegal) never raises either: it turns illegal orders away with a
    reason in words (unknown armies, another kingdom's armies, targets off the map or in
    the sea, a second patrol on one base) and lets none of them through."""
    for turn in played(data, world):
        assert _form_problems(turn.before, turn.form) == []
        assert turn.result.world.turn == turn.before.turn + 1


# --- the map ------------------------------------------------------------------------------


@PROPERTY
@given(world=campaigns(), data=st.data())
def test_a_land_hex_has_at_most_one_owner(world, data):
    """A-1.0.4, A-1.2.2, A-1.4.14, E-18, E-27: a hex is a player kingdom's, a neutral
    kingdom's or nobody's, never two of them; its owner is a kingdom still in play; sea
    hexes belong to nobody (A-1.1.2.1); a hex changes hands at most once a turn (P-C3:
    a contested hex has one winner); and a kingdom in play holds its capital, moved to
    one of its Cities when it fell (A-3.2, E-23), unless it fell to its overlord (Q20,
    E-19)."""
    assert ownership_problems(world) == []
    for result in (turn.result for turn in played(data, world)):
        assert ownership_problems(result.world) == []
        assert conquest_problems(e.to_dict() for e in result.events) == []


# --- the armies ---------------------------------------------------------------------------


@PROPERTY
@given(world=campaigns(), data=st.data())
def test_no_army_is_in_two_places(world, data):
    """E-32, E-07, E-37, E-27: every army stands on one land hex of the map, after each
    step; it invades one hex a turn (Table 5: one order an army), never stands on both
    sides of a battle, is held by one siege at most, and belongs to a kingdom in
    play."""
    assert army_problems(world) == []
    for result in (turn.result for turn in played(data, world)):
        assert army_problems(result.middle) == []
        assert army_problems(result.world) == []
        assert battle_problems(e.to_dict() for e in result.events) == []


# --- power and crowns ---------------------------------------------------------------------


@PROPERTY
@given(world=campaigns(), data=st.data())
def test_power_and_crowns_are_never_negative(world, data):
    """Table 9, Table 10, E-25, E-30, E-31, App G, Table 31: no spending, loss or income
    leaves a kingdom's power, industry or crown ledger below 0, after either step."""
    for result in (turn.result for turn in played(data, world)):
        assert purse_problems(result.middle) == []
        assert purse_problems(result.world) == []
        assert income_problems(e.to_dict() for e in result.events) == []


# --- the dice -----------------------------------------------------------------------------


def _carried(value) -> Iterator[Roll]:
    """Every Roll inside an event, however deep."""
    if isinstance(value, Roll):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from _carried(getattr(value, f.name))
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from _carried(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _carried(item)


def _orphan_rolls(data: st.DataObject, world: World) -> list[Roll]:
    orphans = []
    for result in (turn.result for turn in played(data, world)):
        attached = {id(r) for e in result.events for r in _carried(e)}
        orphans += [r for r in result.rolls if id(r) not in attached]
    return orphans


@pytest.mark.filterwarnings("ignore:Generating overly large repr")  # a failing World
@PROPERTY
@given(
    world=st.one_of(campaigns(rulesets(the_beast=0)), campaigns(rulesets(the_beast=1))),
    data=st.data(),
)
def test_every_roll_of_a_turn_is_attached_to_an_event(world, data):
    """Provably fair dice (rules.core.dice): every roll the server's dice make in a turn is
    carried by an event of the chronicle, so the players can audit it; with The Beast
    Awakes on (App G) too, its return roll included."""
    assert _orphan_rolls(data, world) == []


# --- determinism --------------------------------------------------------------------------


@PROPERTY
@given(world=campaigns(), data=st.data())
def test_the_same_seed_state_and_orders_give_the_same_events(world, data):
    """Provably fair dice: a turn re-run from the same world, inputs, answers and seed
    (a retried step) gives the same events, roll for roll, and the same world after;
    resolving it changes nothing in the world it read."""
    for turn in played(data, world):
        before = copy.deepcopy(turn.before)
        again = run_turn(turn.before, turn.inputs, turn.seed, phase_four(turn.answers))
        assert turn.before == before
        assert [e.to_dict() for e in again.events] == [e.to_dict() for e in turn.result.events]
        assert again.world == turn.result.world


def chronicle_digest(examples: int) -> str:
    """The SHA-256 of every event of the first ``examples`` campaigns of the derandomized
    search, played as above: what another machine re-running the same turns compares."""
    chronicle: list = []

    @settings(PROPERTY, max_examples=examples)
    @given(world=campaigns(), data=st.data())
    def play(world, data):
        chronicle.extend(e.to_dict() for turn in played(data, world) for e in turn.result.events)

    play()
    return hashlib.sha256(json.dumps(chronicle, sort_keys=True).encode()).hexdigest()


def test_the_same_turns_give_the_same_events_in_another_process():
    """Provably fair dice (rules.core.dice): anyone re-running a turn from its published seed
    gets the same events, on any machine. Python orders sets of names differently in
    each process (PYTHONHASHSEED), so the same campaigns are played in two processes
    with different hash seeds and their chronicles compared."""
    root = Path(__file__).resolve().parents[2]
    script = (
        "from tests.rules.test_engine_properties import chronicle_digest; "
        "print(chronicle_digest(6))"
    )

    def digest(hash_seed: str) -> subprocess.CompletedProcess:
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(root)}
        return subprocess.run(
            [sys.executable, "-c", script], cwd=root, env=env, capture_output=True, text=True
        )

    # Side by side: each process spends most of its time importing, so the wait is one's.
    with ThreadPoolExecutor(max_workers=2) as pool:
        runs = list(pool.map(digest, ("1", "2")))
    assert [run.stderr for run in runs if run.returncode != 0] == []
    assert len({run.stdout.strip() for run in runs}) == 1
