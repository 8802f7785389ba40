"""Writing back the pairing of battles (P-C3, P-C4, E-15): the covering patrols' events,
and one flush that runs right after the turn's battles are created (battles.writeback).

- P-C3, E-15: each follow-up battle of a contested hex points to the battle it follows
  (``Battle.after``) and says which outcome of that battle it needs (``if_won``).
- E-15: when two or more patrols of the defending kingdom cover an invaded hex, the
  defending side of each battle there lists them (``BattleSide.patrol_choices``), the
  default first, so that the owner may name another at Phase 4.

A constant number of statements, and none when no hex is contested or covered twice.
"""

from __future__ import annotations

from battles.models import Battle, BattleSide
from battles.writeback import TurnBattles
from campaign.core.bulk import rows_update
from campaign.pipeline.registry import Phase, register_appliers, register_state
from campaign.pipeline.writeback import Writer
from rules.core import events as ev
from rules.core.state import DefenderKind, Role


class Pairing:
    """The step's CoveringPatrols events, linked once the battles are made."""

    def __init__(self, writer: Writer):
        self.writer = writer
        self.covering: list[ev.CoveringPatrols] = []

    def flush(self) -> None:
        """Link the follow-ups and offer the covering patrols; the declared battles
        (battles.writeback.TurnBattles) are in the order they were numbered (seq 1, 2, …)."""
        declared = self.writer.state(TurnBattles).declared
        chained = any(d.after is not None for d in declared)
        if not (chained or self.covering):
            return
        turn = self.writer.turn
        battles = {b.seq: b for b in Battle.objects.filter(turn=turn).prefetch_related("sides")}
        linked = []
        for seq, battle_declared in enumerate(declared, start=1):
            if battle_declared.after is not None:
                battle = battles[seq]
                battle.after = battles[battle_declared.after]
                battle.if_won = battle_declared.if_won
                linked.append(battle)
        rows_update(Battle, ["after", "if_won"], linked)
        through = BattleSide.patrol_choices.through
        links = []
        for choice in self.covering:
            for seq, battle_declared in enumerate(declared, start=1):
                if (
                    battle_declared.defender_kind is DefenderKind.PATROL
                    and tuple(battle_declared.hex) == tuple(choice.hex)
                    and battle_declared.defender_kingdom_id == choice.kingdom_id
                ):
                    [side] = [s for s in battles[seq].sides.all() if s.role == Role.DEFENDER]
                    links += [through(battleside_id=side.pk, army_id=a) for a in choice.army_ids]
        through.objects.bulk_create(links)


def _covering(writer: Writer, event: ev.CoveringPatrols) -> None:
    writer.state(Pairing).covering.append(event)


def register() -> None:
    register_state(Pairing, {Phase.LINK: Pairing.flush})
    register_appliers({ev.CoveringPatrols: _covering})
