"""Chronicle sentences of hosting a campaign (campaign.hosting.services writes the entries),
registered in campaign.chronicle.narration.NARRATORS by the app's ready()."""

from __future__ import annotations

from collections.abc import Callable

from campaign.chronicle.narration import register_narrators


def _kingdom_handed_over(p: dict, names) -> str:
    """A substitute takes a kingdom over: its history stays the kingdom's."""
    kingdom = names.kingdom(p.get("kingdom_id"))
    if p.get("player") and p.get("before"):
        return f"{kingdom} is now played by {p['player']}, in place of {p['before']}."
    return f"{kingdom} has a new player."


HOSTING_NARRATORS: dict[str, Callable] = {"KingdomHandedOver": _kingdom_handed_over}


def register() -> None:
    register_narrators(HOSTING_NARRATORS)
