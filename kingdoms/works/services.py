"""Writes of the works module (new-rules.md §8; rules.modules.works): ordering a bridge
in the winter turn. It is paid from the crown ledger at once (E-30, as a siege engine)
and stands from the turn's winter phase (E-31), built by the engine."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

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
from rules.modules.works.bridges import OPTION, bridge_ordered, bridge_problem


@transaction.atomic
def bridge_order(*, kingdom: Kingdom, by: User, hex_: Coord) -> dict:
    """NR-BRIDGE-1/3/4, E-30, E-31: ``kingdom`` orders a bridge over its River (or chasm)
    hex ``hex_`` while the winter turn takes orders, within its timber (Forest hexes,
    BASE-13); its price is paid now from the crown ledger, or the order is refused naming
    the shortfall. Returns the order as the module's state keeps it."""
    campaign = kingdom.campaign
    if not Membership.objects.filter(campaign=campaign, user=by, kingdom=kingdom).exists():
        raise Refused(_("You cannot build for another kingdom."), status=403)
    if not campaign.ruleset.works:
        raise Refused(_("Bridges are not built in this campaign."), rule="NR-BRIDGE")
    turn = turn_locked(
        campaign_id=campaign.pk,
        states=(Turn.State.OPEN,),
        refusal=_("Bridges are ordered while the turn takes orders."),
    )
    campaign = Campaign.objects.select_for_update().get(pk=campaign.pk)  # one order at a time
    world = works_world(campaign, turn.number)
    problem = bridge_problem(world, kingdom.pk, hex_)
    if problem:
        raise problem_refusal(problem)
    order, state = bridge_ordered(world, kingdom.pk, hex_)
    price = order["crowns"]
    where = f"({hex_[0]}, {hex_[1]})"
    crowns_pay(  # E-30: last, once everything else allows the bridge
        kingdom=kingdom,
        turn=turn,
        price=price,
        kind=CrownEntry.Kind.BRIDGE,
        what="A bridge",
        reason=f"A bridge at {where}",
        rule="NR-BRIDGE-1 E-30",
        field="hex",
    )
    campaign.module_state = {**(campaign.module_state or {}), OPTION: state}
    campaign.save(update_fields=["module_state"])
    chronicle_record(
        turn,
        "BridgeOrdered",
        {"hex": list(hex_), "crowns": price},
        rule="NR-BRIDGE-1 NR-BRIDGE-3 E-30 E-31",
        kingdom_ids=[kingdom.pk],
    )
    return order
