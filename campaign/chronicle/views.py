"""The chronicle page: each turn's entries as the viewer may see them (Q22)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_GET

from campaign.campaigns.views import recent_turns
from campaign.chronicle.narration import Names, narrate
from campaign.chronicle.selectors import visible_chronicle
from campaign.core.pages import Seat, render_page, seat_for
from campaign.models import Turn
from kingdoms.selectors import (
    player_kingdoms,
    visible_armies,
    visible_neutral_kingdoms,
)


def chronicle_names(seat: Seat) -> Names:
    """Names the reader may know, so that narration never names a stranger."""
    return Names(
        kingdoms={k.id: k.name for k in player_kingdoms(seat.campaign)},
        neutral_kingdoms={
            n.id: n.name for n in visible_neutral_kingdoms(seat.campaign, seat.viewer)
        },
        armies={
            a.id: f"{a.kingdom.name}'s {a.name}" for a in visible_armies(seat.campaign, seat.viewer)
        },
    )


def chronicle_by_turn(seat: Seat, turn: Turn | None = None) -> list[dict]:
    """Narrated entries grouped by turn, newest first, each turn with its public seed."""
    entries = visible_chronicle(seat.campaign, seat.viewer, turn)
    if not entries:
        return []
    names = chronicle_names(seat)
    turns = {t.number: t for t in seat.campaign.turns.all()}
    groups: list[dict] = []
    for entry in entries:
        if not groups or groups[-1]["number"] != entry["turn"]:
            groups.append({"number": entry["turn"], "turn": turns.get(entry["turn"]), "lines": []})
        groups[-1]["lines"].append({"kind": entry["kind"], "text": narrate(entry, names)})
    return groups


@login_required
@require_GET
def chronicle(request: HttpRequest, campaign_id: int) -> HttpResponse:
    seat = seat_for(request, campaign_id)
    current, previous = recent_turns(seat.campaign)
    context = {
        "seat": seat,
        "campaign": seat.campaign,
        "turn": current,
        "previous_turn": previous,
        "chronicle": chronicle_by_turn(seat),
    }
    return render_page(
        request,
        "campaign/chronicle/chronicle.html",
        "campaign/chronicle/partials/chronicle_turns.html",
        context,
    )
