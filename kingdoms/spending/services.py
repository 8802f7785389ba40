"""Writes of power spending (Table 10, Table 11, §5.6 diplomacy): a player adds a line
of spending to his orders for the open turn, or withdraws one. The rules engine judges
each line against the kingdom's others (rules.kingdoms.spending, E-25's worst case); a refusal
names the problem and saves nothing."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from campaign.chronicle.services import chronicle_record
from campaign.core.access import player_in_play
from campaign.core.errors import Refused
from campaign.core.problems import problem_refusal
from campaign.core.viewers import viewer_for
from campaign.models import Campaign, Membership, Turn
from campaign.pipeline.neighbourhood import hex_id, neighbourhood_load
from kingdoms.locks import kingdom_taking_orders
from kingdoms.spending.models import PowerSpend
from kingdoms.spending.selectors import spend_hexes, spend_problem
from rules.core.state import Coord
from rules.kingdoms.spending_state import Spend, SpendKind, fixed_cost


def _player(campaign: Campaign, by: User) -> Membership:
    """The user's membership as a player whose kingdom is still in play."""
    return player_in_play(campaign, by, acts="spends power", acts_not="spends no power")


@transaction.atomic
def spend_submit(
    *,
    campaign: Campaign,
    by: User,
    kind: str,
    amount: int | None = None,
    hex: Coord | None = None,
    army_id: int | None = None,
    offer_id: int | None = None,
    neutral_kingdom_id: int | None = None,
    recipient_id: int | None = None,
) -> PowerSpend:
    """Add one line to the kingdom's spending for the open turn (Table 10). A fixed-cost
    item needs no ``amount``; diplomacy and pacify take their extra power in it, a bid
    its offer. Private to the kingdom (and the GM). The hex is judged as the player
    knows it (rules.turn.visibility.world_as_known): a refusal says nothing of a neutral
    kingdom he has not discovered, nor of contents he may not see (A-1.0.9, E-29,
    A-1.4.18–20)."""
    membership = _player(campaign, by)
    kingdom = membership.kingdom
    turn = kingdom_taking_orders(campaign.pk, kingdom.pk)
    try:
        spend_kind = SpendKind(kind)
    except ValueError:
        kinds = ", ".join(k.value for k in SpendKind)
        raise Refused(
            _("'%(kind)s' is not a spend: choose one of %(kinds)s.")
            % {"kind": kind, "kinds": kinds},
            field="kind",
        ) from None
    if amount is None:
        amount = fixed_cost(campaign.ruleset, spend_kind)  # Table 10, the campaign's prices
        if amount is None:
            raise Refused(
                _("Say how much power to spend on %(kind)s.") % {"kind": spend_kind.label},
                field="amount",
            )
    snapshot = neighbourhood_load(
        campaign,
        turn.number,
        kingdom.pk,
        around=[hex],
        also=spend_hexes(turn, kingdom.pk, neutral_kingdom_id),
    )
    if hex is not None and tuple(hex) not in snapshot.hexes:
        raise Refused(
            _("(%(q)s, %(r)s) is not on the map.") % {"q": hex[0], "r": hex[1]}, field="hex"
        )
    wanted = Spend(
        id=0,
        kingdom_id=kingdom.pk,
        kind=spend_kind,
        amount=amount,
        hex=tuple(hex) if hex is not None else None,
        army_id=army_id,
        offer_id=offer_id,
        neutral_kingdom_id=neutral_kingdom_id,
        recipient_id=recipient_id,
    )
    problem = spend_problem(snapshot, turn, viewer_for(membership), wanted)
    if problem:
        raise problem_refusal(problem)
    row = PowerSpend.objects.create(
        turn=turn,
        kingdom=kingdom,
        kind=spend_kind.value,
        amount=amount,
        hex_id=hex_id(snapshot, hex) if hex is not None else None,
        army_id=army_id,
        offer_id=offer_id,
        neutral_kingdom_id=neutral_kingdom_id,
        recipient_id=recipient_id,
        submitted_by=by,
    )
    chronicle_record(
        turn,
        "SpendSubmitted",
        {
            "spend_id": row.pk,
            "item": spend_kind.value,
            "amount": amount,
            "hex": list(hex) if hex is not None else None,
            "army_id": army_id,
            "offer_id": offer_id,
            "neutral_kingdom_id": neutral_kingdom_id,
            "recipient_id": recipient_id,
        },
        rule="Table 10 E-25",
        kingdom_ids=[kingdom.pk],
    )
    return row


@transaction.atomic
def spend_withdraw(*, campaign: Campaign, by: User, spend_id: int) -> None:
    """Take back one line of the kingdom's spending, while orders are open."""
    kingdom = _player(campaign, by).kingdom
    turn: Turn = kingdom_taking_orders(campaign.pk, kingdom.pk)
    deleted, _ = PowerSpend.objects.filter(pk=spend_id, turn=turn, kingdom=kingdom).delete()
    if not deleted:
        raise Refused(
            _("You have no spend %(spend)s this turn.") % {"spend": spend_id},
            field="spend",
            status=404,
        )
    chronicle_record(
        turn, "SpendWithdrawn", {"spend_id": spend_id}, rule="Table 10", kingdom_ids=[kingdom.pk]
    )
