"""Reads of edicts (§5.3): a kingdom's edicts are its own and the GM's, never another
player's, not even after resolution; the chronicle tells the results."""

from __future__ import annotations

from django.db.models import QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from campaign.core.errors import Refused
from campaign.core.problems import problem_refusal
from campaign.models import Turn
from campaign.pipeline.snapshot import Snapshot
from kingdoms.edicts.forms import EdictForm
from kingdoms.edicts.models import Edict
from rules.core.problems import Problem
from rules.core.state import Coord, EdictKind, Structure
from rules.core.state import Edict as EdictState
from rules.kingdoms.edicts import holds, why_illegal
from rules.turn.visibility import Viewer


def visible_edicts(turn: Turn, viewer: Viewer) -> QuerySet[Edict]:
    """The turn's edicts the viewer may see: his kingdom's; the GM sees them all."""
    edicts = Edict.objects.filter(turn=turn).select_related("hex", "kingdom")
    if viewer.is_gm:
        return edicts.order_by("kingdom_id", "id")
    return edicts.filter(kingdom_id=viewer.kingdom_id).order_by("id")


def edicts_panel(
    turn: Turn | None,
    viewer: Viewer,
    form=None,
    saved: bool = False,
    refusal: str = "",
    about: tuple[int, int] | None = None,
) -> dict | None:
    """What templates/kingdoms/edicts/partials/edicts_panel.html shows a player: his
    edicts of the current turn and, while it takes orders, the form
    (kingdoms.edicts.forms); ``refusal`` by the edict of hex ``about`` when he has one
    there (a refused withdrawal). None for the GM and for an outsider. One query."""
    if turn is None or viewer.is_gm or viewer.kingdom_id is None:
        return None
    is_open = turn.state == Turn.State.OPEN
    if form is None and is_open:
        form = EdictForm()
    edicts = list(visible_edicts(turn, viewer))
    return {
        "turn": turn,
        "edicts": edicts,
        "refused_id": next((e.pk for e in edicts if (e.hex.q, e.hex.r) == about), None),
        "form": form if is_open else None,
        "open": is_open,
        "saved": saved,
        "refusal": refusal,
    }


def edict_problem(snapshot: Snapshot, turn: Turn, wanted: EdictState) -> Problem | None:
    """Why the kingdom may not decree ``wanted`` this turn, beside its edicts already
    given; None if it may (edict_submit, and the map's hex panel)."""
    others = [
        EdictState(
            kingdom_id=e.kingdom_id,
            hex=snapshot.coord_of[e.hex_id],
            kind=EdictKind(e.kind),
            structure=Structure(e.structure) if e.structure else None,
        )
        for e in Edict.objects.filter(turn=turn, kingdom_id=wanted.kingdom_id)
    ]
    return why_illegal(snapshot.world, wanted, others)


RAZE_LABELS = {
    Structure.FEATURE: gettext_lazy("Raze its feature"),
    Structure.FORTRESS: gettext_lazy("Raze its fortress"),
    Structure.GREAT_FORTRESS: gettext_lazy("Raze its great fortress"),
    Structure.WATCHTOWER: gettext_lazy("Raze its watchtower"),
}


def hex_edicts(snapshot: Snapshot, turn: Turn, kingdom_id: int, coord: Coord) -> list[dict]:
    """Table 2, E-26: the edicts the map's hex panel offers for the kingdom's hex: a
    Loot, and a Raze of each structure the hex holds, each with the rules' refusal."""
    hex_ = snapshot.world.hexes[coord]
    wanted = [
        (_("Loot"), EdictState(kingdom_id=kingdom_id, hex=coord, kind=EdictKind.LOOT)),
        *(
            (
                RAZE_LABELS[structure],
                EdictState(kingdom_id, coord, EdictKind.RAZE, structure=structure),
            )
            for structure in Structure
            if holds(hex_, structure)
        ),
    ]
    return [
        {
            "kind": edict.kind.value,
            "structure": edict.structure.value if edict.structure else "",
            "label": label,
            "refusal": _refusal(edict_problem(snapshot, turn, edict)),
        }
        for label, edict in wanted
    ]


def _refusal(problem: Problem | None) -> Refused | None:
    return problem_refusal(problem) if problem else None
