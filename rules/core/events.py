"""Typed events: what a resolution says happened.

Every event names the rule that caused it (``rule``) and the dice it used (``rolls``).
The Django side stores them as TurnEvents (the chronicle) and applies them to the map;
``to_dict`` is their stored form.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import Enum

from rules.core.dice import Roll
from rules.core.problems import Phrase
from rules.core.state import (
    Coord,
    DefenderKind,
    EdictKind,
    Feature,
    IfWon,
    NeutralConquest,
    Role,
    Strategy,
    Structure,
)
from rules.core.tables import EdictRisk, ScoutLevel


@dataclass(frozen=True, kw_only=True)
class Event:
    rule: str
    rolls: tuple[Roll, ...] = ()

    @property
    def type(self) -> str:
        return type(self).__name__

    def to_dict(self) -> dict:
        """A JSON-ready dict: enums as values, tuples as lists, plus the type name."""
        return _plain_fields(self, {"type": self.type})


# What needs no conversion, by exact type: an enum member (a str or int too) is not one
_AS_IS = frozenset({str, int, float, bool, type(None)})
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _plain_fields(obj, plain: dict) -> dict:
    """A dataclass's fields made plain into ``plain``, as ``dataclasses.asdict`` then
    ``_plain`` would, without asdict's deep copy, and without a call for a value that
    needs no conversion (most of them): a step turns hundreds of events into chronicle
    rows."""
    kind = type(obj)
    names = _FIELD_NAMES.get(kind)
    if names is None:
        names = _FIELD_NAMES[kind] = tuple(f.name for f in dataclasses.fields(obj))
    for name in names:
        value = getattr(obj, name)
        plain[name] = value if type(value) in _AS_IS else _plain(value)
    return plain


def _plain(value):
    if type(value) in _AS_IS:
        return value
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Phrase):
        return value.plain()
    if isinstance(value, dict):
        return {key: item if type(item) in _AS_IS else _plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [item if type(item) in _AS_IS else _plain(item) for item in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _plain_fields(value, {})
    return value


@dataclass(frozen=True, kw_only=True)
class HexExplored(Event):
    """A-1.0.5, Table 7, E-08: an invaded hex reveals its contents to everyone."""

    hex: Coord
    feature: Feature | None
    minor_feature: str | None
    defender_points: int | None
    neutral_kingdom_id: int | None = None
    # The kingdoms whose invasion explored it: in a neutral kingdom's hex they alone
    # learn the strength of its army, as in their battle (A-1.4.18–20, rules.turn.visibility)
    explorer_kingdom_ids: tuple[int, ...] = ()


@dataclass(frozen=True, kw_only=True)
class HexExploredByScouts(Event):
    """§5.4, Table 8: a scouted unexplored hex is explored now (the Table 7 rolls are made
    and stored), but its contents stay secret until it is invaded (E-29): the chronicle
    shows this entry to the GM alone; the scout learns only his HexScouted facts."""

    hex: Coord
    feature: Feature | None
    minor_feature: str | None
    defender_points: int | None


@dataclass(frozen=True, kw_only=True)
class HexScouted(Event):
    """Table 5 Scout, Table 8: what one army's scouts learned of a hex, private to its
    kingdom (E-29). ``facts`` hold what the ``level`` reveals and nothing more;
    ``neutral_kingdom_id`` is set only on a 6+ in a neutral kingdom's hex."""

    army_id: int
    kingdom_id: int
    hex: Coord
    origin: Coord
    level: ScoutLevel
    total: int  # the modified d6
    modifiers: tuple[str, ...] = ()
    facts: dict = dataclasses.field(default_factory=dict)
    neutral_kingdom_id: int | None = None


@dataclass(frozen=True, kw_only=True)
class ScoutsSeen(Event):
    """Table 8 result 1: the owner of the scouted hex is told "scouts were seen" (not by
    whom)."""

    hex: Coord
    kingdom_id: int  # the owner told


@dataclass(frozen=True, kw_only=True)
class NeutralKingdomDiscovered(Event):
    """A-1.4.19, Q22, Table 8 6+: a kingdom learns a neutral kingdom's extent and capital."""

    kingdom_id: int
    neutral_kingdom_id: int


@dataclass(frozen=True, kw_only=True)
class BattleDeclared(Event):
    """§3 step 3e: an invasion meets its defender (or none: undefended, lost cause). An
    incited attack (A-1.4.12, rules.kingdoms.diplomacy) has a neutral kingdom as the attacker:
    ``attacker_kingdom_id`` None and ``attacker_neutral_kingdom_id`` set."""

    hex: Coord
    defender_kind: DefenderKind
    attacker_kingdom_id: int | None
    attacker_army_ids: tuple[int, ...]
    attacker_points: int
    defender_kingdom_id: int | None = None
    defender_neutral_kingdom_id: int | None = None
    defender_army_ids: tuple[int, ...] = ()
    defender_points: int = 0
    # At a neutral capital: the invader's standing choice if he takes it (A-1.4.17, E-23)
    neutral_conquest: NeutralConquest | None = None
    attacker_neutral_kingdom_id: int | None = None  # an incited attack (A-1.4.12, Q17)
    # P-C3, E-15: a follow-up battle of a contested hex, fought only if the battle
    # declared ``after``-th (1, 2, …, as declared_battles keys them) ended as ``if_won``
    after: int | None = None
    if_won: IfWon | None = None


@dataclass(frozen=True, kw_only=True)
class CoveringPatrols(Event):
    """E-15: the patrols of ``kingdom_id`` that cover an invaded hex, the default defender
    (the one with the most points) first; the owner may name another at Phase 4. His
    own secret: the invader does not learn which other patrols stand near."""

    hex: Coord
    kingdom_id: int
    army_ids: tuple[int, ...]


@dataclass(frozen=True, kw_only=True)
class Retreated(Event):
    """A-2.4: a side retreats, always escaping with no casualties."""

    battle_key: int
    hex: Coord
    role: Role


@dataclass(frozen=True, kw_only=True)
class BattleFought(Event):
    """Tables 23–25: an abstract battle's totals and result; winner None is a draw."""

    battle_key: int
    hex: Coord
    attacker_strategy: Strategy
    defender_strategy: Strategy
    attacker_total: int
    defender_total: int
    result: str  # draw / marginal / solid / massacre
    winner: Role | None


@dataclass(frozen=True, kw_only=True)
class TabletopBattleFought(BattleFought):
    """A-2.5, P-C5, P-C6, E-24: a battle played on the tabletop, as its confirmed report
    gives it (rules.battles.tabletop): ``result`` victory, massacre or draw (Q21: winner None).
    A BattleFought like an abstract one for everything that asks whether a battle was
    fought (discovery A-1.4.19, the rest flag E-01, the Beast's awakening); it has no
    strategies or totals."""

    attacker_strategy: Strategy | None = None
    defender_strategy: Strategy | None = None
    attacker_total: int | None = None
    defender_total: int | None = None
    vp_margin: int | None = None


@dataclass(frozen=True, kw_only=True)
class TabletopTurnedAbstract(Event):
    """E-24: a tabletop battle with no confirmed report by its deadline is resolved
    abstract, with the strategies on file (Hold when missing). Public, like the battle."""

    battle_key: int
    hex: Coord

    def seen_by(self) -> tuple[bool, frozenset[int], tuple[str, ...]]:
        return True, frozenset(), ()


@dataclass(frozen=True, kw_only=True)
class BattleWon(Event):
    """Who won a battle, however it was decided (fight, default, lost cause)."""

    battle_key: int
    hex: Coord
    winner: Role | None  # None: nobody (both retreated, or a draw)
    by_default: bool = False


@dataclass(frozen=True, kw_only=True)
class ArmyLosses(Event):
    """Troop losses of a player army (§5.7 troop losses)."""

    battle_key: int
    army_id: int
    points_lost: int
    points_left: int


@dataclass(frozen=True, kw_only=True)
class DefenderLosses(Event):
    """Losses of a neutral feature defender that keeps its hex (semi-permanence, §5.5)."""

    battle_key: int
    hex: Coord
    points_lost: int
    points_left: int


@dataclass(frozen=True, kw_only=True)
class CharacterFell(Event):
    """§5.7 fallen characters: they roll on Table 13 with −1 at post-battle.
    ``recovery_modifiers`` are the other Table 13 modifiers already known for that roll
    (rules.battles.recovery, E-21: a Shrine in the battle's hex), in words with their values,
    e.g. "A battle in a hex with a Shrine +1 (both sides)"."""

    battle_key: int
    character_id: int
    recovery_modifiers: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class ExperienceGained(Event):
    """A-2.4 (+1 on a default win) and A-2.5 (exactly 1 in an abstract battle)."""

    battle_key: int
    character_id: int
    xp: int


@dataclass(frozen=True, kw_only=True)
class HexConquered(Event):
    """§3 step 6b: the hex joins the winner's kingdom."""

    hex: Coord
    kingdom_id: int
    previous_owner_id: int | None = None


@dataclass(frozen=True, kw_only=True)
class ArmyMoved(Event):
    """E-32: an army's position follows its orders."""

    army_id: int
    hex: Coord


@dataclass(frozen=True, kw_only=True)
class OrphanChanged(Event):
    """A-1.3.1, §3 step 6f: a hex lost or regained its friendly path to the capital."""

    hex: Coord
    orphan: bool


@dataclass(frozen=True, kw_only=True)
class CampaignEndRoll(Event):
    """A-3.0.2: from the announced turn, a d6 of 4+ ends the campaign."""

    turn: int
    result: int
    ends: bool


@dataclass(frozen=True, kw_only=True)
class PowerCollected(Event):
    """Table 9, §3 step 6g: a kingdom's income; its power and industry after it."""

    kingdom_id: int
    gained: int
    power: int
    industry: int


@dataclass(frozen=True, kw_only=True)
class CampaignWon(Event):
    """A-3.1: the campaign is over; scores are Table 1 effective power in half-points."""

    winner_ids: tuple[int, ...]
    scores: tuple[tuple[int, int], ...]  # (kingdom id, effective power × 2), best first


@dataclass(frozen=True, kw_only=True)
class CapitalMoved(Event):
    """A-3.2, E-23: a kingdom that lost its capital names one of its cities instead."""

    kingdom_id: int
    old: Coord
    new: Coord


@dataclass(frozen=True, kw_only=True)
class KingdomEliminated(Event):
    """A-3.2, E-27: no city to move the capital to; the kingdom's land is abandoned."""

    kingdom_id: int
    hexes: tuple[Coord, ...]


@dataclass(frozen=True, kw_only=True)
class ArmyDestroyed(Event):
    """An army that no longer exists (its kingdom eliminated, E-27; or 0 points, E-14)."""

    army_id: int


@dataclass(frozen=True, kw_only=True)
class DefenderAppeared(Event):
    """E-27: a new neutral defender on an abandoned hex with a major feature (§5.5)."""

    hex: Coord
    points: int


@dataclass(frozen=True, kw_only=True)
class ArmyRested(Event):
    """Table 5 Rest, E-14, E-01: the army is rebuilt to its allocation and gets the rested
    flag for its next battle. ``ordered`` False: it had no order and rests by default
    (Q7)."""

    army_id: int
    points_regained: int
    points: int  # after the rebuild: the allocation
    ordered: bool = True


@dataclass(frozen=True, kw_only=True)
class RestFlagUsed(Event):
    """E-01: a rested army fought its next battle, which used the flag (+1 on its Table 12
    rolls, tabletop) and cleared it; an abstract battle clears it too."""

    battle_key: int
    army_id: int


@dataclass(frozen=True, kw_only=True)
class PatrolTookOver(Event):
    """P-C4, E-15: the patrol declared against an invasion was used up earlier in the
    turn, so another unused patrol of the owner that covers the hex defends it."""

    battle_key: int
    hex: Coord
    army_id: int  # the patrol that defends now
    points: int  # its current points
    replaced_army_ids: tuple[int, ...]


@dataclass(frozen=True, kw_only=True)
class DiscoveryRollFailed(Event):
    """A-1.4.19 (§3 step 6d) or A-1.4.20 (step 3a): a kingdom's discovery roll that did
    not reach ``needed``; a roll that does is a NeutralKingdomDiscovered."""

    kingdom_id: int
    neutral_kingdom_id: int
    needed: int


@dataclass(frozen=True, kw_only=True)
class DefenderRecovered(Event):
    """§5.5 semi-permanence, E-09: a surviving neutral defender regains points, at most
    500 a turn, up to the size first rolled for it; ``points`` is its size now."""

    hex: Coord
    points_gained: int
    points: int


@dataclass(frozen=True, kw_only=True)
class NeutralKingdomConquered(Event):
    """A-1.4.16, A-1.4.17, E-18, E-23: a player beat a neutral kingdom's army at its
    capital. ``hexes`` are the kingdom's hexes that no other player owns: under Sworn
    Enemies they join him (each also a HexConquered), the capital becomes a Town and its
    Great Fortress a fortress (Q3, E-22) and the kingdom ceases to exist; under Quick
    Friendship they stay the kingdom's, with him as its protector in place of
    ``previous_protector_id``. ``power`` is credited at step 6g."""

    neutral_kingdom_id: int
    kingdom_id: int
    choice: NeutralConquest
    capital: Coord
    hexes: tuple[Coord, ...]
    previous_protector_id: int | None = None
    power: int = 3
    restored: tuple[Coord, ...] = ()  # E-18: the conqueror's hexes that go back to it


@dataclass(frozen=True, kw_only=True)
class EdictResolved(Event):
    """§5.3 Tables 2–4, E-26: a Loot or Raze carried out after step 6b. ``total`` is the
    modified Table 3 d6 (its ``modifiers`` in words) and ``result`` what it gave;
    ``power`` (Table 4) is credited at step 6g (E-13). A Raze's ``structure`` went from
    ``structure_before`` to ``structure_after`` (None: removed): a feature, a fortress
    (``defence``) or a watchtower. What the map shows is public; the roll, the result
    and the power are the kingdom's alone (rules.turn.visibility)."""

    kingdom_id: int
    hex: Coord
    edict: EdictKind  # not "kind": a chronicle entry's kind is its event type
    structure: Structure | None = None
    total: int
    modifiers: tuple[str, ...] = ()
    result: EdictRisk
    power: int
    structure_before: str | None = None
    structure_after: str | None = None
    unrest_from: int | None = None  # Unrest: the first and last turn the hex gives nothing
    unrest_until: int | None = None


@dataclass(frozen=True, kw_only=True)
class EdictVoid(Event):
    """E-26: an edict whose hex changed hands this turn (or no longer holds what it
    names) is void: no roll, no power. For its kingdom only."""

    kingdom_id: int
    hex: Coord
    edict: EdictKind  # not "kind": a chronicle entry's kind is its event type
    structure: Structure | None = None
    reason: str


@dataclass(frozen=True, kw_only=True)
class HexRevolted(Event):
    """Table 3 Revolt, E-09: the hex leaves ``kingdom_id`` and becomes unowned and
    explored, its feature kept; rebels of ``defender_points`` hold it and stay (an
    exception to A-1.0.6). Public."""

    hex: Coord
    kingdom_id: int
    feature: Feature | None
    defender_points: int


@dataclass(frozen=True, kw_only=True)
class AllocationCut(Event):
    """E-14: Total Support fell below the sum of the allocations and the player did not
    cut them at his orders, so the largest is cut (rules.kingdoms.armies.support_cuts); its
    points follow it down. For the owner and the GM."""

    army_id: int
    kingdom_id: int
    allocation_before: int
    allocation: int
    points: int


@dataclass(frozen=True, kw_only=True)
class ArmyWeakened(Event):
    """Points an army loses outside a battle (Table 31 rows 3 and 6, E-12), rounded to
    5 points; below 1,000 it follows E-14. For the owner and the GM."""

    army_id: int
    points_lost: int
    points_left: int


@dataclass(frozen=True, kw_only=True)
class PowerAdjusted(Event):
    """A one-off gain or loss of unspent power outside Table 9 (Table 31, App G);
    ``power`` is the kingdom's power after it. For the owner and the GM."""

    kingdom_id: int
    change: int
    power: int


@dataclass(frozen=True, kw_only=True)
class HexRavaged(Event):
    """App G, E-39 ("sacked"): a mega-feature is downgraded or a major feature removed,
    the fortress or watchtower removed, and the hex counts as looted. Public."""

    hex: Coord
    feature_before: Feature | None
    feature: Feature | None
    defence_removed: bool = False
    watchtower_removed: bool = False


@dataclass(frozen=True, kw_only=True)
class BanditLairRolled(Event):
    """Table 17 Bandit lair (§5.10): the owner's d6 at the start of Provisional Results;
    on a 1 the hex is under Unrest (Table 3) from ``unrest_from`` to ``unrest_until``.
    A quiet roll is the owner's; an Unrest is public, as the map's hexes are, its die
    the owner's."""

    kingdom_id: int
    hex: Coord
    unrest: bool
    unrest_from: int | None = None
    unrest_until: int | None = None

    def seen_by(self) -> tuple[bool, frozenset[int], tuple[str, ...]]:
        return self.unrest, frozenset({self.kingdom_id}), ("rolls",)


@dataclass(frozen=True, kw_only=True)
class ModuleStateChanged(Event):
    """An optional module's own state after this step (rules.modules), e.g. where the
    Beast's lair is; the GM's alone (the announcements say what players learn)."""

    module: str
    state: dict


@dataclass(frozen=True, kw_only=True)
class Announcement(Event):
    """What an optional module announces (a Table 31 event, the Beast's rampage):
    ``text`` says it in words; to everyone, or to ``kingdom_ids`` alone when given.
    Modules subclass it (rules.modules)."""

    text: str
    kingdom_ids: tuple[int, ...] = ()


@dataclass
class Outcome:
    events: list[Event] = dataclasses.field(default_factory=list)

    def add(self, event: Event) -> Event:
        self.events.append(event)
        return event
