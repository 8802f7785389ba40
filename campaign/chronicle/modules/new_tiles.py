"""The chronicle's sentences for the new tiles and navigation hazards (rules.modules.new_tiles,
new-rules.md §2–3), one whole sentence a case, in the reader's language."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from campaign.chronicle.narration import Names
from campaign.chronicle.words import hex_name, number

_BARRED = {
    "island": gettext_lazy(
        "%(army)s's invasion of %(hex)s was called off: an island is reached and left only "
        "across the sea."
    ),
    "rocky_coast": gettext_lazy(
        "%(army)s's invasion of %(hex)s was called off: no army lands on or sails from a "
        "rocky coast."
    ),
    "fault": gettext_lazy(
        "%(army)s's invasion of %(hex)s was called off: no army crosses the rift of the "
        "fault it stands on."
    ),
}

_HAZARDS = {
    "wrecked": gettext_lazy(
        "%(army)s's fleet was wrecked by the hazard at %(hex)s and the army lost with it."
    ),
    "aground": gettext_lazy(
        "%(army)s's fleet ran aground at %(hex)s: the army lost %(points)s points and is stuck."
    ),
    "overboard": gettext_lazy(
        "%(army)s lost %(points)s points overboard passing the hazard at %(hex)s."
    ),
    "jettisoned": gettext_lazy(
        "%(army)s's fleet threw its cargo overboard to pass the hazard at %(hex)s."
    ),
    "clear": gettext_lazy("%(army)s's fleet passed the hazard at %(hex)s safely."),
}

_SHOCKS = {
    "quake": gettext_lazy("An earthquake shook %(hex)s."),
    "aftershock": gettext_lazy("The earthquake at %(source)s spread to %(hex)s."),
    "eruption": gettext_lazy("The volcano at %(hex)s erupted."),
    "lava": gettext_lazy("Lava from the volcano at %(source)s poured over %(hex)s."),
}


def _values(p: dict, names: Names) -> dict:
    return {
        "army": names.army(p.get("army_id")),
        "hex": hex_name(p.get("hex")),
        "source": hex_name(p.get("source")),
        "points": number(p.get("points_lost")),
    }


def invasion_barred(p: dict, names: Names) -> str:
    sentence = _BARRED.get(p.get("why"), gettext_lazy("%(army)s's invasion of %(hex)s failed."))
    return str(sentence) % _values(p, names)


def chasm_crossed(p: dict, names: Names) -> str:
    if p.get("accident"):
        return _("%(army)s lost %(points)s points crossing the chasm at %(hex)s.") % _values(
            p, names
        )
    return _("%(army)s crossed the chasm at %(hex)s safely.") % _values(p, names)


def hazard_met(p: dict, names: Names) -> str:
    sentence = _HAZARDS.get(p.get("result"), _HAZARDS["clear"])
    return str(sentence) % _values(p, names)


def aground_rolled(p: dict, names: Names) -> str:
    values = _values(p, names)
    if p.get("lost"):
        return _("%(army)s, still aground at winter, was lost with its fleet.") % values
    if p.get("refloated"):
        return _("%(army)s's fleet got off the rocks.") % values
    return _("%(army)s's fleet is still aground and cannot move this turn.") % values


def ground_shaken(p: dict, names: Names) -> str:
    sentence = _SHOCKS.get(p.get("shock"), _SHOCKS["quake"])
    return str(sentence) % _values(p, names)


def chasm_bridge_found(p: dict, names: Names) -> str:
    if p.get("bridge"):
        return _("The City at %(hex)s has a bridge over the chasm.") % _values(p, names)
    return _("The City at %(hex)s has no bridge over the chasm.") % _values(p, names)


NARRATORS = {
    "InvasionBarred": invasion_barred,
    "ChasmCrossed": chasm_crossed,
    "HazardMet": hazard_met,
    "AgroundRolled": aground_rolled,
    "GroundShaken": ground_shaken,
    "ChasmBridgeFound": chasm_bridge_found,
}
