"""What each notification says, written for one reader from what he may see.

Every builder reads through the selectors that take the reader's Viewer
(campaign.core.viewers.viewer_for, rules.turn.visibility): the chronicle as he may read it,
the battles as he may see them, his own armies and orders. None of them reads another
kingdom's rows, so a notification can tell a player nothing his pages would not. A
builder answers None when the moment does not concern the reader: the recipients a
service names are those it may concern, and the text decides.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass

from django.urls import reverse
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from battles.decisions.selectors import visible_battles
from battles.models import Battle
from battles.tabletop.models import BattleReport
from campaign.adjudication.selectors import prompts_open
from campaign.chronicle.views import chronicle_by_turn
from campaign.chronicle.words import ROLES, word
from campaign.core.access import Access
from campaign.models import Campaign, Membership, Turn
from campaign.notifications.models import Kind
from campaign.notifications.selectors import (
    armies_without_orders,
    battles_undecided,
    reports_awaited,
    roles_of,
)
from campaign.turns.narration import when_text
from kingdoms.agreements.models import Agreement
from kingdoms.agreements.narration import ARTICLES
from kingdoms.agreements.selectors import visible_agreements
from kingdoms.messages.selectors import GM_NAME, is_mine, visible_message
from kingdoms.orders.selectors import orders_readiness
from rules.turn.visibility import Viewer

RESULT_LINES = 60  # a long turn's summary ends with a pointer to the chronicle
MESSAGE_LINES = 30  # a long message is read to its end in its thread


@dataclass(frozen=True)
class Reader:
    """The member a notification is written for."""

    campaign: Campaign
    membership: Membership
    viewer: Viewer

    @property
    def access(self) -> Access:
        return Access(self.campaign, self.membership, self.viewer)

    def link(self, name: str, *args) -> str:
        return reverse(name, args=[self.campaign.pk, *args])


@dataclass(frozen=True)
class Message:
    subject: str
    lines: list[str]
    link: str
    key: str = ""


def when(moment: dt.datetime | None) -> str:
    """A deadline as every page reads it, in the reader's time zone (delivery activates
    it while his notification is written)."""
    return when_text(moment) if moment is not None else _("no deadline set")


def _turn(reader: Reader, context: dict) -> Turn | None:
    return Turn.objects.filter(pk=context.get("turn_id"), campaign=reader.campaign).first()


def _battle(reader: Reader, context: dict) -> Battle | None:
    return (
        Battle.objects.filter(pk=context.get("battle_id"), turn__campaign=reader.campaign)
        .select_related("hex", "turn")
        .first()
    )


def _where(battle: Battle) -> str:
    return _("battle %(seq)s at (%(q)s, %(r)s)") % {
        "seq": battle.seq,
        "q": battle.hex.q,
        "r": battle.hex.r,
    }


def _subject(reader: Reader, text: str) -> str:
    """A notification's subject: the campaign's name, then what happened."""
    return _("%(campaign)s: %(text)s") % {"campaign": reader.campaign.name, "text": text}


def turn_opened(reader: Reader, context: dict) -> Message | None:
    """A-2.1: the turn takes orders until its deadline; for the players."""
    turn = _turn(reader, context)
    if turn is None or reader.viewer.kingdom_id is None:
        return None
    groups = chronicle_by_turn(reader.access, turn)
    opened = [line["text"] for g in groups for line in g["lines"] if line["kind"] == "TurnOpened"]
    return Message(
        subject=_subject(reader, _("turn %(turn)s is open for orders") % {"turn": turn.number}),
        lines=[
            *opened,
            _("Give your armies their orders by %(deadline)s.") % {"deadline": when(turn.deadline)},
        ],
        link=reader.link("campaign-detail"),
        key=f"turn:{turn.pk}",
    )


def results(reader: Reader, context: dict) -> Message | None:
    """The turn's chronicle as this player may read it: his own summary."""
    turn = _turn(reader, context)
    if turn is None or reader.viewer.kingdom_id is None:
        return None
    groups = chronicle_by_turn(reader.access, turn)
    lines = [line["text"] for g in groups for line in g["lines"]]
    if len(lines) > RESULT_LINES:
        more = len(lines) - RESULT_LINES
        lines = [
            *lines[:RESULT_LINES],
            ngettext(
                "And %(more)s more in the chronicle.", "And %(more)s more in the chronicle.", more
            )
            % {"more": more},
        ]
    return Message(
        subject=_subject(reader, _("the results of turn %(turn)s") % {"turn": turn.number}),
        lines=lines or [_("Nothing happened that you may see.")],
        link=reader.link("chronicle"),
        key=f"turn:{turn.pk}",
    )


def _against(sides: list[str]) -> str:
    """ "Alba against Bretonnia" (against each next one, when more sides fight)."""
    text = sides[0] if sides else ""
    for side in sides[1:]:
        text = _("%(first)s against %(second)s") % {"first": text, "second": side}
    return text


def battle_to_decide(reader: Reader, context: dict) -> Message | None:
    """A-2.4: each battle the player's own side fights this turn, as he may see it."""
    turn = _turn(reader, context)
    if turn is None:
        return None
    lines = [
        _("Battle %(seq)s at (%(q)s, %(r)s): %(sides)s")
        % {
            "seq": view["seq"],
            "q": view["hex"]["q"],
            "r": view["hex"]["r"],
            "sides": _against([side["name"] for side in view["sides"]]),
        }
        for view in visible_battles(turn, reader.viewer)
        if view["needs_decisions"]
        and not view["resolved"]
        and any(side["own"] for side in view["sides"])
    ]
    if not lines:
        return None
    return Message(
        subject=_subject(
            reader, _("choose fight or retreat in turn %(turn)s") % {"turn": turn.number}
        ),
        lines=[
            *lines,
            _("Choose fight or retreat by %(deadline)s.")
            % {"deadline": when(turn.decisions_deadline)},
        ],
        link=reader.link("battles"),
        key=f"turn:{turn.pk}",
    )


def reminder(reader: Reader, context: dict) -> Message | None:
    """A day before a deadline, exactly what this player still has to do for it."""
    turn = _turn(reader, context)
    if turn is None:
        return None
    deadline = context.get("deadline")
    if deadline == "orders":
        missing = [
            _("%(army)s has no order") % {"army": name}
            for name in armies_without_orders(turn, reader.viewer)
        ]
        closes, link = turn.deadline, reader.link("campaign-detail")
    elif deadline == "decisions":
        missing = [
            _("battle %(seq)s needs fight or retreat") % {"seq": seq}
            for seq in battles_undecided(turn, reader.viewer)
        ] + _reports_missing(turn, reader.viewer)
        closes, link = turn.decisions_deadline, reader.link("battles")
    else:
        battle_id = context.get("battle_id")
        missing = _reports_missing(turn, reader.viewer, battle_id)
        battle = Battle.objects.filter(pk=battle_id, turn=turn).first()
        closes = battle.report_deadline if battle else None
        link = reader.link("battle-detail", battle_id) if battle else reader.link("battles")
    if not missing:
        return None
    return Message(
        subject=_subject(reader, _("a day left in turn %(turn)s") % {"turn": turn.number}),
        lines=[
            _("Still missing: %(missing)s.") % {"missing": "; ".join(missing)},
            _("The deadline is %(deadline)s.") % {"deadline": when(closes)},
        ],
        link=link,
    )


_REPORT_WORDS = {
    "file": gettext_lazy("battle %(seq)s needs its tabletop report"),
    "answer": gettext_lazy("battle %(seq)s's report waits for you to confirm or dispute it"),
}


def _reports_missing(turn: Turn, viewer: Viewer, battle_id: int | None = None) -> list[str]:
    return [
        _REPORT_WORDS[what] % {"seq": battle.seq}
        for battle, what in reports_awaited(turn, viewer)
        if battle_id is None or battle.pk == battle_id
    ]


def tabletop_report(reader: Reader, context: dict) -> Message | None:
    """P-C6, E-24: a battle played on the tabletop needs its report ("agreed"), or the
    other side's report needs an answer ("reported"); for the sides that file or answer
    it (the GM for a neutral one)."""
    battle = _battle(reader, context)
    if battle is None:
        return None
    roles = roles_of(battle, reader.viewer)
    if context.get("step") == "agreed":
        if not roles:
            return None
        return Message(
            subject=_subject(
                reader, _("%(battle)s is played on the tabletop") % {"battle": _where(battle)}
            ),
            lines=[
                _("Every side chose to fight %(battle)s on the tabletop.")
                % {"battle": _where(battle)},
                _("Play it, then file its report by %(deadline)s.")
                % {"deadline": when(battle.report_deadline)},
            ],
            link=reader.link("battle-detail", battle.pk),
            key=f"battle:{battle.pk}:agreed",
        )
    report = BattleReport.objects.filter(battle=battle).first()
    if report is None or report.status != BattleReport.Status.REPORTED:
        return None
    if not roles - {report.reported_role}:
        return None  # the reporter's own side, or no side of his
    return Message(
        subject=_subject(reader, _("%(battle)s was reported") % {"battle": _where(battle)}),
        lines=[
            capfirst(
                _REPORTED[bool(report.winner)]
                % {
                    "role": word(ROLES, report.reported_role),
                    "battle": _where(battle),
                    "winner": word(ROLES, report.winner),
                }
            ),
            _("Confirm or dispute the report by %(deadline)s.")
            % {"deadline": when(battle.report_deadline)},
        ],
        link=reader.link("battle-detail", battle.pk),
    )


_REPORTED = {
    True: gettext_lazy("%(role)s reported %(battle)s: %(winner)s won."),
    False: gettext_lazy("%(role)s reported %(battle)s: a draw."),
}


def agreement_proposed(reader: Reader, context: dict) -> Message | None:
    """Q23: a proposal made to the reader's kingdom, for him to accept or decline."""
    agreement = (
        visible_agreements(reader.campaign, reader.viewer)
        .filter(pk=context.get("agreement_id"))
        .first()
    )
    if agreement is None or agreement.partner_id != reader.viewer.kingdom_id:
        return None
    if agreement.state != Agreement.State.PROPOSED:
        return None
    values = {
        "proposer": agreement.proposer.name,
        "partner": agreement.partner.name,
        "what": word(ARTICLES, agreement.kind, _("an agreement")),
    }
    lines = [_("%(proposer)s proposes %(what)s to %(partner)s.") % values]
    if agreement.kind == Agreement.Kind.COMBINED_ASSAULT:
        lines.append(
            _("Together you would invade (%(q)s, %(r)s) in turn %(turn)s, for %(beneficiary)s.")
            % {
                "q": agreement.target.q,
                "r": agreement.target.r,
                "turn": agreement.turn_number,
                "beneficiary": agreement.beneficiary.name,
            }
        )
    if agreement.kind == Agreement.Kind.VASSALAGE:
        lines.append(
            _("%(overlord)s would be the overlord.") % {"overlord": agreement.overlord.name}
        )
    lines.append(_("Accept or decline it on your kingdom's page."))
    return Message(
        subject=_subject(reader, _("%(proposer)s proposes %(what)s") % values),
        lines=lines,
        link=reader.link("kingdom") + "#agreements",
        key=f"agreement:{agreement.pk}",
    )


def message_received(reader: Reader, context: dict) -> Message | None:
    """B 7.0: a message in a thread the reader may read, by someone else: its words, so
    that he may read it in his mailbox, and the way to answer."""
    message = visible_message(reader.campaign, reader.viewer, context.get("message_id"))
    if message is None or is_mine(message, reader.viewer):
        return None
    author = message.kingdom.name if message.kingdom else GM_NAME
    lines = message.body.splitlines()
    if len(lines) > MESSAGE_LINES:
        lines = [*lines[:MESSAGE_LINES], _("The rest is in the thread.")]
    return Message(
        subject=_subject(
            reader,
            _("%(author)s writes: %(subject)s")
            % {"author": author, "subject": message.thread.subject},
        ),
        lines=[_("%(author)s writes:") % {"author": author}, *lines],
        link=reader.link("message-thread", message.thread_id),
        key=f"message:{message.pk}",
    )


def all_orders_in(reader: Reader, context: dict) -> Message | None:
    """Q7: every standing kingdom marked its orders ready while the turn still waits for
    its deadline; the GM may resolve it early."""
    turn = _turn(reader, context)
    if turn is None or not reader.viewer.is_gm or turn.state != Turn.State.OPEN:
        return None
    readiness = orders_readiness(reader.campaign, turn, reader.viewer)
    if not readiness or not all(row["ready"] for row in readiness):
        return None
    return Message(
        subject=_subject(
            reader, _("every kingdom's orders for turn %(turn)s are in") % {"turn": turn.number}
        ),
        lines=[
            ngettext(
                "All %(count)s kingdom marked its orders ready.",
                "All %(count)s kingdoms marked their orders ready.",
                len(readiness),
            )
            % {"count": len(readiness)},
            _("Resolve the turn from the GM console, or let the deadline (%(deadline)s) do it.")
            % {"deadline": when(turn.deadline)},
        ],
        link=reader.link("gm-console"),
        key=f"turn:{turn.pk}",
    )


def report_disputed(reader: Reader, context: dict) -> Message | None:
    """P-C6: a side disputed the other's report; the GM settles it."""
    battle = _battle(reader, context)
    if battle is None or not reader.viewer.is_gm:
        return None
    report = BattleReport.objects.filter(battle=battle).first()
    if report is None or report.status != BattleReport.Status.DISPUTED:
        return None
    return Message(
        subject=_subject(
            reader, _("the report of %(battle)s is disputed") % {"battle": _where(battle)}
        ),
        lines=[
            _("The report of %(battle)s is disputed: “%(dispute)s”")
            % {"battle": _where(battle), "dispute": report.dispute},
            _("Settle it on the battle's page."),
        ],
        link=reader.link("battle-detail", battle.pk),
    )


def gm_prompts(reader: Reader, context: dict) -> Message | None:
    """new-rules.md §12.4: the turn asked the GM rulings the rules leave to him; each
    default stands unless he answers by the fight-or-retreat deadline."""
    turn = _turn(reader, context)
    if turn is None or not reader.viewer.is_gm:
        return None
    waiting = [p for p in prompts_open(reader.access) if p.turn_id == turn.pk]
    if not waiting:
        return None
    return Message(
        subject=_subject(
            reader,
            ngettext(
                "%(count)s ruling of turn %(turn)s waits for you",
                "%(count)s rulings of turn %(turn)s wait for you",
                len(waiting),
            )
            % {"count": len(waiting), "turn": turn.number},
        ),
        lines=[
            *(p.question_text for p in waiting),
            _("Answer them on the GM console by %(deadline)s; else each default stands.")
            % {"deadline": when(turn.decisions_deadline)},
        ],
        link=reader.link("gm-console"),
        key=f"turn:{turn.pk}",
    )


BUILDERS: dict[Kind, Callable[[Reader, dict], Message | None]] = {
    Kind.TURN_OPENED: turn_opened,
    Kind.REMINDER: reminder,
    Kind.RESULTS: results,
    Kind.BATTLE_TO_DECIDE: battle_to_decide,
    Kind.TABLETOP_REPORT: tabletop_report,
    Kind.AGREEMENT_PROPOSED: agreement_proposed,
    Kind.MESSAGE_RECEIVED: message_received,
    Kind.ALL_ORDERS_IN: all_orders_in,
    Kind.REPORT_DISPUTED: report_disputed,
    Kind.GM_PROMPTS: gm_prompts,
}
