"""The demo campaign with every optional module on (`manage.py demo_campaign --modules
all`), played for a dozen turns through the services the pages and the API call, with
the engine's invariants (tests/rules/invariants.py) checked after every server step.

The modules are whatever rules.modules.REGISTRY holds when the test runs: a module added
later is switched on and played here without a change to this file."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils import timezone

from campaign.campaigns.setup import Demo, demo_campaign_create
from campaign.core.viewers import viewer_for
from campaign.models import Campaign, Membership, Turn, TurnEvent
from campaign.pipeline.snapshot import snapshot_load
from campaign.ruleset.services import campaign_ruleset_change
from campaign.turns.tasks import turns_final_due
from kingdoms.orders.judge import OrderJudge
from kingdoms.orders.services import order_submit, orders_ready_set
from rules import modules
from rules.core.state import OrderKind, Ruleset
from rules.kingdoms import crowns
from tests.rules.invariants import event_problems, world_problems

pytestmark = pytest.mark.django_db

TURNS = 12  # three years of four turns: three winters (E-31) and, where defined, equinoxes


# --- manage.py demo_campaign --modules ----------------------------------------------------


def test_modules_all_switches_every_registered_module_on():
    call_command("demo_campaign", "--modules", "all")
    ruleset = Campaign.objects.get().ruleset
    assert modules.switches(), "the registry has modules"
    assert {option: getattr(ruleset, option) for option in modules.switches()} == dict.fromkeys(
        modules.switches(), 1
    )


def test_modules_by_name_switch_those_alone_on():
    chosen, others = modules.switches()[:2], modules.switches()[2:]
    call_command("demo_campaign", "--modules", " , ".join(chosen))
    ruleset = Campaign.objects.get().ruleset
    assert [getattr(ruleset, option) for option in chosen] == [1] * len(chosen)
    assert [option for option in others if getattr(ruleset, option)] == []


def test_without_modules_the_demo_plays_the_core_rules():
    call_command("demo_campaign")
    assert Campaign.objects.get().ruleset_overrides == {}


def test_an_unknown_module_is_refused_by_name():
    with pytest.raises(CommandError, match="'krakens'"):
        call_command("demo_campaign", "--modules", f"{modules.switches()[0]},krakens")
    assert not Campaign.objects.exists()


# --- a dozen turns with every module on -----------------------------------------------------


def _problems(campaign: Campaign, turn: Turn) -> list[str]:
    """The invariants of the world the database holds now (through the pipeline's own
    snapshot) and of the turn's chronicle so far."""
    world = snapshot_load(campaign, turn.number).world
    entries = TurnEvent.objects.filter(turn=turn).values_list("kind", "payload")
    return world_problems(world) + event_problems({"type": k, **p} for k, p in entries)


def _orders_give(turn: Turn, membership: Membership, rng: random.Random) -> list[OrderKind]:
    """Each army of the player's kingdom gets a legal order, as his map panel offers them
    (kingdoms.orders.judge): a kind among those with a hex to aim at, and Rest, then one
    of its hexes; an army held by a siege (E-37) or a module (a fleet at sea) takes
    none. A Patrol covers the default land across the sea (A-1.1.2.4). Answers the
    kinds of the orders given."""
    judge = OrderJudge(turn, viewer_for(membership))
    held = set(judge.held) | set(modules.held(judge.snapshot.world))
    given = []
    for army in membership.kingdom.armies.exclude(pk__in=held).order_by("pk"):
        aimed = {kind: cells for kind, cells in judge.targets(army).items() if cells}
        kind = rng.choice([OrderKind.REST, *sorted(aimed)])
        target = rng.choice(aimed[kind]) if kind is not OrderKind.REST else None
        choice = judge.sea_choice(target) if kind is OrderKind.PATROL else None
        cover = choice["chosen"] if choice else ()
        order_submit(army=army, by=membership.user, kind=kind, target=target, sea_cover=cover)
        given.append(kind)
    return given


@pytest.fixture
def everything_on(db) -> Demo:
    """The demo with every registered module on, its GM's house rules set as on the
    rules page: the end roll (A-3.0.2) from turn 13 on, since on the default turn 8 a
    4+ may end the campaign before the dozen turns are played; and early resolution
    (Q7), so that the last player to mark his orders ready starts the turn."""
    demo = demo_campaign_create(hexes=40, players=4, seed="all-modules", modules=modules.switches())
    options = demo.campaign.ruleset_overrides["options"]
    overrides = {"options": {**options, "end_check_turn": TURNS + 1, "early_resolution": 1}}
    campaign_ruleset_change(campaign=demo.campaign, by=demo.gm, overrides=overrides)
    demo.campaign.refresh_from_db()
    return demo


def test_every_module_plays_a_dozen_turns_and_the_invariants_hold(
    everything_on, django_capture_on_commit_callbacks
):
    """Every module of the registry on, four kingdoms play twelve turns as players do:
    each turn every kingdom in play gives each army a legal order, chosen by a seeded
    random source, and marks its orders ready, which starts Provisional Results (Q7);
    the battles are decided by default once the fight-or-retreat deadline passes (Q7:
    an undecided side fights and holds), and the deadline's own task starts Final
    Results. No step raises, and after each the map,
    the armies, the purses and the turn's chronicle keep the engine's invariants
    (A-1.0.4, E-32, E-37, Table 9, E-30, P-C3). The dozen turns hold a winter (E-31)
    and the equinoxes of any module that has them."""
    demo, rng, given = everything_on, random.Random("all-modules"), Counter()
    campaign = demo.campaign
    players = Membership.objects.filter(campaign=campaign, role=Membership.Role.PLAYER)
    for number in range(1, TURNS + 1):
        turn = Turn.objects.get(campaign=campaign, number=number)
        in_play = [m for m in players.select_related("kingdom") if not m.kingdom.eliminated]
        assert in_play, f"turn {number}: every kingdom is out"
        for membership in in_play:
            given.update(_orders_give(turn, membership, rng))
        with django_capture_on_commit_callbacks(execute=True):
            for membership in in_play:
                orders_ready_set(campaign=campaign, by=membership.user, ready=True)
        turn.refresh_from_db()
        assert turn.state == Turn.State.DECISIONS, f"turn {number} did not start"
        assert _problems(campaign, turn) == [], f"turn {number}, Provisional Results"
        Turn.objects.filter(pk=turn.pk).update(decisions_deadline=timezone.now())
        with django_capture_on_commit_callbacks(execute=True):
            turns_final_due()
        turn.refresh_from_db()
        assert turn.state == Turn.State.CLOSED, f"turn {number} did not close"
        assert _problems(campaign, turn) == [], f"turn {number}, Final Results"
    assert Turn.objects.get(campaign=campaign, number=TURNS + 1).state == Turn.State.OPEN
    assert set(given) >= set(OrderKind), f"every kind of order was given: {given}"
    fought = set(TurnEvent.objects.filter(campaign=campaign).values_list("kind", flat=True))
    assert {"BattleDeclared", "HexConquered"} <= fought
    assert any(crowns.is_winter_turn(campaign.ruleset, n) for n in range(1, TURNS + 1))
    if any(module.crowns for module in modules.REGISTRY):  # E-30: the winter pays crowns
        assert "CrownsCollected" in fought
    assert _equinoxes(campaign.ruleset) in (set(), {"spring", "autumn"})


def _equinoxes(ruleset: Ruleset) -> set[str]:
    """The equinoxes the dozen turns hold, if a module has put them on the calendar
    (rules.kingdoms.crowns.equinox_of, NR-EQX-1); none while no module has."""
    return {crowns.equinox_of(ruleset, turn) for turn in range(1, TURNS + 1)} - {None}
