"""The chronicle's sentence for a flash flood's Towns downstream (NR-FLOOD-2,
rules.modules.wildlands.flood): public news, as the sack it may bring."""

from __future__ import annotations

from django.utils.translation import gettext as _

from campaign.chronicle.narration import Names
from campaign.chronicle.words import hex_name


def _flood_downstream(p: dict, names: Names) -> str:
    values = {"hex": hex_name(p.get("hex")), "source": hex_name(p.get("source"))}
    if p.get("sacked"):
        return _("The flash flood at %(source)s swept through the Town at %(hex)s.") % values
    return _("The flash flood at %(source)s reached the Town at %(hex)s, which held.") % values


NARRATORS = {"FloodDownstream": _flood_downstream}
