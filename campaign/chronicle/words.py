"""The words narrators put into their sentences, in the reader's language: the rules'
names (terrains, features, results...) as translated phrases, numbers with the language's
grouping, lists joined with its "and", coordinates and times as the reader reads them.

A payload may hold a value these mappings do not know yet (an older entry, a module's
own): ``word`` then says the raw value with spaces, rather than failing the page.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping

from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

# terrains (campaign.core.words); Table 6 features, Table 17 minor features
# with their article, as a sentence tells them: "found a town".
FEATURES = {
    "town": gettext_lazy("a town"),
    "city": gettext_lazy("a city"),
    "mine": gettext_lazy("a mine"),
    "deep_mine": gettext_lazy("a deep mine"),
    "woods": gettext_lazy("woods"),
    "deep_woods": gettext_lazy("deep woods"),
    "arcane_ruins": gettext_lazy("arcane ruins"),
    "wizard_tower": gettext_lazy("a wizard tower"),
    "old_road": gettext_lazy("an old road"),
    "ford": gettext_lazy("a ford"),
    "ancient_ruins": gettext_lazy("ancient ruins"),
    "shrine": gettext_lazy("a shrine"),
    "bandit_lair": gettext_lazy("a bandit lair"),
    "monument": gettext_lazy("a monument"),
    "fortress": gettext_lazy("a fortress"),
    "great_fortress": gettext_lazy("a great fortress"),
    "watchtower": gettext_lazy("a watchtower"),
}
# E-26, Table 4: what a Raze destroys, and what a place under siege is (E-37).
STRUCTURES = {
    "feature": gettext_lazy("the feature"),
    "fortress": gettext_lazy("the fortress"),
    "great_fortress": gettext_lazy("the great fortress"),
    "watchtower": gettext_lazy("the watchtower"),
    "city": gettext_lazy("the city"),
    "town": gettext_lazy("the town"),
}
# Table 25 results, told as "a solid victory".
VICTORIES = {
    "marginal": gettext_lazy("a marginal victory"),
    "solid": gettext_lazy("a solid victory"),
    "massacre": gettext_lazy("a massacre"),
    "victory": gettext_lazy("a victory"),
}
ROLES = {
    "attacker": gettext_lazy("the attacker"),
    "defender": gettext_lazy("the defender"),
    "besieger": gettext_lazy("the besieger"),
    "garrison": gettext_lazy("the garrison"),
}
DECISIONS = {
    "fight": gettext_lazy("fight"),
    "retreat": gettext_lazy("retreat"),
    "withdraw": gettext_lazy("withdraw behind the walls"),
}


def word(mapping: Mapping[str, object], value, unknown: str = "") -> str:
    """``value``'s phrase in ``mapping``; its raw words when unknown, ``unknown`` when empty."""
    if not value:
        return unknown
    phrase = mapping.get(value)
    return str(phrase) if phrase is not None else str(value).replace("_", " ")


def number(value, unknown: str | None = None) -> str:
    """An int with the reader's digit grouping ("2,500", "2.500"); ``unknown`` otherwise."""
    if isinstance(value, int):
        return formats.number_format(value, force_grouping=True)
    return _("some") if unknown is None else unknown


def and_list(items: Iterable[str]) -> str:
    """ "a, b and c" in the reader's language; "" for none."""
    items = [str(item) for item in items]
    if len(items) < 2:
        return "".join(items)
    return _("%(items)s and %(last)s") % {"items": ", ".join(items[:-1]), "last": items[-1]}


def coord(value) -> str | None:
    """An axial coordinate as "(2, -1)", or None when the payload has none."""
    if not value or len(value) != 2:
        return None
    return _("(%(q)s, %(r)s)") % {"q": value[0], "r": value[1]}


def hex_name(value) -> str:
    """A hex as sentences name it: "hex (2, -1)", "a hex" when unknown."""
    where = coord(value)
    return _("hex %(coord)s") % {"coord": where} if where else _("a hex")


def moment(value) -> str:
    """A payload's ISO time in the reader's time zone and language; the stored text if it
    is not one."""
    # Imported here: campaign.turns.narration registers its narrators through this app's
    # module, which imports this one.
    from campaign.turns.narration import when_text

    try:
        when = dt.datetime.fromisoformat(str(value))
    except ValueError:
        return str(value or _("a later time"))
    if when.tzinfo is None:  # stored naive means stored in UTC, the server's zone
        when = when.replace(tzinfo=dt.UTC)
    return when_text(when)
