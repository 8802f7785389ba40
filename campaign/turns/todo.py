"""The viewer's to-do: what this viewer has to do now in the campaign, with a link to
where he does it, shown at the top of every campaign page (templates/base.html).

Everything here reads through the selectors that already decide what a viewer may see:
a player's items are his own kingdom's (his orders, his battle sides, his reports, his
agreements, his sieges); the GM's are the campaign's steps and the neutral sides he
answers for. The number of queries is fixed, whatever the size of the map.

Apart from campaign.turns.selectors for the same reason as campaign.turns.deadlines: it
reads the battles and the kingdoms.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from django.db.models import prefetch_related_objects
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from battles.decisions.selectors import sides_undecided
from battles.models import Siege, SiegePlan
from battles.sieges.selectors import OUTSIDER, viewer_side
from battles.tabletop.models import BattleReport
from battles.tabletop.services import tabletop_battles_awaited
from campaign.core.access import Access
from campaign.models import Campaign, Turn
from campaign.turns.deadlines import deadline_facing
from campaign.turns.selectors import current_turn, late_step
from kingdoms.agreements.models import Agreement
from kingdoms.capitals.selectors import fallback_capitals_view
from kingdoms.orders.selectors import order_status, orders_readiness
from rules.sieges.state import SiegeStatus


@dataclass(frozen=True)
class Item:
    """One thing to do: what, where (a link), and by when if it has its own deadline.
    ``kind`` names it for the page's styling and for tests ("battles", "ready", ...)."""

    kind: str
    text: str
    url: str
    due: dt.datetime | None = None


@dataclass(frozen=True)
class Todo:
    """The viewer's list. With no item, ``note`` says why ("The turn is resolving.") and
    ``until`` when the next thing is due."""

    items: list[Item] = field(default_factory=list)
    note: str = ""
    until: dt.datetime | None = None


def facing(access: Access) -> dict:
    """What a campaign page shows its viewer on top (templates/base.html): the current
    turn, the deadline that matters to him now (campaign.turns.deadlines) and his to-do."""
    now = timezone.now()
    turn = current_turn(access.campaign)
    return {
        "campaign": access.campaign,
        "turn": turn,
        "deadline": deadline_facing(turn, access.viewer, now),
        "todo": viewer_todo(access, turn, now),
    }


def viewer_todo(access: Access, turn: Turn | None, now: dt.datetime | None = None) -> Todo:
    """What ``access``'s viewer has to do now in ``turn``, the campaign's current one."""
    now = now or timezone.now()
    campaign = access.campaign
    if campaign.status == Campaign.Status.FINISHED:
        return Todo(note=_("The campaign has ended."))
    if turn is None:
        return _before_start(access)
    if turn.is_running:
        return Todo(items=_gm_problems(access, turn), note=_("The turn is resolving."))
    if not access.is_gm and (access.kingdom is None or access.kingdom.eliminated):
        return Todo(until=_next_deadline(turn, now))
    if turn.state not in (Turn.State.OPEN, Turn.State.DECISIONS):
        return Todo()
    sieges = list(campaign.sieges.filter(status=SiegeStatus.ONGOING.value))
    if turn.state == Turn.State.DECISIONS:
        items = _decision_items(access, turn, now)
    elif access.is_gm:
        items = _gm_orders_items(access, turn, now)
    else:
        items = _orders_items(access, turn, sieges)
    items += _siege_items(access, turn, sieges)
    return Todo(items=items, until=_next_deadline(turn, now))


def _before_start(access: Access) -> Todo:
    if not access.is_gm:
        return Todo(note=_("The campaign has not started yet."))
    url = reverse("campaign-players", args=[access.campaign.pk])
    return Todo(items=[Item("start", _("Seat the players and start the campaign"), url)])


def _next_deadline(turn: Turn, now: dt.datetime) -> dt.datetime | None:
    """The step's deadline still to come: nothing is due before it."""
    deadline = turn.deadline if turn.state == Turn.State.OPEN else turn.decisions_deadline
    return deadline if deadline is not None and deadline > now else None


# A player's orders (Q7, E-23, Q23) -----------------------------------------------------------


def _orders_items(access: Access, turn: Turn, sieges: list[Siege]) -> list[Item]:
    """While orders are open: his armies' orders and the ready mark (Q7), an agreement
    offered to him (Q23), and a fallback capital to name while he holds a City (E-23).
    The armies the ongoing ``sieges`` hold take no order (E-37)."""
    kingdom = access.kingdom
    detail = reverse("campaign-detail", args=[access.campaign.pk])
    held = {a for siege in sieges for a in (*siege.besieger_army_ids, *siege.garrison_army_ids)}
    status = order_status(turn, kingdom, held=held, edicts=0)  # edicts are not counted here
    items = []
    if not status["ready"]:
        if status["armies"]:
            text = ngettext(
                "%(ordered)d of %(armies)d army ordered",
                "%(ordered)d of %(armies)d armies ordered",
                status["armies"],
            ) % {"ordered": status["ordered"], "armies": status["armies"]}
            items.append(Item("orders", text, f"{detail}#my-orders", turn.deadline))
        ready = _("Orders ready? Mark them ready")
        items.append(Item("ready", ready, f"{detail}#my-orders", turn.deadline))
    offered = Agreement.objects.filter(
        partner_id=kingdom.pk, state=Agreement.State.PROPOSED
    ).count()
    if offered:
        text = ngettext("an agreement to answer", "%(count)d agreements to answer", offered) % {
            "count": offered
        }
        items.append(Item("agreement", text, reverse("agreements", args=[access.campaign.pk])))
    capitals = fallback_capitals_view(kingdom)
    if capitals["cities"] and not any(entry["serves"] for entry in capitals["entries"]):
        url = reverse("kingdom", args=[access.campaign.pk])
        items.append(Item("capitals", _("fallback capitals to name"), url))
    return items


# Fight or retreat and the tabletop (A-2.4, E-24) ---------------------------------------------


def _decision_items(access: Access, turn: Turn, now: dt.datetime) -> list[Item]:
    """The battle sides the viewer answers for, before the fight-or-retreat deadline; the
    tabletop reports he has to send, confirm or (the GM) settle; for the GM, Final Results
    to start once nobody need be waited for (A-2.4: every side answered, or the deadline
    passed; E-24: no tabletop report still awaited)."""
    deadline = turn.decisions_deadline
    passed = deadline is not None and deadline <= now
    undecided = sides_undecided(turn)
    items = [item for item in [battles_to_decide(access, turn, undecided, now)] if item]
    battles = tabletop_battles_awaited(turn, now)
    items += _report_items(access, battles)
    if access.is_gm and (passed or not undecided) and not battles:
        console = reverse("gm-console", args=[access.campaign.pk])
        items.append(Item("step", _("Final results to start"), console))
    return items


def battles_to_decide(
    access: Access, turn: Turn, undecided: list | None = None, now: dt.datetime | None = None
) -> Item | None:
    """A-2.4: the battles whose fight-or-retreat answer the viewer still owes, before the
    deadline, or None; ``undecided`` is the turn's undecided sides if the caller has them
    (battles.decisions.selectors.sides_undecided)."""
    now = now or timezone.now()
    deadline = turn.decisions_deadline
    if turn.state != Turn.State.DECISIONS or (deadline is not None and deadline <= now):
        return None
    if undecided is None:
        undecided = sides_undecided(turn)
    mine = {side.battle_id for side in undecided if _answers_for(access, side)}
    if not mine:
        return None
    text = ngettext("a battle to decide", "%(count)d battles to decide", len(mine)) % {
        "count": len(mine)
    }
    return Item("battles", text, reverse("battles", args=[access.campaign.pk]), deadline)


def _answers_for(access: Access, side) -> bool:
    """A player answers for his kingdom's sides, the GM for the neutral ones."""
    if access.is_gm:
        return side.kingdom_id is None
    return side.kingdom_id is not None and side.kingdom_id == access.viewer.kingdom_id


def _report_items(access: Access, battles: list) -> list[Item]:
    prefetch_related_objects(battles, "sides__armies")  # two queries, however many battles
    items = []
    for battle in battles:
        kind = _report_wanted(access, battle)
        if kind is None:
            continue
        text = {
            "report": _("a tabletop report to send"),
            "confirm": _("a tabletop report to confirm"),
            "settle": _("a disputed tabletop report to settle"),
        }[kind]
        url = reverse("battle-detail", args=[access.campaign.pk, battle.pk])
        items.append(Item(kind, text, url, battle.report_deadline))
    return items


def _report_wanted(access: Access, battle) -> str | None:
    """E-24, P-C6: what the viewer owes a tabletop battle's report: one side reports, the
    other confirms; the GM reports and answers for a neutral side (Q17) and settles a
    dispute."""
    report = getattr(battle, "report", None)
    if access.is_gm and report is not None and report.status == BattleReport.Status.DISPUTED:
        return "settle"
    roles = _roles_answered_for(access, battle)
    if not roles:
        return None
    if report is None:
        return "report"
    waiting = report.status == BattleReport.Status.REPORTED
    return "confirm" if waiting and report.reported_role not in roles else None


def _roles_answered_for(access: Access, battle) -> set[str]:
    """The battle's sides the viewer answers for: his kingdom's (E-28: a partner's armies
    on another's side too); the GM's, the neutral ones."""
    sides = battle.sides.all()
    if access.is_gm:
        return {side.role for side in sides if side.kingdom_id is None}
    me = access.viewer.kingdom_id
    return {
        side.role
        for side in sides
        if side.kingdom_id == me or any(army.kingdom_id == me for army in side.armies.all())
    }


# Sieges (E-37) ------------------------------------------------------------------------------


def _siege_items(access: Access, turn: Turn, ongoing: list[Siege]) -> list[Item]:
    """A side of one of the ``ongoing`` sieges without its plan for this turn's days
    (E-37): the GM plans a neutral garrison's."""
    sieges = [
        siege
        for siege in ongoing
        if viewer_side(siege, access.viewer) != OUTSIDER
        and not (access.is_gm and siege.garrison_id is not None)
    ]
    if not sieges:
        return []
    planned = set(
        SiegePlan.objects.filter(siege__in=sieges, turn=turn).values_list("siege_id", "role")
    )
    items = []
    for siege in sieges:
        if (siege.pk, viewer_side(siege, access.viewer)) in planned:
            continue
        url = reverse("siege", args=[access.campaign.pk, siege.pk])
        items.append(Item("siege", _("a siege plan to choose"), url))
    return items


# The GM's steps (A-2.0) ----------------------------------------------------------------------


def _gm_orders_items(access: Access, turn: Turn, now: dt.datetime) -> list[Item]:
    """Provisional Results waiting for his button: once every kingdom is ready (Q7) or
    the orders deadline has passed (A-2.2)."""
    rows = orders_readiness(access.campaign, turn, access.viewer)
    waiting = sum(1 for row in rows if not row["ready"])
    passed = turn.deadline is not None and turn.deadline <= now
    if not rows or not (passed or not waiting):
        return []
    return [
        Item(
            "step",
            _("Provisional results to start"),
            reverse("gm-console", args=[access.campaign.pk]),
        )
    ]


def _gm_problems(access: Access, turn: Turn) -> list[Item]:
    """A server step running long after its claim: the GM may run it again."""
    late = late_step(turn) if access.is_gm else None
    if late is None:
        return []
    text = ngettext(
        "%(step)s is late by %(minutes)d minute: run it again",
        "%(step)s is late by %(minutes)d minutes: run it again",
        late.minutes,
    ) % {"step": late.name, "minutes": late.minutes}
    return [Item("problem", text, reverse("gm-console", args=[access.campaign.pk]))]
