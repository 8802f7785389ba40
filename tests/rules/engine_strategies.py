"""Hypothesis strategies for the rules engine's property tests: campaigns set up on maps
of the project's own generator (rules.core.mapgen), and each turn's orders, spending, edicts,
siege plans and Phase 4 answers, legal and illegal, passed through the validation the
server runs before anything reaches the engine (rules.turn.orders, rules.kingdoms.spending,
rules.kingdoms.edicts, battles.decisions.services).

The map's parameters and the armies are drawn by Hypothesis itself; the many small
choices of a campaign's history and of each turn come from a ``random.Random`` that
Hypothesis seeds (``st.randoms``), one draw instead of thousands, so that an example
costs a few milliseconds. Everything is small (at most 60 hexes, 4 players, 3 armies
each).
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass

import msgspec
from hypothesis import strategies as st

from rules.core.dice import Dice
from rules.core.events import CoveringPatrols, Event
from rules.core.hexgrid import adjacent, neighbours, terrain_map, within
from rules.core.mapgen import generate_map
from rules.core.state import (
    ArmyState,
    BattleState,
    Coord,
    Decision,
    Defence,
    Defender,
    DefenderKind,
    Edict,
    EdictKind,
    Feature,
    HexState,
    NeutralConquest,
    Order,
    OrderKind,
    Role,
    Ruleset,
    Side,
    Strategy,
    Structure,
    Terrain,
    World,
)
from rules.kingdoms.agreements import AgreementKind, AgreementState
from rules.kingdoms.edicts import why_illegal as edict_problem
from rules.kingdoms.spending import why_illegal_spend
from rules.kingdoms.spending_state import Offer, Spend, Spending, SpendKind, fixed_cost
from rules.sieges.state import BesiegerAction, GarrisonAction, SiegePlan, withdraw_problem
from rules.turn.orders import sea_swap, why_illegal
from tests.rules.campaign_runner import TurnInputs, campaign_world

MAX_HEXES = 60

# --- the campaign -------------------------------------------------------------------------


@st.composite
def rulesets(draw, the_beast: int | None = None) -> Ruleset:
    """The default ruleset with the options that change what the engine does at random:
    the optional modules (§5.12, App G unless ``the_beast`` says, NR-SIEGE), the patrol
    radius (Q13), the agreements' options (Q9, Q13, Q23) and the end roll's first turn
    (A-3.0.2, Q12)."""
    return dataclasses.replace(
        Ruleset(),
        patrol_radius=draw(st.integers(0, 2)),
        random_events=draw(st.integers(0, 1)),
        the_beast=draw(st.integers(0, 1)) if the_beast is None else the_beast,
        siege_trains=draw(st.integers(0, 1)),
        allied_friendly_path=draw(st.integers(0, 1)),
        allied_patrols=draw(st.integers(0, 1)),
        end_check_turn=draw(st.integers(2, 8)),
    )


@st.composite
def campaigns(draw, ruleset: st.SearchStrategy[Ruleset] | None = None) -> World:
    """A new campaign on a generated map: 7 to 60 hexes, 1 to 4 players, up to 2
    hidden neutral kingdoms (A-1.4), each kingdom with 1 to 3 armies whose allocations
    are within E-14's bounds (their total may pass Total Support: E-14's default cut
    then applies) and whose points are at most the allocation, sometimes below the
    1,000 an army needs to do more than Rest (E-14)."""
    ruleset = draw(rulesets() if ruleset is None else ruleset)
    players = draw(st.integers(1, 4))
    hexes = draw(st.integers(6 * players + 1, MAX_HEXES))
    neutrals = draw(st.integers(0, 2))
    seed = draw(st.text("abcdefgh0123456789", min_size=1, max_size=8))
    plan = generate_map(hexes=hexes, players=players, neutrals=neutrals, dice=Dice(f"map:{seed}"))
    step = 250
    allocation = st.integers(ruleset.army_minimum // step, ruleset.army_maximum // step).map(
        lambda n: n * step
    )
    army = allocation.flatmap(lambda a: st.tuples(st.just(a), st.just(a) | st.integers(a // 3, a)))
    armies = [draw(st.lists(army, min_size=1, max_size=3)) for _ in plan.kingdoms]
    world = campaign_world(plan, ruleset, armies)
    rng = draw(st.randoms(use_true_random=True))
    return _some_turns_in(rng, _grown(rng, world))


FEATURES = [None, None, None, *Feature]
DEFENCES = [None, None, None, *Defence]


def _grown(rng: random.Random, world: World) -> World:
    """The kingdoms as a few turns of conquest left them (A-1.2.2): each in turn takes
    up to six unowned land hexes next to its land, outside the neutral kingdoms, with
    whatever exploration found there (a major feature, Table 6) and what its power
    built (a fortress or great fortress, a watchtower, Table 10); the capital may be
    fortified too. The land stays in one piece, so no hex is an orphan (A-1.3.1). Next
    to it, hexes an invasion explored and failed to take keep their feature and
    defender (§5.5), some behind walls."""
    hexes = dict(world.hexes)
    for _ in range(rng.randint(0, 6)):
        for kingdom_id in sorted(world.kingdoms):
            free = _free_around(hexes, kingdom_id)
            if free:
                coord = rng.choice(free)
                hexes[coord] = msgspec.structs.replace(
                    hexes[coord],
                    owner=kingdom_id,
                    explored=True,
                    feature=rng.choice(FEATURES),
                    defence=rng.choice(DEFENCES),
                    watchtower=rng.choice([False, False, True]),
                )
        for kingdom_id in sorted(world.kingdoms):
            free = _free_around(hexes, kingdom_id)
            if free and rng.choice([False, True]):  # explored by an invasion that failed
                coord = rng.choice(free)
                points = rng.randint(1, 8) * 250
                hexes[coord] = msgspec.structs.replace(
                    hexes[coord],
                    explored=True,
                    feature=rng.choice(list(Feature)),
                    defence=rng.choice(DEFENCES),
                    defender=Defender(points=points, original_points=points),
                )
    for kingdom in world.kingdoms.values():
        capital = hexes[kingdom.capital]
        hexes[kingdom.capital] = msgspec.structs.replace(capital, defence=rng.choice(DEFENCES))
    return dataclasses.replace(world, hexes=hexes)


def _free_around(hexes: dict[Coord, HexState], kingdom_id: int) -> list[Coord]:
    """The unowned land hexes next to the kingdom's, outside the neutral kingdoms."""
    land = {c for c, h in hexes.items() if h.owner == kingdom_id}
    return sorted(
        {
            n
            for c in land
            for n in neighbours(c)
            if n in hexes
            and hexes[n].owner is None
            and hexes[n].neutral_kingdom is None
            and hexes[n].terrain is not Terrain.SEA
        }
    )


def _some_turns_in(rng: random.Random, world: World) -> World:
    """What the kingdoms gathered in earlier turns: power and industry (Table 9), the
    neutral kingdoms they discovered (A-1.4.19), and agreements in force between them
    (Q23): cease fires, alliances and standing vassalage offers, at most one of each
    kind between two kingdoms (kingdoms.agreements.services)."""
    kingdoms = {
        k.id: dataclasses.replace(k, power=rng.randint(0, 8), industry=rng.randint(0, 2))
        for k in world.kingdoms.values()
    }
    neutrals = sorted(world.neutral_kingdoms)
    known = {k: frozenset(n for n in neutrals if rng.random() < 0.5) for k in kingdoms}
    agreements = []
    for a, b in itertools.combinations(sorted(kingdoms), 2):
        for kind in (AgreementKind.CEASE_FIRE, AgreementKind.ALLIANCE, AgreementKind.VASSALAGE):
            if rng.choice([False, False, True]):
                overlord = rng.choice([a, b]) if kind is AgreementKind.VASSALAGE else None
                agreements.append(
                    AgreementState(
                        id=len(agreements) + 1,
                        kind=kind,
                        parties=(a, b),
                        overlord=overlord,
                        vassal=None if overlord is None else a + b - overlord,
                    )
                )
    return dataclasses.replace(
        world, kingdoms=kingdoms, known_neutrals=known, agreements=tuple(agreements)
    )


def with_combined_assaults(rng: random.Random, world: World) -> World:
    """The combined assaults two kingdoms agreed for this turn (E-28, §5.4): a land hex
    neither holds, and one beneficiary (kingdoms.agreements.services)."""
    assaults = []
    land = sorted(c for c, h in world.hexes.items() if h.terrain is not Terrain.SEA)
    playing = sorted(k.id for k in world.kingdoms.values() if not k.eliminated)
    first = max((a.id for a in world.agreements), default=0) + 1
    for a, b in itertools.combinations(playing, 2):
        targets = [c for c in land if world.hexes[c].owner not in (a, b)]
        if targets and rng.choice([False, False, True]):
            assaults.append(
                AgreementState(
                    id=first + len(assaults),
                    kind=AgreementKind.COMBINED_ASSAULT,
                    parties=(a, b),
                    public=False,
                    turn=world.turn,
                    hex=rng.choice(targets),
                    beneficiary=rng.choice([a, b]),
                )
            )
    return dataclasses.replace(world, agreements=(*world.agreements, *assaults))


# --- orders (Table 5) ---------------------------------------------------------------------


def _near(world: World, reach: int) -> list[Coord]:
    """Every coordinate within ``reach`` of a hex of the map: on the map or just off it."""
    return sorted({c for coord in world.hexes for c in within(coord, reach)})


ORDER_KINDS = [OrderKind.INVADE] * 3 + [OrderKind.PATROL] * 2 + [OrderKind.SCOUT, OrderKind.REST]
"""Invasions first: they make the battles."""


def army_order(rng: random.Random, world: World, army: ArmyState) -> Order:
    """An order for ``army`` aimed around its kingdom, legal or not: Rest; Invade of a
    hex next to its land (A-1.0.4, A-1.1.2.2) or of one a little farther; Scout of a
    hex within 3 (Table 5 reaches 2); Patrol of an own hex, naming as many sea-swap
    hexes as the sea takes in when it has a choice (A-1.1.2.4); Invade and Scout from
    the default origin or a named own hex (E-07)."""
    own = sorted(c for c, h in world.hexes.items() if h.owner == army.kingdom_id)
    if not own:
        return Order(army.id, OrderKind.REST)
    terrain = terrain_map(world.hexes)
    ring = sorted({t for c in own for t in adjacent(c, terrain)} - set(own))
    near = sorted({t for c in own for t in within(c, 3) if t in world.hexes})
    kind = rng.choice(ORDER_KINDS)
    origin = rng.choice([None, None, *own])
    if kind is OrderKind.REST:
        return Order(army.id, kind)
    if kind is OrderKind.INVADE:
        target = rng.choice(ring + ring + near)
        return Order(army.id, kind, target, origin, rng.choice(list(NeutralConquest)))
    if kind is OrderKind.SCOUT:
        return Order(army.id, kind, rng.choice(near), origin)
    base = rng.choice(own)
    k, candidates = sea_swap(world, base)
    named = tuple(sorted(set(some(rng, candidates, k)))) if len(candidates) > k else ()
    return Order(army.id, kind, base, sea_cover=named)


def garbage_order(rng: random.Random, world: World) -> tuple[int, Order]:
    """A (kingdom, order) pair no form would send: an unknown army or another kingdom's,
    targets and origins off the map, in the sea or missing, sea hexes named by orders
    other than Patrol, sea-cover hexes anywhere."""
    coords = [None, *_near(world, 2)]
    armies = [*world.armies, 0, max(world.armies, default=0) + 1, -7]
    order = Order(
        army_id=rng.choice(armies),
        kind=rng.choice(list(OrderKind)),
        target=rng.choice(coords),
        origin=rng.choice(coords),
        neutral_conquest=rng.choice(list(NeutralConquest)),
        sea_cover=tuple(c for c in some(rng, coords, 3) if c is not None),
    )
    return rng.choice([*world.kingdoms, 1]), order


@dataclass
class OrderForm:
    """The server's order form for one turn (kingdoms.orders.services): each order is checked
    by rules.turn.orders.why_illegal against the kingdom's other orders; a legal one replaces
    the army's earlier order, a refused one is turned away with its reason. ``given``
    keeps every order given, by which kingdom, with the reason it was refused (None:
    accepted)."""

    world: World
    orders: dict[int, Order] = dataclasses.field(default_factory=dict)
    given: list[tuple[int, Order, str | None]] = dataclasses.field(default_factory=list)

    def give(self, kingdom_id: int, order: Order) -> None:
        others = [
            o
            for o in self.orders.values()
            if o.army_id != order.army_id and self.world.armies[o.army_id].kingdom_id == kingdom_id
        ]
        problem = why_illegal(self.world, kingdom_id, order, others)
        if problem is None:
            self.orders[order.army_id] = order
        self.given.append((kingdom_id, order, problem and problem.message))


def some(rng: random.Random, options: Sequence, most: int) -> list:
    """Up to ``most`` of ``options``, repeats allowed; none if there are none."""
    if not options:
        return []
    return [rng.choice(options) for _ in range(rng.randint(0, most))]


def fill_orders(rng: random.Random, world: World) -> OrderForm:
    """A turn's orders through the form: for each army of each kingdom in play up to
    three orders (the last legal one stands), orders given again (duplicates, the same
    or another army's), then garbage."""
    form = OrderForm(world)
    for kingdom_id in sorted(k.id for k in world.kingdoms.values() if not k.eliminated):
        armies = sorted(
            (a for a in world.armies.values() if a.kingdom_id == kingdom_id), key=lambda a: a.id
        )
        for army in armies:
            for _ in range(rng.randint(0, 3)):
                form.give(kingdom_id, army_order(rng, world, army))
        given = [o for o in form.orders.values() if o.army_id in {a.id for a in armies}]
        for order in some(rng, given, 2):  # the same order again, and another army's
            form.give(kingdom_id, order)
            form.give(kingdom_id, msgspec.structs.replace(order, army_id=rng.choice(armies).id))
    for _ in range(rng.randint(0, 4)):
        form.give(*garbage_order(rng, world))
    return form


# --- spending (Table 10, Table 11, §5.6) and edicts (Table 2) -----------------------------


def fill_spending(rng: random.Random, world: World, provoked: dict[Coord, int]) -> Spending:
    """Spends of every kind aimed at random around the kingdom (its hexes and their
    neighbours, its armies, any neutral or player kingdom, unknown ones too), kept when
    rules.kingdoms.spending.why_illegal_spend accepts them against the kingdom's others (E-25),
    and the GM's mercenary offers (Q18)."""
    offers = {
        i: Offer(id=i, name=f"Offer {i}", minimum_bid=rng.randint(1, 3), points=500)
        for i in range(1, rng.randint(0, 2) + 1)
    }
    legal: list[Spend] = []
    for kingdom_id in sorted(world.kingdoms):
        own = [c for c, h in world.hexes.items() if h.owner == kingdom_id]
        around = sorted({n for c in own for n in within(c, 1)}) or sorted(world.hexes)
        armies = [a.id for a in world.armies.values() if a.kingdom_id == kingdom_id] or [0]
        for _ in range(rng.randint(0, 6)):
            kind = rng.choice(list(SpendKind))
            spend = Spend(
                id=len(legal) + 1,
                kingdom_id=kingdom_id,
                kind=kind,
                amount=fixed_cost(world.ruleset, kind) or rng.randint(0, 4),
                hex=rng.choice([None, *around]),
                army_id=rng.choice([None, *armies]),
                offer_id=rng.choice([None, *offers, 99]),
                neutral_kingdom_id=rng.choice([None, *world.neutral_kingdoms, 99]),
                recipient_id=rng.choice([None, *world.kingdoms, 99]),
            )
            mine = tuple(s for s in legal if s.kingdom_id == kingdom_id)
            spending = Spending((*mine, spend), offers, provoked)
            if why_illegal_spend(world, kingdom_id, spend, spending) is None:
                legal.append(spend)
    return Spending(tuple(legal), offers, provoked)


def fill_edicts(rng: random.Random, world: World) -> list[Edict]:
    """Loot and Raze edicts on random hexes, mostly the kingdom's own, kept when
    rules.kingdoms.edicts.why_illegal accepts them against the turn's others (Table 2, E-26)."""
    coords = sorted(world.hexes)
    legal: list[Edict] = []
    for kingdom_id in sorted(world.kingdoms):
        own = [c for c in coords if world.hexes[c].owner == kingdom_id]
        for _ in range(rng.randint(0, 2)):
            edict = Edict(
                kingdom_id=kingdom_id,
                hex=rng.choice(own + own + coords),
                kind=rng.choice(list(EdictKind)),
                structure=rng.choice([None, *Structure]),
            )
            if edict_problem(world, edict, legal) is None:
                legal.append(edict)
    return legal


def turn_inputs(
    rng: random.Random, world: World, provoked: dict[Coord, int]
) -> tuple[TurnInputs, OrderForm]:
    """A turn's validated orders, spending and edicts, and the order form that took the
    orders."""
    form = fill_orders(rng, world)
    inputs = TurnInputs(
        orders=tuple(form.orders[a] for a in sorted(form.orders)),
        spending=fill_spending(rng, world, provoked),
        edicts=tuple(fill_edicts(rng, world)),
    )
    return inputs, form


# --- Phase 4 and the siege plans ----------------------------------------------------------


def with_siege_plans(rng: random.Random, world: World) -> World:
    """Each ongoing siege's plans for the turn (E-37, SG-INIT): an action a day for each
    side, a strategy, the besieger's lift and both sides' tabletop opt-in (E-24), as
    battles.sieges.services accepts them."""
    pick = rng.choice
    days = world.ruleset.siege_days_per_turn

    def plan(actions, lift: bool) -> SiegePlan:
        count = pick(range(days + 1))
        return SiegePlan(
            actions=tuple(pick(list(actions)).value for _ in range(count)),
            strategy=pick([None, *Strategy]),
            lift=lift and pick([False, False, False, True]),
            tabletop=pick([False, True]),
        )

    sieges = tuple(
        dataclasses.replace(
            s,
            besieger_plan=plan(BesiegerAction, True),
            garrison_plan=plan(GarrisonAction, False),
        )
        if s.ongoing
        else s
        for s in world.sieges
    )
    return dataclasses.replace(world, sieges=sieges)


def phase_four(seed: int):
    """Phase 4 (A-2.4, Q6, Q7, E-15, E-24, E-37, P-C4) as a Decide for run_turn: each
    side's answer as battles.decisions.services accepts it (the players' own, the GM's for the
    neutral sides): fight, retreat (never a roaming force, nor a neutral one while
    neutrals always fight) or, for a fortified place's defender, withdraw behind the
    walls; a strategy or none; the tabletop opt-in (no report comes: E-24 resolves it
    abstract); the defending patrol the owner names among those covering the hex
    (E-15); and the order of a patrol's battles. The same ``seed``, the same answers."""

    def decide(world: World, battles: list[BattleState], events: list[Event]):
        pick = random.Random(seed).choice
        covering = {
            (e.hex, e.kingdom_id): e.army_ids for e in events if isinstance(e, CoveringPatrols)
        }
        decided = []
        for battle in battles:
            if battle.siege_key is not None:  # E-37: a siege's battle is fought
                decided.append(battle)
                continue
            attacker = _answer(pick, battle.attacker, _decisions(world, battle, Role.ATTACKER))
            defender = battle.defender
            if defender is not None:
                defender = _answer(pick, defender, _decisions(world, battle, Role.DEFENDER))
                if battle.defender_kind is DefenderKind.PATROL:
                    named = pick([None, *covering.get((battle.hex, defender.kingdom_id), ())])
                    if named is not None and named in world.armies:
                        defender = dataclasses.replace(
                            defender, army_ids=(named,), points=world.armies[named].points
                        )
                    defender = dataclasses.replace(defender, rank=pick([None, 1, 2, 3]))
            decided.append(
                dataclasses.replace(
                    battle,
                    attacker=attacker,
                    defender=defender,
                    tabletop=defender is not None and pick([False, True]),
                )
            )
        return decided

    return decide


def _decisions(world: World, battle: BattleState, role: Role) -> list[Decision]:
    side = battle.attacker if role is Role.ATTACKER else battle.defender
    decisions = [Decision.FIGHT]
    roaming = role is Role.ATTACKER or battle.defender_kind is DefenderKind.ROAMING
    if side.kingdom_id is not None or not (
        world.ruleset.neutrals_always_fight or (side.neutral_kingdom_id is None and roaming)
    ):
        decisions.append(Decision.RETREAT)
    if role is Role.DEFENDER and (
        withdraw_problem(world.hexes[battle.hex], battle.defender_kind, battle.attacker.kingdom_id)
        is None
    ):
        decisions += [Decision.WITHDRAW, Decision.WITHDRAW]  # E-37: a siege, as often as not
    return decisions


def _answer(pick, side: Side, decisions: list[Decision]) -> Side:
    return dataclasses.replace(side, decision=pick(decisions), strategy=pick([None, *Strategy]))
