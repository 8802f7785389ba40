"""One sentence per chronicle entry of a tabletop battle (E-24, P-C5, P-C6, §5.11), in the
reader's language (campaign.chronicle.narration).

The report's steps go to the battle's participants and the GM; the result of the
battle (TabletopBattleFought) is public, its VP margin the participants' (E-29).
"""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from campaign.chronicle.narration import register_narrators
from campaign.chronicle.words import ROLES, hex_name, moment, number, word

_RESULTS = {
    "victory": gettext_lazy("a victory"),
    "massacre": gettext_lazy("a Massacre"),
    "draw": gettext_lazy("a draw"),
}


def _battle(p: dict) -> str:
    values = {"battle": p.get("battle"), "hex": hex_name(p.get("hex"))}
    if p.get("battle"):
        return _("battle %(battle)s at %(hex)s") % values
    return _("the battle at %(hex)s") % values


def _result(p: dict) -> str:
    result = word(_RESULTS, p.get("result"), _("a result"))
    if p.get("winner") and p.get("result") != "draw":
        return _("%(result)s for %(winner)s") % {
            "result": result,
            "winner": word(ROLES, p["winner"]),
        }
    return result


def _fought(p: dict, names) -> str:
    values = {"hex": hex_name(p.get("hex")), "result": _result(p)}
    if isinstance(p.get("vp_margin"), int):
        values["margin"] = number(p["vp_margin"])
        return (
            _(
                "The battle at %(hex)s was played on the tabletop: %(result)s, "
                "by %(margin)s victory points."
            )
            % values
        )
    return _("The battle at %(hex)s was played on the tabletop: %(result)s.") % values


def _turned_abstract(p: dict, names) -> str:
    return _(
        "The tabletop battle at %(hex)s had no confirmed report by its deadline: it is "
        "resolved abstract, with the strategies on file."
    ) % {"hex": hex_name(p.get("hex"))}


def _terrain(p: dict, names) -> str:
    # The pieces' names come from the campaign's terrain tables, in the GM's words.
    pieces = "; ".join(piece.get("piece", "?") for piece in p.get("pieces") or ())
    return _("Terrain for %(battle)s: %(pieces)s.") % {
        "battle": _battle(p),
        "pieces": pieces or _("open ground"),
    }


def _agreed(p: dict, names) -> str:
    return _("Every side opted in: %(battle)s is played on the tabletop.") % {"battle": _battle(p)}


def _withdrawn(p: dict, names) -> str:
    return _("A side opted out: %(battle)s is abstract again.") % {"battle": _battle(p)}


def _reported(p: dict, names) -> str:
    return _("%(who)s reported %(battle)s: %(result)s.") % {
        "who": word(ROLES, p.get("role"), _("the GM")),
        "battle": _battle(p),
        "result": _result(p),
    }


def _confirmed(p: dict, names) -> str:
    return _("The report of %(battle)s was confirmed: %(result)s.") % {
        "battle": _battle(p),
        "result": _result(p),
    }


def _disputed(p: dict, names) -> str:
    return _("The report of %(battle)s is disputed: %(reason)s.") % {
        "battle": _battle(p),
        "reason": p.get("reason") or _("no reason given"),
    }


def _settled(p: dict, names) -> str:
    values = {"battle": _battle(p), "result": _result(p), "ruling": p.get("ruling")}
    if p.get("ruling"):
        return _("The GM settled the report of %(battle)s: %(result)s (%(ruling)s).") % values
    return _("The GM settled the report of %(battle)s: %(result)s.") % values


def _extended(p: dict, names) -> str:
    return _("The GM extended the report deadline of battle %(battle)s to %(until)s.") % {
        "battle": p.get("battle", "?"),
        "until": moment(p.get("until")),
    }


TABLETOP_NARRATORS: dict[str, Callable] = {
    "TabletopBattleFought": _fought,
    "TabletopTurnedAbstract": _turned_abstract,
    "TerrainRolled": _terrain,
    "TabletopAgreed": _agreed,
    "TabletopWithdrawn": _withdrawn,
    "BattleReported": _reported,
    "BattleReportConfirmed": _confirmed,
    "BattleReportDisputed": _disputed,
    "BattleReportSettled": _settled,
    "ReportDeadlineExtended": _extended,
}


def register() -> None:
    register_narrators(TABLETOP_NARRATORS)
