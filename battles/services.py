"""Writes of the battles app: the Phase 4 choices."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction

from battles.models import BattleSide
from campaign.chronicle import chronicle_record
from campaign.errors import Refused
from campaign.models import Membership, Turn
from rules.state import Decision, DefenderKind, Role, Strategy


def _may_decide(side: BattleSide, user: User) -> bool:
    """A player decides for his own side; the GM for neutral sides (Q6, E-24)."""
    membership = Membership.objects.filter(
        campaign_id=side.battle.turn.campaign_id, user=user
    ).first()
    if membership is None:
        return False
    if side.kingdom_id is None:
        return membership.role == Membership.Role.GM
    return membership.kingdom_id == side.kingdom_id


@transaction.atomic
def battle_decide(*, side: BattleSide, by: User, decision: str, strategy: str = "") -> BattleSide:
    """A-2.4 fight or retreat and the Table 24 strategy, until the GM resolves the turn."""
    if not _may_decide(side, by):
        raise Refused("You cannot decide for this side of the battle.", status=403)
    turn = Turn.objects.select_for_update().get(pk=side.battle.turn_id)
    if turn.state != Turn.State.DECISIONS:
        raise Refused(f"Turn {turn.number} is not taking fight-or-retreat decisions now.")
    if not side.battle.needs_decisions:
        raise Refused("There is nothing to decide: this invasion meets no defender.")
    try:
        side.decision = Decision(decision).value
    except ValueError:
        raise Refused(
            f"'{decision}' is not a decision: choose fight or retreat.", field="decision"
        ) from None
    if side.kingdom_id is None and side.decision != Decision.FIGHT:
        if turn.campaign.ruleset.neutrals_always_fight:
            raise Refused("Neutral defenders never retreat (Q6).", field="decision")
        roaming = side.role == Role.ATTACKER or side.battle.defender_kind == DefenderKind.ROAMING
        if side.neutral_kingdom_id is None and roaming:
            raise Refused("A roaming force never retreats (App G, E-12).", field="decision")
    try:
        side.strategy = Strategy(strategy).value if strategy else ""
    except ValueError:
        raise Refused(
            f"'{strategy}' is not a strategy: choose assault, outflank or hold.", field="strategy"
        ) from None
    side.decided_by = by
    side.save(update_fields=["decision", "strategy", "decided_by"])
    chronicle_record(
        turn,
        "BattleDecision",
        {"battle_id": side.battle_id, "role": side.role, "decision": side.decision},
        rule="A-2.4",
        kingdom_ids=[side.kingdom_id] if side.kingdom_id else [],
    )
    return side
