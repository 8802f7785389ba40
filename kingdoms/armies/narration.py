"""Sentences for army building's chronicle entries and the optional modules' (rules.kingdoms.armies,
kingdoms.armies.services, rules.modules), registered in campaign.chronicle.narration's
NARRATORS, in the reader's language; an Announcement of a module carries its own ``text``.

``names`` is a campaign.chronicle.narration.Names (duck-typed here: kingdom(), army()).
"""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from campaign.chronicle.narration import register_narrators
from campaign.chronicle.words import and_list, hex_name, number, word

# Table 6 entitlement slots (rules.core.tables.SLOTS): "2 lord slots"
_SLOTS = {
    "lord": gettext_lazy("lord"),
    "hero": gettext_lazy("hero"),
    "special": gettext_lazy("special"),
    "rare": gettext_lazy("rare"),
    "magic_items": gettext_lazy("magic items"),
}


def _army_raised(p: dict, names) -> str:
    return _(
        "%(kingdom)s raised %(army)s with %(points)s points of support, led by %(general)s."
    ) % {
        "kingdom": names.kingdom(p.get("kingdom_id")),
        "army": p.get("name") or names.army(p.get("army_id")),
        "points": number(p.get("allocation")),
        "general": p.get("general") or _("a General"),
    }


def _allocation_changed(p: dict, names) -> str:
    return _("%(army)s's allocation changed from %(before)s to %(after)s points.") % {
        "army": names.army(p.get("army_id")),
        "before": number(p.get("before")),
        "after": number(p.get("allocation")),
    }


def _allocation_cut(p: dict, names) -> str:
    return _(
        "Total Support fell short, so %(army)s's allocation was cut from %(before)s to "
        "%(after)s points."
    ) % {
        "army": names.army(p.get("army_id")),
        "before": number(p.get("allocation_before")),
        "after": number(p.get("allocation")),
    }


def _army_disbanded(p: dict, names) -> str:
    return _("%(army)s was disbanded.") % {"army": p.get("name") or names.army(p.get("army_id"))}


def _general_named(p: dict, names) -> str:
    return _("%(general)s now leads %(army)s.") % {
        "general": p.get("name") or _("A new General"),
        "army": names.army(p.get("army_id")),
    }


def _grand_marshal_named(p: dict, names) -> str:
    return _("%(general)s is now %(kingdom)s's Grand Marshall.") % {
        "general": p.get("name") or _("A General"),
        "kingdom": names.kingdom(p.get("kingdom_id")),
    }


def _list_submitted(p: dict, names) -> str:
    return _("A new army list for %(army)s awaits the GM's approval.") % {
        "army": names.army(p.get("army_id"))
    }


def _list_approved(p: dict, names) -> str:
    values = {"army": names.army(p.get("army_id"))}
    if p.get("approved", True):
        return _("The GM approved the army list of %(army)s.") % values
    return _("The GM did not approve the army list of %(army)s.") % values


def _slots_declared(p: dict, names) -> str:
    used = and_list(
        ngettext("%(count)s %(slot)s slot", "%(count)s %(slot)s slots", count)
        % {"count": count, "slot": word(_SLOTS, slot)}
        for slot, count in (p.get("slots") or {}).items()
        if count
    )
    values = {"army": names.army(p.get("army_id")), "used": used}
    if not used:
        return _("%(army)s uses no entitlement slots this turn.") % values
    return _("%(army)s uses %(used)s of its entitlements this turn.") % values


def _army_weakened(p: dict, names) -> str:
    return _("%(army)s lost %(lost)s points and stands at %(left)s.") % {
        "army": names.army(p.get("army_id")),
        "lost": number(p.get("points_lost")),
        "left": number(p.get("points_left")),
    }


def _power_adjusted(p: dict, names) -> str:
    change = p.get("change", 0)
    values = {
        "kingdom": names.kingdom(p.get("kingdom_id")),
        "amount": abs(change) if isinstance(change, int) else _("some"),
        "power": number(p.get("power")),
    }
    if isinstance(change, int) and change >= 0:
        return _("%(kingdom)s gained %(amount)s power (%(power)s now).") % values
    return _("%(kingdom)s lost %(amount)s power (%(power)s now).") % values


def _hex_ravaged(p: dict, names) -> str:
    return _("%(hex)s was ravaged: its feature, fortress and watchtower suffer.") % {
        "hex": hex_name(p.get("hex"))
    }


def _module_state(p: dict, names) -> str:
    # A module's name is its option's key, the same in every language.
    return _("The optional module %(module)s moved on.") % {
        "module": str(p.get("module", "")).replace("_", " ")
    }


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
