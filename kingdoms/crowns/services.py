"""Writes of the crown ledger (E-30; rules.kingdoms.crowns): paying for what the supplement prices
in crowns. The yearly income is written by the turn pipeline (kingdoms.crowns.writeback)."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from campaign.core.errors import Refused
from campaign.core.problems import problem_sentence
from campaign.models import Turn
from kingdoms.crowns.models import CrownEntry
from kingdoms.crowns.selectors import crown_balance
from kingdoms.models import Kingdom
from rules.kingdoms.crowns import crowns_used, income_due, spend_problem


@transaction.atomic
def crowns_pay(
    *,
    kingdom: Kingdom,
    turn: Turn,
    price: int,
    kind: str,
    what: str,
    reason: str,
    rule: str,
    field: str = "kind",
) -> CrownEntry | None:
    """E-30: debit ``price`` crowns from ``kingdom``'s ledger for ``what`` (the reason
    the ledger shows), or refuse, naming the shortfall, with ``field``. The kingdom's row
    is locked first, so two purchases at once cannot both spend the same crowns. While
    the winter turn takes orders, this winter's income, paid at its winter phase before
    construction (§12.3, E-31), counts as available: the balance may then stand below 0
    until that phase. No line for a price of 0 (a house rule)."""
    ruleset = turn.campaign.ruleset
    if not crowns_used(ruleset):
        raise Refused(_("Crowns are not used in this campaign."), field=field, rule="E-30")
    Kingdom.objects.select_for_update().get(pk=kingdom.pk)  # one purchase at a time
    if price <= 0:
        return None
    balance = crown_balance(kingdom)
    problem = spend_problem(what, price, balance, income_due(ruleset, turn.number))
    if problem:
        raise Refused(problem_sentence(problem), field=field, rule=problem.rule)
    return CrownEntry.objects.create(
        kingdom=kingdom, turn=turn.number, amount=-price, kind=kind, reason=reason, rule=rule
    )
