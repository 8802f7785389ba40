"""The GM's prompts in the turn pipeline (new-rules.md §12.4): the rulings Provisional
Results ask become prompts on his console, and he hears of them; the answers he gave by
the deadline reach Final Results in World.rulings; the turn's end closes every prompt
of it, the default standing where he gave no other answer."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils import timezone

from campaign.adjudication.models import GmPrompt
from campaign.models import Campaign, Turn
from campaign.notifications.models import Kind
from campaign.notifications.services import THE_GM, notify
from campaign.pipeline.registry import (
    DECISIONS_OPEN,
    SNAPSHOT_LOADERS,
    TURN_CLOSED,
    Phase,
    register_appliers,
    register_chronicle_only,
    register_state,
)
from campaign.pipeline.snapshot import Snapshot
from campaign.pipeline.writeback import Writer
from rules.core.events import Event
from rules.core.rulings import RulingApplied, RulingAsked, answered_as
from rules.modules import asks_rulings


class Prompts:
    """The step's new prompts, created in one statement."""

    def __init__(self, writer: Writer):
        self.writer = writer
        self.asked: list[RulingAsked] = []

    def flush(self) -> None:
        """Nothing to do in most steps: bulk_create would still open its atomic block and
        check its options on a generator it cannot tell empty."""
        if not self.asked:
            return
        turn = self.writer.turn
        GmPrompt.objects.bulk_create(
            (
                GmPrompt(
                    campaign_id=turn.campaign_id,
                    turn=turn,
                    key=e.key,
                    kind=e.kind,
                    rule=e.rule,
                    question=e.question.message,
                    choices=[[value, words.message] for value, words in e.choices],
                    question_phrase=plain["question"],
                    choice_phrases=dict(plain["choices"]),
                    default=e.default,
                    hex=list(e.hex) if e.hex is not None else None,
                    army_id=e.army_id,
                    kingdom_id=e.kingdom_id,
                    facts=plain["facts"],
                )
                for e, plain in ((e, e.to_dict()) for e in self.asked)
            ),
            ignore_conflicts=True,  # the same situation asks once (its key)
        )


def _asked(writer: Writer, event: RulingAsked) -> None:
    writer.state(Prompts).asked.append(event)


def rulings_load(snapshot: Snapshot, campaign: Campaign, turn_number: int) -> None:
    """The GM's answers to this turn's prompts still open, for Final Results. One query,
    in a campaign whose modules may ask him (rules.modules.asks_rulings)."""
    # the World's: Campaign.ruleset parses the campaign's overrides again on every call
    if not asks_rulings(snapshot.world.ruleset):
        return
    answered = GmPrompt.objects.filter(
        campaign=campaign, turn__number=turn_number, closed_at__isnull=True
    ).exclude(answer="")
    snapshot.world.rulings = {p.key: answered_as(p, p.answer) for p in answered}


def prompts_tell(turn: Turn, events: Sequence[Event]) -> None:
    """Once Provisional Results commit, the GM hears that rulings wait for him."""
    if any(isinstance(e, RulingAsked) for e in events):
        notify(
            kind=Kind.GM_PROMPTS, campaign=turn.campaign, recipients=THE_GM,
            context={"turn_id": turn.pk},
        )  # fmt: skip


def prompts_close(turn: Turn, events: Sequence[Event]) -> None:
    """Final Results applied the answers; the defaults stand for the rest. One query, in
    a campaign whose modules may ask (a prompt of a turn past fight or retreat is closed
    anyway: campaign.adjudication.selectors.prompt_state)."""
    if asks_rulings(turn.campaign.ruleset):
        GmPrompt.objects.filter(turn=turn, closed_at__isnull=True).update(closed_at=timezone.now())


def register() -> None:
    register_appliers({RulingAsked: _asked})
    register_chronicle_only(RulingApplied)
    register_state(Prompts, {Phase.CREATE: Prompts.flush})
    SNAPSHOT_LOADERS.register(rulings_load)
    DECISIONS_OPEN.register(prompts_tell)
    TURN_CLOSED.register(prompts_close)
