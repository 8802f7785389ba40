"""The besiegers' engines in a siege: the camp's mangonels (SG-BUILD-1) and the siege
train's engines (NR-SIEGE, module on); their daily bombardment of the walls (SG-BOMB),
and their loss: destroyed by a sortie or a saboteur (SG-SORT-6, SG-EVENT-2), captured or
destroyed when the besiegers lose a siege battle (NR-SIEGE-3/17/18).
"""

from __future__ import annotations

from rules.core.events import BattleFought
from rules.core.ruleset import table
from rules.core.state import BattleState, Role, Strategy
from rules.sieges.events import EngineCaptured, EngineDestroyed
from rules.sieges.run import SiegeRun
from rules.sieges.state import Place, SiegeBattleKind, SiegeEngineState
from rules.sieges.strength import besieger_points
from rules.sieges.tables import band_of, bombard_key


def camp_engines_built(run: SiegeRun, day: int) -> None:
    """SG-BUILD-1 at the campaign's scale: on ``camp_ready_day`` the camp has built one
    mangonel per ``siege_camp_engine_points`` of besiegers' points (at least one)."""
    siege = run.siege
    if siege.camp_engines or day < siege.camp_ready_day:
        return
    per = run.world.ruleset.siege_camp_engine_points
    built = max(1, besieger_points(siege, run.points) // per)
    run.update(camp_engines=built)
    run.what.append(f"the camp built {built} mangonel{'s' if built > 1 else ''} (SG-BUILD-1)")


def engines_lost(
    run: SiegeRun, battle: BattleState, winner: Role, fought: BattleFought, kind: SiegeBattleKind
) -> None:
    """NR-SIEGE-18 (E-36): the garrison's Hold beating the besiegers' Assault destroys one
    engine; NR-SIEGE-3/17 (E-37): the rest go to the winning kingdom, with its first army
    while it has room (NR-SIEGE-8), else destroyed; a neutral winner destroys them."""
    engines = run.train()
    if not engines:
        return
    rs = run.world.ruleset
    if (
        kind is SiegeBattleKind.ASSAULT
        and fought.defender_strategy is Strategy.HOLD
        and fought.attacker_strategy is Strategy.ASSAULT
    ):
        first, engines = engines[0], engines[1:]
        run.gone.add(first.id)
        run.events.append(_destroyed(first, "NR-SIEGE-18 E-36", "Hold beat Assault"))
    side = battle.attacker if winner is Role.ATTACKER else battle.defender
    army = side.army_ids[0] if side.army_ids else None
    carried = len([e for e in run.world.siege_engines if army and e.army_id == army])
    for engine in engines:
        run.gone.add(engine.id)
        if side.kingdom_id is None or army is None or carried >= rs.siege_engines_per_army:
            run.events.append(_destroyed(engine, "NR-SIEGE-3 NR-SIEGE-8", "left to the victors"))
            continue
        carried += 1
        run.events.append(
            EngineCaptured(
                rule="NR-SIEGE-3 NR-SIEGE-17 E-37",
                engine_id=engine.id,
                kind=engine.kind.value,
                kingdom_id=side.kingdom_id,
                army_id=army,
                previous_kingdom_id=engine.kingdom_id,
            )
        )
    run.what.append("the besiegers' engines are lost (NR-SIEGE-3)")


def _destroyed(engine: SiegeEngineState, rule: str, why: str) -> EngineDestroyed:
    return EngineDestroyed(
        rule=rule,
        engine_id=engine.id,
        kind=engine.kind.value,
        kingdom_id=engine.kingdom_id,
        why=why,
    )


def destroy_engines(run: SiegeRun, count: int, why: str, day: int) -> None:
    """SG-EVENT-2 (16), SG-SORT-6: ``count`` engines destroyed, the camp's mangonels
    first, then the train's (NR-SIEGE) in id order; a camp left with none rebuilds in
    ``siege_build_days`` (SG-BUILD-1)."""
    siege = run.siege
    camp = min(count, siege.camp_engines)
    if camp:
        run.update(camp_engines=siege.camp_engines - camp)
        if run.siege.camp_engines == 0:
            run.update(camp_ready_day=day + run.world.ruleset.siege_build_days)
    for engine in run.train()[: count - camp]:
        run.gone.add(engine.id)
        run.events.append(_destroyed(engine, "SG-SORT-6 SG-EVENT-2", why))
    run.what.append(f"{why}: {count} engine{'s' if count != 1 else ''} destroyed")


def bombard(run: SiegeRun, day: int):
    """SG-BOMB (SG-DAILY): the camp's mangonels and the train's Stone Throwers and Great
    Cannons add their points and roll one d10 on T-1's column (the wall's class, SG-BOMB-1),
    +1 for each of those engines (NR-SIEGE-15), −1 against a great fortress (SG-BOMB-5),
    read 1–10. D: one stage of damage (at most one a day, SG-BOMB-4); C: the engines are
    out while repaired (SG-REPAIR-1). None when nothing bombards."""
    rs, siege = run.world.ruleset, run.siege
    if siege.breached:
        return None
    if siege.engines_out_until >= day:
        run.what.append("the engines are out (SG-REPAIR-1, SG-SORT-8)")
        return None
    breaching = [e for e in run.train() if e.kind.breaches]
    points = siege.camp_engines * rs.siege_camp_engine_bombard
    points += len(breaching) * rs.siege_engine_bombard
    band = band_of(points)
    if band is None:
        return None
    roll = run.roll(10, f"SG-BOMB-2 bombardment ({points} points), day {day}")
    modified = roll + len(breaching) * rs.siege_breach_die_bonus
    if siege.place is Place.GREAT_FORTRESS:
        modified -= rs.siege_great_fortress_bombard_malus
    wall = "s" if siege.place is Place.CITY else "p"
    result = table(rs, bombard_key(wall, band)).lookup(max(1, min(10, modified)))
    if result.damage:
        run.update(wall_damage=min(siege.wall_stages, siege.wall_damage + 1))
    if result.engine_hits:
        run.update(engines_out_until=day + rs.siege_repair_days)
    run.what.append(f"bombardment with {points} points: {result} (SG-BOMB)")
    return result
