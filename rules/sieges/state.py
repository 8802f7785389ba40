"""The state of a siege as the engine sees it (E-37, docs/design/sieges.md), and the
questions the other phases ask of it: which armies a siege holds, may this defender
withdraw, may this order be given.

Plain frozen dataclasses; ``World.sieges`` holds every siege of the campaign, ongoing and
ended (an ended one keeps the wall damage of its hex, §12.5).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from rules.core.problems import Problem
from rules.core.state import (
    Coord,
    Defence,
    DefenderKind,
    Feature,
    HexState,
    Order,
    OrderKind,
    Strategy,
    World,
)


class Place(StrEnum):
    """What the garrison withdraws into (E-37); selects the wall's class (SG-BOMB-1)."""

    GREAT_FORTRESS = "great_fortress"
    FORTRESS = "fortress"
    CITY = "city"


class SiegeStatus(StrEnum):
    """§12.2, §12.5: ongoing, or how it ended."""

    ONGOING = "ongoing"
    TAKEN = "taken"  # an assault won (SG-ASLT)
    SURRENDERED = "surrendered"  # SG-SURR-1, SG-SURR-2, event 7
    BROKEN = "broken"  # a relief battle or a general sortie won, event 20 (§12.5)
    LIFTED = "lifted"  # the besieger's own choice, or no besiegers left

    @property
    def falls(self) -> bool:
        """The besiegers hold the place (§12.5)."""
        return self in (SiegeStatus.TAKEN, SiegeStatus.SURRENDERED)


class BesiegerAction(StrEnum):
    """SG-INIT-2 at the campaign's scale: the besieger's action for one day."""

    WAIT = "wait"  # blockade and bombard (SG-BOMB, SG-DAILY)
    ASSAULT = "assault"  # SG-ASLT
    NEGOTIATE = "negotiate"  # SG-SURR-2


class GarrisonAction(StrEnum):
    """SG-INIT-3: the garrison's action for one day (pass hands the initiative over,
    SG-INIT-4)."""

    PASS = "pass"
    SORTIE = "sortie"  # against the camp, SG-SORT
    SUPPLY = "supply"  # supply sortie, SG-SUP
    GENERAL_SORTIE = "general_sortie"  # SG-GSORT, once a siege


class EngineKind(StrEnum):
    """NR-SIEGE §9.1: the siege trains' engines."""

    STONE_THROWER = "stone_thrower"
    GREAT_CANNON = "great_cannon"
    GIANT_RAM = "giant_ram"
    SIEGE_TOWER = "siege_tower"

    @property
    def breaches(self) -> bool:
        """Used before the assault: +1 on the breaching roll (NR-SIEGE-15)."""
        return self in (EngineKind.STONE_THROWER, EngineKind.GREAT_CANNON)


class SiegeBattleKind(StrEnum):
    """The battles of a siege (docs/design/sieges.md, "Siege battles")."""

    ASSAULT = "assault"  # SG-ASLT: besiegers attack the walls
    SORTIE = "sortie"  # SG-SORT: the garrison attacks the camp
    GENERAL_SORTIE = "general_sortie"  # SG-GSORT: everyone, outside the walls
    RELIEF = "relief"  # §12.5, SG-ASLT-9: a relief army attacks the besiegers


@dataclass(frozen=True)
class SiegeEngineState:
    """NR-SIEGE: one engine of a kingdom's siege train, with the army it travels with;
    ``built_turn``, the winter turn it was ordered in (None: one the campaign began with);
    ``captured``, taken from a beaten army (NR-SIEGE-17)."""

    id: int
    kind: EngineKind
    kingdom_id: int
    army_id: int | None = None
    built_turn: int | None = None
    captured: bool = False


@dataclass(frozen=True)
class SiegePlan:
    """One side's plan for a turn's siege days: an action a day (missing days take the
    default), the Table 24 strategy of the turn's siege battles, the besieger's choice
    to lift the siege, and the side's opt-in to play the turn's assaults and sorties on
    the tabletop (E-24: both sides must opt in; rules.sieges.tabletop)."""

    actions: tuple[str, ...] = ()
    strategy: Strategy | None = None
    lift: bool = False
    tabletop: bool = False


@dataclass(frozen=True)
class SiegeState:
    """One siege (docs/design/sieges.md, "The model")."""

    key: int
    hex: Coord
    place: Place
    besieger_kingdom_id: int
    besieger_army_ids: tuple[int, ...]
    defender_kind: DefenderKind  # patrol, neutral or neutral_kingdom
    started_turn: int
    garrison_kingdom_id: int | None = None
    garrison_neutral_kingdom_id: int | None = None
    garrison_army_ids: tuple[int, ...] = ()
    garrison_points: int = 0  # a neutral garrison's own points (an army's are its own)
    origins: tuple[tuple[int, Coord], ...] = ()  # besieging army id → hex it came from
    battle_key: int | None = None  # the battle whose defender withdrew
    status: SiegeStatus = SiegeStatus.ONGOING
    ended_turn: int | None = None
    day: int = 0
    provisions: int = 0
    provisions_rolled: int = 0
    wall_damage: int = 0
    wall_stages: int = 4
    camp_engines: int = 0
    camp_ready_day: int = 0  # SG-BUILD-1: the day the camp's mangonels are (re)built
    engines_out_until: int = 0  # the last siege day the engines do not bombard
    events_drawn: tuple[str, ...] = ()
    garrison_initiative_malus: int = 0  # event 18
    surrender_on_day: int | None = None  # event 7
    commander_out_until: int | None = None  # event 17: the last turn he is out
    besieger_levies: int = 0  # event 11
    garrison_levies: int = 0  # event 19
    general_sortie_used: bool = False  # SG-GSORT-1
    neutral_conquest: str | None = None  # at a neutral capital: the besieger's choice (E-23)
    besieger_plan: SiegePlan = field(default_factory=SiegePlan)
    garrison_plan: SiegePlan = field(default_factory=SiegePlan)
    # E-24 (rules.sieges.tabletop): a battle both sides chose to play on the tabletop
    # stops the siege on its day; it is announced at the next Provisional Results and
    # fought, from its report, at the next Final Results
    pending_kind: SiegeBattleKind | None = None
    pending_day: int = 0
    # Transient, while one of its battles is fought (rules.sieges.battle reads them)
    fighting: SiegeBattleKind | None = None
    gate_open: bool = False  # event 13's assault

    @property
    def ongoing(self) -> bool:
        return self.status is SiegeStatus.ONGOING

    @property
    def breached(self) -> bool:
        """SG-BOMB-1, SG-BREACH: the wall is demolished."""
        return self.wall_damage >= self.wall_stages

    @property
    def armies(self) -> tuple[int, ...]:
        return self.besieger_army_ids + self.garrison_army_ids


def at_the_table(siege: SiegeState, kind: SiegeBattleKind) -> bool:
    """E-24: a siege battle is played on the tabletop when both sides' plans of the turn
    opted in. A relief battle is always fought at once (abstract): the relief army's
    march is that turn's Patrol order, and it cannot wait a turn under the walls."""
    plans = (siege.besieger_plan, siege.garrison_plan)
    return kind is not SiegeBattleKind.RELIEF and all(p.tabletop for p in plans)


def place_of(hex_: HexState) -> Place | None:
    """E-37: a fortress, a great fortress or a City, in that order of strength."""
    if hex_.defence is Defence.GREAT_FORTRESS:
        return Place.GREAT_FORTRESS
    if hex_.defence is Defence.FORTRESS:
        return Place.FORTRESS
    if hex_.feature is Feature.CITY:
        return Place.CITY
    return None


WITHDRAWING_DEFENDERS = (DefenderKind.PATROL, DefenderKind.NEUTRAL, DefenderKind.NEUTRAL_KINGDOM)


def withdraw_problem(
    hex_: HexState, defender_kind: DefenderKind, attacker_kingdom_id: int | None
) -> Problem | None:
    """E-37: why the defender of this battle may not withdraw behind the walls (its Phase
    4 ``decision``), or None."""
    if place_of(hex_) is None:
        return Problem(
            "E-37",
            "decision",
            "only a fortress, a great fortress or a City has walls to withdraw behind",
        )
    if defender_kind not in WITHDRAWING_DEFENDERS:
        return Problem(
            "E-37",
            "decision",
            "only a patrol or a neutral army defending the place may withdraw",
        )
    if attacker_kingdom_id is None:
        return Problem(
            "E-37",
            "decision",
            "only a player's invasion lays a siege: this attack is fought in the field",
        )
    return None


def ongoing(world: World) -> list[SiegeState]:
    return [s for s in world.sieges if s.ongoing]


def siege_at(world: World, hex_: Coord) -> SiegeState | None:
    """The ongoing siege of ``hex_``, if any."""
    return next((s for s in world.sieges if s.ongoing and s.hex == hex_), None)


def besieged_by(world: World, army_id: int) -> SiegeState | None:
    """The ongoing siege that holds ``army_id`` (as a besieger or in the garrison)."""
    return next((s for s in world.sieges if s.ongoing and army_id in s.armies), None)


def locked_army_ids(world: World) -> frozenset[int]:
    """E-37: the armies an ongoing siege holds; they take no Table 5 order and do not rest."""
    return frozenset(a for s in world.sieges if s.ongoing for a in s.armies)


def order_problem(world: World, order: Order) -> Problem | None:
    """E-37 (docs/design/sieges.md): an army in a siege takes no Table 5 order; a
    besieged hex cannot be invaded or scouted into while the siege lasts."""
    siege = besieged_by(world, order.army_id)
    if siege is not None:
        q, r = siege.hex
        return Problem(
            "E-37",
            "army",
            "army {army} is in the siege of ({q}, {r}): it takes no order "
            "until the siege ends; its actions are on the siege sheet",
            army=order.army_id,
            q=q,
            r=r,
        )
    if order.kind is OrderKind.INVADE and order.target is not None:
        if siege_at(world, order.target) is not None:
            q, r = order.target
            return Problem(
                "E-37",
                "target",
                "({q}, {r}) is under siege: it cannot be invaded until the siege ends",
                q=q,
                r=r,
            )
    return None


def relief_army_ids(world: World, siege: SiegeState, orders: list[Order]) -> tuple[int, ...]:
    """§12.5, SG-ASLT-9: the garrison kingdom's armies ordered to Patrol from the besieged
    hex itself: they march to relieve it."""
    if siege.garrison_kingdom_id is None:
        return ()
    return tuple(
        sorted(
            o.army_id
            for o in orders
            if o.kind is OrderKind.PATROL
            and o.target == siege.hex
            and o.army_id in world.armies
            and world.armies[o.army_id].kingdom_id == siege.garrison_kingdom_id
            and o.army_id not in siege.armies
        )
    )


def wall_damage_left(world: World, hex_: Coord) -> int:
    """§12.5: the wall damage an earlier siege of ``hex_`` left, less the repairs since
    (``siege_wall_repair`` D results a turn after it ended)."""
    ended = [s for s in world.sieges if s.hex == hex_ and not s.ongoing and s.ended_turn]
    if not ended:
        return 0
    last = max(ended, key=lambda s: (s.ended_turn, s.key))
    repaired = (world.turn - last.ended_turn) * world.ruleset.siege_wall_repair
    return max(0, last.wall_damage - repaired)


PERSISTED = (
    "status", "ended_turn", "day", "provisions", "wall_damage", "camp_engines",
    "camp_ready_day", "engines_out_until", "events_drawn", "garrison_initiative_malus",
    "surrender_on_day", "commander_out_until", "besieger_levies", "garrison_levies",
    "general_sortie_used", "garrison_points", "besieger_army_ids", "pending_kind",
    "pending_day",
)  # fmt: skip
"""What a turn's days change in a siege: the fields the pipeline writes back."""


def state_dict(siege: SiegeState) -> dict:
    """The persisted fields as plain JSON values."""
    values = {}
    for name in PERSISTED:
        value = getattr(siege, name)
        values[name] = list(value) if isinstance(value, tuple) else getattr(value, "value", value)
    return values
