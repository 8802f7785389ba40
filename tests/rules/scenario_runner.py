"""Scenario cases in the manner of the DATC: a small world, the orders, the dice they
force and the expected events and map, as YAML files: the core rules' under
tests/rules/scenarios/, each optional module's in its own folder of tests/scenarios/modules/
(named as its package under rules/modules/).

A file is a YAML list of cases; a case is a mapping with these keys:

  number:      14.B.3                  the case's stable number, as the DATC's "6.A.1": its
                                       area (directory), its file's letter within the
                                       area, its index within the file; the test id is
                                       "<number> <name>"
  name:        a short title
  rule:        [A-1.1.2.2, E-16]       the rule IDs the case shows (campaign-rules.md,
                                       errata.md); docs/rules-coverage.md is checked
                                       against them
  description: what the case shows, in the rules' words
  turn:        1                       optional
  ruleset:     {options: {patrol_radius: 2}, tables: {table-7-fields: "1-4 empty\n5-6 town"}}
                                       optional: the GM's house rules, in the form the
                                       campaign stores them (rules.core.ruleset)
  map: |                               rules_builder's text map (axial rows; a token is a
    F1 ~. F.                           terrain letter F R W S M ~ and an owner digit or .)
  hexes:       [{at: [2, 0], explored: true, feature: town, defender: 1000,
                 minor_feature: ford, defence: fortress, neutral_kingdom: 1, orphan: true,
                 terrain: chasm}]
                                       per-hex extras on top of the map (terrain: one
                                       the text map has no letter for); defender is the
                                       neutral army's points, defender_original the size
                                       first rolled for it (E-09; default: the points)
  capitals:    {2: [3, 0]}             optional; default: the kingdom's lowest hex
  neutral_kingdoms: {1: {capital: [1, 1], protector: 2, ally: 3, race: dwarfs}}
                                       optional; every neutral_kingdom of ``hexes`` is
                                       one, by default with its capital on its Great
                                       Fortress (A-1.4.3), else its lowest hex, and no
                                       protector (E-18)
  known:       {1: [1]}                optional: the neutral kingdoms each player kingdom
                                       knows (A-1.4.18–20)
  neutral_battles_last_turn: [1]       optional: neutral kingdoms whose army fought last
                                       turn (A-1.4.20, step 3a)
  support_cuts: true                   optional: run E-14's default cut first, as the
                                       pipeline does (rules.kingdoms.armies.with_support_cuts)
  module_state: {the_beast: {lair: [3, 0], at: [3, 0], awake: true}}
                                       optional: the optional modules' state
                                       (rules.modules); switch a module on with
                                       ruleset: {options: {the_beast: 1}}
  agreements:  [{id: 1, kind: cease_fire, between: [1, 2]},
                {id: 2, kind: combined_assault, between: [1, 2], hex: [2, 0],
                 beneficiary: 2},
                {id: 3, kind: vassalage, overlord: 1, vassal: 2}]
                                       optional: the agreements in force (Q23,
                                       rules.kingdoms.agreements); also alliance. A combined
                                       assault is for the case's turn unless it says
                                       turn: N; a vassalage is a standing offer unless
                                       in_force: true; notice: true ends one after the
                                       turn; public: false hides one
  kingdoms:    {1: {power: 3, industry: 2}}   optional KingdomState fields
  fallback_capitals: {2: [[5, 0], [3, 0]]}
                                       optional: each kingdom's fallback-capital list,
                                       first choice first (E-23, rules.kingdoms.capitals)
  armies:      [{id: 1, kingdom: 1, points: 2000, position: [0, 0]}]
                                       optional: allocation (default: the points, at
                                       least 1,000; E-14), rested: true (E-01) and
                                       race: dwarfs (an allied army, NR-ALLY)
  characters:  [{id: 10, army: 1, is_general: true, generalship: 2},
                {id: 90, neutral_kingdom: 1, generalship: 1}]
                                       a character with an army is that army's kingdom's;
                                       one with neutral_kingdom is the General of that
                                       neutral kingdom's army (E-20)
  orders:      [{army: 1, invade: [2, 0], from: [1, 0]}, {army: 2, patrol: [0, 0]},
                {army: 3, rest: true}, {army: 4, scout: [3, 0]},
                {army: 5, patrol: [0, 0], sea_cover: [[2, 1], [3, 0]]}]
                                       sea_cover: the land hexes across the sea a
                                       patrol names (A-1.1.2.4); an invade may add
                                       conquest: quick_friendship (E-23; default
                                       sworn_enemies)
                                       "kingdom: 2" gives the order as another kingdom;
                                       {army: 1, examine: true} examines the hex the army
                                       stands on (NR-WILD-2; examine: [q, r] names it)
  spending:    [{kingdom: 1, kind: recruit, amount: 2, army: 1}]
  offers:      [{id: 7, name: Ogres, minimum_bid: 2, points: 500}]
  provoked:    [{at: [0, 1], turn: 1}]
                                       optional: power spending, the GM's mercenaries and
                                       the hexes Provoked lately (Table 10, Table 11,
                                       §5.6); the format is tests/rules/spending_cases.py's,
                                       and expect: refused: [{spend: 2, reason: …}]
  raises:      [{kingdom: 1, race: empire}]
                                       new armies' peoples, checked in order by the
                                       modules (rules.modules.army_problem, NR-ALLY);
                                       expect: refused: [{raise: 2, reason: …}]
  edicts:      [{kingdom: 1, loot: [1, 0]}, {kingdom: 1, raze: [2, 0], structure: fortress}]
                                       Table 2 edicts, resolved after step 6b (E-26); a
                                       Raze names its structure: feature, fortress,
                                       great_fortress or watchtower. Per-hex history for
                                       Table 3 goes in ``hexes``: looted_turn, edict_turn,
                                       unrest_from, unrest_until
  engines:     [{army: 1, kind: giant_ram}]
                                       optional: siege engines ordered while the winter
                                       turn takes orders (NR-SIEGE-4), each checked by
                                       rules.modules.siege_trains.building.build_problem
                                       against those before it, as
                                       battles.sieges.services.siege_engine_build does, and
                                       added with built_turn the case's turn; expect:
                                       refused: [{army: 1, engine: giant_ram, reason: …}]
  convoys:     [{army: 1, engines: [1, 2, 3], id: 5}]
                                       optional: siege-engine convoys sent off while the
                                       turn takes orders (NR-SIEGE-11), before the orders
                                       are checked, each by
                                       rules.modules.siege_trains.convoy.convoy_problem, the
                                       new army ``id`` taking the engines; expect:
                                       refused: [{army: 1, convoy: 5, reason: …}]
  bridges:     [{kingdom: 1, hex: [1, 0]}]
                                       optional: bridges ordered while the winter turn
                                       takes orders (the works module), each checked by
                                       rules.modules.works.bridges.bridge_problem against
                                       those before it and priced, as
                                       kingdoms.works.services.bridge_order does; expect:
                                       refused: [{kingdom: 1, bridge: [1, 0], reason: …}]
  temples:     [{kingdom: 1, hex: [1, 0]}] optional: temples ordered so, as bridges are
                                       (rules.modules.wildlands.temple_building)
  decisions:   [{battle: 1, attacker: {decision: retreat}, defender: {strategy: hold}}]
                                       battle N is the N-th declared battle (Phase 4);
                                       defender: {patrol: 21} names the defending patrol
                                       among those covering the hex (E-15)
  tabletop:    [{battle: 1, report: {winner: attacker, vp_margin: 950,
                  units: [{army: 20, unit: Spearmen, fate: destroyed, points: 150,
                           table_roll: 4}],
                  removed: [{character: 21, table_roll: 2}],
                  kills: [{character: 10, count: 1}], neutral_losses: 0}}]
                                       optional: battles every side opted in to the
                                       tabletop at Phase 4 (E-24), each with its
                                       confirmed report (P-C5, P-C6; winner: draw for
                                       none; a table_roll is a die rolled at the table,
                                       not forced), or without one: not reported by the
                                       deadline, so abstract (tests/rules/tabletop_cases.py)
  patrol_orders: {20: [3, 1]}          optional: the order in which a patrol's owner
                                       has it fight the battles it was declared in
                                       (P-C4, Phase 4; the others after, in order)
  sieges:      [{at: [2, 0], place: fortress, besieger: 1, besieger_armies: [1],
                 defender_kind: patrol, garrison: 2, garrison_armies: [2], provisions: 9,
                 besieger_plan: {actions: [assault], strategy: assault, lift: false},
                 garrison_plan: {actions: [sortie]}, day: 3, wall_damage: 1, …}]
                                       optional: the sieges ongoing at the turn's start
                                       (E-37; any rules.sieges.state.SiegeState field;
                                       tests/rules/siege_cases.py), and
  siege_engines: [{id: 1, kind: giant_ram, kingdom: 1, army: 1, built_turn: 4}]
                                       the siege trains' engines (NR-SIEGE; switch the
                                       module on with ruleset: {options: {siege_trains: 1}});
                                       built_turn: the winter turn it was ordered in
  rulings:     {monster_strength: halved}
                                       optional: the GM's answers to the rulings the turn
                                       asks (new-rules.md §12.4, rules.core.rulings), by
                                       kind; Final Results apply those that differ from
                                       the default, as the pipeline hands them over
  dice:        [[3, "Table 7 exploration (fields)"], ...]
                                       every roll of the turn, in order: its result and a
                                       piece of the purpose the engine logs for it
  expect:
    refused:   [{army: 1, invade: [1, 0], reason: "cannot be invaded"},
                {kingdom: 1, loot: [0, 0], reason: "your capital"}]
                                       orders why_illegal refuses, and edicts
                                       rules.kingdoms.edicts.why_illegal refuses (all others must
                                       pass)
    events:    [{type: HexConquered, hex: [2, 0], kingdom_id: 1}]
                                       partial Event.to_dict()s, in this order; other
                                       events may come between them
    no_events: [BattleFought, {type: HexConquered, hex: [1, 1]}]
                                       events that must not appear: a type, or a
                                       partial event as above
    sieges:    [{at: [2, 0], status: taken, day: 2, provisions: 7, wall_damage: 1}]
                                       each siege's state after the turn, on the keys given
    map:       [{at: [2, 0], owner: 1, explored: true, feature: town, defender: null}]
                                       the hexes after the turn, on the keys given (also
                                       terrain, watchtower, looted_turn, edict_turn,
                                       unrest_from, unrest_until)
  xfail:       "why"                   the engine disagrees with the rules: the case says
                                       what the rules say and must fail (strict xfail)

A number is written once and never changes, so adding a case renumbers no other: a new
case takes the next free index of its file, a new file the next free letter of its area
(its cases from 1), a new area the next free number; a removed case's number is not given
again. A folder split in two keeps its numbers: area 11's files were one folder before the
Beast's went to beast/ and Table 31's to random_events/, so an area may span sibling
folders (one parent), though a folder still has one area. tests/rules/test_scenarios.py
checks that numbers are unique, well formed and agree with their files.

A case runs the turn as the pipeline does, without Django: rules.turn.orders.why_illegal for
every order, rules.turn.provisional for the legal ones, the Phase 4 decisions, then
rules.turn.final; one ForcedDice serves the whole turn and must end empty.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path

import msgspec
import yaml

from rules.core.dice import ForcedDice
from rules.core.events import (
    DefenderLosses,
    EdictResolved,
    Event,
    HexConquered,
    HexRevolted,
    NeutralKingdomConquered,
    OrphanChanged,
)
from rules.core.problems import Phrase
from rules.core.ruleset import ruleset_from_overrides
from rules.core.rulings import RulingAsked, answered_as
from rules.core.state import (
    BattleState,
    Decision,
    Defence,
    Defender,
    Edict,
    EdictKind,
    Feature,
    NeutralConquest,
    NeutralKingdomState,
    Order,
    OrderKind,
    Side,
    Strategy,
    Structure,
    Terrain,
    World,
)
from rules.kingdoms.agreements import AgreementKind, AgreementState, agreements_applied
from rules.kingdoms.armies import with_support_cuts
from rules.kingdoms.edicts import why_illegal as edict_problem
from rules.kingdoms.neutrals import sworn_enemies_capital
from rules.kingdoms.spending import with_results
from rules.modules import army_problem
from rules.modules.siege_trains.building import build_problem
from rules.modules.siege_trains.convoy import convoy_problem, form_convoy
from rules.modules.wildlands.temple_building import ORDERS as TEMPLE_ORDERS
from rules.modules.wildlands.temple_building import temple_ordered, temple_problem
from rules.modules.works.bridges import bridge_ordered, bridge_problem
from rules.sieges.state import EngineKind, SiegeEngineState
from rules.turn.final import resolve_final
from rules.turn.orders import why_illegal
from rules.turn.provisional import declared_battles, resolve_provisional
from tests.rules.module_events import apply_module_events
from tests.rules.reasons import says
from tests.rules.rules_builder import apply_provisional, army, build, character
from tests.rules.siege_cases import assert_sieges, siege_world
from tests.rules.spending_cases import is_spend, spending_applied, spending_case, spending_hexes
from tests.rules.tabletop_cases import tabletop_battles

SCENARIOS = Path(__file__).parent / "scenarios"  # the core rules' cases
# each optional module's cases, in the folder named as its package (rules/modules/<name>/)
MODULE_SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios" / "modules"

CASE_KEYS = {
    "number", "name", "rule", "description", "turn", "ruleset", "map", "hexes", "capitals",
    "kingdoms", "armies", "characters", "orders", "decisions", "dice", "expect", "xfail",
    "neutral_kingdoms", "known", "neutral_battles_last_turn", "edicts",
    "support_cuts", "module_state", "agreements", "spending", "offers", "provoked",
    "fallback_capitals", "patrol_orders", "sieges", "siege_engines", "tabletop", "raises",
    "bridges", "engines", "temples", "convoys", "rulings",
}  # fmt: skip
EXPECT_KEYS = {"refused", "events", "no_events", "map", "sieges"}


@dataclass(frozen=True)
class Case:
    path: Path
    data: dict

    @property
    def id(self) -> str:
        return f"{self.data['number']} {self.data['name']}"


def load_cases(roots: tuple[Path, ...] = (SCENARIOS, MODULE_SCENARIOS)) -> list[Case]:
    """Every case of every YAML file under ``roots``; a typo in a key is an error, not a
    silently ignored expectation, and so is a case without its number."""
    cases = []
    for path in sorted(path for root in roots for path in root.rglob("*.yaml")):
        for data in yaml.safe_load(path.read_text()):
            unknown = (data.keys() - CASE_KEYS) | (data.get("expect", {}).keys() - EXPECT_KEYS)
            if unknown:
                raise ValueError(f"{path}: case {data.get('name')!r} has unknown keys {unknown}")
            if "number" not in data:
                raise ValueError(f"{path}: case {data.get('name')!r} has no number")
            cases.append(Case(path, data))
    return cases


def run_case(case: Case) -> None:
    """Run one case and assert everything it expects."""
    data, expect = case.data, case.data.get("expect", {})
    world = _world(data)
    refused = expect.get("refused", [])
    _validate_raises(world, data.get("raises", []), [r for r in refused if "raise" in r])
    world = _form_convoys(world, data.get("convoys", []), [r for r in refused if "convoy" in r])
    others = [
        r
        for r in refused
        if not (
            _is_edict(r)
            or is_spend(r)
            or {"raise", "bridge", "engine", "temple", "convoy"} & r.keys()
        )
    ]
    legal = _validate(world, data.get("orders", []), others)
    for what, (problem_of, ordered_of, key) in WINTER_BUILDS.items():
        raws, refusals = data.get(f"{what}s", []), [r for r in refused if what in r]
        _order_builds(world, what, raws, refusals, problem_of, ordered_of, key)
    _order_engines(world, data.get("engines", []), [r for r in refused if "engine" in r])
    spending = spending_case(world, data, [r for r in refused if is_spend(r)])
    edicts = _validate_edicts(world, data.get("edicts", []), [r for r in refused if _is_edict(r)])
    dice = ForcedDice([result for result, _ in data.get("dice", [])])
    cuts: list[Event] = []
    if data.get("support_cuts"):  # E-14, as the pipeline runs it (rules.kingdoms.armies)
        world, legal, cuts = with_support_cuts(world, legal)
    provisional = cuts + resolve_provisional(world, legal, dice, spending).events
    battles = _decide(declared_battles(provisional), data.get("decisions", []), world)
    battles = _patrol_orders(battles, data.get("patrol_orders", {}))
    battles = tabletop_battles(battles, data.get("tabletop", []), world)  # E-24, P-C6
    after_provisional = apply_module_events(apply_provisional(world, provisional), provisional)
    after_provisional = agreements_applied(after_provisional, provisional)  # E-05 breaches
    after_provisional = spending_applied(after_provisional, provisional)  # step 3b
    spends = with_results(spending.spends, provisional)
    after_provisional.rulings = answered(provisional, data.get("rulings", {}))  # new-rules.md §12.4
    # the pipeline deletes a destroyed army with its orders before Final Results
    kept = [o for o in legal if o.army_id in after_provisional.armies]
    final = resolve_final(after_provisional, battles, dice, kept, edicts, spends).events
    events = provisional + final
    assert dice.unused == [], f"forced dice left unused: {dice.unused}"
    for roll, (result, purpose) in zip(dice.rolls, data.get("dice", []), strict=True):
        assert purpose in roll.purpose, f"die {result} for {purpose!r} went to {roll.purpose!r}"
    dicts = [e.to_dict() for e in events]
    _assert_in_order(dicts, expect.get("events", []))
    for unwanted in expect.get("no_events", []):
        unwanted = {"type": unwanted} if isinstance(unwanted, str) else unwanted
        found = [e for e in dicts if _matches(e, unwanted)]
        assert not found, f"unexpected event {found[0]}"
    _assert_map(map_after(world, events), expect.get("map", []))
    assert_sieges(events, expect.get("sieges", []))  # E-37 (tests/rules/siege_cases.py)


def answered(events: list[Event], answers: dict[str, str]) -> dict:
    """new-rules.md §12.4: the GM's ``answers`` (by kind) to the rulings ``events`` ask,
    as World.rulings holds them."""
    return {
        e.key: answered_as(e, answers[e.kind])
        for e in events
        if isinstance(e, RulingAsked) and e.kind in answers
    }


def _world(data: dict) -> World:
    armies = tuple(
        army(
            a["id"],
            a["kingdom"],
            a.get("points", 2000),
            _coord(a.get("position")),
            allocation=a.get("allocation"),
            rested=a.get("rested", False),
            race=a.get("race", ""),  # NR-ALLY: an allied army's people
        )
        for a in data.get("armies", [])
    )
    kingdom_of = {a.id: a.kingdom_id for a in armies}
    characters = tuple(
        character(c["id"], kingdom_of[c["army"]], c["army"], **_without(c, "id", "army"))
        if "army" in c
        else character(  # E-20: a neutral kingdom's General, no kingdom and no army
            c["id"],
            None,
            None,
            neutral_kingdom_id=c["neutral_kingdom"],
            **{"is_general": True, **_without(c, "id", "neutral_kingdom")},
        )
        for c in data.get("characters", [])
    )
    world = build(
        data["map"],
        turn=data.get("turn", 1),
        armies=armies,
        characters=characters,
        hexes={tuple(h["at"]): _hex_fields(h) for h in data.get("hexes", [])},
        capitals={k: tuple(c) for k, c in data.get("capitals", {}).items()},
        ruleset=ruleset_from_overrides(data.get("ruleset", {})),
    )
    for kingdom_id, fields in data.get("kingdoms", {}).items():
        world.kingdoms[kingdom_id] = dataclasses.replace(world.kingdoms[kingdom_id], **fields)
    for kingdom_id, hexes in data.get("fallback_capitals", {}).items():  # E-23
        listed = tuple(_coord(c) for c in hexes)
        world.kingdoms[kingdom_id] = dataclasses.replace(
            world.kingdoms[kingdom_id], fallback_capitals=listed
        )
    world.neutral_kingdoms = _neutral_kingdoms(world, data.get("neutral_kingdoms", {}))
    world.known_neutrals = {k: frozenset(ids) for k, ids in data.get("known", {}).items()}
    world.neutral_battles_last_turn = frozenset(data.get("neutral_battles_last_turn", ()))
    world.module_state = data.get("module_state", {})
    world.agreements = tuple(_agreement(a, world.turn) for a in data.get("agreements", []))
    world.sieges, world.siege_engines = siege_world(data)  # E-37 (tests/rules/siege_cases.py)
    return world


def _agreement(raw: dict, turn: int) -> AgreementState:
    """A case's agreement in force (Q23): see ``agreements`` in the module docstring."""
    kind = AgreementKind(raw["kind"])
    parties = tuple(raw.get("between") or (raw["vassal"], raw["overlord"]))
    return AgreementState(
        id=raw["id"],
        kind=kind,
        parties=parties,
        public=raw.get("public", kind is not AgreementKind.COMBINED_ASSAULT),
        turn=raw.get("turn", turn) if kind is AgreementKind.COMBINED_ASSAULT else None,
        hex=_coord(raw.get("hex")),
        beneficiary=raw.get("beneficiary"),
        overlord=raw.get("overlord"),
        vassal=raw.get("vassal"),
        in_force=raw.get("in_force", False),
        notice=raw.get("notice", False),
    )


def _neutral_kingdoms(world: World, given: dict) -> dict[int, NeutralKingdomState]:
    """Every neutral kingdom of the map or of ``given``, its capital on its Great
    Fortress (A-1.4.3) or else its lowest hex, unless the case says otherwise (a kingdom
    with no land left needs its capital given)."""
    lands: dict[int, list] = {neutral_id: [] for neutral_id in given}
    for h in sorted(world.hexes.values(), key=lambda h: h.coord):
        if h.neutral_kingdom is not None:
            lands.setdefault(h.neutral_kingdom, []).append(h)
    kingdoms = {}
    for neutral_id, land in sorted(lands.items()):
        fortified = [h.coord for h in land if h.defence is Defence.GREAT_FORTRESS]
        fields = given.get(neutral_id, {})
        kingdoms[neutral_id] = NeutralKingdomState(
            id=neutral_id,
            name=f"N{neutral_id}",
            capital=_coord(fields.get("capital")) or (fortified or [land[0].coord])[0],
            protector=fields.get("protector"),
            ally=fields.get("ally"),  # allied by diplomacy
            race=fields.get("race", ""),  # Q15; a supplement race with peoples on (E-40)
        )
    return kingdoms


def _hex_fields(extras: dict) -> dict:
    """A case's per-hex extras as HexState fields."""
    fields = _without(extras, "at")
    if "terrain" in fields:  # a terrain the text map has no letter for (new-rules.md §2)
        fields["terrain"] = Terrain(fields["terrain"])
    if "feature" in fields:
        fields["feature"] = Feature(fields["feature"])
    if "defence" in fields:
        fields["defence"] = Defence(fields["defence"])
    if "defender" in fields:
        points = fields["defender"]
        original = fields.pop("defender_original", points)
        fields["defender"] = Defender(points=points, original_points=original)
    return fields


def _validate(world: World, raw_orders: list[dict], refused: list[dict]) -> list[Order]:
    """Table 5 validation of every order against the kingdom's others: the refused ones
    must be exactly those the case lists, and only the legal ones go on (as in the
    pipeline, where the order form turns the others away)."""
    orders = [_order(o) for o in raw_orders]
    kingdoms = [o.get("kingdom") or world.armies[o["army"]].kingdom_id for o in raw_orders]
    reasons = {raw_orders.index(_without(r, "reason")): r["reason"] for r in refused}
    legal = []
    for i, (order, kingdom) in enumerate(zip(orders, kingdoms, strict=True)):
        same_kingdom = [o for o, k in zip(orders, kingdoms, strict=True) if k == kingdom]
        problem = why_illegal(world, kingdom, order, same_kingdom)
        if i in reasons:
            assert says(problem, reasons[i]), f"{raw_orders[i]}: refused as {problem!r}"
        else:
            assert problem is None, f"{raw_orders[i]} was refused: {problem}"
            legal.append(order)
    return legal


def _validate_raises(world: World, raw_raises: list[dict], refused: list[dict]) -> None:
    """The modules' checks of new armies' peoples (rules.modules.army_problem, NR-ALLY),
    in order, each raised one counting for the next: the refused ones must be exactly
    those the case lists. The armies are not added to the turn's world."""
    reasons = {r["raise"]: r["reason"] for r in refused}
    armies = dict(world.armies)
    for number, raw in enumerate(raw_raises, start=1):
        seen = dataclasses.replace(world, armies=armies)
        problem = army_problem(seen, raw["kingdom"], raw.get("race", ""))
        if number in reasons:
            assert says(problem, reasons[number]), f"raise {number}: refused as {problem!r}"
        else:
            assert problem is None, f"raise {number} was refused: {problem}"
            new_id = max(armies, default=0) + 1
            armies[new_id] = army(new_id, raw["kingdom"], race=raw.get("race", ""))


def _is_edict(raw: dict) -> bool:
    return bool({"loot", "raze"} & raw.keys())


def _validate_edicts(world: World, raw_edicts: list[dict], refused: list[dict]) -> list[Edict]:
    """Table 2 validation of every edict against the others: the refused ones must be
    exactly those the case lists, and only the legal ones are resolved."""
    edicts = [
        Edict(
            kingdom_id=raw["kingdom"],
            hex=_coord(raw.get("loot") or raw.get("raze")),
            kind=EdictKind.LOOT if "loot" in raw else EdictKind.RAZE,
            structure=Structure(raw["structure"]) if raw.get("structure") else None,
        )
        for raw in raw_edicts
    ]
    reasons = {raw_edicts.index(_without(r, "reason")): r["reason"] for r in refused}
    legal = []
    for i, edict in enumerate(edicts):
        problem = edict_problem(world, edict, legal)
        if i in reasons:
            assert says(problem, reasons[i]), f"{raw_edicts[i]}: {problem}"
        else:
            assert problem is None, f"{raw_edicts[i]} was refused: {problem}"
            legal.append(edict)
    return legal


# The winter builds ordered on a hex (E-31): the case's key (plural), their check, their
# order and the module state key they wait in
WINTER_BUILDS = {
    "bridge": (bridge_problem, bridge_ordered, "works"),
    "temple": (temple_problem, temple_ordered, TEMPLE_ORDERS),
}


def _order_builds(
    world: World, what: str, raws: list[dict], refused: list[dict], problem_of, ordered_of, key
) -> None:
    """A module's winter builds (bridges, temples) ordered into the world's module state:
    the refused ones must be exactly those the case lists."""
    reasons = {(r["kingdom"], _coord(r[what])): r["reason"] for r in refused}
    for raw in raws:
        kingdom, hex_ = raw["kingdom"], _coord(raw["hex"])
        problem = problem_of(world, kingdom, hex_)
        if (kingdom, hex_) in reasons:
            assert says(problem, reasons[(kingdom, hex_)]), f"{raw}: {problem}"
            continue
        assert problem is None, f"{raw} was refused: {problem}"
        _, state = ordered_of(world, kingdom, hex_)
        world.module_state = {**world.module_state, key: state}


def _order_engines(world: World, raw_engines: list[dict], refused: list[dict]) -> None:
    """The siege trains' engine orders into the world's engines, ready from the winter
    phase: the refused ones must be exactly those the case lists."""
    reasons = {(r["army"], r["engine"]): r["reason"] for r in refused}
    for raw in raw_engines:
        army, kind = raw["army"], raw["kind"]
        problem = build_problem(world, army)
        if (army, kind) in reasons:
            assert says(problem, reasons[(army, kind)]), f"{raw}: {problem}"
            continue
        assert problem is None, f"{raw} was refused: {problem}"
        engine = SiegeEngineState(
            id=max((e.id for e in world.siege_engines), default=0) + 1,
            kind=EngineKind(kind),
            kingdom_id=world.armies[army].kingdom_id,
            army_id=army,
            built_turn=world.turn,
        )
        world.siege_engines = (*world.siege_engines, engine)


def _form_convoys(world: World, raw_convoys: list[dict], refused: list[dict]) -> World:
    """The siege trains' convoys, sent off as battles.sieges.services.siege_convoy_form
    does: the refused ones must be exactly those the case lists."""
    reasons = {(r["army"], r["convoy"]): r["reason"] for r in refused}
    for raw in raw_convoys:
        army, convoy, engines = raw["army"], raw["id"], tuple(raw["engines"])
        problem = convoy_problem(world, army, engines)
        if (army, convoy) in reasons:
            assert says(problem, reasons[(army, convoy)]), f"{raw}: {problem}"
            continue
        assert problem is None, f"{raw} was refused: {problem}"
        world = form_convoy(world, army, engines, convoy, f"Convoy {convoy}")
    return world


def _order(raw: dict) -> Order:
    [kind] = {"invade", "patrol", "scout", "rest", "examine"} & raw.keys()
    named = raw.get("examine")  # NR-WILD-2: true, or the hex it names
    return Order(
        army_id=raw["army"],
        kind=OrderKind(kind),
        target=_coord(
            raw.get("invade")
            or raw.get("patrol")
            or raw.get("scout")
            or (named if isinstance(named, list) else None)
        ),
        origin=_coord(raw.get("from")),
        neutral_conquest=NeutralConquest(raw.get("conquest", NeutralConquest.SWORN_ENEMIES)),
        sea_cover=tuple(tuple(cell) for cell in raw.get("sea_cover", ())),
    )


def _decide(battles: list[BattleState], decisions: list[dict], world: World) -> list[BattleState]:
    """Phase 4: each side's fight-or-retreat and strategy, where the case gives one
    (the rest keep Q7's defaults: Fight, no strategy), and the defending patrol the
    owner names (E-15; battles.decisions.services checks that it covers the hex)."""
    by_key = {d["battle"]: d for d in decisions}
    assert by_key.keys() <= {b.key for b in battles}, "a decision for an undeclared battle"
    return [
        dataclasses.replace(
            battle,
            attacker=_choose(battle.attacker, by_key.get(battle.key, {}).get("attacker"), world),
            defender=_choose(battle.defender, by_key.get(battle.key, {}).get("defender"), world),
        )
        for battle in battles
    ]


def _choose(side: Side | None, choice: dict | None, world: World) -> Side | None:
    if side is None or not choice:
        return side
    if "patrol" in choice:  # E-15: the owner names the defending patrol
        named = world.armies[choice["patrol"]]
        side = dataclasses.replace(side, army_ids=(named.id,), points=named.points)
    return dataclasses.replace(
        side,
        decision=Decision(choice.get("decision", side.decision)),
        strategy=Strategy(choice["strategy"]) if "strategy" in choice else side.strategy,
    )


def _patrol_orders(battles: list[BattleState], orders: dict) -> list[BattleState]:
    """P-C4: the owner's order of each patrol's battles, as ranks on the defending sides."""
    rank = {key: place for keys in orders.values() for place, key in enumerate(keys, start=1)}
    for army_id, keys in orders.items():
        for key in keys:
            [battle] = [b for b in battles if b.key == key]
            assert battle.defender and battle.defender.army_ids == (army_id,), (
                f"battle {key} is not one of patrol {army_id}'s"
            )
    return [
        dataclasses.replace(b, defender=dataclasses.replace(b.defender, rank=rank[b.key]))
        if b.key in rank
        else b
        for b in battles
    ]


def map_after(world: World, events: list[Event]) -> World:
    """The map as the pipeline writes it back (campaign/pipeline/writeback.py)."""
    world = apply_module_events(apply_provisional(world, events), events)  # HexRavaged too
    hexes = spending_hexes(world.hexes, events)  # builds, Table 11, Q17
    for e in events:
        if isinstance(e, HexConquered):  # the hex leaves any neutral kingdom
            hexes[e.hex] = msgspec.structs.replace(
                hexes[e.hex], owner=e.kingdom_id, neutral_kingdom=None, defender=None
            )
        elif isinstance(e, NeutralKingdomConquered) and e.choice is NeutralConquest.SWORN_ENEMIES:
            hexes[e.capital] = sworn_enemies_capital(hexes[e.capital])  # Q3, E-22
        elif isinstance(e, NeutralKingdomConquered):  # E-18: the original borders return
            for coord in e.restored:
                hexes[coord] = msgspec.structs.replace(
                    hexes[coord], owner=None, neutral_kingdom=e.neutral_kingdom_id
                )
        elif isinstance(e, DefenderLosses):
            defender = dataclasses.replace(hexes[e.hex].defender, points=e.points_left)
            hexes[e.hex] = msgspec.structs.replace(hexes[e.hex], defender=defender)
        elif isinstance(e, OrphanChanged):
            hexes[e.hex] = msgspec.structs.replace(hexes[e.hex], orphan=e.orphan)
        elif isinstance(e, EdictResolved):
            hexes[e.hex] = _edict_applied(hexes[e.hex], e, world.turn)
        elif isinstance(e, HexRevolted):  # E-09: the rebels stay
            rebels = Defender(points=e.defender_points, original_points=e.defender_points)
            hexes[e.hex] = msgspec.structs.replace(
                hexes[e.hex], owner=None, explored=True, defender=rebels
            )
    return dataclasses.replace(world, hexes=hexes)


def _edict_applied(hex_, e: EdictResolved, turn: int):
    """§5.3, E-26: what the pipeline writes back for an edict carried out."""
    changes = {"edict_turn": turn}
    if e.edict is EdictKind.LOOT:
        changes["looted_turn"] = turn
    if e.structure is Structure.FEATURE:
        changes["feature"] = Feature(e.structure_after) if e.structure_after else None
    elif e.structure is Structure.WATCHTOWER:
        changes["watchtower"] = False
    elif e.structure is not None:
        changes["defence"] = Defence(e.structure_after) if e.structure_after else None
    if e.unrest_from is not None:
        changes["unrest_from"], changes["unrest_until"] = e.unrest_from, e.unrest_until
    return msgspec.structs.replace(hex_, **changes)


def _assert_in_order(actual: list[dict], expected: list[dict]) -> None:
    remaining = iter(actual)
    for want in expected:
        # ``any`` consumes the iterator up to the match, so the next one is looked for
        # after it: the expected events must come in this order.
        if not any(_matches(got, want) for got in remaining):
            shown = "\n".join(str(_without(e, "rolls")) for e in actual)
            raise AssertionError(f"no event {want} in this order among:\n{shown}")


def _matches(event: dict, partial: dict) -> bool:
    return all(key in event and _like(event[key], value) for key, value in partial.items())


def _like(got, want) -> bool:
    """A nested mapping (a module's state) matches on the keys it gives, as an event; a
    list item by item; a Phrase the engine stored (Phrase.plain) by its English words."""
    if isinstance(want, str) and isinstance(got, dict) and "template" in got:
        return Phrase.from_plain(got).message == want
    if isinstance(want, dict) and isinstance(got, dict):
        return _matches(got, want)
    if isinstance(want, list) and isinstance(got, list):
        return len(got) == len(want) and all(map(_like, got, want))
    return got == want


def _assert_map(world: World, expected: list[dict]) -> None:
    for want in expected:
        h = world.hexes[tuple(want["at"])]
        got = {
            "terrain": h.terrain.value,
            "owner": h.owner,
            "explored": h.explored,
            "scouted_only": h.scouted_only,
            "feature": h.feature and h.feature.value,
            "minor_feature": h.minor_feature,
            "defender": h.defender and h.defender.points,
            "defence": h.defence and h.defence.value,
            "neutral_kingdom": h.neutral_kingdom,
            "orphan": h.orphan,
            "watchtower": h.watchtower,
            "looted_turn": h.looted_turn,
            "edict_turn": h.edict_turn,
            "unrest_from": h.unrest_from,
            "unrest_until": h.unrest_until,
        }
        for key, value in _without(want, "at").items():
            assert got[key] == value, f"hex {want['at']} {key}: {got[key]!r}, expected {value!r}"


def _coord(value: list[int] | None):
    return tuple(value) if value is not None else None


def _without(mapping: dict, *keys: str) -> dict:
    return {k: v for k, v in mapping.items() if k not in keys}
