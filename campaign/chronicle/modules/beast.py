"""The chronicle's sentences for the Beast (rules.modules.beast, App G): each of its
news, by its ``what``, one whole translatable sentence in the reader's language."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from campaign.chronicle.narration import Names
from campaign.chronicle.words import hex_name

_NEWS = {
    "lair": gettext_lazy("The Beast has made its lair somewhere in the wilds."),
    "ravaged": gettext_lazy("The Beast ravages %(hex)s."),
    "slept": gettext_lazy("The Beast returns to its lair and sleeps."),
}


def _beast_news(p: dict, names: Names) -> str:
    what = p.get("what") if isinstance(p.get("what"), str) else None
    values = {"hex": hex_name(p.get("hex")), "kingdom": names.kingdom(p.get("kingdom_id"))}
    if what == "moved":
        if p.get("hex") is not None and p.get("origin") == p.get("hex"):
            return _("The Beast stays in %(hex)s.") % values
        return _("The Beast moves to %(hex)s.") % values
    if what == "woke":
        if p.get("hex") is None:  # its awakening roll: nobody provoked it
            return _("The Beast has woken and leaves its lair!")
        return _("Intruders in %(hex)s have woken the Beast in its lair!") % values
    if what == "slain":
        if p.get("kingdom_id") is None:
            return _("A neutral kingdom's army slays the Beast in %(hex)s.") % values
        return _("%(kingdom)s slays the Beast in %(hex)s.") % values
    return str(_NEWS.get(what, gettext_lazy("The Beast is seen in %(hex)s."))) % values


NARRATORS = {"BeastNews": _beast_news}
