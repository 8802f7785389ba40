"""What each viewer may see (docs/architecture.md, "What each person may see", E-29, Q22).

Pure functions over plain data. The Django selectors build a ``Viewer`` and pass every
hex and every chronicle entry through here; no view filters on its own.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

import msgspec

from rules.core import events as ev
from rules.core.state import Coord, DefenderKind, HexState, NeutralConquest, World
from rules.turn.provisional import DECLARATION_RULES


@dataclass(frozen=True)
class Viewer:
    is_gm: bool = False
    kingdom_id: int | None = None  # None for a GM or an outsider
    known_neutral_kingdoms: frozenset[int] = field(default_factory=frozenset)
    # Table 8, E-29: what the kingdom's scouts learned, by hex: {"level", "turn", facts…}
    scout_reports: Mapping[tuple[int, int], dict] = field(default_factory=dict)


GM = Viewer(is_gm=True)


def sees_contents(viewer: Viewer, owner: int | None, explored: bool) -> bool:
    """A-1.0.9, E-29: whether the viewer sees what a hex holds: once anyone explored it
    by invading it (``explored``; scouting alone does not count, §5.4), in his own hexes,
    and the GM everywhere."""
    return viewer.is_gm or explored or (owner is not None and owner == viewer.kingdom_id)


def sees_neutral_kingdom(viewer: Viewer, neutral_kingdom_id: int | None) -> bool:
    """A-1.4.18–20: a neutral kingdom is seen by the players who discovered it, and the GM."""
    return viewer.is_gm or neutral_kingdom_id in viewer.known_neutral_kingdoms


def hex_as_known(hex_: HexState, viewer: Viewer) -> HexState:
    """The hex as the viewer knows it, to judge what he asks of it (an order, a spend):
    a neutral kingdom he has not discovered is not there, nor are contents he may not
    see (the facts that hex_viewer hides), so a refusal cannot tell him about them."""
    neutral = hex_.neutral_kingdom if sees_neutral_kingdom(viewer, hex_.neutral_kingdom) else None
    home = hex_.home_neutral_kingdom
    home = home if sees_neutral_kingdom(viewer, home) else None
    if sees_contents(viewer, hex_.owner, hex_.explored and not hex_.scouted_only):
        return msgspec.structs.replace(hex_, neutral_kingdom=neutral, home_neutral_kingdom=home)
    return HexState(
        coord=hex_.coord,
        terrain=hex_.terrain,
        owner=hex_.owner,
        neutral_kingdom=neutral,
        home_neutral_kingdom=home,
        orphan=hex_.orphan,
    )


def kingdom_viewer(world: World, kingdom_id: int) -> Viewer:
    """The kingdom's player as far as ``world`` tells: his kingdom and the neutral kingdoms
    it discovered (A-1.4.18–20), all that ``hex_as_known`` reads of him. What his scouts
    reported (E-29) is for him to see, not for the rules to judge by."""
    return Viewer(
        kingdom_id=kingdom_id,
        known_neutral_kingdoms=world.known_neutrals.get(kingdom_id, frozenset()),
    )


def world_as_known(world: World, viewer: Viewer, coords: Iterable[Coord | None]) -> World:
    """``world`` with the hexes at ``coords`` as the viewer knows them (hex_as_known):
    the hexes a request names (None where it names none), which the rules then judge by
    what he may see."""
    named = {tuple(c) for c in coords if c is not None}
    known = {c: hex_as_known(world.hexes[c], viewer) for c in named if c in world.hexes}
    return dataclasses.replace(world, hexes={**world.hexes, **known}) if known else world


def sees_treasury(viewer: Viewer, kingdom_id: int) -> bool:
    """E-30: a kingdom's crown ledger, like its power (Table 1), is its own and the
    GM's; no other kingdom sees it."""
    return viewer.is_gm or (viewer.kingdom_id is not None and viewer.kingdom_id == kingdom_id)


class HexFacts(NamedTuple):
    """Everything the server knows of a hex, in the terms the map shows.

    A NamedTuple, not a dataclass: the map builds 10,000 of them per request.
    """

    q: int
    r: int
    terrain: str
    owner_id: int | None
    neutral_kingdom_id: int | None
    explored: bool  # by an invasion, so public; not by scouting alone (§5.4, E-29)
    feature: str
    minor_feature: str
    defence: str
    watchtower: bool
    defender_points: int | None
    orphan: bool
    # Q16: the other terrain types of the hex: a list, or straight from a
    # database row its JSON text, NULL when there are none (campaign.map.selectors)
    secondary_terrains: Sequence[str] | str | None = ()


def secondary_terrains(value: Sequence[str] | str | None) -> list[str]:
    """HexFacts.secondary_terrains as a list: a database cursor hands the JSON column
    over as text (SQLite and psycopg 3 under Django alike), a test as a list."""
    if not value or value == "[]":
        return []
    if isinstance(value, str):
        value = json.loads(value)
    return [str(terrain) for terrain in value]


def hex_view(
    facts: HexFacts, viewer: Viewer, sieges: Mapping[tuple[int, int], dict] | None = None
) -> dict:
    """The hex as ``viewer`` may see it (``hex_viewer`` says how)."""
    return hex_viewer(viewer, sieges)(facts)


def hex_viewer(
    viewer: Viewer,
    sieges: Mapping[tuple[int, int], dict] | None = None,
    bridges: Collection[Coord] = (),
) -> Callable[[HexFacts], dict]:
    """What ``viewer`` may see of a hex, as a function of its facts.

    Terrain and player borders are public (A-1.0.3, A-1.0.9): the primary terrain and the
    secondary ones alike (Q16, A-1.1.1: "one or more" terrain types). Contents are seen
    once anyone explored the hex by invading it (A-1.0.9, E-29), or in one's own hexes; a
    neutral kingdom only by the players who discovered it (A-1.4.18–20). A hex explored
    by scouting alone stays unexplored for everyone (§5.4, E-29); the scout sees what
    his report told him, at its level (Table 8), under ``scouted``.

    ``sieges`` are the ongoing sieges' marks by hex (E-37): a siege is public, like the
    borders, so everyone who sees the hex, fogged or not, sees its mark under ``siege``;
    what else he sees of it is the siege sheet's business (battles.sieges.selectors).

    ``bridges``: the hexes a bridge stands on (NR-BRIDGE-2,
    rules.modules.works.bridges.bridges_standing). A bridge is a work in the hex, so it
    is seen with its contents, under ``bridge``.

    The map calls the function for each of 10,000 hexes: each hex's facts are unpacked
    once, so a plain tuple in HexFacts' order (a database row) will do, and the neutral
    kingdom is asked after only in the few hexes that have one. Who sees what is
    sees_contents' and sees_neutral_kingdom's to say, here as for hex_as_known.
    """
    reports = viewer.scout_reports

    def view(facts: HexFacts) -> dict:
        (
            q, r, terrain, owner, kingdom, explored, feature, minor, defence, tower, points,
            orphan, more,
        ) = facts  # fmt: skip
        explored = bool(explored)  # a database may hand booleans over as 0/1
        more = secondary_terrains(more) if more else []  # Q16: public
        known = kingdom is not None and sees_neutral_kingdom(viewer, kingdom)
        neutral = kingdom if known else None
        scouted = reports.get((q, r)) if reports else None
        siege = sieges.get((q, r)) if sieges else None  # E-37: public
        if not sees_contents(viewer, owner, explored):
            if scouted is not None:
                land = (q, r, terrain, more)
                return _scouted_view(land, owner, bool(orphan), scouted, neutral, siege)
            return {
                "q": q, "r": r, "terrain": terrain, "secondary_terrains": more,
                "owner": owner, "explored": explored,
                "neutral_kingdom": neutral, "orphan": owner is not None and bool(orphan),
                "feature": None, "minor_feature": None, "defence": None, "watchtower": False,
                "defender_points": None, "scouted": None, "siege": siege, "bridge": False,
            }  # fmt: skip
        return {
            "q": q, "r": r, "terrain": terrain, "secondary_terrains": more,
            "owner": owner, "explored": explored,
            "neutral_kingdom": neutral, "orphan": owner is not None and bool(orphan),
            "feature": feature or None, "minor_feature": minor or None,
            "defence": defence or None, "watchtower": bool(tower),
            "defender_points": points if owner is None else None, "scouted": scouted,
            "siege": siege, "bridge": (q, r) in bridges,
        }  # fmt: skip

    return view


def _scouted_view(
    land: tuple[int, int, str, list[str]],
    owner: int | None,
    orphan: bool,
    report: dict,
    neutral,
    siege,
) -> dict:
    """An unexplored hex the viewer scouted: its contents as his report gave them (Table 8),
    never the server's, which may hold more than he learned; ``land`` is what everyone
    sees of it: q, r, the terrain and the secondary terrains (Q16)."""
    q, r, terrain, more = land
    return {
        "q": q, "r": r, "terrain": terrain, "secondary_terrains": more,
        "owner": owner, "explored": False,
        "neutral_kingdom": neutral, "orphan": owner is not None and orphan,
        "feature": report.get("feature"), "minor_feature": report.get("minor_feature"),
        "defence": report.get("defence"), "watchtower": bool(report.get("watchtower")),
        "defender_points": report.get("defender_points"), "scouted": report, "siege": siege,
        "bridge": False,  # the scouts' report tells no bridge (Table 8)
    }  # fmt: skip


def scout_report_view(level: str, turn: int, facts: dict) -> dict:
    """A stored scouting report as hex_view shows it under ``scouted``."""
    return {"level": level, "turn": turn, **facts}


class Audience(NamedTuple):
    """Who reads a chronicle entry: everyone (``public``) or only ``kingdom_ids``.

    The kingdoms listed are the insiders: they also see the ``secret`` fields, which
    outsiders get removed (an enemy's strength goes to a battle's participants only).
    A secret written ``name@owner`` is for one insider alone, the kingdom the payload's
    ``owner`` field names; the other insiders get it removed too (a siege's provisions
    are the garrison's, not the besieger's: E-37).

    A NamedTuple, not a dataclass: a step makes one for each of its hundreds of events,
    in half the time.
    """

    public: bool
    kingdom_ids: frozenset[int] = frozenset()
    secret: tuple[str, ...] = ()


@dataclass(frozen=True)
class Context:
    """Who owns what, so that an event's insiders can be named. Mappings, which a caller
    may fill on asking: a step's few hundred events ask about a few of a large map's
    thousands of armies and characters."""

    army_kingdom: Mapping[int, int] = field(default_factory=dict)
    battle_kingdoms: Mapping[int, frozenset[int]] = field(default_factory=dict)
    # E-20: the neutral kingdom whose army a character leads (None for a player's): those
    # Generals' fate only the GM reads (A-1.4.18)
    character_neutral_kingdom: Mapping[int, int | None] = field(default_factory=dict)


_BATTLE_SECRETS = (
    "attacker_points",
    "defender_points",
    "attacker_army_ids",
    "defender_army_ids",
    "neutral_conquest",  # the invader's standing choice (E-23)
)
_FIGHT_SECRETS = ("attacker_total", "defender_total", "attacker_strategy", "defender_strategy")
_EDICT_SECRETS = (  # §5.3: the kingdom's own
    "rolls", "total", "modifiers", "result", "power", "unrest_from", "unrest_until",
)  # fmt: skip
_PUBLIC_EVENTS = (
    ev.HexExplored,
    ev.HexConquered,
    ev.OrphanChanged,
    ev.CampaignEndRoll,
    ev.BattleWon,
    ev.CampaignWon,
    ev.CapitalMoved,
    ev.KingdomEliminated,
    ev.DefenderAppeared,
    ev.DefenderRecovered,  # §5.5, E-09: an explored hex's defender is public
    ev.HexRavaged,  # App G, E-39: the map shows it
    ev.HexRevolted,  # Table 3 Revolt, E-09: the border and the rebels are on the map
)


def audience(event: ev.Event, context: Context) -> Audience:
    """E-29: exploration, conquest and results are public; strength and losses are not."""
    seen_by = getattr(event, "seen_by", None)
    if seen_by is not None:  # an event that says it itself (rules.kingdoms.spending_events, …)
        public, insiders, secret = seen_by()
        return Audience(public, frozenset(insiders), tuple(secret))
    # First the events of an army, which a step makes by the hundred (each destroyed
    # army, each move), lest each of them be asked about every other kind below
    if isinstance(event, (ev.ArmyMoved, ev.ArmyDestroyed, ev.ArmyRested, ev.RestFlagUsed)):
        return Audience(False, frozenset({context.army_kingdom[event.army_id]}))
    if isinstance(event, ev.BattleDeclared):
        insiders = {event.attacker_kingdom_id, event.defender_kingdom_id} - {None}
        # E-28: a combined assault's partner is an insider through his armies
        insiders |= {context.army_kingdom.get(a) for a in event.attacker_army_ids} - {None}
        return Audience(True, frozenset(insiders), _BATTLE_SECRETS)
    if isinstance(event, ev.BattleFought):  # a TabletopBattleFought too (P-C6)
        return Audience(
            True,
            context.battle_kingdoms.get(event.battle_key, frozenset()),
            (*_FIGHT_SECRETS, "vp_margin"),
        )
    if isinstance(event, (ev.Retreated, ev.DefenderLosses)):
        return Audience(True, context.battle_kingdoms.get(event.battle_key, frozenset()))
    if isinstance(event, ev.HexExplored) and event.neutral_kingdom_id is not None:
        # A-1.4.18–20: a neutral kingdom's army's strength is its invaders', as in their
        # battle; everyone sees what the hex holds
        return Audience(True, frozenset(event.explorer_kingdom_ids), ("defender_points",))
    if isinstance(event, _PUBLIC_EVENTS):
        return Audience(True)
    if isinstance(event, (ev.CharacterFell, ev.ExperienceGained)) and (
        context.character_neutral_kingdom.get(event.character_id) is not None
    ):
        return Audience(False)  # E-20: a hidden kingdom's General is the GM's alone
    if isinstance(event, (ev.ArmyLosses, ev.CharacterFell, ev.ExperienceGained)):
        return Audience(False, context.battle_kingdoms.get(event.battle_key, frozenset()))
    if isinstance(event, ev.NeutralKingdomConquered):
        return _conquest_audience(event)
    if isinstance(
        event,
        (ev.HexScouted, ev.ScoutsSeen, ev.NeutralKingdomDiscovered, ev.DiscoveryRollFailed),
    ):
        return Audience(False, frozenset({event.kingdom_id}))  # E-29, Table 8, A-1.4.19–20
    if isinstance(event, ev.HexExploredByScouts):  # E-29: the GM's alone until invaded
        return Audience(False)
    if isinstance(event, ev.EdictResolved):  # §5.3: the map shows it, not the dice or gain
        return Audience(True, frozenset({event.kingdom_id}), _EDICT_SECRETS)
    if isinstance(event, ev.EdictVoid):  # E-26: an edict that never happened is private
        return Audience(False, frozenset({event.kingdom_id}))
    if isinstance(event, (ev.PowerCollected, ev.PowerAdjusted, ev.AllocationCut)):
        return Audience(False, frozenset({event.kingdom_id}))  # another's power is not yours
    if isinstance(event, ev.ArmyWeakened):  # E-12: the announcement is public, not this
        return Audience(False, frozenset({context.army_kingdom[event.army_id]}))
    if isinstance(event, ev.ModuleStateChanged):  # the GM's: a module's hidden state
        return Audience(False)
    if isinstance(event, ev.Announcement):  # optional modules (rules.modules), E-12
        return Audience(not event.kingdom_ids, frozenset(event.kingdom_ids))
    if isinstance(event, ev.CoveringPatrols):  # E-15: the owner's own patrols
        return Audience(False, frozenset({event.kingdom_id}))
    if isinstance(event, ev.PatrolTookOver):  # P-C4, E-15: as the battle's own secrets
        return Audience(False, context.battle_kingdoms.get(event.battle_key, frozenset()))
    raise TypeError(f"no audience rule for {event.type}")


def _conquest_audience(event: ev.NeutralKingdomConquered) -> Audience:
    """A-1.4.16–17: a conquest is public. Under Sworn Enemies its hexes become the
    conqueror's, public borders (A-1.0.9); under Quick Friendship they stay the neutral
    kingdom's, whose extent only its protectors know (A-1.4.18–20)."""
    if event.choice is NeutralConquest.SWORN_ENEMIES:
        return Audience(True)
    insiders = frozenset({event.kingdom_id, event.previous_protector_id} - {None})
    return Audience(True, insiders, ("hexes", "restored"))


# Payload fields that name a neutral kingdom: hidden until the viewer discovered it.
NEUTRAL_KINGDOM_FIELDS = (
    "neutral_kingdom_id",
    "defender_neutral_kingdom_id",
    "attacker_neutral_kingdom_id",  # an incited attack
    "garrison_neutral_kingdom_id",  # a neutral garrison besieged (E-37)
)


def defender_kind_seen(
    kind: str, neutral_kingdom_id: int | None, viewer: Viewer, insider: bool
) -> str:
    """A-1.4.18–20: that a defender is a neutral kingdom's army is known to those who
    fight it (``insider``), to the kingdom's discoverers and to the GM; anyone else reads
    a neutral defender, which it also is."""
    if kind != DefenderKind.NEUTRAL_KINGDOM or insider:
        return kind
    return kind if sees_neutral_kingdom(viewer, neutral_kingdom_id) else DefenderKind.NEUTRAL.value


def rule_seen(rule: str, payload: dict, seen: dict) -> str:
    """A-1.4.18–20: the rule an entry cites, as the reader of ``seen`` (entry_view's view
    of ``payload``) may read it. One who reads a neutral kingdom's army as a neutral
    defender reads the declaration a plain neutral defender's battle cites (A-1.5.1),
    lest the kingdom's own rules (A-1.4.8, E-06) give it away."""
    hidden = DefenderKind.NEUTRAL_KINGDOM.value
    if payload.get("defender_kind") != hidden or seen.get("defender_kind") == hidden:
        return rule
    return rule.replace(
        DECLARATION_RULES[DefenderKind.NEUTRAL_KINGDOM], DECLARATION_RULES[DefenderKind.NEUTRAL]
    )


# Payload fields that name the neutral kingdom a defender_kind is about
_DEFENDING_NEUTRAL_FIELDS = ("defender_neutral_kingdom_id", "garrison_neutral_kingdom_id")


def entry_view(
    payload: dict, public: bool, kingdom_ids: list[int], secret: list[str], viewer: Viewer
) -> dict | None:
    """A stored chronicle entry as ``viewer`` may read it, or None if it is not for him.

    Even an insider of a battle learns only that he fought "a neutral kingdom's army",
    not which kingdom, until he discovers it (A-1.4.18–20); an outsider, only that it
    was a neutral one (defender_kind_seen).
    """
    if viewer.is_gm:
        return payload
    insider = viewer.kingdom_id is not None and viewer.kingdom_id in kingdom_ids
    if not (insider or public):
        return None
    hidden = _hidden(payload, secret, viewer) if insider else _names(secret)
    seen = {key: value for key, value in payload.items() if key not in hidden}
    if seen.get("defender_kind") == DefenderKind.NEUTRAL_KINGDOM:
        neutral = next((payload[k] for k in _DEFENDING_NEUTRAL_FIELDS if payload.get(k)), None)
        seen["defender_kind"] = defender_kind_seen(seen["defender_kind"], neutral, viewer, insider)
    for key in NEUTRAL_KINGDOM_FIELDS:
        if seen.get(key) is not None and seen[key] not in viewer.known_neutral_kingdoms:
            seen[key] = None
    return seen


def _names(secret: list[str]) -> set[str]:
    """The payload fields the secrets name (without a ``@owner``)."""
    return {item.partition("@")[0] for item in secret}


def _hidden(payload: dict, secret: list[str], viewer: Viewer) -> set[str]:
    """The secrets an insider may not read: those for another insider alone (Audience)."""
    hidden = set()
    for item in secret:
        name, _, owner = item.partition("@")
        if owner and payload.get(owner) != viewer.kingdom_id:
            hidden.add(name)
    return hidden
