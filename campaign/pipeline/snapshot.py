"""Loading a rules.state.World from the database in a fixed number of queries."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Prefetch

from battles.models import Battle, BattleSide
from campaign.models import Campaign, Hex, Turn
from kingdoms.models import Army, Character, Kingdom, NeutralKingdom, Order
from rules.state import (
    ArmyState,
    BattleState,
    CharacterState,
    Coord,
    Decision,
    Defence,
    Defender,
    DefenderKind,
    Feature,
    HexState,
    KingdomState,
    NeutralKingdomState,
    OrderKind,
    Side,
    Strategy,
    Terrain,
    World,
)
from rules.state import Order as OrderState


@dataclass
class Snapshot:
    """The World and the rows it came from, so the outcome can be written back."""

    world: World
    hexes: dict[Coord, Hex]
    coord_of: dict[int, Coord]
    kingdoms: dict[int, Kingdom]
    armies: dict[int, Army]
    characters: dict[int, Character]
    battles: dict[int, Battle] = field(default_factory=dict)


def snapshot_load(campaign: Campaign, turn_number: int) -> Snapshot:
    """Five queries, whatever the size of the map."""
    hexes = {(h.q, h.r): h for h in Hex.objects.filter(campaign=campaign)}
    coord_of = {h.pk: coord for coord, h in hexes.items()}
    kingdoms = {k.pk: k for k in Kingdom.objects.filter(campaign=campaign)}
    neutrals = list(NeutralKingdom.objects.filter(campaign=campaign))
    armies = {a.pk: a for a in Army.objects.filter(kingdom__campaign=campaign)}
    characters = {c.pk: c for c in Character.objects.filter(kingdom__campaign=campaign)}
    world = World(
        turn=turn_number,
        hexes={coord: _hex_state(h) for coord, h in hexes.items()},
        kingdoms={k.pk: _kingdom_state(k, coord_of) for k in kingdoms.values()},
        neutral_kingdoms={n.pk: _neutral_state(n, coord_of) for n in neutrals},
        armies={a.pk: _army_state(a, coord_of) for a in armies.values()},
        characters={c.pk: _character_state(c) for c in characters.values()},
        ruleset=campaign.ruleset,
    )
    return Snapshot(world, hexes, coord_of, kingdoms, armies, characters)


def orders_load(turn: Turn, snapshot: Snapshot) -> list[OrderState]:
    """The turn's orders; an army without one rests (Q7). One query."""
    coord = snapshot.coord_of.get
    orders = [
        OrderState(
            army_id=o.army_id,
            kind=OrderKind(o.kind),
            target=coord(o.target_id),
            origin=coord(o.origin_id),
        )
        for o in Order.objects.filter(turn=turn).order_by("army_id")
    ]
    return orders


def battles_load(turn: Turn, snapshot: Snapshot) -> list[BattleState]:
    """The turn's battles with the sides' Phase 4 choices. Three queries."""
    sides = BattleSide.objects.prefetch_related("armies")
    battles = Battle.objects.filter(turn=turn).prefetch_related(Prefetch("sides", queryset=sides))
    states = []
    for battle in battles.order_by("seq"):
        snapshot.battles[battle.pk] = battle
        by_role = {side.role: _side_state(side) for side in battle.sides.all()}
        states.append(
            BattleState(
                key=battle.pk,
                hex=snapshot.coord_of[battle.hex_id],
                defender_kind=DefenderKind(battle.defender_kind),
                attacker=by_role["attacker"],
                defender=by_role.get("defender"),
            )
        )
    return states


def _hex_state(h: Hex) -> HexState:
    defender = None
    if h.defender_points is not None:
        defender = Defender(
            points=h.defender_points,
            original_points=h.defender_original_points or h.defender_points,
            race=h.defender_race,
        )
    return HexState(
        coord=(h.q, h.r),
        terrain=Terrain(h.terrain),
        owner=h.owner_id,
        neutral_kingdom=h.neutral_kingdom_id,
        explored=h.explored,
        scouted_only=h.scouted_only,
        feature=Feature(h.feature) if h.feature else None,
        minor_feature=h.minor_feature or None,
        defence=Defence(h.defence) if h.defence else None,
        watchtower=h.watchtower,
        defender=defender,
        orphan=h.is_orphan,
    )


def _kingdom_state(k: Kingdom, coord_of: dict[int, Coord]) -> KingdomState:
    return KingdomState(
        id=k.pk,
        name=k.name,
        capital=coord_of.get(k.capital_id),
        power=k.power,
        industry=k.industry,
        eliminated=k.eliminated,
    )


def _neutral_state(n: NeutralKingdom, coord_of: dict[int, Coord]) -> NeutralKingdomState:
    return NeutralKingdomState(id=n.pk, name=n.name, capital=coord_of[n.capital_id], race=n.race)


def _army_state(a: Army, coord_of: dict[int, Coord]) -> ArmyState:
    return ArmyState(
        id=a.pk,
        kingdom_id=a.kingdom_id,
        name=a.name,
        points=a.points,
        allocation=a.allocation,
        position=coord_of.get(a.position_id),
        rested=a.rested,
    )


def _character_state(c: Character) -> CharacterState:
    return CharacterState(
        id=c.pk,
        name=c.name,
        kingdom_id=c.kingdom_id,
        army_id=c.army_id,
        xp=c.xp,
        generalship=c.generalship,
        is_general=c.is_general,
        is_grand_marshal=c.is_grand_marshal,
        tactician=c.tactician,
    )


def _side_state(side: BattleSide) -> Side:
    return Side(
        points=side.points,
        kingdom_id=side.kingdom_id,
        neutral_kingdom_id=side.neutral_kingdom_id,
        army_ids=tuple(sorted(a.pk for a in side.armies.all())),
        decision=Decision(side.decision),
        strategy=Strategy(side.strategy) if side.strategy else None,
    )
