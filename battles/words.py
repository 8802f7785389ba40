"""The battles' words in the reader's language: a side's role, its fight-or-retreat
choice (A-2.4) and its Table 24 strategy, and a siege's (E-37): its place, state, sides,
actions, events, battles and engines, as the pages, the refusals and the chronicle name
them. The selectors' views keep the values the API speaks ("attacker", "fight", "assault");
the pages add these words."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from campaign.chronicle.words import VICTORIES
from campaign.core.words import DEFENCES, FEATURES, ROLES, TERRAINS, label
from rules.core.state import Decision, Strategy
from rules.sieges.state import (
    BesiegerAction,
    EngineKind,
    GarrisonAction,
    SiegeBattleKind,
    SiegeStatus,
)

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
# rules.sieges.state.Place: a fortress, a great fortress or a city (E-37)
SIEGE_PLACES = {**DEFENCES, **FEATURES}
# rules.sieges.tables.SiegeEvent
SIEGE_EVENTS = {
    "lifted": gettext_lazy("orders to lift the siege"),
    "relief": gettext_lazy("a relief army in sight"),
    "hostage": gettext_lazy("the castellan's son captured"),
    "assassin": gettext_lazy("an assassin in the commander's tent"),
    "sabotage": gettext_lazy("an assassin at the engines"),
    "dysentery": gettext_lazy("dysentery in the camp"),
    "refugees": gettext_lazy("refugees"),
    "gate": gettext_lazy("a spy at the gate"),
    "theft": gettext_lazy("provisions stolen"),
    "reinforcements": gettext_lazy("reinforcements for the besiegers"),
    "engineer": gettext_lazy("an engineer joins the besiegers"),
    "traitor": gettext_lazy("a traitor"),
    "poison": gettext_lazy("the well poisoned"),
    "promise": gettext_lazy("a promise to surrender"),
    "unwell": gettext_lazy("the commander unwell"),
    "quarrels": gettext_lazy("quarrels among the besiegers"),
    "nothing": gettext_lazy("nothing"),
}
# Table 25 results, and a draw (Q21): "a solid victory"
RESULTS = {**VICTORIES, "draw": gettext_lazy("a draw")}
# A siege's battles, with their article, as a sentence says them: "fights an assault"
SIEGE_BATTLES = {
    SiegeBattleKind.ASSAULT: gettext_lazy("an assault"),
    SiegeBattleKind.SORTIE: gettext_lazy("a sortie"),
    SiegeBattleKind.GENERAL_SORTIE: gettext_lazy("a general sortie"),
    SiegeBattleKind.RELIEF: gettext_lazy("a relief battle"),
}
# NR-SIEGE §9.1 the siege trains' engines, and the camp's mangonels (SG-BUILD), with their
# article: "a giant ram was captured"
SIEGE_ENGINES = {
    EngineKind.STONE_THROWER: gettext_lazy("a stone thrower"),
    EngineKind.GREAT_CANNON: gettext_lazy("a great cannon"),
    EngineKind.GIANT_RAM: gettext_lazy("a giant ram"),
    EngineKind.SIEGE_TOWER: gettext_lazy("a siege tower"),
    "mangonel": gettext_lazy("a mangonel"),
}


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
    """A siege's summary or sheet (battles.sieges.selectors) with ``status_text``,
    ``place_text``, its hex's ``terrain_text``, the viewer's side ``my_side_text`` and the
    side his plan is for, ``plan_role_text``; a sheet's engines, calendar days and battles
    with their words."""
    plan = siege.get("plan") or {}
    worded_siege = {
        **siege,
        "status_text": _word(SIEGE_STATES, siege.get("status")),
        "place_text": label(SIEGE_PLACES, siege["place"]) if siege.get("place") else "",
        "terrain_text": _word(TERRAINS, (siege.get("hex") or {}).get("terrain")),
        "my_side_text": _word(SIEGE_SIDES, siege.get("my_side")),
        "plan_role_text": _word(SIEGE_SIDES, plan.get("role")),
        "calendar": [_worded_day(day) for day in siege.get("calendar") or ()],
        "battles": [_worded_battle(battle) for battle in siege.get("battles") or ()],
    }
    if siege.get("engines"):
        train = [
            {**e, "kind_text": label(SIEGE_ENGINES, e["kind"])} for e in siege["engines"]["train"]
        ]
        worded_siege["engines"] = {**siege["engines"], "train": train}
    return worded_siege


def _worded_day(day: dict) -> dict:
    return {
        **day,
        "event_text": _word(SIEGE_EVENTS, day.get("event")),
        "initiative_text": _word(SIEGE_SIDES, day.get("initiative")),
        "action_text": _word(SIEGE_ACTIONS, day.get("action")),
    }


def _worded_battle(battle: dict) -> dict:
    return {
        **battle,
        "kind_text": label(SIEGE_BATTLES, battle["kind"]),
        "result_text": _word(RESULTS, battle.get("result")),
        "winner_text": _word(ROLES, battle.get("winner")),
    }
