"""The chronicle page: each turn's entries as the viewer may see them (Q22)."""

from __future__ import annotations

import dataclasses

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from campaign.campaigns.views import recent_turns
from campaign.chronicle.gazette import edition
from campaign.chronicle.narration import Names
from campaign.chronicle.replay import holders_then, map_at, replay_turns, replayable
from campaign.chronicle.selectors import battles_by_declaration, places_named, visible_chronicle
from campaign.core.access import Access, campaign_access
from campaign.core.errors import Hidden
from campaign.core.pages import render_page
from campaign.models import Turn
from kingdoms.models import Army
from kingdoms.selectors import (
    player_kingdoms,
    visible_armies,
    visible_neutral_kingdoms,
)


def chronicle_names(access: Access, armies: list[Army] | None = None) -> Names:
    """Names the reader may know, so that narration never names a stranger; ``armies``
    are his visible armies when the caller has them already."""
    if armies is None:
        armies = list(visible_armies(access.campaign, access.viewer))
    return Names(
        kingdoms={k.id: k.name for k in player_kingdoms(access.campaign)},
        neutral_kingdoms={
            n.id: n.name for n in visible_neutral_kingdoms(access.campaign, access.viewer)
        },
        armies={
            a.id: _("%(kingdom)s's %(army)s") % {"kingdom": a.kingdom.name, "army": a.name}
            for a in armies
        },
    )


# An army's own entries, which only its kingdom and the GM read (rules.turn.visibility):
# a player who reads one of them reads of his own army, even one destroyed since
_OWN_ARMY_KINDS = frozenset({"ArmyMoved", "ArmyRested", "ArmyDestroyed", "RestFlagUsed"})


def _reader(access: Access, armies: list[Army], entries: list[dict]) -> tuple:
    """The reader's kingdom and his armies' ids, for "Your turn"; none for the GM."""
    kingdom = access.viewer.kingdom_id
    if kingdom is None or access.viewer.is_gm:
        return None, frozenset()
    own = {a.id for a in armies if a.kingdom_id == kingdom}
    own |= {e.get("army_id") for e in entries if e["kind"] in _OWN_ARMY_KINDS}
    return kingdom, frozenset(own)


def chronicle_by_turn(access: Access, turn: Turn | None = None) -> list[dict]:
    """The gazette, newest turn first: each turn with its public seed, its edition
    (campaign.chronicle.gazette) and its ``lines`` in the order things happened, each
    {"kind", "text", "rule"} (the notifications read them). Each place is named with
    its holder of that turn's end, a battle's with that of its start. Eight queries,
    whatever the size of the map."""
    entries = visible_chronicle(access.campaign, access.viewer, turn)
    if not entries:
        return []
    armies = list(visible_armies(access.campaign, access.viewer))
    names = chronicle_names(access, armies)
    places = places_named(access.campaign, entries)
    declared = battles_by_declaration(access.campaign, turn)
    reader = _reader(access, armies, entries)
    turns = {t.number: t for t in access.campaign.turns.all()}
    by_turn: dict[int, list[dict]] = {}
    for entry in entries:
        by_turn.setdefault(entry["turn"], []).append(entry)
    numbers = {n for number in by_turn for n in (number, number - 1)}
    held = holders_then(access.campaign, {c: p.owner for c, p in places.items()}, numbers)
    groups = []
    for number, turn_entries in by_turn.items():
        places_then = {
            c: dataclasses.replace(p, owner=held[number][c], owner_before=held[number - 1][c])
            for c, p in places.items()
        }
        paper = edition(number, turn_entries, names, places_then, declared, reader)
        lines = [dataclasses.asdict(line) for line in paper.lines]
        groups.append(
            {"number": number, "turn": turns.get(number), "edition": paper, "lines": lines}
        )
    return groups


def _replay(access: Access) -> dict:
    """The replay's slider: the turns it shows, the last one first on the map."""
    numbers = replay_turns(access.campaign)
    return {"numbers": numbers, "last": numbers[-1], "map": map_at(access, numbers[-1])}


@login_required
@require_GET
def chronicle(request: HttpRequest, campaign_id: int) -> HttpResponse:
    access = campaign_access(request, campaign_id)
    current, previous = recent_turns(access.campaign)
    context = {
        "access": access,
        "campaign": access.campaign,
        "turn": current,
        "previous_turn": previous,
        "chronicle": chronicle_by_turn(access),
        "replay": _replay(access),
    }
    return render_page(
        request,
        "campaign/chronicle/chronicle.html",
        "campaign/chronicle/partials/chronicle_turns.html",
        context,
    )


@login_required
@require_GET
@cache_control(private=True, max_age=3600)  # a closed turn never changes
@vary_on_headers("Cookie", "HX-Request")  # another login's fog, or the whole page, differs
def chronicle_replay(request: HttpRequest, campaign_id: int, number: int) -> HttpResponse:
    """The map at the end of turn ``number`` (an htmx swap of the replay's map); a turn
    not yet closed, or none, is missing (404)."""
    access = campaign_access(request, campaign_id)
    if not replayable(access.campaign, number):
        raise Hidden()  # the very 404 of a campaign the reader has no part in
    context = {
        "access": access,
        "campaign": access.campaign,
        "number": number,
        "map": map_at(access, number),
    }
    return render_page(
        request,
        "campaign/chronicle/replay.html",
        "campaign/chronicle/partials/replay_map.html",
        context,
    )
