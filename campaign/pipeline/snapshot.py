"""Loading a rules.core.state.World from the database in a fixed number of queries: the
map, the kingdoms, their armies and characters here, and what each domain adds through
its registered snapshot loader (campaign.pipeline.registry).

The map, the kingdoms, armies and characters are read as named tuples (campaign.core.bulk),
not model instances, the map's each named only when asked for (``Mapped``): a step
changes a few hundred of 10,000 hexes, and building an instance costs more than reading
its row. ``Rows`` builds the instance of a row the first time the pipeline asks for it,
and keeps the row as read so that the writeback saves only what changed.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping
from copy import deepcopy
from dataclasses import dataclass, field
from functools import partial
from operator import attrgetter
from typing import Any, Generic, NamedTuple, TypeVar, cast

from django.db.models import Model, Q, QuerySet

from battles.models import Battle, BattleSide, SideRow
from campaign.core.bulk import row_instance, rows_load, rows_read
from campaign.core.registry import Unregistered
from campaign.core.statements import Bound, written_once
from campaign.models import Campaign, Hex
from campaign.pipeline.registry import SNAPSHOT_LOADERS
from kingdoms.models import Army, Character, Kingdom, NeutralKingdom
from rules.battles.tabletop import FOUGHT_RESULTS
from rules.core.state import (
    ArmyState,
    CharacterState,
    Coord,
    Defence,
    Defender,
    DefenderKind,
    Feature,
    HexState,
    KingdomState,
    NeutralKingdomState,
    Terrain,
    World,
)

P = TypeVar("P")
K = TypeVar("K")
V = TypeVar("V")
M = TypeVar("M", bound=Model)


class Rows(Mapping[K, M], Generic[K, M]):
    """Loaded rows by key: ``rows[key]`` is the row's model instance, built on first use
    and the same one after, so that what an applier changes in it is saved; ``read``
    holds the rows as the database gave them."""

    def __init__(self, model: type[M], read: Mapping[K, NamedTuple]):
        self.model = model
        self.read = read
        self._built: dict[K, M] = {}
        self._indexes: dict[str, _Index[K]] = {}
        self._handed: set[K] = set()  # since the indexes were last brought up to date

    def __getitem__(self, key: K) -> M:
        try:
            row = self._built[key]
        except KeyError:
            read = self.read[key]
            # Its own copy of a JSON value, which an applier may change in place; an empty
            # one (most are) made anew, as deepcopy takes a microsecond even for it
            values = [
                (deepcopy(v) if v else type(v)()) if isinstance(v, (dict, list)) else v
                for v in read
            ]
            row = self._built[key] = cast(M, row_instance(self.model, read._fields, values))
        if self._indexes:  # its asker may change it: the indexes read it again
            self._handed.add(key)
        return row

    def __iter__(self) -> Iterator[K]:
        return iter(self.read)

    def __len__(self) -> int:
        return len(self.read)

    def __contains__(self, key: object) -> bool:
        return key in self.read

    def now(self, key: K) -> Any:
        """The row as it is now, to read and not to change: its instance if one was built
        (and perhaps changed), otherwise the row as read, which is not built for it."""
        built = self._built.get(key)
        return built if built is not None else self.read[key]

    def keys_where(self, **values: Any) -> list[K]:
        """The keys, sorted, of the rows whose attributes have these values now: an
        instance built and changed is read as changed, the others as loaded, none built.

        They are found through an index on the first attribute, made once and brought up
        to date with the rows asked for since, each read again: a step of a large map asks
        this of a thousand armies, and reading every row built so far each time grew with
        the square of the map. The asker of a row changes it before the next call (an
        applier changes the rows it asks for at once)."""
        name, value = next(iter(values.items()))
        index = self._index(name)
        keys: Iterable[K] = index.keys.get(value, ())
        if len(values) > 1:
            current, wanted = attrgetter(*values), tuple(values.values())
            keys = [key for key in keys if current(self.now(key)) == wanted]
        return sorted(keys)

    def _index(self, name: str) -> _Index[K]:
        """The index on ``name``, made if need be, once each index has moved the rows asked
        for since the last call."""
        built = self._built
        for key in self._handed:
            for index in self._indexes.values():
                index.move(key, built[key])
        self._handed.clear()
        index = self._indexes.get(name)
        if index is None:
            index = self._indexes[name] = _Index(name, self.read, built)
        return index

    def changed(self, keys: Iterable[K], fields: list[str]) -> list[M]:
        """The instances of ``keys`` whose ``fields`` (attribute names) differ from the
        rows as read, in the order of ``keys``."""
        # One C call a row for all the fields, and the row as read named only for a row
        # built (a step marks some hundreds of rows, and saves them all through here)
        values, built, read = attrgetter(*fields), self._built, self.read
        return [
            row
            for key in keys
            if (row := built.get(key)) is not None and values(row) != values(read[key])
        ]


class _Index(Generic[K]):
    """The keys of rows by the value of their attribute ``name``."""

    def __init__(self, name: str, read: Mapping[K, Any], built: Mapping[K, Any]):
        """Of the rows ``read``, those ``built`` as they are now."""
        self.value = attrgetter(name)
        self.value_of = {key: self.value(row) for key, row in read.items()}
        self.value_of.update((key, self.value(row)) for key, row in built.items())
        self.keys: defaultdict[Any, set[K]] = defaultdict(set)
        for key, value in self.value_of.items():
            self.keys[value].add(key)

    def move(self, key: K, row: Any) -> None:
        """The row ``key`` under its value now."""
        value, was = self.value(row), self.value_of[key]
        if value != was:
            self.keys[was].discard(key)
            self.keys[value].add(key)
            self.value_of[key] = value


class Mapped(Mapping[K, V]):
    """Rows as read, by key, each passed through ``value`` when asked for, never before:
    a step asks for a few hundred of a large map's 10,000 hexes, and naming every one of
    them as it is read cost a seventh of reading them (the snapshot's hexes, ``value``
    making a row a named tuple); the chronicle asks an army's kingdom of a few of
    thousands of armies (campaign.pipeline.writeback, ``value`` reading one attribute)."""

    def __init__(self, rows: Mapping[K, Any], value: Callable[[Any], V]):
        self._rows = rows
        self._value = value

    def __getitem__(self, key: K) -> V:
        return self._value(self._rows[key])

    def __iter__(self) -> Iterator[K]:
        return iter(self._rows)

    def __len__(self) -> int:
        return len(self._rows)

    def __contains__(self, key: object) -> bool:
        return key in self._rows


@dataclass
class Snapshot:
    """The World and the rows it came from, so the outcome can be written back."""

    world: World
    hexes: Rows[Coord, Hex]
    coord_of: dict[int, Coord]
    kingdoms: Rows[int, Kingdom]
    armies: Rows[int, Army]
    characters: Rows[int, Character]
    battles: dict[int, Battle] = field(default_factory=dict)
    sides: dict[int, list[SideRow]] = field(default_factory=dict)  # by the battles' keys
    neutrals: Rows[int, NeutralKingdom] = field(default_factory=lambda: Rows(NeutralKingdom, {}))
    # What a domain's loader kept of the rows it loaded, by its class (the siege rows)
    parts: dict[type, object] = field(default_factory=dict)

    def add(self, part: object) -> None:
        self.parts[type(part)] = part

    def part(self, kind: type[P]) -> P:
        try:
            return cast(P, self.parts[kind])
        except KeyError:
            raise Unregistered(f"No snapshot loader added {kind.__name__}.") from None


def snapshot_load(campaign: Campaign, turn_number: int) -> Snapshot:
    """Eight queries, whatever the size of the map (and the domains' loaders' own), each
    written once a process (campaign.core.statements)."""
    return snapshot_build(
        campaign,
        turn_number,
        hexes=_campaign_hexes(campaign.pk),
        kingdoms=_campaign_kingdoms(campaign.pk),
        armies=_campaign_armies(campaign.pk),
        characters=_campaign_characters(campaign.pk),
    )


def map_hexes(hexes: QuerySet[Hex]) -> QuerySet[Hex]:
    """The ``hexes`` as a snapshot reads them. A hex's secondary terrains are the
    tabletop's (Q16), not the World's, and no step writes them: unread, they spare a
    large map's snapshot the decoding of 10,000 JSON values (a Hex built from the row
    reads them on use, as a deferred field)."""
    return hexes.defer("secondary_terrains")


@written_once
def _campaign_hexes(campaign_id: int) -> QuerySet[Hex]:
    return map_hexes(Hex.objects.filter(campaign_id=campaign_id))


@written_once
def _campaign_kingdoms(campaign_id: int) -> QuerySet[Kingdom]:
    return Kingdom.objects.filter(campaign_id=campaign_id)


@written_once
def _campaign_armies(campaign_id: int) -> QuerySet[Army]:
    return Army.objects.filter(kingdom__campaign_id=campaign_id)


@written_once
def _campaign_characters(campaign_id: int) -> QuerySet[Character]:
    """E-20: the neutral kingdoms' Generals too. Each part through its index: joined with
    an OR, PostgreSQL reads the characters of every campaign to find them."""
    return Character.objects.filter(kingdom__campaign_id=campaign_id).union(
        Character.objects.filter(neutral_kingdom__campaign_id=campaign_id), all=True
    )


@written_once
def _campaign_neutrals(campaign_id: int) -> QuerySet[NeutralKingdom]:
    return NeutralKingdom.objects.filter(campaign_id=campaign_id)


def snapshot_build(
    campaign: Campaign,
    turn_number: int,
    *,
    hexes: QuerySet[Hex] | Bound,
    kingdoms: QuerySet[Kingdom] | Bound,
    armies: QuerySet[Army] | Bound,
    characters: QuerySet[Character] | Bound,
    for_kingdom: int | None = None,
) -> Snapshot:
    """The snapshot of the rows the querysets (or statements) pick, the hexes read as
    ``map_hexes`` reads them: the whole map's (``snapshot_load``)
    or a part of it (campaign.pipeline.neighbourhood), which must hold the capitals of the
    kingdoms and the neutral kingdoms and the besieged hexes. The neutral kingdoms and
    what the domains' loaders add are the campaign's. A snapshot ``for_kingdom`` judges
    that kingdom's write: of what the step reads for every kingdom it holds the
    kingdom's share, the neutral kingdoms it knows (A-1.4.18–20), and none of last
    turn's battles (the step's discovery rolls, A-1.4.20)."""
    hex_type, hex_rows = rows_read(hexes)
    by_coord, coord_of, hex_states = _hexes(hex_rows)
    kingdom_rows = _by_id(kingdoms)
    neutrals = _by_id(_campaign_neutrals(campaign.pk))
    army_rows = _by_id(armies)
    character_rows = _by_id(characters)
    world = World(
        turn=turn_number,
        hexes=hex_states,
        kingdoms={k.id: _kingdom_state(k, coord_of) for k in kingdom_rows.values()},
        neutral_kingdoms={n.id: _neutral_state(n, coord_of) for n in neutrals.values()},
        armies={a.id: _army_state(a, coord_of) for a in army_rows.values()},
        characters={c.id: _character_state(c) for c in character_rows.values()},
        ruleset=campaign.ruleset,
        known_neutrals=_known_neutrals(campaign, for_kingdom),
        neutral_battles_last_turn=(
            _neutral_battles(campaign, turn_number - 1) if for_kingdom is None else frozenset()
        ),
        module_state=campaign.module_state or {},  # rules.modules
    )
    snapshot = Snapshot(
        world,
        Rows(Hex, Mapped(by_coord, partial(tuple.__new__, hex_type))),
        coord_of,
        Rows(Kingdom, kingdom_rows),
        Rows(Army, army_rows),
        Rows(Character, character_rows),
        neutrals=Rows(NeutralKingdom, neutrals),
    )
    for load in SNAPSHOT_LOADERS:  # agreements (Q23), sieges (E-37), crowns (E-30)
        load(snapshot, campaign, turn_number)
    return snapshot


def _by_id(source: QuerySet | Bound) -> dict[int, Any]:
    return {row.id: row for row in rows_load(source)}


def _known_neutrals(campaign: Campaign, only: int | None) -> dict[int, frozenset[int]]:
    """A-1.4.18–20, Q22: the neutral kingdoms each player kingdom knows, or the kingdom
    ``only`` alone. One query."""
    known: dict[int, set[int]] = {}
    rows = _known_by(campaign.pk) if only is None else _known_by_kingdom(campaign.pk, only)
    for kingdom_id, neutral_id in rows.rows():
        known.setdefault(kingdom_id, set()).add(neutral_id)
    return {kingdom_id: frozenset(ids) for kingdom_id, ids in known.items()}


def _known_links(campaign_id: int) -> QuerySet:
    return NeutralKingdom.known_by.through.objects.filter(
        neutralkingdom__campaign_id=campaign_id
    ).values_list("kingdom_id", "neutralkingdom_id")


@written_once
def _known_by(campaign_id: int) -> QuerySet:
    return _known_links(campaign_id)


@written_once
def _known_by_kingdom(campaign_id: int, kingdom_id: int) -> QuerySet:
    return _known_links(campaign_id).filter(kingdom_id=kingdom_id)


def _neutral_battles(campaign: Campaign, turn_number: int) -> frozenset[int]:
    """A-1.4.20 (step 3a): the neutral kingdoms in whose hexes a battle was fought in
    turn ``turn_number``, against their army or between the invaders of a contested hex
    (P-C3): a battle with a result of Table 25, so neither a retreat nor a lost cause
    (A-1.4.19). A contested hex that was taken has left its kingdom, but its winner
    fought the kingdom's army there too. One query."""
    rows = _neutral_defenders(campaign.pk, turn_number).rows()
    return frozenset(defending or in_hex for defending, in_hex in rows)


@written_once
def _neutral_defenders(campaign_id: int, turn_number: int) -> QuerySet:
    defenders = BattleSide.objects.filter(
        battle__turn__campaign_id=campaign_id,
        battle__turn__number=turn_number,
        role="defender",  # an incited attack is no battle in the kingdom's hexes
        battle__result__in=sorted(FOUGHT_RESULTS),  # abstract or tabletop (rules.battles.tabletop)
    ).filter(
        Q(neutral_kingdom__isnull=False)
        | Q(battle__defender_kind=DefenderKind.INVADER, battle__hex__neutral_kingdom__isnull=False)
    )
    return defenders.values_list("neutral_kingdom_id", "battle__hex__neutral_kingdom_id")


# The members by value (and "" for none): ``Terrain(value)`` goes through Enum's
# lookup machinery, a noticeable cost over the 10,000 hexes of a large map
_TERRAINS = {t.value: t for t in Terrain}
_FEATURES = {"": None, **{f.value: f for f in Feature}}
_DEFENCES = {"": None, **{d.value: d for d in Defence}}


def _hexes(rows: list) -> tuple[dict[Coord, Any], dict[int, Coord], dict[Coord, HexState]]:
    """The hex rows of ``rows_read`` (every column but the secondary terrains) by coord,
    the coords by row id, and the hexes' states by coord, in the rows' order.

    One loop makes the three, each row unpacked at once in the Hex's field order (where
    reading twenty attributes of a named tuple costs a third of the loop), and each
    state given its fields by position. The state is the one its keywords would make
    from the ORM's Hex, none of its fields left out
    (tests/campaign/pipeline/test_snapshot_rows.py)."""
    by_coord: dict[Coord, Any] = {}
    coord_of: dict[int, Coord] = {}
    states: dict[Coord, HexState] = {}
    for row in rows:
        (
            pk, _campaign, q, r, terrain, owner, neutral_kingdom, home_neutral_kingdom,
            explored, scouted_only, feature, minor_feature, defence, watchtower,
            defender_points, defender_original_points, defender_race, orphan,
            looted_turn, edict_turn, unrest_from, unrest_until,
        ) = row  # fmt: skip
        coord = (q, r)
        by_coord[coord] = row
        coord_of[pk] = coord
        states[coord] = HexState(
            coord,
            _TERRAINS[terrain],
            owner,
            neutral_kingdom,
            home_neutral_kingdom,
            explored,
            scouted_only,
            _FEATURES[feature],
            minor_feature or None,
            _DEFENCES[defence],
            watchtower,
            None
            if defender_points is None
            else Defender(
                points=defender_points,
                original_points=defender_original_points or defender_points,
                race=defender_race,
            ),
            orphan,
            looted_turn,  # §5.3 edicts: the hex's history
            edict_turn,
            unrest_from,
            unrest_until,
        )
    return by_coord, coord_of, states


def _kingdom_state(k, coord_of: dict[int, Coord]) -> KingdomState:
    return KingdomState(
        id=k.id,
        name=k.name,
        capital=coord_of.get(k.capital_id),
        power=k.power,
        industry=k.industry,
        eliminated=k.eliminated,
        fallback_capitals=tuple((q, r) for q, r in k.fallback_capitals or ()),  # E-23
        race=k.race,  # NR-RACE: the peoples module (rules.modules.peoples)
    )


def _neutral_state(n, coord_of: dict[int, Coord]) -> NeutralKingdomState:
    return NeutralKingdomState(
        id=n.id,
        name=n.name,
        capital=coord_of[n.capital_id],
        race=n.race,
        protector=n.protector_id,
        ally=n.ally_id,
    )


def _army_state(a, coord_of: dict[int, Coord]) -> ArmyState:
    return ArmyState(  # by position, quicker than by keyword (rules.core.state.HexState)
        a.id,
        a.kingdom_id,
        a.name,
        a.points,
        a.allocation,
        coord_of.get(a.position_id),
        a.rested,
        a.race,  # NR-ALLY: an allied army (rules.modules.peoples)
    )


def _character_state(c) -> CharacterState:
    """A character's state from its row, by position (quicker than by keyword, as a
    hex's); the one its keywords make (tests/campaign/pipeline/test_snapshot_rows.py)."""
    return CharacterState(
        c.id,
        c.name,
        c.kingdom_id,
        c.army_id,
        c.xp,
        c.generalship,
        c.is_general,
        c.is_grand_marshal,
        c.tactician,
        c.neutral_kingdom_id,  # E-20
        c.status,  # Tables 13–14, E-03, E-11 (rules.battles.postbattle)
        c.profile or {},
        c.stat_deltas or {},
        tuple(c.skills or ()),
        c.is_wizard,
        c.wizard_level,
        c.shaken_until_turn,
    )
