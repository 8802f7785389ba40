"""The army-building section of the kingdom page (§5.6, B 3.3–3.5): what its partial
shows, with a refused form kept as it was and what was saved said next to its army.
Apart from the views so that the kingdom page (kingdoms.realm.views) and the army
views, which answer a plain post with that whole page, can both use it."""

from __future__ import annotations

from campaign.core.access import Access
from kingdoms.armies.forms import FORMS, ArmyForm, RaiseForm, allocation_help
from kingdoms.armies.selectors import army_building
from kingdoms.models import Kingdom
from kingdoms.races import race_name


def building_context(
    access: Access,
    kingdom: Kingdom,
    bound: ArmyForm | RaiseForm | None = None,
    refusal: tuple[int, str] | None = None,
    done: tuple[int | None, str] | None = None,
) -> dict:
    """The army-building part of the kingdom page, with a refused form kept as it was;
    ``refusal`` is (army id, reason) for the buttons that have no fields, ``done`` (army
    id, what happened) says what was saved next to its army, or atop the section for an
    army no longer there (disbanded)."""
    ruleset = access.campaign.ruleset
    allies = bool(ruleset.peoples)  # NR-ALLY: the peoples module
    building = army_building(kingdom, access.viewer, ruleset)
    for row in building["rows"]:
        army = row["army"]
        row["refusal"] = refusal[1] if refusal and refusal[0] == army.pk else None
        row["done"] = done[1] if done and done[0] == army.pk else None
        row["race"] = race_name(army.race) if allies else ""  # NR-ALLY: an allied people
        row["forms"] = {
            action: (
                bound
                if isinstance(bound, form_class) and bound.prefix == f"{action}-{army.pk}"
                else form_class(army_id=army.pk, initial=_initial(action, row))
            )
            for action, form_class in FORMS.items()
            if action != "approve" or access.is_gm
        }
    raise_form = bound if isinstance(bound, RaiseForm) else RaiseForm(allies=allies)
    forms = [raise_form, *(form for row in building["rows"] for form in row["forms"].values())]
    for form in forms:  # E-14: the campaign's army size, not the rulebook's
        if "allocation" in form.fields:
            form.fields["allocation"].help_text = allocation_help(ruleset)
    is_player = access.kingdom is not None and access.kingdom.pk == kingdom.pk
    shown = {row["army"].pk for row in building["rows"]}
    return {
        "building": building,
        "raise_form": raise_form,
        "is_owner": is_player,
        "building_done": done[1] if done and done[0] not in shown else None,
        # E-14: allocations beyond Total Support for the player to cut, or the largest is
        "allocations_to_cut": 1 if is_player and building["over"] else 0,
    }


def _initial(action: str, row: dict) -> dict:
    army = row["army"]
    return {
        "allocation": {"allocation": army.allocation},
        "general": {"general": row["general"].name if row["general"] else ""},
        "list": {"text": army.list_text, "url": army.list_url},
        "slots": row["slots"],
        "approve": {"approved": army.list_approved},
    }[action]
