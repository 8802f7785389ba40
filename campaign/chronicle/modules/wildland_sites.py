"""Sentences for the magic towers, the equinox spells, the mines and the temples
(rules.modules.wildlands.towers, .mines, .temples): each news names its sentence
(``what``, rules.modules.wildlands.news.SENTENCES, the English templates the catalogs
hold) and the facts that fill it; an army's gain is its own sentence."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from campaign.chronicle.words import hex_name, number
from rules.modules.wildlands.news import NAMES, SENTENCES

EQUINOXES = {
    "spring": gettext_lazy("the spring equinox"),
    "autumn": gettext_lazy("the autumn equinox"),
}
# What each kind says when its entry names no sentence it knows
FALLBACK = {
    "TowerNews": gettext_lazy("News came from a magic tower."),
    "SpellCast": gettext_lazy("An equinox spell was cast."),
    "MineNews": gettext_lazy("News came from a mine."),
    "TempleNews": gettext_lazy("News came from a temple."),
}


def _site_news(p: dict, names) -> str:
    what = p.get("what")
    template = SENTENCES.get(what) if isinstance(what, str) else None
    if template is None:
        return str(FALLBACK[p.get("kind", "TowerNews")])
    other = p.get("other") if isinstance(p.get("other"), str) else None
    return _(template) % {
        "army": names.army(p.get("army_id")),
        "hex": hex_name(p.get("hex")),
        "tower": hex_name(p.get("tower")),
        "points": number(p.get("points")),
        "other": _(NAMES[other]) if other in NAMES else (other or _("something")),
        "equinox": EQUINOXES.get(p.get("season"), _("an equinox")),
    }


def _army_bolstered(p: dict, names) -> str:
    return _("%(army)s gained %(points)s points: it now has %(total)s.") % {
        "army": names.army(p.get("army_id")),
        "points": number(p.get("points_gained")),
        "total": number(p.get("points")),
    }


NARRATORS = {
    "TowerNews": _site_news,
    "SpellCast": _site_news,
    "MineNews": _site_news,
    "TempleNews": _site_news,
    "ArmyBolstered": _army_bolstered,
}
