"""The fallback-capital form of the kingdom page (E-23): it checks the input's shape;
kingdoms.capitals.services decides whether the list may be kept."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from campaign.core.forms import RefusableForm
from kingdoms.orders.forms import HexListField


class FallbackCapitalsForm(RefusableForm):
    hexes = HexListField(
        label=_("Fallback capitals, in order"),
        required=False,
        help_text=_(
            "Your Cities as q,r pairs separated by semicolons, first choice first, "
            "e.g. 5,1; 6,0. If your capital falls it moves to the first you still hold; "
            "left empty, to the City with the most of your hexes connected to it."
        ),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, prefix="fallback", **kwargs)
