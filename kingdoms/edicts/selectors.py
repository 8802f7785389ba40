"""Reads of edicts (§5.3): a kingdom's edicts are its own and the GM's, never another
player's, not even after resolution; the chronicle tells the results."""

from __future__ import annotations

from django.db.models import QuerySet

from campaign.models import Turn
from kingdoms.edicts.forms import EdictForm
from kingdoms.edicts.models import Edict
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
