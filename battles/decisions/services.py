"""Writes of the battles app: the Phase 4 choices (A-2.4 fight or retreat and the
Table 24 strategy; P-C4 the order of a patrol's battles; E-15 the defending patrol)."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from battles.decisions.selectors import neutral_retreat_refusal
from battles.models import Battle, BattleSide
from battles.sieges.services import siege_battle_refusal, withdraw_refusal
from battles.tabletop.services import tabletop_mode_update
from campaign.chronicle.services import chronicle_record
from campaign.core.errors import Refused
from campaign.core.turn_lock import turn_locked
from campaign.models import Membership, Turn
from campaign.turns.narration import when_text
from kingdoms.models import Army
from rules.core.state import Decision, DefenderKind, Role, Strategy


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
def battle_decide(
    *, side: BattleSide, by: User, decision: str, strategy: str = "", tabletop: bool | None = None
) -> BattleSide:
    """A-2.4 fight or retreat, E-24 the tabletop opt-in, until the fight-or-retreat
    deadline (Turn.decisions_deadline); the Table 24 strategy until the GM resolves the
    turn (it is "on file" for an abstract battle, E-24). ``tabletop`` None keeps the
    side's opt-in as it is."""
    if not _may_decide(side, by):
        raise Refused(_("You cannot decide for this side of the battle."), status=403)
    turn = _decisions_turn(turn_id=side.battle.turn_id)
    if not side.battle.needs_decisions:
        raise Refused(_("There is nothing to decide: this invasion meets no defender."))
    try:
        wanted = Decision(decision).value
    except ValueError:
        raise Refused(
            _("'%(decision)s' is not a decision: choose fight or retreat.")
            % {"decision": decision},
            field="decision",
        ) from None
    tabletop = side.tabletop if tabletop is None else bool(tabletop)
    late = turn.decisions_deadline is not None and timezone.now() > turn.decisions_deadline
    if late and (wanted != side.decision or tabletop != side.tabletop):
        raise Refused(
            _(
                "The fight-or-retreat deadline passed (%(when)s): only the strategy may still "
                "change."
            )
            % {"when": when_text(turn.decisions_deadline)},
            field="decision" if wanted != side.decision else "tabletop",
            rule="A-2.4 E-24",
        )
    refused = siege_battle_refusal(side.battle, wanted)  # E-37
    if refused:
        raise refused
    if wanted == Decision.WITHDRAW:  # E-37 (battles.sieges.services)
        refused = withdraw_refusal(side)
        if refused:
            raise refused
    side.decision, side.tabletop = wanted, tabletop
    if side.kingdom_id is None and side.decision == Decision.RETREAT:
        refused = neutral_retreat_refusal(side, turn.campaign.ruleset)
        if refused:
            raise refused
    try:
        side.strategy = Strategy(strategy).value if strategy else ""
    except ValueError:
        raise Refused(
            _("'%(strategy)s' is not a strategy: choose assault, outflank or hold.")
            % {"strategy": strategy},
            field="strategy",
        ) from None
    side.decided_by = by
    side.save(update_fields=["decision", "strategy", "decided_by", "tabletop"])
    chronicle_record(
        turn,
        "BattleDecision",
        {
            "battle_id": side.battle_id,
            "role": side.role,
            "decision": side.decision,
            "tabletop": side.tabletop,
        },
        rule="A-2.4 E-24",
        kingdom_ids=[side.kingdom_id] if side.kingdom_id else [],
    )
    battle = Battle.objects.select_related("hex").get(pk=side.battle_id)
    tabletop_mode_update(battle, turn)  # E-24: every side opted in?
    return side


def _patrol_sides(turn: Turn, army_id: int) -> list[BattleSide]:
    """The defending sides of the turn's battles against patrols that ``army_id`` holds,
    in declaration order."""
    return list(
        BattleSide.objects.filter(
            battle__turn=turn,
            role=Role.DEFENDER,
            battle__defender_kind=DefenderKind.PATROL,
            armies=army_id,
        )
        .select_related("battle")
        .order_by("battle__seq")
    )


def _no_decisions(turn: Turn | None) -> str:
    return _("Turn %(number)s is not taking fight-or-retreat decisions now.") % {
        "number": turn.number if turn else 0
    }


def _decisions_turn(*, campaign_id: int | None = None, turn_id: int | None = None) -> Turn:
    """The campaign's current turn (or the battle's turn ``turn_id``), locked; refused
    unless it takes Phase 4 choices."""
    return turn_locked(
        campaign_id=campaign_id,
        turn_id=turn_id,
        states=(Turn.State.DECISIONS,),
        refusal=_no_decisions,
    )


def _player_of(kingdom_id: int, campaign_id: int, user: User) -> bool:
    return Membership.objects.filter(
        campaign_id=campaign_id, user=user, kingdom_id=kingdom_id
    ).exists()


@transaction.atomic
def battle_order_set(*, army: Army, by: User, battles: list[int]) -> list[BattleSide]:
    """P-C4: the order in which a patrol that several invasions hit fights them, chosen
    by its owner at the Fight-or-Retreat step: ``battles`` lists the ids of every battle
    it was declared against, first to last. Without one, declaration order (rules.turn.final).
    The order is the owner's secret (battles.decisions.selectors)."""
    campaign_id = army.kingdom.campaign_id
    if not _player_of(army.kingdom_id, campaign_id, by):
        raise Refused(_("You cannot order another kingdom's patrol."), status=403)
    turn = _decisions_turn(campaign_id=campaign_id)
    sides = _patrol_sides(turn, army.pk)
    if len(sides) < 2:
        text = (
            _("%(army)s faces one invasion this turn: there is nothing to order.")
            if sides
            else _("%(army)s faces no invasions this turn: there is nothing to order.")
        )
        raise Refused(text % {"army": army.name}, field="battles", rule="P-C4")
    wanted = [s.battle_id for s in sides]
    if sorted(battles) != sorted(wanted):
        listed = ", ".join(str(s.battle.seq) for s in sides)
        raise Refused(
            _(
                "List each of %(army)s's battles once, in the order it fights them: "
                "battles %(listed)s."
            )
            % {"army": army.name, "listed": listed},
            field="battles",
            rule="P-C4",
        )
    place = {battle_id: rank for rank, battle_id in enumerate(battles, start=1)}
    for side in sides:
        side.rank = place[side.battle_id]
    BattleSide.objects.bulk_update(sides, ["rank"])
    ordered = sorted(sides, key=lambda s: s.rank)
    chronicle_record(
        turn,
        "BattleOrderSet",
        {"army_id": army.pk, "battles": [s.battle.seq for s in ordered]},
        rule="P-C4",
        kingdom_ids=[army.kingdom_id],  # his secret
    )
    return ordered


@transaction.atomic
def battle_defender_name(*, side: BattleSide, by: User, army: Army) -> BattleSide:
    """E-15: when several of his patrols cover an invaded hex, the owner names the one
    that defends it at Phase 4 (by default the one with the most points). The choice
    holds for every battle against his patrols in that hex (a contested hex's
    follow-ups too); a patrol used up by then is replaced as P-C4 says (rules.turn.final).
    Naming another patrol drops the place the former one's order gave the battle."""
    battle = side.battle
    if side.kingdom_id is None or not _player_of(side.kingdom_id, battle.turn.campaign_id, by):
        raise Refused(_("You cannot name the defender of this side."), status=403)
    turn = _decisions_turn(campaign_id=battle.turn.campaign_id)
    if side.role != Role.DEFENDER or battle.defender_kind != DefenderKind.PATROL:
        raise Refused(_("Only a patrol's side names its defender."), field="army", rule="E-15")
    choices = {a.pk: a for a in side.patrol_choices.all()}
    if not choices:
        raise Refused(
            _("Only one of your patrols covers this hex: there is no other to name."),
            field="army",
            rule="E-15",
        )
    if army.pk not in choices:
        names = ", ".join(a.name for a in choices.values())
        raise Refused(
            _("%(army)s does not cover this hex: name one of %(names)s.")
            % {"army": army.name, "names": names},
            field="army",
            rule="E-15",
        )
    hexes = BattleSide.objects.filter(
        battle__turn=turn,
        battle__hex_id=battle.hex_id,
        battle__defender_kind=DefenderKind.PATROL,
        role=Role.DEFENDER,
        kingdom_id=side.kingdom_id,
    ).select_related("battle")
    named = []
    for each in hexes:
        each.points, each.rank = army.points, None
        named.append(each)
    BattleSide.objects.bulk_update(named, ["points", "rank"])
    through = BattleSide.armies.through
    through.objects.filter(battleside_id__in=[s.pk for s in named]).delete()
    through.objects.bulk_create(through(battleside_id=s.pk, army_id=army.pk) for s in named)
    chronicle_record(
        turn,
        "DefenderNamed",
        {"battle_id": battle.pk, "battle": battle.seq, "army_id": army.pk},
        rule="E-15",
        kingdom_ids=[side.kingdom_id],
    )
    side.refresh_from_db()
    return side
