"""A snapshot of the world: the only input of a resolution.

Plain frozen dataclasses, and C structs (msgspec) for what a large map has thousands of:
hexes, armies, characters, orders. The Django side builds a ``World`` from the database
in a constant number of queries and turns the engine's events back into rows; the engine
never sees a model.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property
from typing import TYPE_CHECKING

import msgspec

from rules.core import table_options as groups
from rules.core.dicetable import DiceTable
from rules.core.ruins_options import RuinsOptions
from rules.core.sea_options import SeaOptions
from rules.core.table_options import TableOptions, option
from rules.core.wild_actors_options import WildActorsOptions
from rules.core.wild_sites_options import WildSitesOptions
from rules.core.wildlands_options import WildlandsOptions
from rules.core.works_options import WorksOptions
from rules.kingdoms.races import PeoplesOptions
from rules.sieges.options import SiegeOptions
from rules.tiles.options import NewTilesOptions

if TYPE_CHECKING:
    from rules.battles.tabletop import TabletopReport
    from rules.kingdoms.agreements import AgreementState
    from rules.sieges.state import SiegeEngineState, SiegeState

Coord = tuple[int, int]
"""Axial hex coordinates (q, r) on a flat-topped grid (E-39)."""


class Terrain(StrEnum):
    """A-1.1.1 terrain types."""

    FIELDS = "fields"
    RIVER = "river"
    FOREST = "forest"
    SWAMP = "swamp"
    MOUNTAIN = "mountain"
    SEA = "sea"
    # new-rules.md §2: the supplement's tiles, on a map only with the new_tiles module
    # (rules.modules.new_tiles); each counts as one of the terrains above (E-34)
    DELTA = "delta"
    CHASM = "chasm"
    ROCKY_PROMONTORY = "rocky_promontory"
    COASTAL_ISLAND = "coastal_island"
    ROCKY_COAST = "rocky_coast"
    FAULT = "fault"
    VOLCANO = "volcano"
    SANDBANKS = "sandbanks"
    PLATEAU = "plateau"

    @property
    def is_sea(self) -> bool:
        """A-1.1.2: no army stands, explores or fights there; sandbanks are sea too."""
        return self in (Terrain.SEA, Terrain.SANDBANKS)

    @property
    def is_base(self) -> bool:
        """A-1.1.1's own terrains, not the supplement's tiles."""
        return self in BASE_TERRAINS


BASE_TERRAINS = (
    Terrain.FIELDS, Terrain.RIVER, Terrain.FOREST, Terrain.SWAMP, Terrain.MOUNTAIN, Terrain.SEA
)  # fmt: skip


class Feature(StrEnum):
    """Major terrain features of Table 6 (A-1.1.4, A-1.1.5)."""

    TOWN = "town"
    CITY = "city"
    MINE = "mine"
    DEEP_MINE = "deep_mine"
    WOODS = "woods"
    DEEP_WOODS = "deep_woods"
    ARCANE_RUINS = "arcane_ruins"
    WIZARD_TOWER = "wizard_tower"

    @property
    def is_mega(self) -> bool:
        """A-1.1.5: Cities, Deep Mines and Deep Woods are mega-features."""
        return self in MEGA_FEATURES


MEGA_FEATURES = frozenset({Feature.CITY, Feature.DEEP_MINE, Feature.DEEP_WOODS})


class Defence(StrEnum):
    """Defensive features (A-1.1.3, Appendix B)."""

    FORTRESS = "fortress"
    GREAT_FORTRESS = "great_fortress"


class OrderKind(StrEnum):
    """Table 5 army orders (the ones the engine knows so far)."""

    INVADE = "invade"
    PATROL = "patrol"
    SCOUT = "scout"
    REST = "rest"
    EXAMINE = "examine"  # NR-WILD-2, E-32: the wildlands module's (rules.modules.wildlands)


class NeutralConquest(StrEnum):
    """A-1.4.17, E-23: what an invader does with a neutral capital he takes, chosen in
    advance on the Invade order; Sworn Enemies unless he says otherwise."""

    SWORN_ENEMIES = "sworn_enemies"
    QUICK_FRIENDSHIP = "quick_friendship"


class Decision(StrEnum):
    """A-2.4 fight or retreat; E-37: a fortified place's defender may withdraw behind
    its walls instead, which starts a siege (rules.sieges.investment)."""

    FIGHT = "fight"
    RETREAT = "retreat"
    WITHDRAW = "withdraw"


class Strategy(StrEnum):
    """Table 24 battle strategies."""

    ASSAULT = "assault"
    OUTFLANK = "outflank"
    HOLD = "hold"


class DefenderKind(StrEnum):
    """Who stands against an invasion (§3 step 3e)."""

    NEUTRAL = "neutral"  # a feature's neutral army
    NEUTRAL_KINGDOM = "neutral_kingdom"  # the kingdom's 2,500-pt army (A-1.4.8, E-06)
    PATROL = "patrol"  # a player's patrol covering the hex (Table 5)
    UNDEFENDED = "undefended"  # empty hex, no battle
    LOST_CAUSE = "lost_cause"  # player hex with no patrol (P-C2)
    ROAMING = "roaming"  # a roaming force in its lair: the Beast (App G, E-12, rules.modules)
    INVADER = "invader"  # another player's invasion of a contested hex (P-C3, E-15)


class Role(StrEnum):
    ATTACKER = "attacker"
    DEFENDER = "defender"


class IfWon(StrEnum):
    """P-C3, E-15: the outcome of the battle it follows that lets a follow-up battle of a
    contested hex be fought: that battle's attacker or defender won, or nobody did."""

    ATTACKER = "attacker"
    DEFENDER = "defender"
    NOBODY = "nobody"


@dataclass(frozen=True)
class Ruleset(
    TableOptions,
    SiegeOptions,
    SeaOptions,
    WildlandsOptions,
    RuinsOptions,
    WildActorsOptions,
    WildSitesOptions,
    NewTilesOptions,
    PeoplesOptions,
    WorksOptions,
):
    """The numbered options of campaign-rules.md that the code reads, with their rule IDs,
    and the GM's edited tables (rules.core.ruleset holds the defaults and validates edits). The
    numbers of the rulebook's tables are the fields it inherits (rules.core.table_options)."""

    patrol_radius: int = option(1, "Patrol radius", "Table 5 Q13", 0, 3, groups.TABLE_5)
    neutral_kingdom_defending_points: int = option(
        2500, "Neutral kingdom army, defending (points)", "A-1.5.2 E-06", 500, 10000,
        groups.NEUTRAL_KINGDOMS,
    )  # fmt: skip
    end_check_turn: int = option(
        8, "First turn of the end roll", "A-3.0.2 Q12", 1, 200, groups.ENDING
    )
    end_roll_target: int = option(
        4, "End roll: the campaign ends on a d6 of", "A-3.0.2", 1, 6, groups.ENDING
    )
    starting_power: int = option(2, "Starting power", "Q19", 0, 20, groups.TABLE_9)
    turn_length_days: int = option(
        7, "Days a turn stays open for orders", "A-2.0.1", 1, 60, groups.TURNS
    )
    minimum_army_points: int = option(
        1000, "Smallest army that may do more than rest (points)", "E-14 §5.6", 0, 3000,
        groups.ARMY_SIZE,
    )  # fmt: skip
    early_resolution: int = option(
        0, "Resolve as soon as every player is ready (1 yes, 0 no)", "Q7", 0, 1, groups.TURNS
    )
    random_events: int = option(
        0, "Optional module: random events (1 on, 0 off)", "§5.12 Table 31 E-12", 0, 1,
        groups.TABLE_31,
    )  # fmt: skip
    the_beast: int = option(
        0, "Optional module: The Beast Awakes (1 on, 0 off)", "§5.12 App G E-12 E-39", 0, 1,
        groups.BEAST,
    )  # fmt: skip
    allied_friendly_path: int = option(
        0, "Friendly paths run through allies' hexes (1 yes, 0 no)", "Q9 Q23", 0, 1,
        groups.AGREEMENTS,
    )  # fmt: skip
    allied_patrols: int = option(
        0, "Patrols protect allies' hexes (1 yes, 0 no)", "Q13 Q23", 0, 1, groups.AGREEMENTS
    )
    # B 7.0: players talk in private threads (kingdoms.messages); whether the GM reads
    # those he is not in is the group's choice, shown on the rules page to all and announced
    # when changed in play, so nobody writes believing the GM cannot read it
    gm_reads_messages: int = option(
        0, "The game master reads the players' private messages (1 yes, 0 no)", "B 7.0", 0, 1,
        groups.AGREEMENTS,
    )  # fmt: skip
    # key → the GM's version: a DiceTable, or Table 6's SlotTable (rules.core.tables)
    tables: Mapping[str, DiceTable] = field(default_factory=dict)


@dataclass(frozen=True)
class Defender:
    """A neutral army holding a feature hex (A-1.5, semi-permanence §5.5, E-09)."""

    points: int
    original_points: int
    race: str = ""


class HexState(msgspec.Struct, frozen=True, gc=False):
    """A hex as the rules see it. A C struct (msgspec) rather than a frozen dataclass: a
    large map has 10,000 of them, every step builds them all from the database and the
    rules read and replace them many times, each of which a struct does several times
    quicker (given its fields by position: by keyword, building one costs three times as
    much). Change one with ``msgspec.structs.replace``; ``dataclasses.replace`` takes
    dataclasses only.

    Not tracked by the cyclic garbage collector (``gc=False``), nor are the other structs
    here: a state holds values, never itself or what holds it, so it is in no cycle, and
    each of the step's states is made and freed without the collector's bookkeeping
    (at 100,000 hexes, a twentieth of making them and a tenth of freeing them)."""

    coord: Coord
    terrain: Terrain
    owner: int | None = None  # player kingdom id
    neutral_kingdom: int | None = None  # neutral kingdom id (secret, A-1.4.18)
    home_neutral_kingdom: int | None = None  # E-18: the one it belonged to at set-up
    explored: bool = False  # Table 7 was rolled, by an invasion or a scout
    scouted_only: bool = False  # explored by scouting alone: secret until invaded (E-29)
    feature: Feature | None = None
    minor_feature: str | None = None
    defence: Defence | None = None
    watchtower: bool = False
    defender: Defender | None = None
    orphan: bool = False  # as computed at the end of the previous turn (Q14)
    # §5.3 edicts: the hex's history (rules.kingdoms.edicts reads it): the last turn it was looted,
    # the last turn an edict was carried out in it, and its Unrest, first to last turn
    looted_turn: int | None = None
    edict_turn: int | None = None
    unrest_from: int | None = None
    unrest_until: int | None = None


@dataclass(frozen=True)
class KingdomState:
    id: int
    name: str
    capital: Coord | None
    power: int = 0
    industry: int = 0  # Table 9: converts to power 3 for 1, the remainder kept
    eliminated: bool = False
    # E-23: the cities the player named, in order, to move the capital to if it falls
    fallback_capitals: tuple[Coord, ...] = ()
    # E-30: the crown ledger's balance, kept only while a supplement module with crown
    # prices is on (rules.kingdoms.crowns); never power, never in Table 1
    crowns: int = 0
    # NR-RACE, E-40: the people the player chose when he claimed it (rules.kingdoms.races),
    # "" if none (the peoples module off, or claimed before it was on)
    race: str = ""


@dataclass(frozen=True)
class NeutralKingdomState:
    """A-1.4: a hidden neutral kingdom; its army is a constant (E-06). A kingdom taken
    under Quick Friendship keeps its hexes with the conqueror as ``protector`` (E-18)."""

    id: int
    name: str
    capital: Coord
    race: str = ""
    protector: int | None = None  # player kingdom id (A-1.4.17 Quick Friendship, E-18)
    ally: int | None = (
        None  # player kingdom id allied by diplomacy (A-1.4.12, rules.kingdoms.diplomacy)
    )


class CharacterState(msgspec.Struct, frozen=True, gc=False):
    """A character of a player kingdom (``kingdom_id``, with an army), or the General of a
    neutral kingdom's army (``neutral_kingdom_id``, no army: A-1.4.10–11, E-20). A C
    struct, as a hex is (``HexState``): a large map has thousands."""

    id: int
    name: str
    kingdom_id: int | None
    army_id: int | None
    xp: int = 0
    generalship: int = 0  # Table 16, starts at 0 (E-11)
    is_general: bool = False
    is_grand_marshal: bool = False
    tactician: bool = False  # Command skill (Table 21), +1 on Table 23
    neutral_kingdom_id: int | None = None  # E-20: the neutral kingdom whose army he leads
    # §5.8–5.9, E-03, E-11 (rules.battles.postbattle, rules.battles.advancement): injuries and
    # skills as
    # deltas on his racial ``profile`` (stat → value, as the GM entered it; may be empty),
    # the skills he gained (Tables 19–22, in order), his magic, and his fate
    status: str = "active"  # "active", or "dead" / "retired" (Table 13, E-03): gone
    profile: Mapping[str, int] = msgspec.field(default_factory=dict)
    deltas: Mapping[str, int] = msgspec.field(default_factory=dict)
    skills: tuple[str, ...] = ()
    is_wizard: bool = False
    wizard_level: int = 0
    shaken_until: int | None = None  # Table 14 Shaken: misses every turn up to this one

    def fights(self, turn: int) -> bool:
        """Table 13, Table 14, E-03: a dead or retired character is gone, and a Shaken one
        cannot be in an army until his missed turns are over."""
        shaken = self.shaken_until is not None and turn <= self.shaken_until
        return self.status == "active" and not shaken


class ArmyState(msgspec.Struct, frozen=True, gc=False):
    """An army. A C struct, as a hex is (``HexState``): a large map has thousands."""

    id: int
    kingdom_id: int
    name: str
    points: int
    allocation: int  # E-14: persistent allocation; points <= allocation
    position: Coord | None = None  # E-32
    rested: bool = False  # E-01: +1 on the next battle's Table 12 rolls
    race: str = ""  # NR-ALLY: an allied army's people ("": its kingdom's; rules.modules.peoples)


class Order(msgspec.Struct, frozen=True, gc=False):
    """An army's order for the turn: a C struct, as a hex is (``HexState``), a large
    map's turn has thousands."""

    army_id: int
    kind: OrderKind
    target: Coord | None = None  # invade, scout: the hex aimed at; patrol: the base hex
    origin: Coord | None = None  # invade, scout: the own hex it leaves from (E-07)
    neutral_conquest: NeutralConquest = NeutralConquest.SWORN_ENEMIES  # invade (E-23)
    # patrol: the land hexes across its sea hexes it covers, when it must choose (A-1.1.2.4)
    sea_cover: tuple[Coord, ...] = ()


class EdictKind(StrEnum):
    """Table 2 edicts (§5.3)."""

    LOOT = "loot"
    RAZE = "raze"


class Structure(StrEnum):
    """E-26: what a Raze names and destroys (Table 4)."""

    FEATURE = "feature"  # the major feature: removed, or a mega-feature downgraded
    FORTRESS = "fortress"
    GREAT_FORTRESS = "great_fortress"
    WATCHTOWER = "watchtower"


@dataclass(frozen=True)
class Edict:
    """Table 2: a kingdom's Loot or Raze of one of its hexes, given with the orders and
    resolved after step 6b (E-26)."""

    kingdom_id: int
    hex: Coord
    kind: EdictKind
    structure: Structure | None = None  # a Raze only (E-26)


@dataclass(frozen=True)
class Side:
    """One side of a battle. Neutral sides have no kingdom_id and no armies."""

    points: int
    kingdom_id: int | None = None
    neutral_kingdom_id: int | None = None
    army_ids: tuple[int, ...] = ()
    decision: Decision = Decision.FIGHT  # Q7: no answer means Fight
    strategy: Strategy | None = None  # Q7: no strategy means Hold
    # P-C4: a defending patrol's place for this battle among its battles, as its owner
    # ordered them at Phase 4 (None: declaration order, after the ranked ones)
    rank: int | None = None


class Roster:
    """Characters by id, filed by the army they are with and by the neutral kingdom whose
    army they lead (E-20), so that a battle finds its sides' characters (E-28, Table 16)
    among its own, not among all the campaign's. Putting a character in files him anew:
    post-battle's ledger (rules.battles.postbattle) is one, whose characters die, retire
    and leave their army as the turn's battles go."""

    def __init__(self, characters: Mapping[int, CharacterState]):
        self._characters: dict[int, CharacterState] = {}
        self._by_army: dict[int, set[int]] = {}
        self._by_neutral: dict[int, set[int]] = {}
        for character_id, character in characters.items():
            self[character_id] = character

    def __getitem__(self, character_id: int) -> CharacterState:
        return self._characters[character_id]

    def get(self, character_id: int) -> CharacterState | None:
        return self._characters.get(character_id)

    def __setitem__(self, character_id: int, character: CharacterState) -> None:
        before = self._characters.get(character_id)
        if before is not None:
            self._by_army.get(before.army_id, set()).discard(character_id)
            self._by_neutral.get(before.neutral_kingdom_id, set()).discard(character_id)
        self._characters[character_id] = character
        if character.army_id is not None:
            self._by_army.setdefault(character.army_id, set()).add(character_id)
        if character.neutral_kingdom_id is not None:
            self._by_neutral.setdefault(character.neutral_kingdom_id, set()).add(character_id)

    def with_army(self, army_id: int) -> list[CharacterState]:
        """The characters with the army, by id, whatever their status."""
        return [self._characters[i] for i in sorted(self._by_army.get(army_id, ()))]

    def of_neutral(self, neutral_kingdom_id: int) -> list[CharacterState]:
        """The characters leading the neutral kingdom's army (E-20), by id."""
        ids = self._by_neutral.get(neutral_kingdom_id, ())
        return [self._characters[i] for i in sorted(ids)]

    def on(self, side: Side) -> list[CharacterState]:
        """The characters with the side's armies, by id, whatever their status; for a
        neutral kingdom's army (A-1.4.8, defending or incited), its General (A-1.4.10–11,
        E-20); none for a neutral feature's."""
        if side.army_ids:
            ids = set().union(*(self._by_army.get(a, ()) for a in side.army_ids))
            return [self._characters[i] for i in sorted(ids)]
        if side.neutral_kingdom_id is not None:
            return self.of_neutral(side.neutral_kingdom_id)
        return []


@dataclass(frozen=True)
class BattleState:
    """A battle declared at Provisional Results, with the players' Phase 4 choices."""

    key: int
    hex: Coord
    defender_kind: DefenderKind
    attacker: Side
    defender: Side | None  # None when undefended or a lost cause
    # At a neutral capital: the attacker's standing choice if he takes it (A-1.4.17, E-23)
    neutral_conquest: NeutralConquest | None = None
    # P-C3, E-15: a follow-up battle of a contested hex is fought only if the battle
    # ``after`` (its key) ended as ``if_won``
    after: int | None = None
    if_won: IfWon | None = None
    # E-24: every side opted in to the tabletop at Phase 4; ``report`` is its confirmed
    # report (rules.battles.tabletop), or None: then it is resolved abstract
    tabletop: bool = False
    report: TabletopReport | None = None
    # E-37, E-24: a siege battle announced at Provisional Results (rules.sieges.tabletop):
    # the key of its siege, whose step fights it on its day, not the turn's battle loop
    siege_key: int | None = None


@dataclass(frozen=True)
class Ruling:
    """new-rules.md §12.4: the GM's answer to one ruling the engine asked
    (rules.core.rulings.RulingAsked) with what the question said, so that the module
    that asked it can apply the answer in place of the default it applied."""

    key: str
    kind: str  # which module's applier re-decides it (rules.modules)
    rule: str
    answer: str
    default: str
    hex: Coord | None = None
    army_id: int | None = None
    kingdom_id: int | None = None
    facts: Mapping = field(default_factory=dict)


@dataclass
class World:
    turn: int
    hexes: dict[Coord, HexState]
    kingdoms: dict[int, KingdomState] = field(default_factory=dict)
    neutral_kingdoms: dict[int, NeutralKingdomState] = field(default_factory=dict)
    armies: dict[int, ArmyState] = field(default_factory=dict)
    characters: dict[int, CharacterState] = field(default_factory=dict)
    ruleset: Ruleset = field(default_factory=Ruleset)
    # –20, Q22: player kingdom id → the neutral kingdoms it knows
    known_neutrals: dict[int, frozenset[int]] = field(default_factory=dict)
    # neutral kingdoms whose army fought a battle last turn (step 3a)
    neutral_battles_last_turn: frozenset[int] = frozenset()
    # Optional modules' own state (rules.modules), by module: e.g. the Beast's lair
    module_state: Mapping[str, Mapping] = field(default_factory=dict)
    # Q23: the agreements in force between player kingdoms (rules.kingdoms.agreements)
    agreements: tuple[AgreementState, ...] = ()
    # E-37: the campaign's sieges, ongoing and ended (rules.sieges.state), and the siege
    # trains' engines (NR-SIEGE, rules.modules.siege_trains)
    sieges: tuple[SiegeState, ...] = ()
    siege_engines: tuple[SiegeEngineState, ...] = ()
    # new-rules.md §12.4: the GM's answers to this turn's rulings that differ from their default, by
    # key (rules.core.rulings); Final Results apply them first (rules.modules)
    rulings: Mapping[str, Ruling] = field(default_factory=dict)

    @cached_property
    def roster(self) -> Roster:
        """The characters filed by army and by neutral kingdom, built once the first battle
        asks for them. A World's characters are not changed in place: a step that changes
        them makes a new World (``dataclasses.replace``), which files them anew."""
        return Roster(self.characters)
