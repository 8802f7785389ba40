"""The chronicle's sentences for the wildlands module (rules.modules.wildlands): an
examination and what it found, and a treasure's journey. Each is read only by the
kingdoms the event names and the GM (rules.turn.visibility)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from campaign.chronicle.narration import Names
from campaign.chronicle.words import hex_name, number, word
from campaign.core.words import WILDLAND_COLUMNS, WILDLAND_SITES


def _examined(p: dict, names: Names) -> str:
    values = {
        "army": names.army(p.get("army_id")),
        "hex": hex_name(p.get("hex")),
        "column": word(WILDLAND_COLUMNS, p.get("column"), "?"),
        "roll": number(p.get("roll")),
        "found": word(WILDLAND_SITES, p.get("site"), _("something")),
    }
    if p.get("handled", True):
        return _("%(army)s examined %(hex)s (%(column)s, %(roll)s) and found %(found)s.") % values
    return (
        _(
            "%(army)s examined %(hex)s (%(column)s, %(roll)s) and found %(found)s, whose "
            "rules are not in play yet: nothing is placed."
        )
        % values
    )


def _treasure(p: dict, names: Names) -> str:
    values = {
        "army": names.army(p.get("army_id")),
        "to": names.army(p.get("to_army_id")),
        "crowns": number(p.get("crowns")),
    }
    what = p.get("what")
    if what == "found":
        return _("%(army)s found a hoard of %(crowns)s crowns and escorts it home.") % values
    if what == "taken":
        return _("%(to)s took the hoard of %(crowns)s crowns that %(army)s escorted.") % values
    if what == "scattered":
        return _("%(army)s was beaten and its hoard of %(crowns)s crowns is scattered.") % values
    return _("%(army)s is no more, and the hoard of %(crowns)s crowns it escorted is lost.") % (
        values
    )


def _banked(p: dict, names: Names) -> str:
    values = {
        "kingdom": names.kingdom(p.get("kingdom_id")),
        "army": names.army(p.get("army_id")),
        "crowns": number(p.get("crowns")),
    }
    return _("%(kingdom)s banked a hoard of %(crowns)s crowns that %(army)s brought home.") % (
        values
    )


NARRATORS = {
    "WildlandExamined": _examined,  # NR-WILD-2–4
    "TreasureNews": _treasure,  # NR-TREASURE
    "TreasureBanked": _banked,  # NR-TREASURE-2, E-30
}
