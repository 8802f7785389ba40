"""Chronicle sentences of hosting a campaign (campaign.hosting.services writes the entries),
registered in campaign.chronicle.narration.NARRATORS by the app's ready()."""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import gettext as _

from campaign.chronicle.narration import register_narrators


def _kingdom_handed_over(p: dict, names) -> str:
    """A substitute takes a kingdom over: its history stays the kingdom's."""
    kingdom = names.kingdom(p.get("kingdom_id"))
    if p.get("player") and p.get("before"):
        return _("%(kingdom)s is now played by %(player)s, in place of %(before)s.") % {
            "kingdom": kingdom,
            "player": p["player"],
            "before": p["before"],
        }
    return _("%(kingdom)s has a new player.") % {"kingdom": kingdom}


HOSTING_NARRATORS: dict[str, Callable] = {"KingdomHandedOver": _kingdom_handed_over}


def register() -> None:
    register_narrators(HOSTING_NARRATORS)
