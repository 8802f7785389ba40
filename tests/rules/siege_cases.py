"""The scenario runner's sieges (E-37, docs/design/sieges.md): the ``sieges`` and
``siege_engines`` a case starts with, and its ``expect: sieges`` (tests/rules/scenario_runner.py
documents the keys)."""

from __future__ import annotations

from rules.core.events import Event
from rules.core.state import DefenderKind, Strategy
from rules.sieges.events import SiegeBegan, SiegeProvisions, SiegeRecorded
from rules.sieges.investment import siege_from_began
from rules.sieges.state import (
    EngineKind,
    Place,
    SiegeBattleKind,
    SiegeEngineState,
    SiegePlan,
    SiegeState,
    SiegeStatus,
    state_dict,
)

RENAMED = {
    "besieger": "besieger_kingdom_id",
    "besieger_armies": "besieger_army_ids",
    "garrison": "garrison_kingdom_id",
    "garrison_neutral_kingdom": "garrison_neutral_kingdom_id",
    "garrison_armies": "garrison_army_ids",
}


def _plan(raw: dict | None) -> SiegePlan:
    raw = raw or {}
    strategy = Strategy(raw["strategy"]) if raw.get("strategy") else None
    return SiegePlan(
        tuple(raw.get("actions", ())),
        strategy,
        bool(raw.get("lift", False)),
        bool(raw.get("tabletop", False)),  # E-24
    )


def _siege(key: int, raw: dict) -> SiegeState:
    fields = {RENAMED.get(k, k): v for k, v in raw.items() if k not in ("at", "id")}
    fields["hex"] = tuple(raw["at"])
    fields["place"] = Place(fields.get("place", "fortress"))
    fields["defender_kind"] = DefenderKind(fields.get("defender_kind", "patrol"))
    fields.setdefault("started_turn", 0)
    for name in ("besieger_army_ids", "garrison_army_ids", "events_drawn"):
        if name in fields:
            fields[name] = tuple(fields[name])
    if "origins" in fields:
        fields["origins"] = tuple((a, tuple(c)) for a, c in fields["origins"])
    if "status" in fields:
        fields["status"] = SiegeStatus(fields["status"])
    if fields.get("pending_kind"):  # E-24: a battle the siege stopped on
        fields["pending_kind"] = SiegeBattleKind(fields["pending_kind"])
    fields["besieger_plan"] = _plan(fields.get("besieger_plan"))
    fields["garrison_plan"] = _plan(fields.get("garrison_plan"))
    return SiegeState(key=raw.get("id", key), **fields)


def siege_world(data: dict) -> tuple[tuple[SiegeState, ...], tuple[SiegeEngineState, ...]]:
    sieges = tuple(_siege(n, raw) for n, raw in enumerate(data.get("sieges", []), start=1))
    engines = tuple(
        SiegeEngineState(
            e["id"],
            EngineKind(e["kind"]),
            e["kingdom"],
            e.get("army"),
            e.get("built_turn"),
            e.get("captured", False),
        )
        for e in data.get("siege_engines", [])
    )
    return sieges, engines


def sieges_after(events: list[Event]) -> dict[tuple[int, int], dict]:
    """Each siege's state after the turn, by hex: a new one as its SiegeBegan starts it,
    an ongoing one as its SiegeRecorded left it."""
    states: dict[tuple[int, int], dict] = {}
    hex_of: dict[int, tuple[int, int]] = {}
    for e in events:
        if isinstance(e, SiegeBegan):
            state = siege_from_began(e.battle_key, e, 0)
            states[tuple(e.hex)] = {**state_dict(state), "wall_stages": state.wall_stages}
        elif isinstance(e, SiegeProvisions):
            hex_of[e.siege_key] = tuple(e.hex)
        elif isinstance(e, SiegeRecorded):
            states[hex_of[e.siege_key]] = dict(e.state)
    return states


def assert_sieges(events: list[Event], expected: list[dict]) -> None:
    states = sieges_after(events)
    for want in expected:
        at = tuple(want["at"])
        assert at in states, f"no siege at {at} after the turn"
        for name, value in want.items():
            if name != "at":
                got = states[at].get(name)
                assert got == value, f"siege at {at} {name}: {got!r}, expected {value!r}"
