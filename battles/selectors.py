"""Reads of battles: participants see strength and their own choices; others the result."""

from __future__ import annotations

from django.db.models import Prefetch

from battles.models import Battle, BattleSide
from campaign.models import Turn
from rules.visibility import Viewer


def visible_battles(turn: Turn, viewer: Viewer) -> list[dict]:
    """Every battle of the turn as the viewer may see it (E-29).

    Everyone sees where a battle is, who fights it and its result. Each side's points and
    armies only go to the battle's participants (and the GM); a side's decision and
    strategy only to that side until the battle is resolved.
    """
    sides = BattleSide.objects.select_related("kingdom", "neutral_kingdom").prefetch_related(
        "armies"
    )
    battles = (
        Battle.objects.filter(turn=turn)
        .select_related("hex")
        .prefetch_related(Prefetch("sides", queryset=sides))
        .order_by("seq")
    )
    return [_battle_view(battle, viewer) for battle in battles]


def _battle_view(battle: Battle, viewer: Viewer) -> dict:
    sides = {side.role: side for side in battle.sides.all()}
    participants = {side.kingdom_id for side in sides.values()} - {None}
    # E-28: a combined assault's partner takes part through his armies on another's side
    participants |= {army.kingdom_id for side in sides.values() for army in side.armies.all()}
    insider = viewer.is_gm or viewer.kingdom_id in participants
    return {
        "id": battle.id,
        "seq": battle.seq,
        "hex": {"q": battle.hex.q, "r": battle.hex.r, "terrain": battle.hex.terrain},
        "defender_kind": battle.defender_kind,
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
        "strategy": side.strategy or None if own else None,
    }
    return view


def _side_name(side: BattleSide, viewer: Viewer) -> str:
    if side.kingdom is not None:
        return side.kingdom.name
    if side.neutral_kingdom is not None and (
        viewer.is_gm or side.neutral_kingdom_id in viewer.known_neutral_kingdoms
    ):
        return side.neutral_kingdom.name
    return "Neutral army"
