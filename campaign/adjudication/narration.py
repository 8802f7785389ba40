"""The GM's rulings in the chronicle (new-rules.md §12.4): the question is his alone, as
the engine put it; what his answer changed is told to those it touches."""

from __future__ import annotations

from django.utils.translation import gettext as _

from campaign.chronicle.narration import register_narrators


def _ruling_asked(p: dict, names) -> str:
    # The question is the engine's own words (data), shown as it is.
    return _("A ruling is left to the game master: %(question)s") % {
        "question": p.get("question", "")
    }


def _ruling_applied(p: dict, names) -> str:
    return _("By the game master's ruling: %(text)s") % {"text": p.get("text", "")}


def _ruling_answered(p: dict, names) -> str:
    # The choice's words are the engine's own (data), shown as they are.
    return _("The game master ruled: %(words)s.") % {"words": p.get("words", "")}


def register() -> None:
    register_narrators(
        {
            "RulingAsked": _ruling_asked,
            "RulingAnswered": _ruling_answered,
            "RulingApplied": _ruling_applied,
        }
    )
