"""Table 10: every spend kind and every result the rules know has the words the pages
show (and translate) for it, the rules' own English (rules/ is free of Django) kept."""

from __future__ import annotations

from campaign.core.words import SPENDS as SPEND_NAMES
from kingdoms.spending.models import RESULT_NAMES
from rules.kingdoms.spending_state import SPEND_LABELS, SpendKind, SpendResult


def test_every_table_10_spend_kind_has_its_words_as_the_rules_say_them():
    assert set(SPEND_NAMES) == set(SpendKind)
    assert {kind: str(name) for kind, name in SPEND_NAMES.items()} == SPEND_LABELS


def test_every_spend_result_has_its_words():
    assert set(RESULT_NAMES) == set(SpendResult)
    assert str(RESULT_NAMES[SpendResult.NO_EFFECT]) == "no effect"
