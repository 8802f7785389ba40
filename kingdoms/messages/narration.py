"""Chronicle sentences of messages (B 7.0): the gazette's press releases, registered in
campaign.chronicle.narration.NARRATORS by the app's ready(), in the reader's language."""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import gettext as _

from campaign.chronicle.narration import register_narrators


def _press_released(p: dict, names) -> str:
    """A kingdom's own words, as it wrote them: the page escapes them."""
    return _("%(kingdom)s's press release: “%(text)s”") % {
        "kingdom": names.kingdom(p.get("kingdom_id")),
        "text": p.get("text", ""),
    }


MESSAGES_NARRATORS: dict[str, Callable] = {"PressReleased": _press_released}


def register() -> None:
    register_narrators(MESSAGES_NARRATORS)
