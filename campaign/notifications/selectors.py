"""Reads of notifications: a person's inbox and preferences, the GM's webhook log, and what a
player still has to do before a deadline, which only ever looks at the viewer's own kingdom."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db.models import QuerySet

from battles.models import Battle, BattleSide
from battles.sieges.selectors import armies_in_sieges, ongoing_sieges
from battles.tabletop.models import BattleReport
from campaign.models import Campaign, Turn
from campaign.notifications.models import (
    DEFAULT_DELIVERY,
    Delivery,
    Kind,
    Notification,
    Preference,
    Webhook,
    WebhookDelivery,
)
from kingdoms.orders.selectors import visible_orders
from kingdoms.selectors import visible_armies
from rules.core.state import DefenderKind
from rules.turn.visibility import Viewer

INBOX_LENGTH = 100
LOG_LENGTH = 20


def inbox(user: User) -> QuerySet[Notification]:
    """The person's newest notifications, his own alone."""
    return Notification.objects.filter(user=user).select_related("campaign")[:INBOX_LENGTH]


def preferences_of(user: User) -> dict[str, str]:
    """How each kind is e-mailed to ``user``: his choice, or the default."""
    chosen = dict(Preference.objects.filter(user=user).values_list("kind", "delivery"))
    return {kind.value: chosen.get(kind.value, DEFAULT_DELIVERY[kind].value) for kind in Kind}


def delivery_for(user: User, kind: Kind) -> Delivery:
    chosen = Preference.objects.filter(user=user, kind=kind).values_list("delivery", flat=True)
    return Delivery(chosen.first() or DEFAULT_DELIVERY[kind])


def webhook_of(campaign: Campaign) -> Webhook | None:
    return Webhook.objects.filter(campaign=campaign).first()


def webhook_log(webhook: Webhook | None) -> list[WebhookDelivery]:
    if webhook is None:
        return []
    return list(webhook.deliveries.all()[:LOG_LENGTH])


# --- what a player still has to do -----------------------------------------------------


def armies_without_orders(turn: Turn, viewer: Viewer) -> list[str]:
    """The names of the viewer's armies with no order for ``turn`` (they will rest, Q7),
    but those a siege holds, which take none (E-37)."""
    if viewer.kingdom_id is None:
        return []
    ordered = {order.army_id for order in visible_orders(turn, viewer)}
    held = armies_in_sieges(ongoing_sieges(turn.campaign_id))
    return [
        army.name
        for army in visible_armies(turn.campaign, viewer)
        if army.id not in ordered and army.id not in held
    ]


def battles_undecided(turn: Turn, viewer: Viewer) -> list[int]:
    """The numbers of the turn's battles in which the viewer's side has not chosen fight
    or retreat yet (A-2.4; the side fights if it never does)."""
    if viewer.kingdom_id is None:
        return []
    sides = BattleSide.objects.filter(
        battle__turn=turn,
        battle__resolved=False,
        kingdom_id=viewer.kingdom_id,
        decided_by__isnull=True,
    ).exclude(battle__defender_kind__in=[DefenderKind.UNDEFENDED, DefenderKind.LOST_CAUSE])
    return sorted(set(sides.values_list("battle__seq", flat=True)))


def reports_awaited(turn: Turn, viewer: Viewer) -> list[tuple[Battle, str]]:
    """The viewer's tabletop battles of ``turn`` whose report waits for him (P-C6): one
    nobody filed yet ("file"), or the other side's, for him to confirm or dispute
    ("answer"). The GM answers for the neutral sides (Q17)."""
    battles = (
        Battle.objects.filter(turn=turn, mode=Battle.Mode.TABLETOP, resolved=False)
        .select_related("hex")
        .prefetch_related("sides")
        .order_by("seq")
    )
    reports = {r.battle_id: r for r in BattleReport.objects.filter(battle__turn=turn)}
    awaited = []
    for battle in battles:
        roles = roles_of(battle, viewer)
        report = reports.get(battle.pk)
        if not roles:
            continue
        if report is None:
            awaited.append((battle, "file"))
        elif report.status == BattleReport.Status.REPORTED and roles - {report.reported_role}:
            awaited.append((battle, "answer"))
    return awaited


def roles_of(battle: Battle, viewer: Viewer) -> set[str]:
    """The sides of ``battle`` whose report the viewer files or answers: his kingdom's,
    and for the GM the neutral ones (Q17), as battles.tabletop.services allows."""
    return {
        side.role
        for side in battle.sides.all()
        if (side.kingdom_id is None and viewer.is_gm)
        or (side.kingdom_id is not None and side.kingdom_id == viewer.kingdom_id)
    }
