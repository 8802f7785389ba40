"""Writes of the kingdoms app: players' orders and their readiness."""

from __future__ import annotations

from collections.abc import Iterable

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from campaign.chronicle.services import chronicle_record
from campaign.core.access import player_in_play
from campaign.core.errors import Refused
from campaign.core.problems import problem_text
from campaign.core.turn_lock import turn_taking_orders
from campaign.models import Campaign, Membership, Turn
from campaign.notifications.models import Kind
from campaign.notifications.services import THE_GM, notify
from campaign.pipeline.neighbourhood import neighbourhood_load
from campaign.turns.services import turn_claim_step
from kingdoms.locks import kingdom_taking_orders
from kingdoms.models import Army, Kingdom
from kingdoms.orders.holds import armies_held
from kingdoms.orders.judge import other_orders, standing_refusal
from kingdoms.orders.models import Order, OrderSet
from rules.core.state import Coord, NeutralConquest, OrderKind
from rules.core.state import Order as OrderState
from rules.turn.orders import order_origin, why_illegal
from rules.turn.visibility import kingdom_viewer, world_as_known


def _require_owner(army: Army, user: User, membership: Membership | None) -> Membership:
    """The user's membership as the army's kingdom's player, with its campaign: the
    request's ``membership`` when it is the user's in the army's campaign (a user has one
    there), else read."""
    campaign_id = army.kingdom.campaign_id
    if membership is None or (membership.user_id, membership.campaign_id) != (
        user.pk,
        campaign_id,
    ):
        mine = Membership.objects.select_related("campaign", "kingdom")
        membership = mine.filter(campaign_id=campaign_id, user=user).first()
    if membership is None or membership.kingdom_id != army.kingdom_id:
        # The id only: another kingdom's army names are not for this user.
        raise Refused(
            _("Army %(army)s is not one of your armies.") % {"army": army.pk},
            field="army",
            status=403,
        )
    return membership


@transaction.atomic
def order_submit(
    *,
    army: Army,
    by: User,
    kind: str,
    target: Coord | None = None,
    origin: Coord | None = None,
    sea_cover: Iterable[Coord] = (),
    neutral_conquest: str = NeutralConquest.SWORN_ENEMIES.value,
    membership: Membership | None = None,
) -> Order:
    """Give an army its order for the open turn (Table 5), replacing any earlier one.

    The rules engine decides legality (rules.turn.orders); a refusal names the problem. An
    army in an ongoing siege, besieging or besieged, takes no order (E-37). A
    Patrol names in ``sea_cover`` the land hexes across its sea hexes it covers, when it
    must choose (A-1.1.2.4). Changing an order leaves the kingdom's orders ready if they
    were marked so (``orders_ready_set``). An Invade says in ``neutral_conquest`` what
    to do with a neutral capital it takes: Sworn Enemies or Quick Friendship (A-1.4.17,
    E-23); other orders keep the default. The hexes it names are judged as the player
    knows them (rules.turn.visibility.world_as_known), so that a refusal tells nothing he may
    not see (A-1.0.9, E-29, A-1.4.18–20). ``membership``: the request's
    (campaign.core.access), which spares reading the player again.
    """
    membership = _require_owner(army, by, membership)
    campaign = membership.campaign
    turn = kingdom_taking_orders(campaign.pk, army.kingdom_id)
    held = armies_held(campaign.pk)
    if army.pk in held:  # E-37: its days are on the siege sheet, not in Table 5
        raise Refused(held[army.pk].no_orders(army.name), field="army", rule=held[army.pk].rule)
    try:
        order_kind = OrderKind(kind)
    except ValueError:
        kinds = ", ".join(k.value for k in OrderKind)
        raise Refused(
            _("'%(kind)s' is not an order: choose one of %(kinds)s.")
            % {"kind": kind, "kinds": kinds},
            field="kind",
        ) from None
    conquest = _neutral_conquest(neutral_conquest, order_kind)
    resting = standing_refusal(army, turn, order_kind, held)  # E-14, kingdoms.armies.services
    if resting:
        raise resting
    if order_kind is OrderKind.EXAMINE and target is None and army.position is not None:
        target = (army.position.q, army.position.r)  # NR-WILD-2: the hex it stands on
    if order_kind != OrderKind.REST and target is None:
        raise Refused(
            _("A %(kind)s order needs a target hex.") % {"kind": order_kind.value}, field="target"
        )
    sea_cover = tuple(tuple(cell) for cell in sea_cover)
    named = [("target", target), ("origin", origin), *(("sea_cover", c) for c in sea_cover)]
    stands = (army.position.q, army.position.r) if army.position is not None else None
    snapshot = neighbourhood_load(
        campaign,
        turn.number,
        army.kingdom_id,
        around=(target, origin, stands),
        cells=sea_cover,
        every_kingdom=False,
    )
    for name, coord in named:
        if coord is not None and tuple(coord) not in snapshot.hexes:
            raise Refused(
                _("(%(q)s, %(r)s) is not on the map.") % {"q": coord[0], "r": coord[1]}, field=name
            )
    wanted = OrderState(
        army_id=army.pk,
        kind=order_kind,
        target=target,
        origin=origin,
        sea_cover=sea_cover,
        neutral_conquest=conquest,
    )
    viewer = kingdom_viewer(snapshot.world, army.kingdom_id)
    known = world_as_known(snapshot.world, viewer, [c for _, c in named])
    problem = why_illegal(known, army.kingdom_id, wanted, other_orders(turn, army, snapshot))
    if problem:
        raise Refused(problem_text(problem), field=problem.field, rule=problem.rule)
    if order_kind in (OrderKind.INVADE, OrderKind.SCOUT) and origin is None:
        origin = order_origin(snapshot.world, army.kingdom_id, order_kind, tuple(target))
    # The hexes' rows as the snapshot read them, so that the answer shows them unread again
    order = Order(
        turn=turn,
        army=army,
        kind=order_kind.value,
        target=snapshot.hexes[tuple(target)] if target is not None else None,
        origin=snapshot.hexes[tuple(origin)] if origin is not None else None,
        sea_cover=[list(cell) for cell in sea_cover],
        neutral_conquest=conquest.value,
        submitted_by=by,
    )
    # One statement saves the order or replaces the army's earlier one (one order an army)
    Order.objects.bulk_create(
        [order],
        update_conflicts=True,
        unique_fields=["turn", "army"],
        update_fields=list(_ORDER_FIELDS),
    )
    chronicle_record(
        turn,
        "OrderSubmitted",
        {
            "army_id": army.pk,
            "army": army.name,
            "order": order_kind.value,
            "target": list(target) if target is not None else None,
            **({"sea_cover": [list(cell) for cell in sea_cover]} if sea_cover else {}),
            **({"neutral_conquest": conquest.value} if order_kind is OrderKind.INVADE else {}),
        },
        rule="A-2.2",
        kingdom_ids=[army.kingdom_id],
    )
    return order


_ORDER_FIELDS = (
    "kind", "target", "origin", "sea_cover", "neutral_conquest", "submitted_by", "submitted_at"
)  # fmt: skip


def _neutral_conquest(choice: str | None, kind: OrderKind) -> NeutralConquest:
    """A-1.4.17, E-23: the Invade order's standing choice; none means Sworn Enemies."""
    try:
        conquest = NeutralConquest(choice or NeutralConquest.SWORN_ENEMIES)
    except ValueError:
        choices = ", ".join(c.value for c in NeutralConquest)
        raise Refused(
            _("'%(choice)s' is not a choice for a neutral capital: choose one of %(choices)s.")
            % {"choice": choice, "choices": choices},
            field="neutral_conquest",
            rule="E-23",
        ) from None
    return conquest if kind is OrderKind.INVADE else NeutralConquest.SWORN_ENEMIES


@transaction.atomic
def orders_ready_set(*, campaign: Campaign, by: User, ready: bool) -> OrderSet:
    """Q7: a player marks his kingdom's orders for the open turn ready, or not ready.

    Ready locks nothing: he may still change an order until the deadline, and his orders
    stay ready (order_submit leaves the mark alone), since he says "I am done", not
    "freeze these". Armies without an order rest (Q7). With the campaign's
    ``early_resolution`` option on, the player who makes every non-eliminated kingdom
    that has a player ready starts Provisional Results at once, as the deadline would
    (by=None).
    """
    membership = player_in_play(
        campaign, by, acts=_("marks his orders ready"), acts_not=_("gives no orders")
    )
    kingdom = membership.kingdom
    turn = turn_taking_orders(campaign.pk)
    order_set, _created = OrderSet.objects.update_or_create(
        turn=turn,
        kingdom=kingdom,
        defaults={"ready": ready, "ready_at": timezone.now() if ready else None, "updated_by": by},
    )
    payload = {"kingdom_id": kingdom.pk, "ready": ready}
    chronicle_record(turn, "OrdersReady", payload, rule="Q7", kingdom_ids=[kingdom.pk])
    if ready:
        _resolve_early_if_all_ready(campaign, turn)
        # Any ready mark may be the last: after the commit the notification tells the GM
        # if every kingdom is ready and the turn still waits for him (content.all_orders_in).
        notify(
            kind=Kind.ALL_ORDERS_IN,
            campaign=campaign,
            recipients=THE_GM,
            context={"turn_id": turn.pk},
        )
    return order_set


def _resolve_early_if_all_ready(campaign: Campaign, turn: Turn) -> None:
    """Q7 "early resolution when every player is ready is a campaign option": claim
    Provisional Results through the one claim (turn_claim_step), which lets exactly one
    caller win, and tell everyone why the turn closed before its deadline."""
    if not campaign.ruleset.early_resolution:
        return
    ready = OrderSet.objects.filter(turn=turn, ready=True).values("kingdom_id")
    waiting = Kingdom.objects.filter(  # a kingdom nobody plays waits for nobody: it rests
        campaign=campaign, eliminated=False, membership__isnull=False
    ).exclude(pk__in=ready)
    if waiting.exists():
        return
    try:
        turn_claim_step(turn=turn, by=None)
    except Refused:
        return  # the deadline or the GM started it first
    chronicle_record(turn, "EarlyResolution", {"turn": turn.number}, rule="Q7", public=True)
