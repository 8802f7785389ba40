"""The scenario runner's tabletop battles (E-24, P-C5, P-C6): a case's ``tabletop``
entries as the battles' opt-in and confirmed reports (tests/rules/scenario_runner.py)."""

from __future__ import annotations

import dataclasses

from rules.battles.battle import characters
from rules.battles.postbattle import UnitLoss
from rules.battles.postbattle_tables import UnitFate
from rules.battles.tabletop import (
    RemovedCharacter,
    SideFacts,
    TabletopReport,
    normalized,
    report_problem,
)
from rules.core.state import BattleState, Role, World


def tabletop_battles(
    battles: list[BattleState], raw: list[dict], world: World
) -> list[BattleState]:
    """E-24: the battles played on the tabletop, each with its confirmed report (P-C6),
    which must pass rules.battles.tabletop.report_problem as the services would check it; an
    entry without a report was not reported by the deadline."""
    keys = {b.key for b in battles}
    assert {t["battle"] for t in raw} <= keys, "a tabletop entry for an undeclared battle"
    found = []
    for battle in battles:
        entry = next((t for t in raw if t["battle"] == battle.key), None)
        if entry is None:
            found.append(battle)
            continue
        report = None
        if "report" in entry:
            report = normalized(world.ruleset, report_of(entry["report"]))
            problem = report_problem(world.ruleset, side_facts(world, battle), report)
            assert problem is None, f"battle {battle.key}'s report: {problem}"
        found.append(dataclasses.replace(battle, tabletop=True, report=report))
    return found


def report_of(raw: dict) -> TabletopReport:
    winner = raw["winner"]
    return TabletopReport(
        winner=None if winner == "draw" else Role(winner),
        massacre=raw.get("massacre", False),
        vp_margin=raw.get("vp_margin"),
        units=tuple(
            UnitLoss(
                army_id=u["army"],
                unit=u["unit"],
                fate=UnitFate(u["fate"]),
                points=u["points"],
                table_roll=u.get("table_roll"),
            )
            for u in raw.get("units", [])
        ),
        removed=tuple(
            RemovedCharacter(r["character"], r.get("table_roll")) for r in raw.get("removed", [])
        ),
        kills=tuple((k["character"], k["count"]) for k in raw.get("kills", [])),
        neutral_losses=raw.get("neutral_losses", 0),
    )


def side_facts(world: World, battle: BattleState) -> list[SideFacts]:
    """What a report may name, from the world as the battle starts."""
    facts = []
    for role, side in ((Role.ATTACKER, battle.attacker), (Role.DEFENDER, battle.defender)):
        armies = {a: (world.armies[a].name, world.armies[a].points) for a in side.army_ids}
        people = {c.id: c.name for c in characters(world, side)}
        facts.append(SideFacts(role, side.points, armies, people, neutral=side.kingdom_id is None))
    return facts
