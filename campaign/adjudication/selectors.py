"""Reads of the GM's prompts (new-rules.md §12.4): his alone. A player, or anyone else,
is answered as if there were none (campaign.core.errors.Hidden)."""

from __future__ import annotations

import datetime as dt

from django.db.models import QuerySet
from django.utils import timezone

from campaign.adjudication.models import GmPrompt
from campaign.core.access import Access
from campaign.core.errors import Hidden
from campaign.models import Turn


def gm_prompts(access: Access) -> QuerySet[GmPrompt]:
    """Every prompt of the campaign, the latest turn's first; the GM's alone."""
    if not access.is_gm:
        raise Hidden()
    return (
        GmPrompt.objects.filter(campaign=access.campaign)
        .select_related("turn")
        .order_by("-turn__number", "id")
    )


def gm_prompt(access: Access, prompt_id: int) -> GmPrompt:
    """One prompt of the campaign, for its GM; for anyone else, or another campaign's id,
    the 404 of a missing one."""
    prompt = gm_prompts(access).filter(pk=prompt_id).first()
    if prompt is None:
        raise Hidden()
    return prompt


def prompt_deadline(prompt: GmPrompt) -> dt.datetime | None:
    """Until when the GM may answer: the turn's fight-or-retreat deadline (A-2.4), after
    which the default stands."""
    return prompt.turn.decisions_deadline


def prompt_state(prompt: GmPrompt, now: dt.datetime | None = None) -> str:
    """``open`` while he may answer; ``closed`` once Final Results applied it, or the
    deadline passed, or the turn left fight or retreat (the default then stands unless he
    answered in time)."""
    now = now or timezone.now()
    deadline = prompt_deadline(prompt)
    if (
        prompt.closed_at is not None
        or prompt.turn.state != Turn.State.DECISIONS
        or (deadline is not None and deadline <= now)
    ):
        return "closed"
    return "open"


def prompts_open(access: Access, now: dt.datetime | None = None) -> list[GmPrompt]:
    """The prompts the GM may still answer, for his console."""
    now = now or timezone.now()
    rows = gm_prompts(access).filter(closed_at__isnull=True, turn__state=Turn.State.DECISIONS)
    return [p for p in rows if prompt_state(p, now) == "open"]


def turn_prompts_unanswered(turn: Turn) -> int:
    """How many of the turn's prompts still wait for the GM's answer: Final Results wait
    for them until the deadline, not after (campaign.turns.deadlines)."""
    return GmPrompt.objects.filter(turn=turn, answer="", closed_at__isnull=True).count()
