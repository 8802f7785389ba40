"""Writing back the pairing of battles (P-C3, P-C4, E-15): the appliers ``Writer`` adds
to its own, and one flush that runs right after the battles are created.

- P-C3, E-15: each follow-up battle of a contested hex points to the battle it follows
  (``Battle.after``) and says which outcome of that battle it needs (``if_won``).
- E-15: when two or more patrols of the defending kingdom cover an invaded hex, the
  defending side of each battle there lists them (``BattleSide.patrol_choices``), the
  default first, so that the owner may name another at Phase 4.

A constant number of statements, and none when no hex is contested or covered twice.
"""

from __future__ import annotations

from collections.abc import Callable

from battles.models import Battle, BattleSide
from rules.core import events as ev
from rules.core.state import DefenderKind, Role


def pairing_appliers(writer) -> dict[type, Callable]:
    writer.covering = []
    return {ev.CoveringPatrols: writer.covering.append}


def pairing_flush(writer) -> None:
    """Link the follow-ups and offer the covering patrols; ``writer.declared`` holds the
    BattleDeclared events in the order their battles were numbered (seq 1, 2, …)."""
    chained = any(d.after is not None for d in writer.declared)
    if not (chained or writer.covering):
        return
    battles = {b.seq: b for b in Battle.objects.filter(turn=writer.turn).prefetch_related("sides")}
    linked = []
    for seq, declared in enumerate(writer.declared, start=1):
        if declared.after is not None:
            battle = battles[seq]
            battle.after, battle.if_won = battles[declared.after], declared.if_won
            linked.append(battle)
    Battle.objects.bulk_update(linked, ["after", "if_won"])
    through = BattleSide.patrol_choices.through
    links = []
    for choice in writer.covering:
        for seq, declared in enumerate(writer.declared, start=1):
            if (
                declared.defender_kind is DefenderKind.PATROL
                and tuple(declared.hex) == tuple(choice.hex)
                and declared.defender_kingdom_id == choice.kingdom_id
            ):
                [side] = [s for s in battles[seq].sides.all() if s.role == Role.DEFENDER]
                links += [through(battleside_id=side.pk, army_id=a) for a in choice.army_ids]
    through.objects.bulk_create(links)
