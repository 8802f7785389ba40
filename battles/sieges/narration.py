"""Chronicle sentences for sieges and siege trains (E-37, NR-SIEGE), registered in
campaign.chronicle.narration.NARRATORS. Payloads come through rules.turn.visibility, so a reader who
may not see a field (the garrison's provisions) finds it missing: say less then."""

from __future__ import annotations

from collections.abc import Callable

from campaign.chronicle.narration import register_narrators


def _at(p: dict) -> str:
    coord = p.get("hex") or ("?", "?")
    return f"({coord[0]}, {coord[1]})"


def _words(value) -> str:
    return str(value or "").replace("_", " ")


def _siege_began(p: dict, names) -> str:
    sentence = (
        f"The defenders of the {_words(p.get('place'))} at {_at(p)} withdrew behind its walls: "
        f"{names.kingdom(p.get('besieger_kingdom_id'))} lays siege to it"
    )
    if isinstance(p.get("provisions"), int):
        sentence += f"; the garrison has {p['provisions']} days of food"
    return sentence + "."


def _siege_day(p: dict, names) -> str:
    parts = [f"Siege of {_at(p)}, day {p.get('day', '?')}"]
    if p.get("event"):
        parts.append(f"event: {_words(p['event'])}")
    if p.get("initiative"):
        parts.append(f"the {p['initiative']} had the initiative ({_words(p.get('action'))})")
    what = "; ".join(p.get("what") or ())
    sentence = ", ".join(parts)
    return f"{sentence}: {what}." if what else f"{sentence}."


def _siege_provisions(p: dict, names) -> str:
    return f"The garrison of {_at(p)} has {p.get('provisions', '?')} days of food left."


def _siege_battle(p: dict, names) -> str:
    attacker = (
        names.kingdom(p.get("attacker_kingdom_id"))
        if p.get("attacker_kingdom_id")
        else ("the garrison")
    )
    if p.get("tabletop"):  # E-24: announced at Provisional Results
        return (
            f"Siege of {_at(p)}, day {p.get('day', '?')}: {attacker}'s "
            f"{_words(p.get('kind'))} is to be played on the tabletop."
        )
    return (
        f"Siege of {_at(p)}, day {p.get('day', '?')}: {attacker} fights a {_words(p.get('kind'))}."
    )


def _siege_battle_not_fought(p: dict, names) -> str:
    why = f": {p['why']}" if p.get("why") else ""
    return (
        f"Siege of {_at(p)}: the {_words(p.get('kind'))} announced for day {p.get('day', '?')} "
        f"is not fought{why}."
    )


def _siege_losses(p: dict, names) -> str:
    return (
        f"{names.army(p.get('army_id'))} lost {p.get('points_lost', '?')} points to "
        f"{p.get('why', 'the siege')}."
    )


_ENDINGS = {
    "taken": "was taken by storm",
    "surrendered": "surrendered",
    "broken": "was relieved: the siege is broken",
    "lifted": "is no longer besieged: the siege was lifted",
}


def _siege_ended(p: dict, names) -> str:
    why = f" ({p['why']})" if p.get("why") else ""
    return f"The place at {_at(p)} {_ENDINGS.get(p.get('status'), 'saw its siege end')}{why}."


def _siege_recorded(p: dict, names) -> str:
    state = p.get("state") or {}
    return f"The siege record was updated: day {state.get('day', '?')}, {state.get('status', '?')}."


def _engine_captured(p: dict, names) -> str:
    return f"A {_words(p.get('kind'))} was captured by {names.kingdom(p.get('kingdom_id'))}."


def _engine_destroyed(p: dict, names) -> str:
    return f"A {_words(p.get('kind'))} was destroyed ({p.get('why', '')})."


def _plan_set(p: dict, names) -> str:
    lift = ", and lifts the siege" if p.get("lift") else ""
    table = ", to play its battles on the tabletop" if p.get("tabletop") else ""
    return f"The {p.get('role', 'side')}'s plan for the siege of {_at(p)} is set{lift}{table}."


def _engine_built(p: dict, names) -> str:
    return f"{names.army(p.get('army_id'))} has a new {_words(p.get('kind'))} for its siege train."


SIEGE_NARRATORS: dict[str, Callable] = {
    "SiegeBegan": _siege_began,
    "SiegeDay": _siege_day,
    "SiegeProvisions": _siege_provisions,
    "SiegeBattleDeclared": _siege_battle,
    "SiegeBattleNotFought": _siege_battle_not_fought,
    "SiegeLosses": _siege_losses,
    "SiegeEnded": _siege_ended,
    "SiegeRecorded": _siege_recorded,
    "EngineCaptured": _engine_captured,
    "EngineDestroyed": _engine_destroyed,
    "SiegePlanSet": _plan_set,
    "SiegeEngineBuilt": _engine_built,
}


def register() -> None:
    register_narrators(SIEGE_NARRATORS)
