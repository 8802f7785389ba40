"""The scenario runner's ``spending:`` key (tests/rules/scenario_runner.py): power spending
(Table 10, Table 11, §5.6 diplomacy) as case data, validated, resolved and written back
as the pipeline does (rules.kingdoms.spending, kingdoms/spending/writeback.py).

  spending: [{kingdom: 1, kind: watchtower, hex: [0, 0]},
             {kingdom: 1, kind: recruit, amount: 2, army: 1},
             {kingdom: 2, kind: mercenary_bid, amount: 3, offer: 7, army: 4},
             {kingdom: 1, kind: ally, amount: 3, neutral: 5},
             {kingdom: 1, kind: incite, amount: 2, neutral: 5, hex: [1, 0]},
             {kingdom: 1, kind: pacify, amount: 2, hex: [0, 1]},
             {kingdom: 1, kind: share_power, amount: 2, to: 2}]
                 spend N is the N-th line (its id); a fixed-cost item needs no amount
  offers:   [{id: 7, name: Ogres, minimum_bid: 2, points: 500}]   the GM's mercenaries
  provoked: [{at: [0, 1], turn: 1}]                  hexes Provoked lately (Table 11)
  expect:
    refused: [{spend: 2, reason: "E-25"}]            spends rules.kingdoms.spending refuses
                                                     (every other one must pass)
"""

from __future__ import annotations

import dataclasses

import msgspec

from rules.core.state import Defence, Ruleset, World
from rules.kingdoms.spending import why_illegal_spend
from rules.kingdoms.spending_events import (
    AllianceEnded,
    AllianceFormed,
    ArmyReinforced,
    BuildCompleted,
    DefenderChanged,
    HexJoinedNeutralKingdom,
    PowerSpent,
)
from rules.kingdoms.spending_state import Offer, Spend, Spending, SpendKind, fixed_cost
from tests.rules.reasons import says


def is_spend(raw: dict) -> bool:
    return "spend" in raw


def spending_case(world: World, data: dict, refused: list[dict]) -> Spending:
    """The case's spending, with only the legal spends: each is judged against the
    kingdom's other legal ones (E-25's worst case), and the refused ones must be exactly
    those the case lists."""
    offers = {
        o["id"]: Offer(id=o["id"], name=o["name"], minimum_bid=o["minimum_bid"], points=o["points"])
        for o in data.get("offers", [])
    }
    provoked = {tuple(p["at"]): p["turn"] for p in data.get("provoked", [])}
    raws = enumerate(data.get("spending", []), start=1)
    spends = [_spend(world.ruleset, i, raw) for i, raw in raws]
    reasons = {r["spend"]: r["reason"] for r in refused}
    legal: list[Spend] = []
    for spend in spends:
        mine = tuple(s for s in legal if s.kingdom_id == spend.kingdom_id)
        problem = why_illegal_spend(
            world, spend.kingdom_id, spend, Spending((*mine, spend), offers, provoked)
        )
        if spend.id in reasons:
            assert says(problem, reasons[spend.id]), f"spend {spend.id}: {problem!r}"
        else:
            assert problem is None, f"spend {spend.id} was refused: {problem}"
            legal.append(spend)
    return Spending(tuple(legal), offers, provoked)


def _spend(ruleset: Ruleset, spend_id: int, raw: dict) -> Spend:
    kind = SpendKind(raw["kind"])
    return Spend(
        id=spend_id,
        kingdom_id=raw["kingdom"],
        kind=kind,
        amount=raw.get("amount", fixed_cost(ruleset, kind) or 0),  # the case's Table 10
        hex=tuple(raw["hex"]) if "hex" in raw else None,
        army_id=raw.get("army"),
        offer_id=raw.get("offer"),
        neutral_kingdom_id=raw.get("neutral"),
        recipient_id=raw.get("to"),
    )


def spending_applied(world: World, events: list) -> World:
    """What the pipeline writes back after step 3b for Final Results: power debited,
    armies reinforced, allies, defenders."""
    kingdoms, armies = dict(world.kingdoms), dict(world.armies)
    neutrals, hexes = dict(world.neutral_kingdoms), dict(world.hexes)
    for e in events:
        if isinstance(e, PowerSpent):
            k = kingdoms[e.kingdom_id]
            kingdoms[e.kingdom_id] = dataclasses.replace(k, power=k.power - e.amount)
        elif isinstance(e, ArmyReinforced):
            armies[e.army_id] = msgspec.structs.replace(armies[e.army_id], points=e.points)
        elif isinstance(e, (AllianceFormed, AllianceEnded)):
            ally = e.kingdom_id if isinstance(e, AllianceFormed) else None
            n = neutrals[e.neutral_kingdom_id]
            neutrals[e.neutral_kingdom_id] = dataclasses.replace(n, ally=ally)
        elif isinstance(e, DefenderChanged):
            defender = dataclasses.replace(hexes[e.hex].defender, points=e.points)
            hexes[e.hex] = msgspec.structs.replace(hexes[e.hex], defender=defender)
    return dataclasses.replace(
        world, kingdoms=kingdoms, armies=armies, neutral_kingdoms=neutrals, hexes=hexes
    )


def spending_hexes(hexes: dict, events: list) -> dict:
    """The map changes of spending: builds (6f), defenders (Table 11), hexes taken by an
    incited army (Q17)."""
    hexes = dict(hexes)
    for e in events:
        if isinstance(e, BuildCompleted):
            if e.build == SpendKind.WATCHTOWER:
                hexes[e.hex] = msgspec.structs.replace(hexes[e.hex], watchtower=True)
            else:
                hexes[e.hex] = msgspec.structs.replace(hexes[e.hex], defence=Defence(e.build))
        elif isinstance(e, DefenderChanged):
            defender = dataclasses.replace(hexes[e.hex].defender, points=e.points)
            hexes[e.hex] = msgspec.structs.replace(hexes[e.hex], defender=defender)
        elif isinstance(e, HexJoinedNeutralKingdom):
            hexes[e.hex] = msgspec.structs.replace(
                hexes[e.hex], owner=None, neutral_kingdom=e.neutral_kingdom_id, defender=None
            )
    return hexes
