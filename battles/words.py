"""The battles' words in the reader's language: a side's role, its fight-or-retreat
choice (A-2.4) and its Table 24 strategy, as the pages name them. The selectors' views
keep the values the API speaks ("attacker", "fight"); the pages add these words."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from campaign.core.words import ROLES
from rules.core.state import Decision, Strategy
from rules.sieges.state import BesiegerAction, GarrisonAction, SiegeStatus

DECISIONS = {
    Decision.FIGHT: gettext_lazy("fight"),
    Decision.RETREAT: gettext_lazy("retreat"),
    Decision.WITHDRAW: gettext_lazy("withdraw"),
}
STRATEGIES = {
    Strategy.ASSAULT: gettext_lazy("assault"),
    Strategy.OUTFLANK: gettext_lazy("outflank"),
    Strategy.HOLD: gettext_lazy("hold"),
}

SIEGE_STATES = {
    SiegeStatus.ONGOING: gettext_lazy("ongoing"),
    SiegeStatus.TAKEN: gettext_lazy("taken"),
    SiegeStatus.SURRENDERED: gettext_lazy("surrendered"),
    SiegeStatus.BROKEN: gettext_lazy("broken"),
    SiegeStatus.LIFTED: gettext_lazy("lifted"),
}
SIEGE_ACTIONS = {
    BesiegerAction.WAIT: gettext_lazy("Wait"),
    BesiegerAction.ASSAULT: gettext_lazy("Assault"),
    BesiegerAction.NEGOTIATE: gettext_lazy("Negotiate"),
    GarrisonAction.PASS: gettext_lazy("Pass"),
    GarrisonAction.SORTIE: gettext_lazy("Sortie"),
    GarrisonAction.SUPPLY: gettext_lazy("Supply"),
    GarrisonAction.GENERAL_SORTIE: gettext_lazy("General sortie"),
}
SIEGE_SIDES = {"besieger": gettext_lazy("besieger"), "garrison": gettext_lazy("garrison")}


def _word(words: dict, value: str | None) -> str:
    """The word for ``value``; the value itself if it has none, "" for none."""
    return words.get(value, value) if value else ""


def worded_report(report: dict | None) -> dict | None:
    """A tabletop report's view (battles.tabletop.selectors) with ``winner_text`` and
    ``reported_role_text``."""
    if report is None:
        return None
    return {
        **report,
        "winner_text": _word(ROLES, report.get("winner")),
        "reported_role_text": _word(ROLES, report.get("reported_role")),
    }


def worded(battle: dict) -> dict:
    """A battle's view (battles.decisions.selectors.visible_battles) with the words its
    page shows: ``winner_text``, and each side's ``role_text``, ``decision_text`` and
    ``strategy_text``."""
    sides = [
        {
            **side,
            "role_text": _word(ROLES, side["role"]),
            "decision_text": _word(DECISIONS, side.get("decision")),
            "strategy_text": _word(STRATEGIES, side.get("strategy")),
        }
        for side in battle["sides"]
    ]
    return {**battle, "sides": sides, "winner_text": _word(ROLES, battle.get("winner"))}


def worded_siege(siege: dict) -> dict:
    """A siege's summary or sheet (battles.sieges.selectors) with ``status_text``, the
    viewer's side ``my_side_text`` and the side his plan is for, ``plan_role_text``."""
    plan = siege.get("plan") or {}
    return {
        **siege,
        "status_text": _word(SIEGE_STATES, siege.get("status")),
        "my_side_text": _word(SIEGE_SIDES, siege.get("my_side")),
        "plan_role_text": _word(SIEGE_SIDES, plan.get("role")),
    }
