"""A siege laid in the demo campaign through the real services and pipeline steps
(E-37): the Django tests and the worker's integration test share it."""

from __future__ import annotations

from dataclasses import dataclass

from battles.decisions.services import battle_decide
from battles.models import BattleSide, Siege
from campaign.campaigns.setup import Demo
from campaign.core.errors import Refused
from campaign.models import Campaign, Hex, Turn
from kingdoms.models import Army
from kingdoms.orders.services import order_submit
from rules.core.state import Defence, Role


@dataclass
class Laid:
    hex: Hex
    besiegers: Army
    garrison: Army
    turn: Turn  # the turn of the invasion, now at Phase 4 (decisions)


def _fortify(demo: Demo, coord) -> Hex:
    """Make ``coord`` bob's fortress (explored, not an orphan)."""
    hex_ = Hex.objects.get(campaign=demo.campaign, q=coord[0], r=coord[1])
    hex_.owner = demo.kingdoms["bob"]
    hex_.explored, hex_.is_orphan = True, False
    hex_.defence = Defence.FORTRESS
    hex_.feature = ""
    hex_.defender_points = hex_.defender_original_points = None
    hex_.save()
    return hex_


def invade_and_reach_decisions(demo: Demo, targets, run_step) -> Laid:
    """Alice invades a hex next to her kingdom, made bob's fortress, which bob's strongest
    army patrols (the first such hex where the patrol needs no sea choice); the
    provisional step runs (``run_step(turn)`` claims and runs one step)."""
    besiegers = demo.kingdoms["alice"].armies.order_by("-points").first()
    garrison = demo.kingdoms["bob"].armies.order_by("-points").first()
    for coord in targets(demo.kingdoms["alice"]):
        before = Hex.objects.get(campaign=demo.campaign, q=coord[0], r=coord[1])
        hex_ = _fortify(demo, coord)
        try:
            order_submit(army=garrison, by=demo.players["bob"], kind="patrol", target=coord)
        except Refused:
            before.save()
            continue
        break
    else:
        raise AssertionError("no hex next to alice's kingdom can be bob's patrolled fortress")
    order_submit(army=besiegers, by=demo.players["alice"], kind="invade", target=hex_.coord)
    turn = run_step(Turn.objects.get(pk=demo.turn.pk))
    assert turn.state == Turn.State.DECISIONS
    return Laid(hex_, besiegers, garrison, turn)


def withdraw(demo: Demo, laid: Laid) -> BattleSide:
    side = BattleSide.objects.get(battle__turn=laid.turn, battle__hex=laid.hex, role=Role.DEFENDER)
    return battle_decide(side=side, by=demo.players["bob"], decision="withdraw")


def lay_siege(demo: Demo, targets, run_step) -> tuple[Laid, Siege]:
    """Investment: the garrison withdraws, the final step runs; turn 2 is open."""
    laid = invade_and_reach_decisions(demo, targets, run_step)
    withdraw(demo, laid)
    turn = run_step(Turn.objects.get(pk=laid.turn.pk))
    assert turn.state == Turn.State.CLOSED
    return laid, Siege.objects.get(hex=laid.hex)


def quiet_sieges(campaign: Campaign, **options) -> None:
    """House rules for a siege that plays out the same whatever the seed: no events."""
    campaign.ruleset_overrides = {
        "options": options,
        "tables": {"siege-events": "2-20 nothing"},
    }
    campaign.save(update_fields=["ruleset_overrides"])
