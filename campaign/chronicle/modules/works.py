"""The chronicle's sentences for the winter works: the works module's bridges
(rules.modules.works, new-rules.md §8) and the temples ordered (NR-TEMPLE-1), one whole
sentence a case, in the reader's language."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from campaign.chronicle.narration import Names
from campaign.chronicle.words import hex_name


def _bridge_ordered(p: dict, names: Names) -> str:
    """The kingdom's own: a bridge ordered in the winter turn (kingdoms.works.services)."""
    crowns = p.get("crowns", 0)
    return ngettext(
        "A bridge was ordered at %(hex)s for %(crowns)s crown; it will stand at this "
        "winter's phase.",
        "A bridge was ordered at %(hex)s for %(crowns)s crowns; it will stand at this "
        "winter's phase.",
        crowns,
    ) % {"hex": hex_name(p.get("hex")), "crowns": crowns}


def _bridge_built(p: dict, names: Names) -> str:
    return _("%(kingdom)s built a bridge at %(hex)s.") % {
        "kingdom": names.kingdom(p.get("kingdom_id")),
        "hex": hex_name(p.get("hex")),
    }


def _temple_ordered(p: dict, names: Names) -> str:
    """The kingdom's own: a temple ordered in the winter turn (kingdoms.works.services)."""
    crowns = p.get("crowns", 0)
    return ngettext(
        "A temple was ordered at %(hex)s for %(crowns)s crown; it will stand at this "
        "winter's phase.",
        "A temple was ordered at %(hex)s for %(crowns)s crowns; it will stand at this "
        "winter's phase.",
        crowns,
    ) % {"hex": hex_name(p.get("hex")), "crowns": crowns}


NARRATORS = {
    "BridgeOrdered": _bridge_ordered,
    "BridgeBuilt": _bridge_built,
    "TempleOrdered": _temple_ordered,
}
