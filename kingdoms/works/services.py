"""Writes of the winter works (new-rules.md §5 and §8): ordering a bridge (the works
module, rules.modules.works) or a temple (the wildlands module,
rules.modules.wildlands.temple_building) on a hex in the winter turn. Each is paid from
the crown ledger at once (E-30, as a siege engine) and stands from the turn's winter
phase (E-31), built by the engine."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from campaign.chronicle.services import chronicle_record
from campaign.core.errors import Refused
from campaign.core.problems import problem_refusal
from campaign.core.turn_lock import turn_locked
from campaign.models import Campaign, Membership, Turn
from kingdoms.crowns.models import CrownEntry
from kingdoms.crowns.services import crowns_pay
from kingdoms.models import Kingdom
from kingdoms.works.selectors import works_world
from rules.core.state import Coord
from rules.modules.wildlands.sites import OPTION as WILDLANDS
from rules.modules.wildlands.temple_building import ORDERS as TEMPLE_ORDERS
from rules.modules.wildlands.temple_building import temple_ordered, temple_problem
from rules.modules.works.bridges import OPTION as WORKS
from rules.modules.works.bridges import bridge_ordered, bridge_problem


@dataclass(frozen=True)
class WinterBuild:
    """One kind of work ordered on a hex in the winter turn: the ruleset switch that
    allows it, the module state its orders wait in, the engine's check and order, and
    what the ledger and the chronicle say of it."""

    option: str
    module_rule: str  # the rule its refusal names while it is off
    state_key: str
    problem: Callable
    ordered: Callable
    kind: str  # CrownEntry.Kind
    what: str  # the ledger's English words, e.g. "A bridge"
    rule: str
    event: str  # the chronicle's entry
    off: Promise  # the refusal while the campaign does not play it
    closed: Promise  # the refusal while the turn takes no orders


BRIDGE = WinterBuild(
    WORKS, "NR-BRIDGE", WORKS, bridge_problem, bridge_ordered, CrownEntry.Kind.BRIDGE, "A bridge",
    "NR-BRIDGE-1 NR-BRIDGE-3 E-30 E-31", "BridgeOrdered",
    gettext_lazy("Bridges are not built in this campaign."),
    gettext_lazy("Bridges are ordered while the turn takes orders."),
)  # fmt: skip
TEMPLE = WinterBuild(
    WILDLANDS, "NR-TEMPLE", TEMPLE_ORDERS, temple_problem, temple_ordered, CrownEntry.Kind.TEMPLE,
    "A temple", "NR-TEMPLE-1 E-30 E-31", "TempleOrdered",
    gettext_lazy("Temples are not built in this campaign."),
    gettext_lazy("Temples are ordered while the turn takes orders."),
)  # fmt: skip


def bridge_order(*, kingdom: Kingdom, by: User, hex_: Coord) -> dict:
    """NR-BRIDGE-1/3/4, E-30, E-31: ``kingdom`` orders a bridge over its River (or chasm)
    hex ``hex_`` within its timber (Forest hexes, BASE-13)."""
    return winter_build(BRIDGE, kingdom=kingdom, by=by, hex_=hex_)


def temple_order(*, kingdom: Kingdom, by: User, hex_: Coord) -> dict:
    """NR-TEMPLE-1/4/9, E-30, E-31: ``kingdom`` orders a temple of its people on its hex
    ``hex_``, barren or beside a settlement."""
    return winter_build(TEMPLE, kingdom=kingdom, by=by, hex_=hex_)


@transaction.atomic
def winter_build(build: WinterBuild, *, kingdom: Kingdom, by: User, hex_: Coord) -> dict:
    """E-30, E-31: ``kingdom`` orders ``build`` on ``hex_`` while the winter turn takes
    orders; its price is paid now from the crown ledger, or the order is refused naming
    the shortfall. Returns the order as the module's state keeps it."""
    campaign = kingdom.campaign
    if not Membership.objects.filter(campaign=campaign, user=by, kingdom=kingdom).exists():
        raise Refused(_("You cannot build for another kingdom."), status=403)
    if not getattr(campaign.ruleset, build.option):
        raise Refused(str(build.off), rule=build.module_rule)
    turn = turn_locked(
        campaign_id=campaign.pk, states=(Turn.State.OPEN,), refusal=str(build.closed)
    )
    campaign = Campaign.objects.select_for_update().get(pk=campaign.pk)  # one order at a time
    world = works_world(campaign, turn.number)
    problem = build.problem(world, kingdom.pk, hex_)
    if problem:
        raise problem_refusal(problem)
    order, state = build.ordered(world, kingdom.pk, hex_)
    price = order["crowns"]
    crowns_pay(  # E-30: last, once everything else allows the work
        kingdom=kingdom,
        turn=turn,
        price=price,
        kind=build.kind,
        what=build.what,
        reason=f"{build.what} at ({hex_[0]}, {hex_[1]})",
        rule=f"{build.rule.split()[0]} E-30",
        field="hex",
    )
    campaign.module_state = {**(campaign.module_state or {}), build.state_key: state}
    campaign.save(update_fields=["module_state"])
    chronicle_record(
        turn,
        build.event,
        {"hex": list(hex_), "crowns": price},
        rule=build.rule,
        kingdom_ids=[kingdom.pk],
    )
    return order
