"""Writes of the ruleset: the GM changes his campaign's house rules."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction

from campaign.campaigns.services import require_gm
from campaign.chronicle.services import chronicle_record
from campaign.core.errors import Refused
from campaign.models import Campaign, Turn
from campaign.ruleset.labels import change_line, changes, refusal_words
from rules.core.ruleset import RulesetError, ruleset_from_overrides


def campaign_ruleset_change(*, campaign: Campaign, by: User, overrides: dict) -> list[str]:
    """The GM's house rules: validated whole, then saved and announced.

    Before the first turn is resolved the GM changes them freely; during play every
    change is announced in the public chronicle (§7: "the GM should be able to configure
    these rules"). Returns the changes in plain words, in the GM's language; the
    chronicle keeps them as data (campaign.ruleset.labels.changes), told in each
    reader's language.
    """
    require_gm(campaign=campaign, user=by)
    try:
        after = ruleset_from_overrides(overrides)
    except RulesetError as problem:
        raise Refused(refusal_words(problem), field=problem.key) from None
    before = campaign.ruleset
    announced = changes(before, after)
    if not announced:
        return []
    with transaction.atomic():
        campaign.ruleset_overrides = overrides
        campaign.save(update_fields=["ruleset_overrides"])
        turn = campaign.turns.order_by("-number").first()
        if turn is not None:
            started = campaign.turns.filter(state=Turn.State.CLOSED).exists()
            chronicle_record(
                turn,
                "RulesetChanged",
                {"changes": announced, "during_play": started},
                rule="§7 house rules",
                public=True,
            )
    return [change_line(change) for change in announced]
