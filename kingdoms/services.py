"""Writes of the kingdoms app: players' orders."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from campaign.chronicle import chronicle_record
from campaign.errors import Refused
from campaign.models import Membership, Turn
from campaign.pipeline.snapshot import snapshot_load
from kingdoms.models import Army, Order
from rules.orders import order_origin, why_illegal
from rules.state import Coord, OrderKind
from rules.state import Order as OrderState


def _open_turn_for_orders(army: Army) -> Turn:
    turn = (
        Turn.objects.select_for_update()
        .filter(campaign_id=army.kingdom.campaign_id)
        .order_by("-number")
        .first()
    )
    if turn is None or turn.state != Turn.State.OPEN:
        raise Refused("Orders are closed: the turn is being resolved. Wait for the next turn.")
    if turn.deadline is not None and timezone.now() > turn.deadline:
        raise Refused(f"The deadline for turn {turn.number}'s orders has passed.")
    return turn


def _require_owner(army: Army, user: User) -> None:
    owns = Membership.objects.filter(
        campaign_id=army.kingdom.campaign_id, user=user, kingdom_id=army.kingdom_id
    ).exists()
    if not owns:
        # The id only: another kingdom's army names are not for this user.
        raise Refused(f"Army {army.pk} is not one of your armies.", field="army", status=403)


@transaction.atomic
def order_submit(
    *, army: Army, by: User, kind: str, target: Coord | None = None, origin: Coord | None = None
) -> Order:
    """Give an army its order for the open turn (Table 5), replacing any earlier one.

    The rules engine decides legality (rules.orders); a refusal names the problem.
    """
    _require_owner(army, by)
    turn = _open_turn_for_orders(army)
    try:
        order_kind = OrderKind(kind)
    except ValueError:
        kinds = ", ".join(k.value for k in OrderKind)
        raise Refused(f"'{kind}' is not an order: choose one of {kinds}.", field="kind") from None
    if order_kind != OrderKind.REST and target is None:
        raise Refused(f"A {order_kind.value} order needs a target hex.", field="target")
    snapshot = snapshot_load(army.kingdom.campaign, turn.number)
    for name, coord in (("target", target), ("origin", origin)):
        if coord is not None and tuple(coord) not in snapshot.hexes:
            raise Refused(f"({coord[0]}, {coord[1]}) is not on the map.", field=name)
    wanted = OrderState(army_id=army.pk, kind=order_kind, target=target, origin=origin)
    others = [
        OrderState(
            army_id=o.army_id, kind=OrderKind(o.kind), target=snapshot.coord_of.get(o.target_id)
        )
        for o in Order.objects.filter(turn=turn, army__kingdom=army.kingdom).exclude(army=army)
    ]
    problem = why_illegal(snapshot.world, army.kingdom_id, wanted, others)
    if problem:
        raise Refused(problem, field="target")
    if order_kind in (OrderKind.INVADE, OrderKind.SCOUT) and origin is None:
        origin = order_origin(snapshot.world, army.kingdom_id, order_kind, tuple(target))
    hexes = snapshot.hexes
    order, _ = Order.objects.update_or_create(
        turn=turn,
        army=army,
        defaults={
            "kind": order_kind.value,
            "target": hexes[tuple(target)] if target is not None else None,
            "origin": hexes[tuple(origin)] if origin is not None else None,
            "submitted_by": by,
        },
    )
    chronicle_record(
        turn,
        "OrderSubmitted",
        {
            "army_id": army.pk,
            "army": army.name,
            "order": order_kind.value,
            "target": list(target) if target is not None else None,
        },
        rule="A-2.2",
        kingdom_ids=[army.kingdom_id],
    )
    return order
