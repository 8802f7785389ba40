"""Writes of the bulletin (A-2.1): the GM publishes rumours and mercenaries for hire."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from campaign.bulletin.models import MercenaryOffer, Rumour
from campaign.campaigns.services import require_gm
from campaign.chronicle.services import chronicle_record
from campaign.core.errors import Refused
from campaign.core.turn_lock import turn_locked
from campaign.models import Turn


def _turn_taking_orders(turn: Turn, by: User) -> Turn:
    require_gm(campaign=turn.campaign, user=by)
    return turn_locked(turn_id=turn.pk, states=(Turn.State.OPEN,), refusal=_bulletin_gone_out)


def _bulletin_gone_out(turn: Turn | None) -> str:
    number = turn.number if turn else 0
    # the bulletin goes out with the turn's orders
    return _("Turn %(turn)s no longer takes orders: the bulletin goes out with it.") % {
        "turn": number
    }


@transaction.atomic
def rumour_publish(*, turn: Turn, by: User, text: str) -> Rumour:
    """A-2.1: the GM publishes a rumour for the turn; everyone reads it."""
    text = text.strip()
    if not text:
        raise Refused(_("A rumour needs some words."), field="text")
    turn = _turn_taking_orders(turn, by)
    rumour = Rumour.objects.create(turn=turn, text=text)
    chronicle_record(turn, "RumourPublished", {"text": text}, rule="A-2.1", public=True)
    return rumour


@transaction.atomic
def mercenary_offer_publish(
    *,
    turn: Turn,
    by: User,
    name: str,
    minimum_bid: int,
    description: str = "",
    special: bool = False,
    points: int = 250,
) -> MercenaryOffer:
    """A-2.1, Table 10: mercenaries for hire this turn, with their minimum opening bid and
    the points they add to the winner's army for the turn (Q18, E-14)."""
    name = name.strip()
    if not name:
        raise Refused(_("Name the mercenaries on offer."), field="name")
    if minimum_bid < 1:
        raise Refused(
            _("The minimum opening bid is at least 1 power."), field="minimum_bid", rule="Table 10"
        )
    cap = turn.campaign.ruleset.army_cap_this_turn  # E-14: 3,500 by the rulebook
    if not 1 <= points <= cap:
        raise Refused(  # E-14: the army cap
            _("Mercenaries are 1–%(cap)s points.")
            % {"cap": number_format(cap, force_grouping=True)},
            field="points",
        )
    turn = _turn_taking_orders(turn, by)
    return _offer_create(
        turn,
        name=name,
        description=description.strip(),
        minimum_bid=minimum_bid,
        special=special,
        points=points,
        rule="A-2.1 Table 10",
    )


def _offer_create(
    turn: Turn,
    *,
    name: str,
    description: str,
    minimum_bid: int,
    special: bool,
    points: int,
    rule: str,
) -> MercenaryOffer:
    """A mercenary offer on ``turn``'s bulletin, announced to everyone (A-2.1)."""
    offer = MercenaryOffer.objects.create(
        turn=turn,
        name=name,
        description=description,
        minimum_bid=minimum_bid,
        special=special,
        points=points,
    )
    payload = {"name": name, "minimum_bid": minimum_bid, "special": special, "points": points}
    chronicle_record(turn, "MercenaryOffered", payload, rule=rule, public=True)
    return offer
