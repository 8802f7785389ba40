"""§12.3's timing schedule as data (rules.modules.Start, rules.modules.End): each module's
start-of-turn and end-of-turn hook declares its slot, the registry refuses one without,
and the hooks run in the schedule's order whatever order the modules registered in. The
turns it orders are scenario cases (tests/scenarios/modules/wildlands/schedule.yaml: the
undead horde before the pirates; tests/scenarios/modules/works/bridges.yaml, 31.A.1:
the winter income before the bridges stand)."""

from __future__ import annotations

import pytest

from rules import modules
from rules.core.dice import ForcedDice
from rules.core.events import Announcement
from rules.core.ruleset import ruleset_from_overrides
from rules.modules import End, Module, Start
from tests.rules.rules_builder import build

BOTH = ruleset_from_overrides({"options": {"wildlands": 1, "the_sea": 1}})


def _hook_index(slot: str, module_path: str) -> int:
    """Where the hook of ``module_path`` runs among the registry's timed hooks."""
    hook = "phase_one" if slot == "starts_at" else "end_of_turn"
    order = [getattr(m, hook).__module__ for m in modules.scheduled(modules.REGISTRY, slot)]
    return order.index(module_path)


@pytest.mark.parametrize(("hook", "slot"), [("phase_one", "starts_at"), ("end_of_turn", "ends_at")])
def test_a_timed_hook_without_its_slot_is_refused_by_name(hook, slot):
    """E-31, NR-NHORDE-4: a module whose start- or end-of-turn hook has no place in the
    schedule would run wherever its import put it, so it is not registered."""
    count = len(modules.REGISTRY)
    with pytest.raises(ValueError, match=f"module 'stray': {hook} and {slot} go together"):
        modules.register(Module(option="stray", **{hook: lambda *args: None}))
    with pytest.raises(ValueError, match=f"{hook} and {slot}"):
        modules.register(
            Module(option="stray", **{slot: min(Start if slot == "starts_at" else End)})
        )
    assert len(modules.REGISTRY) == count


def test_start_hooks_run_in_the_schedule_not_in_registry_order(monkeypatch):
    """NR-NHORDE-4: the undead hordes act before all players and before the pirates'
    ships (§12.3 step 1), though here the ships' module registered first."""
    ran = []

    def acting(name):
        def phase_one(world, orders, dice):
            ran.append(name)
            return world, orders, [Announcement(rule="NR-NHORDE-4", text=name)]

        return phase_one

    ships = Module(option="the_sea", phase_one=acting("ships"), starts_at=Start.SHIPS)
    hordes = Module(option="wildlands", phase_one=acting("hordes"), starts_at=Start.UNDEAD_HORDES)
    monkeypatch.setattr(modules, "REGISTRY", [ships, hordes])
    _, _, events = modules.phase_one(build("F. F.", ruleset=BOTH), [], ForcedDice([]))
    assert ran == ["hordes", "ships"]
    assert [e.text for e in events] == ["hordes", "ships"]


def test_end_hooks_run_only_in_the_slots_asked_for(monkeypatch):
    """E-31, §12.3 step 5: the engine runs the hooks before the income, then the income,
    then construction; a construction hook registered first still waits for its slot."""
    ran = []

    def ending(name):
        def end_of_turn(world, events, dice):
            ran.append(name)
            return []

        return end_of_turn

    monkeypatch.setattr(
        modules,
        "REGISTRY",
        [
            Module(option="wildlands", end_of_turn=ending("build"), ends_at=End.CONSTRUCTION),
            Module(option="the_sea", end_of_turn=ending("berth"), ends_at=End.PIRATE_RETURN),
            Module(option="wildlands", end_of_turn=ending("quake"), ends_at=End.VOLCANOES),
        ],
    )
    world = build("F. F.", ruleset=BOTH)
    modules.end_of_turn(world, [], ForcedDice([]), [s for s in End if s < End.INCOME])
    assert ran == ["quake", "berth"]
    modules.end_of_turn(world, [], ForcedDice([]), [s for s in End if s >= End.INCOME])
    assert ran == ["quake", "berth", "build"]


def test_the_registered_modules_follow_section_12_3():
    """NR-NHORDE-4, T-PIRATE-MOVE, E-31: the real modules' slots put the undead hordes,
    the ships, the Chaos hordes, the afflictions and the ships' status in §12.3's order
    at the turn's start, and quakes, eruptions, the season's losses, the pirates' berths,
    the temple banners, then construction at its winter phase."""
    starts = [
        "rules.modules.wildlands.undead_horde",
        "rules.modules.the_sea",
        "rules.modules.wildlands.roamers",
        "rules.modules.wildlands.burdens",
        "rules.modules.new_tiles",
    ]
    assert sorted(starts, key=lambda m: _hook_index("starts_at", m)) == starts
    ends = [
        "rules.modules.new_tiles",
        "rules.modules.wildlands.volcano",
        "rules.modules.wildlands.burdens",
        "rules.modules.the_sea",
        "rules.modules.wildlands.temples",
        "rules.modules.wildlands.mines",
        "rules.modules.works",
    ]
    assert sorted(ends, key=lambda m: _hook_index("ends_at", m)) == ends
