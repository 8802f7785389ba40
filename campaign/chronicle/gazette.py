"""The chronicle as a gazette: each turn's headline counts, the reader's own turn, and the
entries gathered by battle and by place (Q22, E-29).

Everything here reads the entries campaign.chronicle.selectors.visible_chronicle gives the
reader, already stripped of what he may not see: a count, a heading or a line of "Your
turn" can only be made of what he may read. The sentences are the narrators' (NARRATORS);
the rule an entry cites goes beside its sentence as a link, never into it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from campaign.chronicle.narration import Names, narrate
from campaign.core.words import TERRAINS
from rules.core.state import Coord

# A hex's heading: its terrain as a label
TERRAIN_NAMES = {value: capfirst(name) for value, name in TERRAINS.items()}

# The kinds that change who holds a hex, and who loses it (the payload's field)
_LOSSES = {
    "HexConquered": "previous_owner_id",
    "HexRevolted": "kingdom_id",  # Table 3 Revolt
    "HexJoinedNeutralKingdom": "previous_owner_id",  # Q17: taken by an incited army
}
# The kinds of a kingdom's own power: collected, and spent (rules.kingdoms.spending_events)
_POWER_IN = {"PowerCollected": "gained"}
_POWER_OUT = {"PowerSpent": "amount"}


@dataclass(frozen=True)
class Line:
    """One entry as the gazette prints it: the narrator's sentence and, beside it, its rule."""

    kind: str
    text: str
    rule: str


@dataclass(frozen=True)
class Place:
    """A hex as the gazette names it: its coordinates, terrain and holder at the end of
    the turn told, and at its start, when its battles were declared (all public, A-1.0.3,
    A-1.0.9)."""

    coord: Coord
    terrain: str
    owner: int | None
    owner_before: int | None = None


@dataclass
class Group:
    """The entries of one battle or one place, under a heading in plain words."""

    heading: str
    lines: list[Line] = field(default_factory=list)
    entries: list[dict] = field(default_factory=list)

    def add(self, entry: dict, line: Line) -> None:
        self.entries.append(entry)
        self.lines.append(line)


@dataclass
class YourTurn:
    """What the reader's kingdom did and got in a turn, from his own visible entries."""

    hexes_won: int = 0
    hexes_lost: int = 0
    power_collected: int = 0
    power_spent: int = 0
    battles_won: int = 0
    battles_lost: int = 0
    armies: list[Line] = field(default_factory=list)

    @property
    def facts(self) -> list[str]:
        counts = (
            (self.hexes_won, ngettext("%(n)s hex won", "%(n)s hexes won", self.hexes_won)),
            (self.hexes_lost, ngettext("%(n)s hex lost", "%(n)s hexes lost", self.hexes_lost)),
            (self.power_collected, _("%(n)s power collected")),
            (self.power_spent, _("%(n)s power spent")),
            (self.battles_won, ngettext("%(n)s battle won", "%(n)s battles won", self.battles_won)),
            (
                self.battles_lost,
                ngettext("%(n)s battle lost", "%(n)s battles lost", self.battles_lost),
            ),
        )
        return [text % {"n": count} for count, text in counts if count]


@dataclass
class Edition:
    """One turn of the gazette."""

    number: int
    summary: list[str]
    yours: YourTurn | None
    battles: list[Group]
    places: list[Group]
    rest: list[Line]
    lines: list[Line]  # every line, in the order things happened


def line_of(entry: dict, names: Names) -> Line:
    """The narrator's sentence without its rule, which the page links beside it."""
    return Line(entry["kind"], narrate(entry, names), entry.get("rule") or "")


def coord_of(entry: dict, key: str = "hex") -> Coord | None:
    value = entry.get(key)
    if isinstance(value, (list, tuple)) and len(value) == 2:
        return (value[0], value[1])
    return None


def place_name(coord: Coord, place: Place | None, names: Names, *, before: bool = False) -> str:
    """ "Mountains held by Karak (2, 3)", or "Fields (2, 3)" when nobody holds it; its
    holder at the end of the turn, or ``before`` it."""
    where = {"q": coord[0], "r": coord[1]}
    if place is None:
        return _("Hex (%(q)s, %(r)s)") % where
    terrain = TERRAIN_NAMES.get(place.terrain, place.terrain)
    holder = place.owner_before if before else place.owner
    if holder is not None and holder in names.kingdoms:
        return _("%(terrain)s held by %(kingdom)s (%(q)s, %(r)s)") % {
            "terrain": terrain,
            "kingdom": names.kingdoms[holder],
            **where,
        }
    return _("%(terrain)s (%(q)s, %(r)s)") % {"terrain": terrain, **where}


def battle_of(entry: dict, declarations: Mapping[int, int]) -> int | None:
    """The battle an entry belongs to: its key or id, or for a declaration, which names
    none, the battle ``declarations`` gives its entry."""
    key = entry.get("battle_key", entry.get("battle_id"))
    if isinstance(key, int):
        return key
    return declarations.get(entry["id"])


def _declarations(number: int, entries: list[dict], declared: Mapping[tuple[int, int], int]):
    """Each declaration entry's battle: battles.writeback makes the k-th declaration of a
    turn its battle ``seq`` k, and every declaration is public (E-29), so the reader's
    k-th is the k-th."""
    ids = [entry["id"] for entry in entries if entry["kind"] == "BattleDeclared"]
    return {
        entry_id: declared[(number, seq)]
        for seq, entry_id in enumerate(ids, start=1)
        if (number, seq) in declared
    }


def edition(
    number: int,
    entries: list[dict],
    names: Names,
    places: Mapping[Coord, Place],
    declared: Mapping[tuple[int, int], int],
    reader: tuple[int | None, frozenset[int]] = (None, frozenset()),
) -> Edition:
    """One turn's gazette from the reader's visible entries of that turn. ``declared``
    maps (turn, seq) to a battle's id; ``reader`` is his kingdom (None for the GM or an
    outsider) and the ids of his armies."""
    declarations = _declarations(number, entries, declared)
    battles: dict[int, Group] = {}
    by_place: dict[Coord, Group] = {}
    rest: list[Line] = []
    lines = [line_of(entry, names) for entry in entries]
    for entry, line in zip(entries, lines, strict=True):
        battle = battle_of(entry, declarations)
        coord = coord_of(entry) or coord_of(entry, "capital")
        if battle is not None:
            battles.setdefault(battle, Group("")).add(entry, line)  # headed once merged
        elif coord is not None:
            if coord not in by_place:
                by_place[coord] = Group(place_name(coord, places.get(coord), names))
            by_place[coord].add(entry, line)
        else:
            rest.append(line)
    kingdom, armies = reader
    yours = your_turn(entries, battles.values(), kingdom, armies, names) if kingdom else None
    return Edition(
        number,
        summary(entries, names),
        yours,
        _battles_by_place(battles.values(), places, names),
        list(by_place.values()),
        rest,
        lines,
    )


def _battles_by_place(
    battles: Iterable[Group], places: Mapping[Coord, Place], names: Names
) -> list[Group]:
    """One heading a place: a siege's day and the battle fought on it, or the battles
    of a hex two invaders contest (P-C3), are told together."""
    merged: dict[Coord | None, list[tuple[dict, Line]]] = {}
    for battle in battles:
        coord = next((c for c in map(coord_of, battle.entries) if c is not None), None)
        merged.setdefault(coord, []).extend(zip(battle.entries, battle.lines, strict=True))
    groups = []
    for coord, told in merged.items():
        group = Group(_battle_heading(coord, places, names))
        for entry, line in sorted(told, key=lambda pair: pair[0]["id"]):  # as things happened
            group.add(entry, line)
        groups.append(group)
    return groups


def _battle_heading(coord: Coord | None, places: Mapping[Coord, Place], names: Names) -> str:
    if coord is None:
        return _("A battle")
    place = place_name(coord, places.get(coord), names, before=True)  # the defender's land
    return _("Battle at %(place)s") % {"place": place}


def summary(entries: Iterable[dict], names: Names) -> list[str]:
    """The turn's headline: battles, hexes that changed hands, hexes explored, kingdoms
    eliminated, as counted from the entries the reader may see."""
    kinds = Counter(entry["kind"] for entry in entries)
    phrases = []
    battles = kinds["BattleDeclared"]
    if battles:
        phrases.append(ngettext("%(n)s battle", "%(n)s battles", battles) % {"n": battles})
    changed = sum(kinds[kind] for kind in _LOSSES)
    if changed:
        phrases.append(
            ngettext("%(n)s hex changed hands", "%(n)s hexes changed hands", changed)
            % {"n": changed}
        )
    explored = kinds["HexExplored"]
    if explored:
        phrases.append(
            ngettext("%(n)s hex explored", "%(n)s hexes explored", explored) % {"n": explored}
        )
    for entry in entries:
        if entry["kind"] == "KingdomEliminated":
            phrases.append(
                _("%(kingdom)s eliminated") % {"kingdom": names.kingdom(entry.get("kingdom_id"))}
            )
    return phrases


def your_turn(
    entries: Iterable[dict],
    battles: Iterable[Group],
    kingdom: int,
    armies: frozenset[int],
    names: Names,
) -> YourTurn:
    """The reader's own turn: the hexes he won and lost, his power in and out, his
    battles won and lost, and what his armies did."""
    yours = YourTurn()
    for entry in entries:
        kind = entry["kind"]
        if kind == "HexConquered" and entry.get("kingdom_id") == kingdom:
            yours.hexes_won += 1
        elif kind in _LOSSES and entry.get(_LOSSES[kind]) == kingdom:
            yours.hexes_lost += 1
        elif kind in _POWER_IN and entry.get("kingdom_id") == kingdom:
            yours.power_collected += _amount(entry.get(_POWER_IN[kind]))
        elif kind in _POWER_OUT and entry.get("kingdom_id") == kingdom:
            yours.power_spent += _amount(entry.get(_POWER_OUT[kind]))
        if entry.get("army_id") in armies:
            yours.armies.append(line_of(entry, names))
    for group in battles:
        outcome = _battle_outcome(group.entries, kingdom)
        yours.battles_won += outcome == "won"
        yours.battles_lost += outcome == "lost"
    return yours


def _amount(value) -> int:
    return value if isinstance(value, int) else 0


def _battle_outcome(entries: list[dict], kingdom: int) -> str | None:
    """ "won" or "lost" for the kingdom in a battle it fought, else None: its side from
    the declaration, the winner's side from the result."""
    roles = {}
    winner = None
    for entry in entries:
        if entry["kind"] == "BattleDeclared":
            roles = {
                "attacker": entry.get("attacker_kingdom_id"),
                "defender": entry.get("defender_kingdom_id"),
            }
        elif entry["kind"] == "BattleWon":
            winner = entry.get("winner")
    mine = next((role for role, k in roles.items() if k == kingdom), None)
    if mine is None or winner is None:
        return None
    return "won" if winner == mine else "lost"
