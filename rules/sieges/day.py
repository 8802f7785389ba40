"""One siege day (SG-DAY-1, ``siege_day``) and what it is made of, save the event roll
(rules.sieges.event_roll), the engines (rules.sieges.engines) and the battles
(rules.sieges.siege_battles): the initiative and the action chosen (SG-INIT), the actions
that are not battles (the supply sortie, the negotiation), the food eaten and the
surrender checks (SG-PROV, SG-SURR-1); and the day a tabletop battle stopped, which the
next turn resumes (E-24).
"""

from __future__ import annotations

from rules import modules
from rules.sieges.engines import bombard, camp_engines_built
from rules.sieges.event_roll import siege_event
from rules.sieges.events import SiegeDay
from rules.sieges.run import SiegeRun
from rules.sieges.siege_battles import FIGHTS
from rules.sieges.state import (
    BesiegerAction,
    GarrisonAction,
    SiegeBattleKind,
    SiegePlan,
    SiegeState,
    SiegeStatus,
    at_the_table,
)
from rules.sieges.strength import besieger_points, blockade, garrison_points
from rules.sieges.tables import SiegeEvent

BESIEGER, GARRISON = "besieger", "garrison"


def siege_day(run: SiegeRun) -> None:
    """SG-DAY-1: the camp's engines (SG-BUILD-1), the event (SG-EVENT), the initiative
    (SG-INIT), the action (SG-ACT), the bombardment (SG-BOMB), the provisions eaten and
    the surrender checks (SG-PROV, SG-SURR-1); the day's log is a SiegeDay event."""
    run.what, run.rolls = [], []
    day = run.siege.day + 1
    index = _days_played(run)
    run.update(day=day)
    camp_engines_built(run, day)
    event, total = siege_event(run, day)
    holder, action, battle_key = None, "", None
    if run.siege.ongoing:
        holder = initiative(run, day, event)
        side, action = chosen_action(run.siege, holder, index, event)
        kind = BATTLE_ACTIONS.get((side, action))
        if kind is not None and at_the_table(run.siege, kind):
            _stop_for_the_table(run, kind, day)
        else:
            battle_key = perform(run, side, action, day)
    _day_end(run, day, event, total, holder, action, battle_key)


def resume_day(run: SiegeRun) -> None:
    """E-24: the day a tabletop battle stopped, the first of this turn's days: its
    battle, announced at Provisional Results (``run.announced``), is fought from its
    confirmed report, or abstract with the strategies on file; then the day ends as
    any other (bombardment, provisions)."""
    run.what, run.rolls, run.resumed = [], [], True
    kind, day = run.siege.pending_kind, run.siege.pending_day
    run.update(pending_kind=None, pending_day=0)
    run.what.append(f"day {day} goes on: the {kind.value.replace('_', ' ')} is fought (E-24)")
    battle_key = FIGHTS[kind](run, day)
    holder = BESIEGER if kind is SiegeBattleKind.ASSAULT else GARRISON
    _day_end(run, day, None, None, holder, kind.value, battle_key)


def _stop_for_the_table(run: SiegeRun, kind: SiegeBattleKind, day: int) -> None:
    """E-24: both sides chose to play the siege's battles on the tabletop; the siege
    stops on this day until the battle is played (announced at the next Provisional
    Results, its report read at the next Final Results)."""
    run.update(pending_kind=kind, pending_day=day)
    run.what.append(
        f"the {kind.value.replace('_', ' ')} will be fought on the tabletop: the siege "
        f"stands still on day {day} until it is played (E-24)"
    )


def _day_end(run: SiegeRun, day: int, event, total, holder, action: str, battle_key) -> None:
    """The rest of SG-DAY-1 once the action is done: the bombardment (none on an assault
    or a general sortie day), the provisions eaten and the surrender checks; nothing of
    it on a day stopped for the tabletop. The day's log is a SiegeDay event."""
    bombardment = None
    going = run.siege.ongoing and run.siege.pending_kind is None
    if going and action not in (BesiegerAction.ASSAULT, GarrisonAction.GENERAL_SORTIE):
        bombardment = bombard(run, day)
    if going:
        eat(run, day)
    run.update(gate_open=False)
    run.events.append(
        SiegeDay(
            rule="SG-DAY-1",
            rolls=tuple(run.rolls),
            siege_key=run.siege.key,
            hex=run.siege.hex,
            besieger_kingdom_id=run.siege.besieger_kingdom_id,
            garrison_kingdom_id=run.siege.garrison_kingdom_id,
            day=day,
            event=event.value if event else None,
            event_total=total,
            initiative=holder,
            action=action,
            result=run.what[-1] if run.what else "",
            bombardment=str(bombardment) if bombardment is not None else None,
            wall_damage=run.siege.wall_damage,
            wall_stages=run.siege.wall_stages,
            engines=run.siege.camp_engines + len([e for e in run.train() if e.kind.breaches]),
            battle_key=battle_key,
            what=tuple(run.what),
        )
    )


def _days_played(run: SiegeRun) -> int:
    """Days of this turn already played before the current one (the plan's index); the
    day a tabletop battle stopped is not one of the plan's (its action was fixed)."""
    return sum(1 for e in run.events if isinstance(e, SiegeDay)) - run.resumed


def initiative(run: SiegeRun, day: int, event: SiegeEvent | None) -> str:
    """SG-INIT-1: a d10 each, the besieger +4, ties to the besieger, event 18's −2 on the
    garrison; event 13 gives it to the besieger, event 19 to the garrison, outright."""
    if event is SiegeEvent.GATE:
        return BESIEGER
    if event is SiegeEvent.RELIEF:
        return GARRISON
    rs = run.world.ruleset
    besieger = run.roll(10, f"SG-INIT-1 initiative, besieger, day {day}")
    garrison = run.roll(10, f"SG-INIT-1 initiative, garrison, day {day}")
    besieger += rs.siege_initiative_bonus
    garrison -= run.siege.garrison_initiative_malus
    return BESIEGER if besieger >= garrison else GARRISON


def _planned(plan: SiegePlan, index: int, kind, default):
    action = plan.actions[index] if index < len(plan.actions) else ""
    return kind(action) if action in {a.value for a in kind} else default


def chosen_action(
    siege: SiegeState, holder: str, index: int, event: SiegeEvent | None = None
) -> tuple[str, str]:
    """SG-INIT-2/3/4: the action the side with the initiative planned for this day of
    the turn (``index``, 0 first); a garrison that passes, or has made its one general
    sortie (SG-GSORT-1), hands it to the besieger. Event 13: the besieger assaults."""
    if event is SiegeEvent.GATE:
        return BESIEGER, BesiegerAction.ASSAULT.value
    if holder == GARRISON:
        action = _planned(siege.garrison_plan, index, GarrisonAction, GarrisonAction.PASS)
        if action is GarrisonAction.GENERAL_SORTIE and siege.general_sortie_used:
            action = GarrisonAction.PASS
        if action is not GarrisonAction.PASS:
            return GARRISON, action.value
    return BESIEGER, _planned(siege.besieger_plan, index, BesiegerAction, BesiegerAction.WAIT).value


BATTLE_ACTIONS = {
    (BESIEGER, BesiegerAction.ASSAULT.value): SiegeBattleKind.ASSAULT,
    (GARRISON, GarrisonAction.SORTIE.value): SiegeBattleKind.SORTIE,
    (GARRISON, GarrisonAction.GENERAL_SORTIE.value): SiegeBattleKind.GENERAL_SORTIE,
}
"""SG-ACT: the day's actions that are battles (docs/design/sieges.md, "Siege battles")."""


def perform(run: SiegeRun, side: str, action: str, day: int) -> int | None:
    """SG-ACT: the day's action; the key of its battle, if it is one."""
    kind = BATTLE_ACTIONS.get((side, action))
    if kind is not None:
        return FIGHTS[kind](run, day)
    if side == BESIEGER and action == BesiegerAction.NEGOTIATE:
        negotiate(run, day)
    elif side == GARRISON and action == GarrisonAction.SUPPLY:
        supply_sortie(run, day)
    else:
        run.what.append(
            "the besiegers keep up the blockade" if side == BESIEGER else "the garrison waits"
        )
    return None


def supply_sortie(run: SiegeRun, day: int) -> None:
    """SG-SUP at the campaign's scale (no battle: the patrol table is lost, SG-GAP-6):
    1d6 pack animals, of which the blockade lets a share through, each a day of food
    (SG-PROV-5)."""
    rs = run.world.ruleset
    animals = run.roll(rs.siege_supply_sides, f"SG-SUP-2 pack animals, day {day}")
    quality, _ = blockade(run.world, run.siege, run.points)
    share = {
        "good": rs.siege_supply_good_percent,
        "average": rs.siege_supply_average_percent,
        "poor": rs.siege_supply_poor_percent,
    }[quality]
    through = animals * share // 100
    run.provisions_change(through, f"supply sortie, day {day} (SG-SUP)")
    run.what.append(f"a supply sortie: {through} of {animals} pack animals get through (SG-SUP)")


def negotiate(run: SiegeRun, day: int) -> None:
    """SG-SURR-2/3: d10 + the best bonus of each factor (numbers, progress, rations);
    12 or more and the place surrenders."""
    rs, siege = run.world.ruleset, run.siege
    roll = run.roll(10, f"SG-SURR-2 negotiation, day {day}")
    besiegers = besieger_points(siege, run.points) + siege.besieger_levies
    garrison = garrison_points(siege, run.points) + siege.garrison_levies
    numbers = 0
    if besiegers >= 3 * garrison:
        numbers = rs.siege_negotiation_triple
    elif besiegers >= 2 * garrison:
        numbers = rs.siege_negotiation_double
    progress = 0
    if siege.breached:
        progress = rs.siege_negotiation_breached
    elif siege.wall_damage:
        progress = rs.siege_negotiation_damaged
    hungry = siege.provisions <= rs.siege_negotiation_hungry_days
    rations = rs.siege_negotiation_hungry if hungry else 0
    total = roll + numbers + progress + rations
    if total >= rs.siege_negotiation_target:
        run.end(SiegeStatus.SURRENDERED, f"the garrison accepts terms on {total} (SG-SURR-2)")
    else:
        run.what.append(f"the garrison refuses terms on {total} (SG-SURR-2)")


def eat(run: SiegeRun, day: int) -> None:
    """SG-PROV, SG-SURR-1: a day of food eaten; the place surrenders when there is none
    left, when every commander of the garrison has fallen, or on event 7's day; the
    siege is lifted if the besiegers' armies fall below an army's smallest size (E-14)."""
    if not modules.fasting(run.world, run.siege):  # e.g. an Undead garrison (NR-ARMY-UD)
        run.provisions_change(-1, f"day {day}")
    siege = run.siege
    rs = run.world.ruleset
    if siege.provisions <= 0:
        run.end(SiegeStatus.SURRENDERED, "starvation: no food is left (SG-SURR-1)")
    elif run.commanders and run.commanders <= run.fallen:
        run.end(SiegeStatus.SURRENDERED, "every commander of the garrison has fallen (SG-SURR-1)")
    elif siege.surrender_on_day is not None and day >= siege.surrender_on_day:
        run.end(SiegeStatus.SURRENDERED, "no relief came: the garrison keeps its word (7)")
    elif garrison_points(siege, run.points) + siege.garrison_levies <= 0:
        run.end(SiegeStatus.SURRENDERED, "no garrison is left (SG-SURR-1)")
    elif besieger_points(siege, run.points) < rs.minimum_army_points:
        run.end(SiegeStatus.LIFTED, "the besiegers are too few to hold the lines (E-14)")
