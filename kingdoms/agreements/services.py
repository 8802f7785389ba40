"""Writes of agreements between players (Q23, B 7.2–7.5; rules.kingdoms.agreements has what they
do in a resolution): propose, accept, decline, end.

Rulings (docs/rules-coverage.md Q23):

* Every agreement is between two player kingdoms, proposed by one and accepted or
  declined by the other. Proposals, declines and withdrawals are private to the two.
* An accepted cease fire, alliance or vassalage is announced to every player and stays
  on everyone's list (Q23: recorded in the app, so that a breach can be flagged
  publicly). A combined assault stays the two parties' secret until it is fought
  (CombinedAssault is then public).
* Ending is by unilateral notice: either party may give it at any time the turn is not
  being resolved; the agreement still binds until the end of the turn in which notice
  is given, then ends (rules.kingdoms.agreements.agreements_expired), publicly if it was public.
  So an invasion in the turn notice is given still breaks it (E-05): no surprise attack
  hides behind a notice. A combined assault is called off at once while orders for its
  turn are open. A vassalage in force is not ended by notice: it lasts until one of the
  two is eliminated (E-27).
* Nothing is written while a server step runs: the turn row is locked first, as for
  orders, so an agreement never changes under a resolution.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from campaign.chronicle.services import chronicle_record
from campaign.core.access import player_in_play
from campaign.core.errors import Refused
from campaign.core.turn_lock import turn_locked
from campaign.models import Campaign, Hex, Turn
from campaign.notifications.models import Kind
from campaign.notifications.services import notify, players_of
from kingdoms.agreements.models import Agreement
from kingdoms.models import Kingdom
from rules.core.state import Coord, Terrain

KINDS = {kind.value: kind for kind in Agreement.Kind}
OPEN_STATES = (Agreement.State.PROPOSED, Agreement.State.ACTIVE)


def _player_kingdom(campaign: Campaign, by: User) -> Kingdom:
    membership = player_in_play(
        campaign, by, acts="makes agreements", acts_not="makes no agreements (E-27)"
    )
    return membership.kingdom


def _agreements_wait(turn: Turn | None) -> str:
    if turn is None:
        return "The campaign has no turn yet."
    if turn.state == Turn.State.CLOSED:
        return "The campaign is over: there is nothing left to agree."
    return f"Turn {turn.number} is being resolved: agreements wait until it is done."


def _turn(campaign: Campaign) -> Turn:
    """The campaign's turn, locked, if no server step is running on it."""
    return turn_locked(
        campaign_id=campaign.pk,
        states=(Turn.State.OPEN, Turn.State.DECISIONS),
        refusal=_agreements_wait,
    )


def _payload(agreement: Agreement, by: Kingdom, **extra) -> dict:
    payload = {
        "agreement_id": agreement.pk,
        "agreement_kind": agreement.kind,
        "kingdom_ids": [agreement.proposer_id, agreement.partner_id],
        "by": by.pk,
    }
    if agreement.kind == Agreement.Kind.COMBINED_ASSAULT:
        payload |= {
            "turn_number": agreement.turn_number,
            "hex": [agreement.target.q, agreement.target.r],
            "beneficiary_id": agreement.beneficiary_id,
        }
    if agreement.kind == Agreement.Kind.VASSALAGE:
        payload |= {"overlord_id": agreement.overlord_id, "vassal_id": agreement.vassal_id}
    return payload | extra


def _record(turn: Turn, kind: str, agreement: Agreement, by: Kingdom, *, public: bool, **extra):
    chronicle_record(
        turn,
        kind,
        _payload(agreement, by, **extra),
        rule="Q23",
        public=public,
        kingdom_ids=agreement.kingdom_ids,
    )


def _between(campaign: Campaign, kind: str, a: Kingdom, b: Kingdom):
    return Agreement.objects.filter(campaign=campaign, kind=kind, state__in=OPEN_STATES).filter(
        proposer__in=[a, b], partner__in=[a, b]
    )


def _sworn_vassal(kingdom: Kingdom) -> Agreement | None:
    return Agreement.objects.filter(
        vassal=kingdom, state=Agreement.State.ACTIVE, vassal_since__isnull=False
    ).first()


@transaction.atomic
def agreement_propose(
    *,
    campaign: Campaign,
    by: User,
    kind: str,
    partner_id: int | None,
    turn_number: int | None = None,
    target: Coord | None = None,
    beneficiary_id: int | None = None,
    overlord_id: int | None = None,
) -> Agreement:
    """Q23: propose an agreement to another player; he accepts or declines it.

    A combined assault (E-28, §5.4) names its turn (by default the current one), the hex
    both will invade, not one of theirs, and the beneficiary, one of the two, who takes
    it. A vassalage (Q20, E-23) names the overlord, one of the two: it is a standing
    offer and acceptance, which makes the other his vassal if the overlord takes his
    capital when he has no City to move it to."""
    me = _player_kingdom(campaign, by)
    turn = _turn(campaign)
    if kind not in KINDS:
        raise Refused(
            _("'%(kind)s' is not an agreement: choose one of %(kinds)s.")
            % {"kind": kind, "kinds": ", ".join(KINDS)},
            field="kind",
        )
    partner = Kingdom.objects.filter(campaign=campaign, pk=partner_id).first()
    if partner is None:
        raise Refused(_("Choose the kingdom you propose it to."), field="partner")
    if partner.pk == me.pk:
        raise Refused(_("An agreement takes two kingdoms: choose another one."), field="partner")
    if partner.eliminated:
        raise Refused(
            _("%(kingdom)s is eliminated: it makes no agreements.") % {"kingdom": partner.name},
            field="partner",
            rule="E-27",
        )
    agreement = Agreement(
        campaign=campaign, kind=kind, proposer=me, partner=partner, proposed_turn=turn.number
    )
    if kind == Agreement.Kind.COMBINED_ASSAULT:
        _combined_assault(agreement, turn, turn_number, target, beneficiary_id)
    elif kind == Agreement.Kind.VASSALAGE:
        _vassalage(agreement, overlord_id)
    _not_twice(agreement)
    agreement.save()
    _record(turn, "AgreementProposed", agreement, me, public=False)
    notify(
        kind=Kind.AGREEMENT_PROPOSED,
        campaign=campaign,
        recipients=players_of(partner.pk),
        context={"agreement_id": agreement.pk},
    )
    return agreement


def _combined_assault(
    agreement: Agreement,
    turn: Turn,
    turn_number: int | None,
    target: Coord | None,
    beneficiary_id: int | None,
) -> None:
    """E-28, §5.4: the turn, hex and beneficiary of a combined assault."""
    number = turn_number if turn_number is not None else turn.number
    if number < turn.number or (number == turn.number and turn.state != Turn.State.OPEN):
        raise Refused(
            _(
                "Turn %(turn)s takes no more orders: a combined assault is for a turn whose "
                "orders are still open (turn %(first)s or later)."
            )
            % {"turn": number, "first": turn.number + (turn.state != Turn.State.OPEN)},
            field="turn",
        )
    if target is None:
        raise Refused(_("Name the hex you will invade together."), field="target")
    hex_ = Hex.objects.filter(campaign=agreement.campaign, q=target[0], r=target[1]).first()
    if hex_ is None:
        raise Refused(
            _("(%(q)s, %(r)s) is not on the map.") % {"q": target[0], "r": target[1]},
            field="target",
        )
    if Terrain(hex_.terrain).is_sea:
        raise Refused(
            _("(%(q)s, %(r)s) is a sea hex: sea hexes cannot be invaded.")
            % {"q": hex_.q, "r": hex_.r},
            field="target",
            rule="A-1.1.2.1",
        )
    if hex_.owner_id in agreement.kingdom_ids:
        owner = agreement.proposer if hex_.owner_id == agreement.proposer_id else agreement.partner
        raise Refused(
            _(
                "(%(q)s, %(r)s) is %(owner)s's: a combined assault invades a hex that "
                "neither of you holds."
            )
            % {"q": hex_.q, "r": hex_.r, "owner": owner.name},
            field="target",
            rule="E-28",
        )
    if beneficiary_id not in agreement.kingdom_ids:
        raise Refused(
            _("Name who takes the hex: you or your partner."), field="beneficiary", rule="E-28 §5.4"
        )
    agreement.turn_number, agreement.target = number, hex_
    agreement.beneficiary_id = beneficiary_id


def _vassalage(agreement: Agreement, overlord_id: int | None) -> None:
    """Q20, E-19, E-23: the overlord is one of the two; neither is a vassal already."""
    if overlord_id not in agreement.kingdom_ids:
        raise Refused(
            _(
                "Name the overlord: you or your partner; the other becomes his vassal if "
                "the overlord takes his capital."
            ),
            field="overlord",
            rule="Q20 E-23",
        )
    vassal_id = (
        agreement.partner_id if overlord_id == agreement.proposer_id else agreement.proposer_id
    )
    agreement.overlord_id, agreement.vassal_id = overlord_id, vassal_id
    for kingdom in (agreement.proposer, agreement.partner):
        sworn = _sworn_vassal(kingdom)
        if sworn is not None:
            raise Refused(
                _("%(kingdom)s is already %(overlord)s's vassal.")
                % {"kingdom": kingdom.name, "overlord": sworn.overlord.name},
                field="overlord",
                rule="Q20 E-19",
            )


def _not_twice(agreement: Agreement) -> None:
    """One proposal or agreement of a kind between two kingdoms at a time (for combined
    assaults: for one turn and hex), and one beneficiary per hex and turn for each."""
    same = _between(agreement.campaign, agreement.kind, agreement.proposer, agreement.partner)
    if agreement.pk:
        same = same.exclude(pk=agreement.pk)
    if agreement.kind == Agreement.Kind.COMBINED_ASSAULT:
        same = same.filter(turn_number=agreement.turn_number, target=agreement.target)
    if agreement.kind == Agreement.Kind.VASSALAGE:
        same = same.filter(overlord_id=agreement.overlord_id)
    existing = same.first()
    if existing is not None:
        if existing.state == Agreement.State.ACTIVE:
            said = _("There is already an agreement of %(kind)s between %(a)s and %(b)s.")
        else:
            said = _("There is already a proposal of %(kind)s between %(a)s and %(b)s.")
        raise Refused(
            said
            % {
                "kind": existing.get_kind_display().lower(),
                "a": agreement.proposer.name,
                "b": agreement.partner.name,
            },
            field="kind",
        )
    if agreement.kind == Agreement.Kind.COMBINED_ASSAULT:
        rival = (
            Agreement.objects.filter(
                campaign=agreement.campaign,
                kind=Agreement.Kind.COMBINED_ASSAULT,
                state__in=OPEN_STATES,
                turn_number=agreement.turn_number,
                target=agreement.target,
            )
            .filter(Q(proposer__in=agreement.kingdom_ids) | Q(partner__in=agreement.kingdom_ids))
            .exclude(beneficiary_id=agreement.beneficiary_id)
            .exclude(pk=agreement.pk)
        )
        if rival.exists():
            raise Refused(
                _(
                    "One of you already has a combined assault on (%(q)s, %(r)s) in turn "
                    "%(turn)s for another beneficiary: an assault has one beneficiary."
                )
                % {
                    "q": agreement.target.q,
                    "r": agreement.target.r,
                    "turn": agreement.turn_number,
                },
                field="beneficiary",
                rule="E-28",
            )


def _locked(agreement: Agreement) -> Agreement:
    # Lock the agreement's row only: PostgreSQL refuses FOR UPDATE on the nullable side
    # of the outer joins that select_related makes for target and overlord.
    return (
        Agreement.objects.select_for_update(of=("self",))
        .select_related("proposer", "partner", "target", "overlord")
        .get(pk=agreement.pk)
    )


def _party(agreement: Agreement, me: Kingdom) -> None:
    if me.pk not in agreement.kingdom_ids:
        raise Refused(_("That agreement is not yours."), status=403)


def _still_proposed(agreement: Agreement) -> None:
    if agreement.state != Agreement.State.PROPOSED:
        kind, state = agreement.get_kind_display(), agreement.get_state_display()
        raise Refused(
            _("This %(kind)s is %(state)s, not a proposal any more.")
            % {"kind": kind.lower(), "state": state.lower()}
        )


@transaction.atomic
def agreement_accept(*, agreement: Agreement, by: User) -> Agreement:
    """Q23: the partner accepts a proposal; it is in force from now on. A cease fire, an
    alliance or a vassalage is announced to every player; a combined assault only to the
    two."""
    me = _player_kingdom(agreement.campaign, by)
    turn = _turn(agreement.campaign)
    agreement = _locked(agreement)
    _party(agreement, me)
    _still_proposed(agreement)
    if me.pk != agreement.partner_id:
        raise Refused(
            _("%(partner)s accepts or declines it: you proposed it.")
            % {"partner": agreement.partner.name},
            status=403,
        )
    proposer = agreement.proposer
    if proposer.eliminated:
        raise Refused(
            _("%(kingdom)s is eliminated: it makes no agreements.") % {"kingdom": proposer.name},
            rule="E-27",
        )
    if agreement.kind == Agreement.Kind.COMBINED_ASSAULT:
        number = agreement.turn_number
        if number < turn.number or (number == turn.number and turn.state != Turn.State.OPEN):
            raise Refused(
                _("Turn %(turn)s takes no more orders: this combined assault came too late.")
                % {"turn": number},
                field="turn",
            )
    if agreement.kind == Agreement.Kind.VASSALAGE:
        _vassalage(agreement, agreement.overlord_id)
    _not_twice(agreement)
    agreement.state, agreement.started_turn = Agreement.State.ACTIVE, turn.number
    agreement.public = agreement.kind != Agreement.Kind.COMBINED_ASSAULT
    agreement.save(update_fields=["state", "started_turn", "public"])
    _record(turn, "AgreementAccepted", agreement, me, public=agreement.public)
    return agreement


@transaction.atomic
def agreement_decline(*, agreement: Agreement, by: User) -> Agreement:
    """Q23: the partner turns a proposal down; only the two are told."""
    me = _player_kingdom(agreement.campaign, by)
    turn = _turn(agreement.campaign)
    agreement = _locked(agreement)
    _party(agreement, me)
    _still_proposed(agreement)
    if me.pk != agreement.partner_id:
        raise Refused(
            _("You proposed it: withdraw it instead (end), or wait for the answer."), status=403
        )
    agreement.state, agreement.ended_turn = Agreement.State.DECLINED, turn.number
    agreement.ended_by, agreement.end_reason = me, "declined"
    agreement.save(update_fields=["state", "ended_turn", "ended_by", "end_reason"])
    _record(turn, "AgreementDeclined", agreement, me, public=False)
    return agreement


@transaction.atomic
def agreement_end(*, agreement: Agreement, by: User) -> Agreement:
    """Q23: the proposer withdraws a proposal, or a party ends an agreement by notice:
    it binds until the end of this turn, then ends (see the module's rulings)."""
    me = _player_kingdom(agreement.campaign, by)
    turn = _turn(agreement.campaign)
    agreement = _locked(agreement)
    _party(agreement, me)
    if agreement.state == Agreement.State.PROPOSED:
        if me.pk != agreement.proposer_id:
            raise Refused(_("It was proposed to you: decline it instead."), status=403)
        return _closed(agreement, turn, me, "withdrawn", "AgreementWithdrawn")
    if agreement.state != Agreement.State.ACTIVE:
        raise Refused(
            _("This %(kind)s is already %(state)s.")
            % {
                "kind": agreement.get_kind_display().lower(),
                "state": agreement.get_state_display().lower(),
            }
        )
    if agreement.kind == Agreement.Kind.COMBINED_ASSAULT:
        number = agreement.turn_number
        if number < turn.number or (number == turn.number and turn.state != Turn.State.OPEN):
            raise Refused(
                _(
                    "The combined assault of turn %(turn)s is under way: it ends when the "
                    "turn is resolved."
                )
                % {"turn": number},
                rule="E-28",
            )
        return _closed(agreement, turn, me, "called_off", "AgreementEnded")
    if agreement.vassal_since is not None:
        raise Refused(
            _(
                "A vassalage in force lasts until the vassal or his overlord is eliminated; "
                "the GM may correct it."
            ),
            rule="Q20 E-19 E-27",
        )
    if agreement.notice_turn is not None:
        raise Refused(
            _("Notice was given in turn %(turn)s: it ends when that turn is resolved.")
            % {"turn": agreement.notice_turn}
        )
    agreement.notice_turn, agreement.notice_by = turn.number, me
    agreement.save(update_fields=["notice_turn", "notice_by"])
    _record(turn, "AgreementNoticeGiven", agreement, me, public=agreement.public)
    return agreement


def _closed(agreement: Agreement, turn: Turn, me: Kingdom, reason: str, kind: str) -> Agreement:
    agreement.state, agreement.ended_turn = Agreement.State.ENDED, turn.number
    agreement.ended_by, agreement.end_reason = me, reason
    agreement.save(update_fields=["state", "ended_turn", "ended_by", "end_reason"])
    _record(turn, kind, agreement, me, public=False, reason=reason)
    return agreement
