"""Reads of the crown ledger (E-30; rules.kingdoms.crowns): a kingdom's balance, and its ledger as
a viewer may see it, through rules.turn.visibility.sees_treasury."""

from __future__ import annotations

from django.db.models import Sum

from campaign.models import Campaign, Turn
from campaign.turns.selectors import current_turn
from kingdoms.models import Kingdom
from rules.kingdoms.crowns import crowns_used, income_due, next_winter_turn
from rules.turn.visibility import Viewer, sees_treasury


def crown_balance(kingdom: Kingdom) -> int:
    """E-30: the sum of the kingdom's ledger lines. One query."""
    return kingdom.crown_entries.aggregate(total=Sum("amount"))["total"] or 0


def crown_ledger(kingdom: Kingdom, viewer: Viewer, campaign: Campaign) -> dict | None:
    """E-30: the kingdom's crown ledger as ``viewer`` may see it, or None: there is none
    while no module with crown prices is on, and it is the kingdom's and the GM's alone
    (rules.turn.visibility.sees_treasury). ``due`` is the income the current turn's winter
    phase will pay (E-31), 0 outside the winter turn. Each line has the balance after
    it. Two queries; none when there is no ledger to show."""
    ruleset = campaign.ruleset
    if not crowns_used(ruleset) or not sees_treasury(viewer, kingdom.pk):
        return None
    turn = current_turn(campaign)
    number = turn.number if turn is not None else 1
    due = 0
    if turn is not None and turn.state != Turn.State.CLOSED and not kingdom.eliminated:
        due = income_due(ruleset, number)
    entries, balance = [], 0
    for row in kingdom.crown_entries.order_by("turn", "id"):
        balance += row.amount
        entries.append(
            {
                "turn": row.turn,
                "amount": row.amount,
                "kind": row.kind,
                "reason": row.reason,
                "rule": row.rule,
                "balance": balance,
            }
        )
    return {
        "kingdom": kingdom.pk,
        "balance": balance,
        "due": due,
        "yearly": ruleset.crowns_yearly,
        "next_winter_turn": next_winter_turn(ruleset, number),
        "engine_price": ruleset.siege_engine_crowns,
        "entries": entries,
    }
