"""The map as it stood at the end of a past turn, in the reader's own fog of that time
(E-29, Q22, A-1.0.9).

Nothing stores the map turn by turn; the chronicle stores each change of who holds a hex,
of what was explored and where the armies went. Today's map, rewound through the entries
of the turns after N (newest first), is the map at the end of turn N; the reader's
viewer is rewound too: the neutral kingdoms he had discovered, his scouts' reports by
then, the hexes he held then. What the chronicle does not record (fortifications and
other contents, the strength of armies and defenders) shows as today, and the page says
so; an army destroyed since is gone from the database and from the replay.

Turn 0 is the map as the campaign began. A turn still being played is not replayed:
only a closed turn never changes.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping

from django.db.models import Q
from django.utils.safestring import SafeString

from campaign.core.access import Access
from campaign.core.viewers import scout_reports
from campaign.map import svg as mapsvg
from campaign.map.selectors import HEX_FACT_FIELDS, hex_rows
from campaign.models import Campaign, Hex, Turn, TurnEvent
from kingdoms.models import Army, Kingdom
from kingdoms.selectors import player_kingdoms, visible_armies, visible_neutral_kingdoms
from rules.core.state import Coord, NeutralConquest
from rules.turn.visibility import Viewer, hex_viewer, sees_contents

_OWNER = HEX_FACT_FIELDS.index("owner_id")
_NEUTRAL = HEX_FACT_FIELDS.index("neutral_kingdom_id")
_EXPLORED = HEX_FACT_FIELDS.index("public_explored")
_ORPHAN = HEX_FACT_FIELDS.index("is_orphan")

Facts = dict[Coord, list]


def _coord(value) -> Coord | None:
    return (value[0], value[1]) if isinstance(value, list) and len(value) == 2 else None


def _set(facts: Facts, value, index: int, to) -> None:
    coord = _coord(value)
    if coord in facts:
        facts[coord][index] = to


def _unconquer(facts: Facts, p: dict) -> None:
    _set(facts, p.get("hex"), _OWNER, p.get("previous_owner_id"))


def _unrevolt(facts: Facts, p: dict) -> None:
    _set(facts, p.get("hex"), _OWNER, p.get("kingdom_id"))  # Table 3 Revolt: it was his


def _unjoin(facts: Facts, p: dict) -> None:
    """Q17: a hex an incited neutral army took was its previous holder's."""
    _set(facts, p.get("hex"), _OWNER, p.get("previous_owner_id"))
    _set(facts, p.get("hex"), _NEUTRAL, None)


def _unexplore(facts: Facts, p: dict) -> None:
    _set(facts, p.get("hex"), _EXPLORED, False)


def _unorphan(facts: Facts, p: dict) -> None:
    _set(facts, p.get("hex"), _ORPHAN, not p.get("orphan"))


def _uneliminate(facts: Facts, p: dict) -> None:
    for cell in p.get("hexes") or ():
        _set(facts, cell, _OWNER, p.get("kingdom_id"))


def _unconquer_neutral(facts: Facts, p: dict) -> None:
    """A-1.4.17: under Sworn Enemies the kingdom's land became the conqueror's; it was the
    neutral kingdom's, held by no player. (Under Quick Friendship it stays the kingdom's.)"""
    if p.get("choice") != NeutralConquest.SWORN_ENEMIES:
        return
    for cell in [*(p.get("hexes") or ()), p.get("capital")]:
        _set(facts, cell, _OWNER, None)
        _set(facts, cell, _NEUTRAL, p.get("neutral_kingdom_id"))


# Each kind of entry that changed the map, and how to undo it
REWINDERS: dict[str, Callable[[Facts, dict], None]] = {
    "HexConquered": _unconquer,
    "HexRevolted": _unrevolt,
    "HexJoinedNeutralKingdom": _unjoin,
    "HexExplored": _unexplore,
    "OrphanChanged": _unorphan,
    "KingdomEliminated": _uneliminate,
    "NeutralKingdomConquered": _unconquer_neutral,
}
_KINDS = (*REWINDERS, "ArmyMoved", "NeutralKingdomDiscovered")


def replay_turns(campaign: Campaign) -> list[int]:
    """The turns the replay shows: 0, the start, and every closed turn. One query."""
    closed = campaign.turns.filter(state=Turn.State.CLOSED).order_by("number")
    return [0, *closed.values_list("number", flat=True)]


def replayable(campaign: Campaign, number: int) -> bool:
    return number == 0 or campaign.turns.filter(number=number, state=Turn.State.CLOSED).exists()


def map_at(access: Access, number: int) -> SafeString:
    """The map at the end of turn ``number`` as the reader knew it then: six queries,
    whatever the size of the map."""
    campaign, viewer = access.campaign, access.viewer
    rows = hex_rows(campaign)
    events = list(
        TurnEvent.objects.filter(campaign=campaign, kind__in=_KINDS)
        .order_by("turn__number", "id")
        .values_list("turn__number", "kind", "payload")
    )
    later = [(kind, payload) for turn, kind, payload in events if turn > number]
    facts: Facts = {(row[0], row[1]): list(row) for row in rows}
    _rewind(facts, reversed(later))
    then = _viewer_then(access, number, later)
    view = hex_viewer(then)  # E-37: sieges of the past are not shown
    now_sees = {
        (row[0], row[1]): sees_contents(viewer, row[_OWNER], row[_EXPLORED]) for row in rows
    }
    hexes = [_within_today(view(tuple(f)), now_sees[coord]) for coord, f in facts.items()]
    kingdoms = {k.id: mapsvg.KingdomInfo(k.name, k.colour) for k in player_kingdoms(campaign)}
    neutral = {n.id: n.name for n in visible_neutral_kingdoms(campaign, then)}
    return mapsvg.render_map(
        hexes,
        kingdoms,
        _armies_then(campaign, viewer, number, events),
        viewer_kingdom_id=viewer.kingdom_id,
        neutral_names=neutral,
    )


def _rewind(facts: Facts, newest_first: Iterable[tuple[str, dict]]) -> None:
    for kind, payload in newest_first:
        rewind = REWINDERS.get(kind)
        if rewind is not None:
            rewind(facts, payload)


def holders_then(
    campaign: Campaign, holders: Mapping[Coord, int | None], numbers: Iterable[int]
) -> dict[int, dict[Coord, int | None]]:
    """Who held each hex of ``holders`` (today's) at the end of each turn of ``numbers``
    (A-1.0.9: borders are public), for the gazette's headings. One query."""
    facts: Facts = {}
    for coord, owner in holders.items():
        facts[coord] = [None] * len(HEX_FACT_FIELDS)
        facts[coord][_OWNER] = owner
    events = (
        TurnEvent.objects.filter(campaign=campaign, kind__in=list(REWINDERS))
        .order_by("-turn__number", "-id")
        .values_list("turn__number", "kind", "payload")
    )
    pending = iter(events)
    step = next(pending, None)
    held = {}
    for number in sorted(numbers, reverse=True):
        while step is not None and step[0] > number:
            _rewind(facts, [step[1:]])
            step = next(pending, None)
        held[number] = {coord: row[_OWNER] for coord, row in facts.items()}
    return held


def _viewer_then(access: Access, number: int, later: list[tuple[str, dict]]) -> Viewer:
    """The reader as he was at the end of turn ``number``: the neutral kingdoms he had
    discovered (A-1.4.19) and his scouts' reports by then (Table 8)."""
    viewer = access.viewer
    if viewer.kingdom_id is None:
        return viewer
    found_later = {
        p.get("neutral_kingdom_id")
        for kind, p in later
        if kind == "NeutralKingdomDiscovered" and p.get("kingdom_id") == viewer.kingdom_id
    }
    return dataclasses.replace(
        viewer,
        known_neutral_kingdoms=viewer.known_neutral_kingdoms - found_later,
        scout_reports=scout_reports(Kingdom(pk=viewer.kingdom_id), until=number),
    )


def _within_today(hex_: dict, sees_now: bool) -> dict:
    """E-29: the contents the reader saw then but may not see today (a hex he held then
    and lost since, never explored) are shown as today's map would show them: not at
    all, since those of today may not be those he saw."""
    if sees_now or hex_.get("scouted"):
        return hex_
    return {
        **hex_,
        "feature": None,
        "minor_feature": None,
        "defence": None,
        "watchtower": False,
        "defender_points": None,
    }


def _armies_then(
    campaign: Campaign, viewer: Viewer, number: int, events: list[tuple[int, str, dict]]
) -> list[Army]:
    """The reader's armies (every army for the GM, E-29) where they stood at the end of
    turn ``number``: at their last move by then, or where they stand today if they have
    not moved since. One raised later was not there; one that moved only later stood
    somewhere the chronicle does not say, and is left off. Each is its row, its position
    set (not saved) to where it stood, for the map to draw as any Army."""
    moved_then: dict[int, Coord | None] = {}
    moved_later: set[int] = set()
    for turn, kind, p in events:
        if kind != "ArmyMoved":
            continue
        if turn <= number:
            moved_then[p.get("army_id")] = _coord(p.get("hex"))
        else:
            moved_later.add(p.get("army_id"))
    armies = visible_armies(campaign, viewer).filter(
        Q(raised_turn__isnull=True) | Q(raised_turn__lte=number)
    )
    placed = []
    for army in armies:
        if army.pk in moved_then:
            where = moved_then[army.pk]
        elif army.pk not in moved_later and army.position is not None:
            where = army.position.coord
        else:
            continue
        if where is not None:
            army.position = Hex(campaign=campaign, q=where[0], r=where[1])
            placed.append(army)
    return placed
