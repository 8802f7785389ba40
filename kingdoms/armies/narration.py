"""Sentences for army building's chronicle entries and the optional modules' (rules.kingdoms.armies,
kingdoms.armies.services, rules.modules), registered in campaign.chronicle.narration's
NARRATORS; an Announcement of a module carries its own ``text``.

``names`` is a campaign.chronicle.narration.Names (duck-typed here: kingdom(), army()).
"""

from __future__ import annotations

from collections.abc import Callable

from campaign.chronicle.narration import register_narrators


def _n(value) -> str:
    return f"{value:,}" if isinstance(value, int) else "some"


def _hex(p: dict) -> str:
    coord = p.get("hex")
    return f"hex ({coord[0]}, {coord[1]})" if coord and len(coord) == 2 else "a hex"


def _army_raised(p: dict, names) -> str:
    army = p.get("name") or names.army(p.get("army_id"))
    general = p.get("general", "a General")
    return (
        f"{names.kingdom(p.get('kingdom_id'))} raised {army} with "
        f"{_n(p.get('allocation'))} points of support, led by {general}."
    )


def _allocation_changed(p: dict, names) -> str:
    return (
        f"{names.army(p.get('army_id'))}'s allocation changed from {_n(p.get('before'))} "
        f"to {_n(p.get('allocation'))} points."
    )


def _allocation_cut(p: dict, names) -> str:
    return (
        f"Total Support fell short, so {names.army(p.get('army_id'))}'s allocation was cut "
        f"from {_n(p.get('allocation_before'))} to {_n(p.get('allocation'))} points."
    )


def _army_disbanded(p: dict, names) -> str:
    return f"{p.get('name') or names.army(p.get('army_id'))} was disbanded."


def _general_named(p: dict, names) -> str:
    return f"{p.get('name', 'A new General')} now leads {names.army(p.get('army_id'))}."


def _grand_marshal_named(p: dict, names) -> str:
    kingdom = names.kingdom(p.get("kingdom_id"))
    return f"{p.get('name', 'A General')} is now {kingdom}'s Grand Marshall."


def _list_submitted(p: dict, names) -> str:
    return f"A new army list for {names.army(p.get('army_id'))} awaits the GM's approval."


def _list_approved(p: dict, names) -> str:
    verdict = "approved" if p.get("approved", True) else "not approved"
    return f"The GM {verdict} the army list of {names.army(p.get('army_id'))}."


def _slots_declared(p: dict, names) -> str:
    used = ", ".join(f"{count} {slot}" for slot, count in (p.get("slots") or {}).items() if count)
    return f"{names.army(p.get('army_id'))} uses {used or 'no'} entitlement slots this turn."


def _army_weakened(p: dict, names) -> str:
    return (
        f"{names.army(p.get('army_id'))} lost {_n(p.get('points_lost'))} points and stands at "
        f"{_n(p.get('points_left'))}."
    )


def _power_adjusted(p: dict, names) -> str:
    change = p.get("change", 0)
    verb = "gained" if isinstance(change, int) and change >= 0 else "lost"
    amount = abs(change) if isinstance(change, int) else "some"
    return f"{names.kingdom(p.get('kingdom_id'))} {verb} {amount} power ({_n(p.get('power'))} now)."


def _hex_ravaged(p: dict, names) -> str:
    return f"{_hex(p).capitalize()} was ravaged: its feature, fortress and watchtower suffer."


def _module_state(p: dict, names) -> str:
    return f"The optional module {str(p.get('module', '')).replace('_', ' ')} moved on."


ARMY_NARRATORS: dict[str, Callable[[dict, object], str]] = {
    "ArmyRaised": _army_raised,
    "AllocationChanged": _allocation_changed,
    "AllocationCut": _allocation_cut,
    "ArmyDisbanded": _army_disbanded,
    "GeneralNamed": _general_named,
    "GrandMarshalNamed": _grand_marshal_named,
    "ArmyListSubmitted": _list_submitted,
    "ArmyListApproved": _list_approved,
    "SlotsDeclared": _slots_declared,
    "ArmyWeakened": _army_weakened,
    "PowerAdjusted": _power_adjusted,
    "HexRavaged": _hex_ravaged,
    "ModuleStateChanged": _module_state,
}


def register() -> None:
    register_narrators(ARMY_NARRATORS)
