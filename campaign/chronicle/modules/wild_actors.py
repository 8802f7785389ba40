"""Sentences for the wilds' peoples and beasts (rules.modules.wildlands: cultists,
brigands, the creature lair, northern raiders, the black tower, the Chaos horde, the
wyvern), in the reader's language. A ``WildsNews`` reads by its site and what happened;
one this file does not know reads as its own English ``text``."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from campaign.chronicle.words import hex_name, number

# (site, what) -> the whole sentence; placeholders: hex, army, points, foe
_SENTENCES = {
    ("cultists", "hostile"): gettext_lazy(
        "A hostile sect found at %(hex)s spreads dissent among the settlements around."
    ),
    ("cultists", "loyal"): gettext_lazy(
        "A loyal secret sect found at %(hex)s joins %(army)s: %(points)s points."
    ),
    ("cultists", "loyal_settlement"): gettext_lazy("%(hex)s stays loyal despite the cultists."),
    ("black_tower", "drained"): gettext_lazy(
        "The black tower at %(hex)s drains the magic of %(army)s: %(points)s points lost."
    ),
    ("brigands", "found"): gettext_lazy("Bandits haunt %(hex)s: whoever enters it will meet them."),
    ("brigands", "ambush"): gettext_lazy(
        "Bandits at %(hex)s ambush %(army)s: its supplies and %(points)s points lost."
    ),
    ("brigands", "theft"): gettext_lazy(
        "Bandits at %(hex)s steal the supplies of %(army)s and run off."
    ),
    ("brigands", "cowed"): gettext_lazy(
        "The bandits at %(hex)s are cowed by %(army)s and keep away."
    ),
    ("brigands", "recruits"): gettext_lazy(
        "Bandits of its own race at %(hex)s join %(army)s: %(points)s points."
    ),
    ("brigands", "myth"): gettext_lazy("Creatures of myth and legend at %(hex)s destroy %(army)s."),
    ("creature_lair", "fleet_lost"): gettext_lazy(
        "Creatures from the deep by %(hex)s sink the fleet of %(army)s with the army aboard."
    ),
    ("creature_lair", "ships_sunk"): gettext_lazy(
        "Creatures from the deep by %(hex)s sink many ships of %(army)s: %(points)s points lost."
    ),
    ("creature_lair", "creature_killed"): gettext_lazy(
        "%(army)s drives off the creatures by %(hex)s and kills one of them."
    ),
    ("creature_lair", "lair_empty"): gettext_lazy(
        "%(army)s kills the last of the creatures by %(hex)s: their lair is empty."
    ),
    ("northern_raiders", "attack"): gettext_lazy(
        "Northern raiders at %(hex)s attack %(army)s, which loses %(points)s points and "
        "drives them off to their ship."
    ),
    ("northern_raiders", "repelled"): gettext_lazy(
        "%(army)s repels northern raiders at %(hex)s; their camp stays there for a while."
    ),
    ("northern_raiders", "left"): gettext_lazy("The northern raiders' camp at %(hex)s sails home."),
    ("chaos_horde", "appeared"): gettext_lazy(
        "A Chaos horde of %(points)s points appears at %(hex)s and falls upon the explorers."
    ),
    ("chaos_horde", "gathers"): gettext_lazy(
        "A Chaos horde of %(points)s points gathers at %(hex)s."
    ),
    ("chaos_horde", "moved"): gettext_lazy("The Chaos horde roams to %(hex)s."),
    ("chaos_horde", "sacked"): gettext_lazy("The Chaos horde sacks %(hex)s."),
    ("chaos_horde", "slain"): gettext_lazy("The Chaos horde is destroyed at %(hex)s."),
    ("chaos_horde", "joined"): gettext_lazy("The Chaos horde at %(hex)s joins %(army)s."),
    ("chaos_horde", "spurned"): gettext_lazy(
        "The Chaos horde at %(hex)s spurns %(army)s and attacks it."
    ),
    ("wyvern", "appeared"): gettext_lazy("A wyvern rises at %(hex)s and destroys %(army)s."),
    ("wyvern", "moved"): gettext_lazy("The wyvern flies to %(hex)s."),
    ("wyvern", "sacked"): gettext_lazy("The wyvern sacks %(hex)s."),
    ("wyvern", "slain"): gettext_lazy("The wyvern is slain at %(hex)s."),
    # a ruins' dragon (T-DISCOVERY 1) rages as the wyvern does: its news is told by its rule
    ("dragon", "moved"): gettext_lazy("The dragon flies to %(hex)s."),
    ("dragon", "sacked"): gettext_lazy("The dragon sacks %(hex)s."),
    ("dragon", "slain"): gettext_lazy("The dragon is slain at %(hex)s."),
}

# T-MONSTER 2–6 (rules.modules.wildlands.brigands.FOES)
_FOES = {
    "daemons": gettext_lazy("Daemons of Chaos"),
    "chaos_dwarfs": gettext_lazy("Chaos Dwarfs"),
    "beastmen": gettext_lazy("Beastmen"),
    "dark_elves": gettext_lazy("Dark Elves"),
    "orcs_goblins": gettext_lazy("Orcs and Goblins"),
}


def _wilds_news(p: dict, names) -> str:
    site, what = str(p.get("site")), str(p.get("what"))
    if site == "wyvern" and str(p.get("rule", "")).startswith("T-DISCOVERY"):
        site = "dragon"
    values = {
        "hex": hex_name(p.get("hex")),
        "army": names.army(p.get("army_id")),
        "points": number(p.get("points_left")),
    }
    if site == "brigands" and what in _FOES:
        values["foe"] = _FOES[what]
        return _("%(foe)s, %(points)s points strong, fall upon %(army)s at %(hex)s.") % values
    if (site, what) == ("creature_lair", "found"):
        count = p.get("points") or 0
        return ngettext(
            "A sea cave at %(hex)s shelters %(count)s creature of the deep.",
            "A sea cave at %(hex)s shelters %(count)s creatures of the deep.",
            count,
        ) % {**values, "count": count}
    sentence = _SENTENCES.get((site, what))
    if sentence is not None:
        return sentence % values
    return p.get("text") or _("Something stirred in the wilds.")


def _army_strengthened(p: dict, names) -> str:
    return _("%(army)s gained %(gained)s points and stands at %(points)s.") % {
        "army": names.army(p.get("army_id")),
        "gained": number(p.get("points_gained")),
        "points": number(p.get("points_left")),
    }


NARRATORS = {"WildsNews": _wilds_news, "ArmyStrengthened": _army_strengthened}
