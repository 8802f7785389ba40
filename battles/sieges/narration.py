"""Chronicle sentences for sieges and siege trains (E-37, NR-SIEGE), registered in
campaign.chronicle.narration.NARRATORS, in the reader's language. Payloads come through
rules.turn.visibility, so a reader who may not see a field (the garrison's provisions)
finds it missing: say less then.

The day's happenings (``what``) and the reasons (``why``) are the rules engine's own notes,
kept as it wrote them. A battle's or an engine's kind is the payload's ``payload_kind``
(campaign.chronicle.selectors.chronicle_entry_view)."""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from battles.words import SIEGE_BATTLES, SIEGE_ENGINES, SIEGE_EVENTS, SIEGE_STATES
from campaign.chronicle.narration import register_narrators
from campaign.chronicle.words import ROLES, STRUCTURES, coord, word

# rules.sieges.state.BesiegerAction, GarrisonAction
_ACTIONS = {
    "wait": gettext_lazy("wait"),
    "assault": gettext_lazy("assault"),
    "negotiate": gettext_lazy("negotiate"),
    "pass": gettext_lazy("pass"),
    "sortie": gettext_lazy("sortie"),
    "supply": gettext_lazy("supply sortie"),
    "general_sortie": gettext_lazy("general sortie"),
}
_ENDINGS = {
    "taken": gettext_lazy("The place at %(at)s was taken by storm."),
    "surrendered": gettext_lazy("The place at %(at)s surrendered."),
    "broken": gettext_lazy("The place at %(at)s was relieved: the siege is broken."),
    "lifted": gettext_lazy("The place at %(at)s is no longer besieged: the siege was lifted."),
}
_ENDINGS_WHY = {
    "taken": gettext_lazy("The place at %(at)s was taken by storm (%(why)s)."),
    "surrendered": gettext_lazy("The place at %(at)s surrendered (%(why)s)."),
    "broken": gettext_lazy("The place at %(at)s was relieved: the siege is broken (%(why)s)."),
    "lifted": gettext_lazy(
        "The place at %(at)s is no longer besieged: the siege was lifted (%(why)s)."
    ),
}


def _at(p: dict) -> str:
    return coord(p.get("hex")) or "(?, ?)"


def _siege_began(p: dict, names) -> str:
    values = {
        "place": word(STRUCTURES, p.get("place"), _("the place")),
        "at": _at(p),
        "besieger": names.kingdom(p.get("besieger_kingdom_id")),
        "provisions": p.get("provisions"),
    }
    if isinstance(p.get("provisions"), int):
        return (
            _(
                "The defenders of %(place)s at %(at)s withdrew behind its walls: %(besieger)s lays "
                "siege to it; the garrison has %(provisions)s days of food."
            )
            % values
        )
    return (
        _(
            "The defenders of %(place)s at %(at)s withdrew behind its walls: %(besieger)s lays "
            "siege to it."
        )
        % values
    )


def _siege_day_opening(p: dict) -> str:
    """ "Siege of (2, 0), day 3, event: …, the garrison had the initiative (sortie)"."""
    values = {
        "at": _at(p),
        "day": p.get("day", "?"),
        "event": word(SIEGE_EVENTS, p.get("event")),
        "side": word(ROLES, p.get("initiative")),
        "action": word(_ACTIONS, p.get("action"), "?"),
    }
    if p.get("event") and p.get("initiative"):
        return (
            _(
                "Siege of %(at)s, day %(day)s, event: %(event)s, %(side)s had the initiative "
                "(%(action)s)"
            )
            % values
        )
    if p.get("event"):
        return _("Siege of %(at)s, day %(day)s, event: %(event)s") % values
    if p.get("initiative"):
        return _("Siege of %(at)s, day %(day)s, %(side)s had the initiative (%(action)s)") % values
    return _("Siege of %(at)s, day %(day)s") % values


def _siege_day(p: dict, names) -> str:
    values = {"day": _siege_day_opening(p), "what": "; ".join(p.get("what") or ())}
    if values["what"]:
        return _("%(day)s: %(what)s.") % values
    return _("%(day)s.") % values


def _siege_provisions(p: dict, names) -> str:
    return _("The garrison of %(at)s has %(provisions)s days of food left.") % {
        "at": _at(p),
        "provisions": p.get("provisions", "?"),
    }


def _siege_battle(p: dict, names) -> str:
    values = {
        "at": _at(p),
        "day": p.get("day", "?"),
        "battle": word(SIEGE_BATTLES, p.get("payload_kind")),
    }
    if p.get("attacker_kingdom_id"):
        values["attacker"] = names.kingdom(p["attacker_kingdom_id"])
        if p.get("tabletop"):  # E-24: announced at Provisional Results
            return (
                _(
                    "Siege of %(at)s, day %(day)s: %(attacker)s's %(battle)s is to be played on "
                    "the tabletop."
                )
                % values
            )
        return _("Siege of %(at)s, day %(day)s: %(attacker)s fights %(battle)s.") % values
    if p.get("tabletop"):
        return (
            _(
                "Siege of %(at)s, day %(day)s: the garrison's %(battle)s is to be played on the "
                "tabletop."
            )
            % values
        )
    return _("Siege of %(at)s, day %(day)s: the garrison fights %(battle)s.") % values


def _siege_battle_not_fought(p: dict, names) -> str:
    values = {
        "at": _at(p),
        "day": p.get("day", "?"),
        "battle": word(SIEGE_BATTLES, p.get("payload_kind")),
        "why": p.get("why"),
    }
    if p.get("why"):
        return (
            _("Siege of %(at)s: %(battle)s announced for day %(day)s is not fought: %(why)s.")
            % values
        )
    return _("Siege of %(at)s: %(battle)s announced for day %(day)s is not fought.") % values


def _siege_losses(p: dict, names) -> str:
    return _("%(army)s lost %(points)s points to %(why)s.") % {
        "army": names.army(p.get("army_id")),
        "points": p.get("points_lost", "?"),
        "why": p.get("why") or _("the siege"),
    }


def _siege_ended(p: dict, names) -> str:
    values = {"at": _at(p), "why": p.get("why")}
    if p.get("why"):
        sentence = _ENDINGS_WHY.get(
            p.get("status"), gettext_lazy("The siege of %(at)s ended (%(why)s).")
        )
    else:
        sentence = _ENDINGS.get(p.get("status"), gettext_lazy("The siege of %(at)s ended."))
    return str(sentence) % values


def _siege_recorded(p: dict, names) -> str:
    state = p.get("state") or {}
    return _("The siege record was updated: day %(day)s, %(status)s.") % {
        "day": state.get("day", "?"),
        "status": word(SIEGE_STATES, state.get("status"), "?"),
    }


def _engine_captured(p: dict, names) -> str:
    return _("%(engine)s was captured by %(kingdom)s.") % {
        "engine": word(SIEGE_ENGINES, p.get("payload_kind"), _("an engine")),
        "kingdom": names.kingdom(p.get("kingdom_id")),
    }


def _engine_destroyed(p: dict, names) -> str:
    values = {
        "engine": word(SIEGE_ENGINES, p.get("payload_kind"), _("an engine")),
        "why": p.get("why"),
    }
    if p.get("why"):
        return _("%(engine)s was destroyed (%(why)s).") % values
    return _("%(engine)s was destroyed.") % values


_PLANS = {
    (False, False): gettext_lazy("%(role)s's plan for the siege of %(at)s is set."),
    (True, False): gettext_lazy(
        "%(role)s's plan for the siege of %(at)s is set, and lifts the siege."
    ),
    (False, True): gettext_lazy(
        "%(role)s's plan for the siege of %(at)s is set, to play its battles on the tabletop."
    ),
    (True, True): gettext_lazy(
        "%(role)s's plan for the siege of %(at)s is set, and lifts the siege, to play its "
        "battles on the tabletop."
    ),
}


def _plan_set(p: dict, names) -> str:
    sentence = _PLANS[bool(p.get("lift")), bool(p.get("tabletop"))]
    return str(sentence) % {"role": word(ROLES, p.get("role"), _("a side")), "at": _at(p)}


def _engine_built(p: dict, names) -> str:
    return _("%(army)s added %(engine)s to its siege train.") % {
        "army": names.army(p.get("army_id")),
        "engine": word(SIEGE_ENGINES, p.get("payload_kind"), _("an engine")),
    }


def _convoy_formed(p: dict, names) -> str:
    return _("%(army)s sent %(count)s engines off as the convoy %(convoy)s.") % {
        "army": names.army(p.get("army_id")),
        "count": len(p.get("engine_ids") or ()),
        "convoy": names.army(p.get("convoy_id")),
    }


SIEGE_NARRATORS: dict[str, Callable] = {
    "SiegeBegan": _siege_began,
    "SiegeDay": _siege_day,
    "SiegeProvisions": _siege_provisions,
    "SiegeBattleDeclared": _siege_battle,
    "SiegeBattleNotFought": _siege_battle_not_fought,
    "SiegeLosses": _siege_losses,
    "SiegeEnded": _siege_ended,
    "SiegeRecorded": _siege_recorded,
    "EngineCaptured": _engine_captured,
    "EngineDestroyed": _engine_destroyed,
    "SiegePlanSet": _plan_set,
    "SiegeEngineBuilt": _engine_built,
    "SiegeConvoyFormed": _convoy_formed,
}


def register() -> None:
    register_narrators(SIEGE_NARRATORS)
