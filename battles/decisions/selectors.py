"""Reads of battles: participants see strength and their own choices; others the result."""

from __future__ import annotations

from django.db.models import Exists, OuterRef, Prefetch
from django.utils.translation import gettext as _

from battles.models import Battle, BattleSide
from battles.postbattle.narration import POST_BATTLE_KINDS
from battles.sieges.selectors import may_withdraw
from campaign.chronicle.narration import Names, narrate
from campaign.chronicle.selectors import chronicle_entry_view
from campaign.core.errors import Refused
from campaign.models import Membership, Turn, TurnEvent
from rules.core.state import DefenderKind, IfWon, Role, Ruleset
from rules.turn.visibility import Viewer, defender_kind_seen, entry_view


def visible_battles(turn: Turn, viewer: Viewer) -> list[dict]:
    """Every battle of the turn as the viewer may see it (E-29).

    Everyone sees where a battle is, who fights it and its result. Each side's points and
    armies only go to the battle's participants (and the GM); a side's decision and
    strategy only to that side until the battle is resolved.
    """
    # attacker first: without an order PostgreSQL hands back a side it updated last
    sides = (
        BattleSide.objects.select_related("kingdom", "neutral_kingdom")
        .prefetch_related("armies", "patrol_choices")
        .order_by("role")
    )
    battles = (
        Battle.objects.filter(turn=turn)
        .select_related("hex")
        .prefetch_related(Prefetch("sides", queryset=sides))
        .order_by("seq")
    )
    views = [_battle_view(battle, viewer) for battle in battles]
    _with_pairing(views, list(battles), viewer, turn)  # P-C3, E-15 (cached: no query)
    rolls = post_battle_rolls(turn, viewer)
    for view in views:
        view["post_battle"] = rolls.get(view["id"], [])
    return views


def post_battle_rolls(turn: Turn, viewer: Viewer) -> dict[int, list[dict]]:
    """§3 step 6c: each battle's post-battle step as the viewer may follow it,
    roll by roll (the fall, Table 15's XP, Tables 12–16 and 18–22), by battle id. The
    chronicle's audiences decide (rules.turn.visibility): a character's results go to his
    kingdom, a neutral General's to the GM, so an outsider of the battle sees none.
    One query for the turn."""
    rows = (
        TurnEvent.objects.filter(turn=turn, kind__in=POST_BATTLE_KINDS)
        .order_by("id")
        .values_list("kind", "rule", "payload", "public", "kingdom_ids", "secret_fields")
    )
    found: dict[int, list[dict]] = {}
    for kind, rule, payload, public, kingdom_ids, secret in rows:
        seen = entry_view(payload, public, kingdom_ids, secret, viewer)
        if seen is None or seen.get("battle_key") is None:
            continue
        found.setdefault(seen["battle_key"], []).append(
            {
                "kind": kind,
                "rule": rule,
                "text": narrate(chronicle_entry_view(kind, rule, seen), Names()),
                "rolls": [
                    {"purpose": r["purpose"], "sides": r["sides"], "result": r["result"]}
                    for r in seen.get("rolls") or ()
                ],
            }
        )
    return found


def _battle_view(battle: Battle, viewer: Viewer) -> dict:
    sides = {side.role: side for side in battle.sides.all()}
    participants = {side.kingdom_id for side in sides.values()} - {None}
    # E-28: a combined assault's partner takes part through his armies on another's side
    participants |= {army.kingdom_id for side in sides.values() for army in side.armies.all()}
    insider = viewer.is_gm or viewer.kingdom_id in participants
    defender = sides.get(Role.DEFENDER)
    neutral = defender.neutral_kingdom_id if defender is not None else None
    return {
        "id": battle.id,
        "seq": battle.seq,
        "hex": {"q": battle.hex.q, "r": battle.hex.r, "terrain": battle.hex.terrain},
        "defender_kind": defender_kind_seen(battle.defender_kind, neutral, viewer, insider),
        "mode": battle.mode,  # E-24: tabletop once every side opted in
        "needs_decisions": battle.needs_decisions,
        "resolved": battle.resolved,
        "result": battle.result,
        "winner": battle.winner,
        "mine": viewer.kingdom_id in participants,
        "sides": [_side_view(side, viewer, insider, battle.resolved) for side in sides.values()],
    }


def _side_view(side: BattleSide, viewer: Viewer, insider: bool, resolved: bool) -> dict:
    own = viewer.is_gm or (side.kingdom_id is not None and side.kingdom_id == viewer.kingdom_id)
    view = {
        "id": side.id,
        "role": side.role,
        "name": _side_name(side, viewer),
        "kingdom": side.kingdom_id,
        "own": own and not viewer.is_gm,
        "points": side.points if insider else None,
        "armies": [army.name for army in side.armies.all()] if insider else [],
        "decision": side.decision if (own or resolved) else None,
        "tabletop": side.tabletop if insider else None,  # E-24: the opt-in, to the sides
        "may_withdraw": own and may_withdraw(side),  # E-37 (battles.sieges.selectors)
        "strategy": side.strategy or None if own else None,
        "rank": side.rank if own else None,  # P-C4: the owner's secret, ever
        "patrol_choices": [  # E-15: the owner's patrols covering the hex, the default first
            {
                "id": army.id,
                "name": army.name,
                "points": army.points,
                "defending": any(a.id == army.id for a in side.armies.all()),
            }
            for army in side.patrol_choices.all()
        ]
        if own
        else [],
    }
    return view


def _side_name(side: BattleSide, viewer: Viewer) -> str:
    if side.kingdom is not None:
        return side.kingdom.name
    if side.neutral_kingdom is not None and (
        viewer.is_gm or side.neutral_kingdom_id in viewer.known_neutral_kingdoms
    ):
        return side.neutral_kingdom.name
    return _("Neutral army")


def _with_pairing(views: list[dict], battles: list[Battle], viewer: Viewer, turn: Turn) -> None:
    """P-C3, E-15: each view says which battle it follows and when it is fought ("if
    Alba wins battle 1"), public like the battle itself; once the turn is over, a
    follow-up whose condition did not come true is marked not fought."""
    by_id = {battle.id: battle for battle in battles}
    closed = turn.state == Turn.State.CLOSED
    for view, battle in zip(views, battles, strict=True):
        after = by_id.get(battle.after_id)
        view["after"] = after.seq if after else None
        view["if_won"] = battle.if_won or None
        view["condition"] = _condition(battle, after, viewer)
        view["not_fought"] = closed and not battle.resolved


def _condition(battle: Battle, after: Battle | None, viewer: Viewer) -> str:
    if after is None:
        return ""
    if battle.if_won == IfWon.NOBODY:
        return _("if nobody wins battle %(seq)s") % {"seq": after.seq}
    side = next((s for s in after.sides.all() if s.role == battle.if_won), None)
    name = (
        _side_name(side, viewer)
        if side is not None
        else _("the %(role)s") % {"role": battle.if_won}
    )
    return _("if %(name)s wins battle %(seq)s") % {"name": name, "seq": after.seq}


def patrol_orders(turn: Turn, viewer: Viewer) -> list[dict]:
    """P-C4: each patrol of the viewer's kingdom that several invasions hit this turn,
    with its battles in the order it fights them (its owner's order, then declaration
    order). Its owner's secret: a player sees his own patrols, the GM every one."""
    if viewer.kingdom_id is None and not viewer.is_gm:
        return []
    sides = (
        BattleSide.objects.filter(
            battle__turn=turn, role=Role.DEFENDER, battle__defender_kind=DefenderKind.PATROL
        )
        .select_related("battle__hex")
        .prefetch_related("armies")
        .order_by("battle__seq")
    )
    if not viewer.is_gm:
        sides = sides.filter(kingdom_id=viewer.kingdom_id)
    patrols: dict[int, dict] = {}
    for side in sides:
        for army in side.armies.all():
            patrol = patrols.setdefault(army.id, {"army": army.id, "name": army.name, "sides": []})
            patrol["sides"].append(side)
    orders = []
    for patrol in patrols.values():
        ordered = sorted(patrol["sides"], key=lambda s: (s.rank is None, s.rank, s.battle.seq))
        if len(ordered) < 2:
            continue
        battles = [
            {
                "id": s.battle_id,
                "seq": s.battle.seq,
                "hex": {"q": s.battle.hex.q, "r": s.battle.hex.r},
                "place": place,
            }
            for place, s in enumerate(ordered, start=1)
        ]
        orders.append({"army": patrol["army"], "name": patrol["name"], "battles": battles})
    return orders


def neutral_retreat_refusal(side: BattleSide, ruleset: Ruleset) -> Refused | None:
    """Why the GM may not retreat this neutral side, or None: Q6 with the
    ``neutrals_always_fight`` option on, and never a roaming force (App G, E-12)."""
    if ruleset.neutrals_always_fight:
        return Refused(_("Neutral defenders never retreat."), field="decision", rule="Q6")
    roaming = side.role == Role.ATTACKER or side.battle.defender_kind == DefenderKind.ROAMING
    if side.neutral_kingdom_id is None and roaming:
        return Refused(_("A roaming force never retreats."), field="decision", rule="E-12")
    return None


def sides_undecided(turn: Turn) -> list[BattleSide]:
    """A-2.4, E-24: the sides of the turn's battles whose fight-or-retreat answer is still
    to come; once there is none, Final Results need wait for nobody
    (campaign.turns.deadlines). A player's side has answered once he has sent his choice
    (its strategy with it, "none" meaning Hold, Q7). A neutral side waits for the GM only
    where he has a choice to make: a retreat he may order (Q6), a withdrawal behind the
    walls (E-37), or the tabletop its enemy asked for (E-24); its strategy is rolled. A
    siege's battles take their choices from the siege plans (E-37), and a battle against
    no defender needs none. A kingdom nobody plays answers nothing: it fights (Q7)."""
    played = Membership.objects.filter(kingdom=OuterRef("kingdom_id"))
    sides = (
        BattleSide.objects.filter(battle__turn=turn, battle__siege_battle__isnull=True)
        .annotate(played=Exists(played))
        .select_related("battle__hex")
        .prefetch_related("battle__sides")  # may_withdraw reads them
        .order_by("battle__seq", "role")
    )
    by_battle: dict[int, list[BattleSide]] = {}
    for side in sides:
        if side.battle.needs_decisions:
            by_battle.setdefault(side.battle_id, []).append(side)
    ruleset = turn.campaign.ruleset
    return [
        side
        for battle_sides in by_battle.values()
        for side in battle_sides
        if side.decided_by_id is None and _awaited(side, battle_sides, ruleset)
    ]


def _awaited(side: BattleSide, battle_sides: list[BattleSide], ruleset: Ruleset) -> bool:
    if side.kingdom_id is not None:
        return side.played
    enemy_asks_tabletop = any(s.tabletop for s in battle_sides if s.pk != side.pk)
    may_retreat = neutral_retreat_refusal(side, ruleset) is None
    return enemy_asks_tabletop or may_retreat or may_withdraw(side)
