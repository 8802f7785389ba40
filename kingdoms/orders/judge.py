"""The rules' word on a player's orders before he gives them: what order_submit would
refuse, asked of many orders at once on one snapshot (the map's hex panel and the hexes
it lights for an army, Table 5)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from django.utils.translation import gettext as _

from campaign.core.errors import Refused
from campaign.core.problems import problem_refusal
from campaign.models import Turn
from campaign.pipeline.snapshot import Snapshot, snapshot_load
from kingdoms.models import Army
from kingdoms.orders.holds import ArmyHold, armies_held
from kingdoms.orders.models import Order
from rules.core.state import Coord, OrderKind
from rules.core.state import Order as OrderState
from rules.turn.orders import (
    AIMED_KINDS,
    aimed_order,
    default_sea_cover,
    legal_targets,
    sea_swap,
    target_candidates,
    why_illegal,
)
from rules.turn.visibility import Viewer, world_as_known


def standing_refusal(
    army: Army, turn: Turn, kind: OrderKind, held: Mapping[int, ArmyHold]
) -> Refused | None:
    """What forbids the order whatever its hex: a siege holds the army (E-37), or its
    allocation was raised on its Rest this turn, so it Rests (E-14)."""
    hold = held.get(army.pk)
    if hold is not None:
        return Refused(hold.no_orders(army.name), field="kind", rule=hold.rule)
    if army.rest_required_turn == turn.number and kind is not OrderKind.REST:
        return Refused(
            _("%(army)s's allocation was raised on its Rest this turn: it Rests.")
            % {"army": army.name},
            field="kind",
            rule="E-14",
        )
    return None


def other_orders(turn: Turn, army: Army, snapshot: Snapshot) -> list[OrderState]:
    """The kingdom's orders of the turn for its other armies (one patrol per base)."""
    rows = Order.objects.filter(turn=turn, army__kingdom_id=army.kingdom_id).exclude(army=army)
    return [
        OrderState(army_id=army_id, kind=OrderKind(kind), target=snapshot.coord_of.get(target_id))
        for army_id, kind, target_id in rows.values_list("army_id", "kind", "target_id")
    ]


class OrderJudge:
    """One snapshot of the open turn, judging the orders of one player's armies as he
    knows the world (rules.turn.visibility.world_as_known), as order_submit does."""

    def __init__(self, turn: Turn, viewer: Viewer):
        self.turn = turn
        self.viewer = viewer
        self.snapshot = snapshot_load(turn.campaign, turn.number)
        self.held = armies_held(turn.campaign_id)
        self._orders: dict[int, list[OrderState]] = {}

    def _others(self, army: Army) -> list[OrderState]:
        if army.pk not in self._orders:
            self._orders[army.pk] = other_orders(self.turn, army, self.snapshot)
        return self._orders[army.pk]

    def refusal(self, army: Army, kind: OrderKind, target: Coord | None) -> Refused | None:
        """Why the army may not give this order, in plain words with its rule; None if it
        may."""
        standing = standing_refusal(army, self.turn, kind, self.held)
        if standing is not None or kind is OrderKind.REST:
            return standing
        world = self.snapshot.world
        order = aimed_order(world, army.pk, kind, target)
        known = world_as_known(world, self.viewer, [target, *order.sea_cover])
        problem = why_illegal(known, army.kingdom_id, order, self._others(army))
        return problem_refusal(problem) if problem else None

    def sea_choice(self, base: Coord) -> dict | None:
        """A-1.1.2.4: when a patrol on ``base`` must choose k of the land hexes across
        its sea hexes: k, the candidates and the default choice; None when it need not."""
        world = self.snapshot.world
        chosen = default_sea_cover(world, base)
        if not chosen:
            return None
        k, candidates = sea_swap(world, base)
        return {"k": k, "candidates": candidates, "chosen": chosen}

    def targets(self, army: Army) -> dict[OrderKind, list[Coord]]:
        """Table 5: the hexes the army may aim each order at this turn."""
        if standing_refusal(army, self.turn, OrderKind.INVADE, self.held) is not None:
            return {kind: [] for kind in AIMED_KINDS}
        world = self.snapshot.world
        near: Iterable[Coord] = set().union(*target_candidates(world, army.kingdom_id).values())
        known = world_as_known(world, self.viewer, near)
        return legal_targets(known, army.kingdom_id, army.pk, self._others(army))
