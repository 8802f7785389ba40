"""The day's roll on the siege events table (SG-EVENT-1) and the effect of the event it
draws at the campaign's scale (SG-EVENT-2, docs/design/sieges.md). Not to be confused
with rules.sieges.events, the typed events the siege engine returns.
"""

from __future__ import annotations

from rules.core.ruleset import table
from rules.core.tables import points_lost
from rules.sieges.engines import destroy_engines
from rules.sieges.events import SiegeLosses
from rules.sieges.run import SiegeRun
from rules.sieges.state import SiegeStatus
from rules.sieges.strength import blockade
from rules.sieges.tables import SiegeEvent

FOR_GOOD = 10**6  # event 17's "killed": out for the rest of the siege


def siege_event(run: SiegeRun, day: int) -> tuple[SiegeEvent | None, int]:
    """SG-EVENT-1/2: 2d10, +5 in the siege's first days, + the blockade's modifier
    (SG-BLOCK-1); above 20 counts as 20; an event drawn before means nothing happens.
    Its effect follows (``event_effect``)."""
    rs = run.world.ruleset
    first = run.roll(10, f"SG-EVENT-1 events 2d10 (first die), day {day}")
    second = run.roll(10, f"SG-EVENT-1 events 2d10 (second die), day {day}")
    early = rs.siege_event_early_bonus if day <= rs.siege_event_early_days else 0
    _, modifier = blockade(run.world, run.siege, run.points)
    total = min(20, first + second + early + modifier)
    event = table(rs, "siege-events").lookup(total)
    if event is SiegeEvent.NOTHING:
        return None, total
    if event.value in run.siege.events_drawn:
        run.what.append(f"event {total} ({event.value}) again: nothing happens (SG-EVENT-1)")
        return None, total
    run.update(events_drawn=(*run.siege.events_drawn, event.value))
    event_effect(run, event, day)
    return event, total


def event_effect(run: SiegeRun, event: SiegeEvent, day: int) -> None:
    """SG-EVENT-2 at the campaign's scale (docs/design/sieges.md)."""
    rs, siege = run.world.ruleset, run.siege
    levy = rs.siege_levy_points
    if event is SiegeEvent.LIFTED:
        run.end(SiegeStatus.BROKEN, "a messenger orders the besiegers away (SG-EVENT-2 20)")
    elif event is SiegeEvent.RELIEF:
        run.update(garrison_levies=siege.garrison_levies + levy, surrender_on_day=None)
        run.what.append(f"a relief force in sight: the garrison gains {levy} points (19)")
    elif event is SiegeEvent.HOSTAGE:
        run.update(garrison_initiative_malus=rs.siege_hostage_malus)
        run.what.append(f"the castellan's son is taken: −{rs.siege_hostage_malus} (18)")
    elif event is SiegeEvent.ASSASSIN:
        roll = run.roll(10, f"SG-EVENT-2 17 the assassin, day {day}")
        if roll >= rs.siege_assassin_slays_on:
            run.update(commander_out_until=FOR_GOOD)
            run.what.append("an assassin strikes the besieging General down (17)")
        elif roll >= rs.siege_assassin_wounds_on:
            run.update(commander_out_until=run.world.turn)
            run.what.append("an assassin wounds the besieging General for this turn (17)")
        else:
            run.what.append("an assassin fails (17)")
    elif event is SiegeEvent.SABOTAGE:
        roll = run.roll(10, f"SG-EVENT-2 16 the saboteur, day {day}")
        if roll >= rs.siege_sabotage_on:
            destroy_engines(run, 1, "sabotage (SG-EVENT-2 16)", day)
        else:
            run.what.append("a saboteur fails (16)")
    elif event is SiegeEvent.DYSENTERY:
        roll = run.roll(10, f"SG-EVENT-2 15 dysentery, day {day}")
        _sickness(run, siege.besieger_army_ids, roll * rs.siege_sickness_percent, "dysentery (15)")
    elif event is SiegeEvent.REFUGEES:
        roll = run.roll(10, f"SG-EVENT-2 14 refugees, day {day}")
        run.provisions_change(-(roll // rs.siege_refugees_per_day), f"{roll} refugees (14)")
        run.what.append(f"{roll} refugees shelter in the place (14)")
    elif event is SiegeEvent.GATE:
        run.update(gate_open=True)
        run.what.append("a spy opens the gate (13)")
    elif event is SiegeEvent.THEFT:
        run.provisions_change(-rs.siege_stolen_days, "stolen (12)")
        run.what.append("provisions are stolen (12)")
    elif event is SiegeEvent.REINFORCEMENTS:
        run.update(besieger_levies=siege.besieger_levies + levy)
        run.what.append(f"reinforcements: the besiegers gain {levy} points (11)")
    elif event is SiegeEvent.ENGINEER:
        if not siege.camp_engines and rs.siege_build_days > 3:
            run.update(camp_ready_day=siege.camp_ready_day - 1)
        run.what.append("an engineer joins the besiegers (10, SG-BUILD-4)")
    elif event is SiegeEvent.POISON:
        roll = run.roll(10, f"SG-EVENT-2 8 the poisoned well, day {day}")
        _sickness(run, siege.garrison_army_ids, roll * rs.siege_sickness_percent, "poison (8)")
        if not siege.garrison_army_ids:
            lost = points_lost(rs, siege.garrison_points, roll * rs.siege_sickness_percent)
            run.update(garrison_points=siege.garrison_points - lost)
    elif event is SiegeEvent.PROMISE:
        run.update(surrender_on_day=day + rs.siege_surrender_deadline)
        run.what.append(
            f"the garrison promises to surrender on day {day + rs.siege_surrender_deadline}"
            " unless relieved (7)"
        )
    elif event is SiegeEvent.QUARRELS:
        roll = run.roll(10, f"SG-EVENT-2 5 quarrels, day {day}")
        percent = (roll * 10 // 2) // 10 * 10
        _sickness(run, siege.besieger_army_ids, percent, "quarrels in the council (5)")
    else:  # traitor (9), the commander unwell (6): nothing at the campaign's scale
        run.what.append(f"{event.value}: no effect at the campaign's scale")


def _sickness(run: SiegeRun, army_ids: tuple[int, ...], percent: int, why: str) -> None:
    """Events 15, 8 and 5: each army loses ``percent`` of its points (§5.7's rounding)."""
    rs = run.world.ruleset
    for army_id in army_ids:
        lost = points_lost(rs, run.points[army_id], percent)
        run.points[army_id] -= lost
        run.events.append(
            SiegeLosses(
                rule="SG-EVENT-2",
                siege_key=run.siege.key,
                army_id=army_id,
                kingdom_id=run.world.armies[army_id].kingdom_id,
                points_lost=lost,
                points_left=run.points[army_id],
                why=why,
            )
        )
    run.what.append(f"{why}: {percent}% of the points lost")
