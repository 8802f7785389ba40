"""Writes of sieges (E-37, docs/design/sieges.md): may a defender withdraw behind the
walls (battles.decisions.services.battle_decide asks), each side's plan for the turn's siege days,
and the building of siege-train engines (NR-SIEGE-4/5/8)."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from battles.models import Battle, BattleSide, Siege, SiegeBattle, SiegeEngine, SiegePlan
from battles.tabletop.services import tabletop_mode_update
from battles.words import SIEGE_ACTIONS, SIEGE_ENGINES, SIEGE_SIDES, SIEGE_STATES, STRATEGIES
from campaign.chronicle.services import chronicle_record
from campaign.core.errors import Refused
from campaign.core.problems import problem_refusal, problem_sentence
from campaign.core.turn_lock import turn_locked
from campaign.models import Hex, Membership, Turn
from kingdoms.crowns.models import CrownEntry
from kingdoms.crowns.services import crowns_pay
from kingdoms.models import Army
from rules.core.state import (
    ArmyState,
    Decision,
    Defence,
    DefenderKind,
    Feature,
    HexState,
    Role,
    Strategy,
    Terrain,
    World,
)
from rules.modules.siege_trains.building import build_problem
from rules.modules.siege_trains.convoy import convoy_problem
from rules.sieges.state import (
    BesiegerAction,
    EngineKind,
    GarrisonAction,
    withdraw_problem,
)

PLAN_TURN_STATES = (Turn.State.OPEN, Turn.State.DECISIONS)


def withdraw_refusal(side: BattleSide) -> Refused | None:
    """E-37: why this side may not answer "withdraw behind the walls", or None. Only the
    defender of a fortress, a great fortress or a City against a player's invasion."""
    battle = side.battle
    if side.role != Role.DEFENDER:
        return Refused(
            _("Only the defender of a fortified place may withdraw behind its walls."),
            field="decision",
            rule="E-37",
        )
    hex_ = battle.hex
    facts = HexState(
        coord=(hex_.q, hex_.r),
        terrain=Terrain(hex_.terrain),
        feature=Feature(hex_.feature) if hex_.feature else None,
        defence=Defence(hex_.defence) if hex_.defence else None,
    )
    attacker = next(s for s in battle.sides.all() if s.role == Role.ATTACKER)
    problem = withdraw_problem(facts, DefenderKind(battle.defender_kind), attacker.kingdom_id)
    if problem is None:
        return None
    return Refused(problem_sentence(problem), field="decision", rule=problem.rule)


def siege_battle_refusal(battle: Battle, decision: str) -> Refused | None:
    """E-37: a siege battle announced for the tabletop is fought: neither side retreats
    from it or withdraws; the besieger leaves by lifting the siege in his plan."""
    if decision == Decision.FIGHT or not SiegeBattle.objects.filter(battle=battle).exists():
        return None
    return Refused(
        _(
            "A siege's battle is fought: neither side retreats from it. The besieger may "
            "lift the siege in his siege plan instead."
        ),
        field="decision",
        rule="E-37",
    )


def announced_to_table(turn: Turn) -> None:
    """E-24: the siege battles announced at this turn's Provisional Results, whose sides
    both opted in through their plans, become tabletop battles now that the turn's
    fight-or-retreat deadline is set: their terrain rolled, their report deadline set
    (battles.tabletop.services)."""
    battles = Battle.objects.filter(
        turn=turn, siege_battle__isnull=False, mode=Battle.Mode.ABSTRACT, resolved=False
    ).select_related("hex", "turn")
    for battle in battles:
        tabletop_mode_update(battle, turn)


def siege_role(siege: Siege, user: User) -> str | None:
    """The side of the siege ``user`` plans for: his kingdom's, or the GM for a neutral
    garrison (Q6, E-24); None if neither."""
    membership = Membership.objects.filter(campaign_id=siege.campaign_id, user=user).first()
    if membership is None:
        return None
    if membership.kingdom_id is not None and membership.kingdom_id == siege.besieger_id:
        return SiegePlan.Role.BESIEGER
    if membership.kingdom_id is not None and membership.kingdom_id == siege.garrison_id:
        return SiegePlan.Role.GARRISON
    if membership.role == Membership.Role.GM and siege.garrison_id is None:
        return SiegePlan.Role.GARRISON
    return None


ACTIONS = {
    SiegePlan.Role.BESIEGER: [a.value for a in BesiegerAction],
    SiegePlan.Role.GARRISON: [a.value for a in GarrisonAction],
}


@transaction.atomic
def siege_plan_set(
    *,
    siege: Siege,
    by: User,
    actions: list[str],
    strategy: str = "",
    lift: bool = False,
    tabletop: bool = False,
) -> SiegePlan:
    """SG-INIT-2/3 (docs/design/sieges.md): one side's plan for the current turn's siege
    days: an action a day (the rest default to wait or pass), a Table 24 strategy for the
    turn's siege battles (Hold if none, Q7), for the besieger, lifting the siege, and the
    side's opt-in to play the turn's assaults and sorties on the tabletop (E-24: both
    sides must opt in). Given while the turn takes orders or decisions; the side's
    secret."""
    role = siege_role(siege, by)
    if role is None:
        raise Refused(_("You have no side in this siege."), status=403)
    turn = turn_locked(
        campaign_id=siege.campaign_id,
        states=PLAN_TURN_STATES,
        refusal=_("The siege's plans are given while the turn takes orders or decisions."),
    )
    if not siege.ongoing:
        raise Refused(_("The siege is over (%(status)s).") % {"status": SIEGE_STATES[siege.status]})
    days = turn.campaign.ruleset.siege_days_per_turn
    if len(actions) > days:
        raise Refused(
            _("A turn has %(days)s siege days: give at most %(days)s actions.") % {"days": days},
            field="actions",
        )
    allowed = ACTIONS[role]
    for number, action in enumerate(actions, start=1):
        if action not in allowed:
            raise Refused(
                _(
                    "Day %(number)s: '%(action)s' is not an action of the %(role)s: choose one "
                    "of %(allowed)s."
                )
                % {
                    "number": number,
                    "action": action,
                    "role": SIEGE_SIDES[role],
                    "allowed": ", ".join(str(SIEGE_ACTIONS[a]) for a in allowed),
                },
                field="actions",
            )
    try:
        strategy = Strategy(strategy).value if strategy else ""
    except ValueError:
        raise Refused(
            _("'%(strategy)s' is not a strategy: choose one of %(strategies)s.")
            % {"strategy": strategy, "strategies": ", ".join(map(str, STRATEGIES.values()))},
            field="strategy",
        ) from None
    if lift and role != SiegePlan.Role.BESIEGER:
        raise Refused(_("Only the besieger lifts a siege."), field="lift")
    plan, _created = SiegePlan.objects.update_or_create(
        siege=siege,
        turn=turn,
        role=role,
        defaults={
            "actions": list(actions),
            "strategy": strategy,
            "lift": bool(lift),
            "tabletop": bool(tabletop),
            "decided_by": by,
        },
    )
    kingdom = siege.besieger_id if role == SiegePlan.Role.BESIEGER else siege.garrison_id
    chronicle_record(
        turn,
        "SiegePlanSet",
        {
            "siege_id": siege.pk,
            "hex": [siege.hex.q, siege.hex.r],
            "role": role,
            "lift": plan.lift,
            "tabletop": plan.tabletop,
        },
        rule="E-37 SG-INIT",
        kingdom_ids=[kingdom] if kingdom else [],
    )
    return plan


def _build_world(army: Army, turn_number: int) -> World:
    """What NR-SIEGE-4/5/8 read (rules.modules.siege_trains.building): the hexes, the army
    where it stands, and its kingdom's engines. Three queries."""
    campaign = army.kingdom.campaign
    rows = Hex.objects.filter(campaign=campaign).values_list(
        "pk", "q", "r", "terrain", "owner_id", "feature", "defence"
    )
    hexes, coords = {}, {}
    for pk, q, r, terrain, owner, feature, defence in rows:
        coords[pk] = (q, r)
        hexes[(q, r)] = HexState(
            coord=(q, r),
            terrain=Terrain(terrain),
            owner=owner,
            feature=Feature(feature) if feature else None,
            defence=Defence(defence) if defence else None,
        )
    state = ArmyState(
        army.pk, army.kingdom_id, army.name, army.points, army.allocation,
        position=coords.get(army.position_id),
    )  # fmt: skip
    engines = tuple(e.state() for e in SiegeEngine.objects.filter(kingdom_id=army.kingdom_id))
    return World(
        turn=turn_number,
        hexes=hexes,
        armies={army.pk: state},
        ruleset=campaign.ruleset,
        siege_engines=engines,
    )


@transaction.atomic
def siege_engine_build(*, army: Army, by: User, kind: str) -> SiegeEngine:
    """NR-SIEGE-4/5/8, E-37, E-31: an engine for ``army``, ordered in the winter turn while
    orders are open, the army standing in its kingdom's City or fortress; at most
    ``siege_engines_per_army`` an army and, of the engines the kingdom built and still
    holds, one per Forest hex it owns (rules.modules.siege_trains.building). It is ready
    from the turn's winter phase. Its price (``siege_engine_crowns``) is paid from the
    kingdom's crown ledger (E-30, kingdoms.crowns.services.crowns_pay), which may count on
    this winter's income; refused, naming the shortfall, when the crowns are not there."""
    kingdom = army.kingdom
    campaign = kingdom.campaign
    if not Membership.objects.filter(campaign=campaign, user=by, kingdom=kingdom).exists():
        raise Refused(_("You cannot build for another kingdom's army."), status=403)
    ruleset = campaign.ruleset
    if not ruleset.siege_trains:
        raise Refused(_("Siege trains are not used in this campaign."), rule="NR-SIEGE")
    try:
        engine_kind = EngineKind(kind)
    except ValueError:
        kinds = ", ".join(str(SIEGE_ENGINES[k]) for k in EngineKind)
        raise Refused(
            _("'%(kind)s' is not an engine: choose one of %(kinds)s.")
            % {"kind": kind, "kinds": kinds},
            field="kind",
        ) from None
    turn = turn_locked(
        campaign_id=campaign.pk,
        states=(Turn.State.OPEN,),
        refusal=_("Engines are built while the turn takes orders."),
    )
    problem = build_problem(_build_world(army, turn.number), army.pk)
    if problem:
        raise problem_refusal(problem)
    words = engine_kind.value.replace("_", " ")
    crowns_pay(  # E-30: last, once everything else allows the engine; locks the kingdom
        kingdom=kingdom,
        turn=turn,
        price=ruleset.siege_engine_crowns,
        kind=CrownEntry.Kind.ENGINE,
        what=f"A {words}",
        reason=f"A {words} for {army.name}",
        rule="NR-SIEGE-4 E-30",
    )
    engine = SiegeEngine.objects.create(
        kingdom=kingdom, army=army, kind=engine_kind.value, built_turn=turn.number
    )
    chronicle_record(
        turn,
        "SiegeEngineBuilt",
        {
            "engine_id": engine.pk,
            "kind": engine.kind,
            "army_id": army.pk,
            "crowns": ruleset.siege_engine_crowns,
        },
        rule="NR-SIEGE-4 NR-SIEGE-5 NR-SIEGE-8 E-37",
        kingdom_ids=[kingdom.pk],
    )
    return engine


@transaction.atomic
def siege_convoy_form(*, army: Army, by: User, engine_ids: list[int]) -> Army:
    """NR-SIEGE-11: ``army`` sends ``engine_ids`` (``convoy_engines`` or more of those it
    carries) off as a convoy, a new army of ``convoy_escort_points`` taken from its points
    and allocation, on its hex, while the turn takes orders
    (rules.modules.siege_trains.convoy). The convoy then takes orders as any army does."""
    kingdom = army.kingdom
    campaign = kingdom.campaign
    if not Membership.objects.filter(campaign=campaign, user=by, kingdom=kingdom).exists():
        raise Refused(_("You cannot send off another kingdom's engines."), status=403)
    turn = turn_locked(
        campaign_id=campaign.pk,
        states=(Turn.State.OPEN,),
        refusal=_("Convoys are sent off while the turn takes orders."),
    )
    army = Army.objects.select_for_update().get(pk=army.pk)
    wanted = tuple(sorted(set(engine_ids)))
    problem = convoy_problem(_build_world(army, turn.number), army.pk, wanted)
    if problem:
        raise problem_refusal(problem)
    escort = campaign.ruleset.convoy_escort_points
    army.points -= escort
    army.allocation -= escort
    army.save(update_fields=["points", "allocation"])
    convoy = Army.objects.create(
        kingdom=kingdom,
        name=f"{army.name} convoy"[: Army._meta.get_field("name").max_length],
        points=escort,
        allocation=escort,
        position_id=army.position_id,
        race=army.race,
    )
    SiegeEngine.objects.filter(pk__in=wanted).update(army=convoy)
    chronicle_record(
        turn,
        "SiegeConvoyFormed",
        {"army_id": army.pk, "convoy_id": convoy.pk, "engine_ids": list(wanted), "points": escort},
        rule="NR-SIEGE-11 NR-SIEGE-1",
        kingdom_ids=[kingdom.pk],
    )
    return convoy
