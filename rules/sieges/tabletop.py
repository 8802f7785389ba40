"""Siege battles on the tabletop (E-24, E-37; docs/design/sieges.md, "Siege battles on
the tabletop").

A siege battle is fought on its siege day inside Final Results, so it cannot wait there
for a report. When both sides' plans opt in (``rules.sieges.state.at_the_table``), the
siege stops on that day instead (rules.sieges.day: ``pending_kind``/``pending_day``); the next
turn's Provisional Results announces the battle (``announce_siege_battles``), which then
goes through Phase 4 like any declared battle: the ticket, the terrain, the report and its
confirmation, the GM's settlement; and the next Final Results fights it on its day from
the confirmed report, or abstract with the strategies on file after the deadline.
"""

from __future__ import annotations

import dataclasses

from rules.core.state import BattleState, Side, World
from rules.sieges.events import SiegeBattleDeclared
from rules.sieges.siege_battles import battle_declared, siege_battle_state
from rules.sieges.state import ongoing


def announce_siege_battles(world: World) -> list[SiegeBattleDeclared]:
    """Provisional Results: the battle each ongoing siege stopped on, with the two sides
    as they stand now, to be played on the tabletop (E-24)."""
    points = {army_id: army.points for army_id, army in world.armies.items()}
    announced = []
    for siege in sorted(ongoing(world), key=lambda s: s.hex):
        if siege.pending_kind is None:
            continue
        battle = siege_battle_state(siege, siege.pending_kind, siege.pending_day, points)
        declared = battle_declared(siege, battle, siege.pending_kind, siege.pending_day, points)
        announced.append(dataclasses.replace(declared, rule="E-24 E-37", tabletop=True))
    return announced


def announced_state(key: int, e: SiegeBattleDeclared) -> BattleState:
    """The announced battle as Final Results reads it, keyed ``key``, with the Phase 4
    defaults (Fight, no strategy: the plan's, Q7) until the players answer."""
    return BattleState(
        key=key,
        hex=e.hex,
        defender_kind=e.defender_kind,
        attacker=Side(
            points=e.attacker_points,
            kingdom_id=e.attacker_kingdom_id,
            neutral_kingdom_id=e.attacker_neutral_kingdom_id,
            army_ids=e.attacker_army_ids,
        ),
        defender=Side(
            points=e.defender_points,
            kingdom_id=e.defender_kingdom_id,
            neutral_kingdom_id=e.defender_neutral_kingdom_id,
            army_ids=e.defender_army_ids,
        ),
        siege_key=e.siege_key,
    )
