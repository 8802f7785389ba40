"""The GM's rulings in the chronicle (new-rules.md §12.4): the question is his alone, in
his language; what his answer changed is told to those it touches."""

from __future__ import annotations

from django.utils.translation import gettext as _

from campaign.chronicle.narration import register_narrators
from campaign.core.problems import stored_text


def _ruling_asked(p: dict, names) -> str:
    return _("A ruling is left to the game master: %(question)s") % {
        "question": stored_text(p.get("question", ""))
    }


def _ruling_applied(p: dict, names) -> str:
    return _("By the game master's ruling: %(text)s") % {"text": stored_text(p.get("text", ""))}


def _ruling_answered(p: dict, names) -> str:
    return _("The game master ruled: %(words)s.") % {"words": stored_text(p.get("words", ""))}


def register() -> None:
    register_narrators(
        {
            "RulingAsked": _ruling_asked,
            "RulingAnswered": _ruling_answered,
            "RulingApplied": _ruling_applied,
        }
    )
