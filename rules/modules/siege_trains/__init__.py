"""Optional module: siege trains (new-rules.md §9, NR-SIEGE; E-37's list).

Engines are army assets (``World.siege_engines``, each with the army it travels with):
Giant Stone Throwers and Great Cannons bombard in a siege (+1 each on the breaching
roll, NR-SIEGE-15; rules.sieges.engines) and cancel a point of the fortification bonus
in E-37's one-turn assault; Giant Rams and Siege Towers give +1 each to the attacker of
an assault (E-37's d6 reading of NR-SIEGE-16's +2). Each engine's 250 points count in
Table 23's ratio in an assault (NR-SIEGE-2; rules.sieges.battle.siege_ratio, with the
siege's own levies), never in the field. After a battle (not a siege's:
rules.sieges.siege_battles handles those), a beaten army's engines are captured by the
winning kingdom (NR-SIEGE-3/17, E-37: no supply condition), or destroyed by a neutral
winner; Hold beating Assault in an assault on a fortified hex destroys one of the
attacker's (NR-SIEGE-18, E-36). Building them is a winter-turn service
(battles.sieges.services.siege_engine_build, NR-SIEGE-4/5), paid in crowns from the
kingdom's crown ledger (E-30, rules.kingdoms.crowns). Three engines or more may leave
their army as a convoy, an army of its own (NR-SIEGE-11, .convoy).
"""

from __future__ import annotations

from rules.core.events import BattleFought, BattleWon, Event
from rules.core.state import BattleState, Role, Strategy, World
from rules.modules import Module, register
from rules.sieges.battle import assault_engines, breaching_engines, engines_with, one_turn_assault
from rules.sieges.events import EngineCaptured, EngineDestroyed

OPTION = "siege_trains"


def after_battle(world: World, battle: BattleState, events: list[Event]) -> list[Event]:
    """NR-SIEGE-18, NR-SIEGE-3/17 after a battle of the turn (see the module's docstring)."""
    won = next((e for e in events if isinstance(e, BattleWon)), None)
    fought = next((e for e in events if isinstance(e, BattleFought)), None)
    if won is None or battle.defender is None:
        return []
    more: list[Event] = []
    gone: set[int] = set()
    attackers = engines_with(world, battle.attacker.army_ids)
    if (
        fought is not None
        and one_turn_assault(world, battle)
        and fought.defender_strategy is Strategy.HOLD
        and fought.attacker_strategy is Strategy.ASSAULT
        and attackers
    ):
        first = attackers[0]
        gone.add(first.id)
        more.append(
            EngineDestroyed(
                rule="NR-SIEGE-18 E-36",
                engine_id=first.id,
                kind=first.kind.value,
                kingdom_id=first.kingdom_id,
                why="Hold beat Assault",
            )
        )
    if won.winner is None or fought is None:
        return more
    loser = battle.defender if won.winner is Role.ATTACKER else battle.attacker
    winner = battle.attacker if won.winner is Role.ATTACKER else battle.defender
    army = winner.army_ids[0] if winner.army_ids else None
    carried = len([e for e in world.siege_engines if army is not None and e.army_id == army])
    for engine in engines_with(world, loser.army_ids):
        if engine.id in gone:
            continue
        if (
            winner.kingdom_id is None
            or army is None
            or (carried >= world.ruleset.siege_engines_per_army)
        ):
            more.append(
                EngineDestroyed(
                    rule="NR-SIEGE-3 NR-SIEGE-8",
                    engine_id=engine.id,
                    kind=engine.kind.value,
                    kingdom_id=engine.kingdom_id,
                    why="left to the victors",
                )
            )
            continue
        carried += 1
        more.append(
            EngineCaptured(
                rule="NR-SIEGE-3 NR-SIEGE-17 E-37",
                engine_id=engine.id,
                kind=engine.kind.value,
                kingdom_id=winner.kingdom_id,
                army_id=army,
                previous_kingdom_id=engine.kingdom_id,
            )
        )
    return more


MODULE = register(
    Module(
        option=OPTION,
        after_battle=after_battle,
        crowns=True,  # NR-SIEGE-4: an engine costs crowns (E-30, rules.kingdoms.crowns)
        table_23=(
            (
                "Giant Rams and Siege Towers {siege_assault_engine_bonus:+d} each (assault)",
                "E-37 NR-SIEGE-16",
                assault_engines,
            ),
            (
                "Stone Throwers and Great Cannons −{siege_breach_cancel} each off the "
                "fortification bonus (one-turn assault)",
                "E-37 NR-SIEGE-15",
                breaching_engines,
            ),
        ),
    )
)
