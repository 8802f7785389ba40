"""Power spending (Table 10, §3 step 3b, E-25): validating a kingdom's spends and
resolving everyone's at step 3b, then what Final Results does with the results.

Validation (E-25) takes the worst case: all spends plus all sealed bids at most the
power held. Step 3b runs in E-25's order: 1 builds queued, 2 Recruit, 3 Surgeon, 4 the
mercenary auction, 5 Deactivate, 6 Ally, 7 Incite, 8 Pacify (5–8 in rules.kingdoms.diplomacy);
shared power is debited last. Each step goes through the kingdoms by id and their
spends by id, so one seed always gives the same events.

Final Results: pacified hexes join after the battles (6b, E-26), builds complete at 6f
unless the hex was lost this turn (E-26; an orphaned hex still builds, A-1.3.4), the
recruits and mercenaries leave at the end of the turn, and shared power is credited at
6g (E-25).
"""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

import msgspec

from rules.core.dice import Dice, Roll
from rules.core.events import Event
from rules.core.problems import Problem
from rules.core.state import ArmyState, Coord, Defence, Feature, HexState, Ruleset, World
from rules.kingdoms import diplomacy
from rules.kingdoms.spending_events import (
    ArmyReinforced,
    BuildCancelled,
    BuildCompleted,
    BuildQueued,
    DiplomacyRolled,
    IncitedAttack,
    MercenaryBidResolved,
    PacifyRolled,
    PowerShared,
    PowerSpent,
    SpendVoided,
    SurgeonHired,
    TemporaryPointsLost,
)
from rules.kingdoms.spending_state import (
    BUILDS,
    DIPLOMACY,
    Spend,
    Spending,
    SpendKind,
    SpendResult,
    fixed_cost,
)

# --- validation (E-25) ---------------------------------------------------------------


def why_illegal_spend(
    world: World, kingdom_id: int, spend: Spend, spending: Spending
) -> Problem | None:
    """Why ``spend`` is refused (the rule, the field at fault, the words), or None.
    ``spending.spends`` are the kingdom's other spends this turn (the one replaced left
    out); ``offers`` the GM's mercenaries; ``provoked`` the hexes Provoked lately
    (Table 11)."""
    kingdom = world.kingdoms.get(kingdom_id)
    if kingdom is None or kingdom.eliminated:
        return Problem("E-27", "kingdom", "an eliminated kingdom spends no power")
    if spend.amount < 1:
        return Problem("Table 10", "amount", "spend at least 1 power")
    others = [o for o in spending.spends if o.kingdom_id == kingdom_id and o.id != spend.id]
    problem = _item_problem(world, kingdom_id, spend, others, spending)
    if problem:
        return problem
    total = spend.amount + sum(o.amount for o in others)
    if total > kingdom.power:
        return Problem(
            "E-25",
            "amount",
            "your spending and sealed bids would come to {total} power, but you "
            "hold {power}: every bid counts as if it won",
            total=total,
            power=kingdom.power,
        )
    return None


def _item_problem(
    world: World, kingdom_id: int, spend: Spend, others: list[Spend], spending: Spending
) -> Problem | None:
    kind = spend.kind
    cost = fixed_cost(world.ruleset, kind)
    if cost is not None and spend.amount != cost:
        return Problem(
            "Table 10", "amount", "{kind} costs {cost} power", kind=kind.label, cost=cost
        )
    if kind in BUILDS:
        return _build_problem(world, kingdom_id, spend, others)
    if kind in (SpendKind.RECRUIT, SpendKind.MERCENARY_BID):
        return _troops_problem(world, kingdom_id, spend, others, spending)
    if kind is SpendKind.SURGEON and any(o.kind is SpendKind.SURGEON for o in others):
        return Problem("Table 10 E-02", "kind", "you already hire a surgeon this turn")
    if kind is SpendKind.SHARE_POWER:
        recipient = world.kingdoms.get(spend.recipient_id)
        if recipient is None or recipient.id == kingdom_id or recipient.eliminated:
            return Problem(
                "Table 10 B 7.1",
                "recipient",
                "share power with another player's kingdom still in play (Table 10, B 7.1)",
            )
    if kind in DIPLOMACY:
        return diplomacy.diplomacy_problem(world, kingdom_id, spend, others)
    if kind is SpendKind.PACIFY:
        return diplomacy.pacify_problem(world, kingdom_id, spend, others, spending.provoked)
    return None


def _build_problem(
    world: World, kingdom_id: int, spend: Spend, others: list[Spend]
) -> Problem | None:
    """Table 10, A-1.3.2, A-1.1.3: an own non-orphan hex without that structure; a great
    fortress upgrades a fortress in a City or the capital."""
    coord = spend.hex
    h = world.hexes.get(coord) if coord is not None else None
    if h is None:
        return Problem("Table 10", "hex", "name the hex to build in")
    where = f"({coord[0]}, {coord[1]})"
    if h.owner != kingdom_id:
        return Problem(
            "Table 10",
            "hex",
            "{where} is not your hex: you build in your own hexes",
            where=where,
        )
    if h.orphan:
        return Problem("A-1.3.2", "hex", "{where} is an orphan: no build order there", where=where)
    if any(o.kind in BUILDS and o.hex == coord for o in others):
        return Problem("A-1.1.3", "hex", "you already build in {where} this turn", where=where)
    kind = spend.kind
    if kind is SpendKind.WATCHTOWER and h.watchtower:
        return Problem("A-1.1.3", "hex", "{where} already has a watchtower", where=where)
    if kind is SpendKind.FORTRESS and h.defence is not None:
        defence = h.defence.value.replace("_", " ")
        return Problem(
            "A-1.1.3",
            "hex",
            "{where} already has a {defence}",
            where=where,
            defence=defence,
        )
    if kind is SpendKind.GREAT_FORTRESS:
        capital = world.kingdoms[kingdom_id].capital
        if h.defence is not Defence.FORTRESS:
            return Problem("Table 10", "hex", "{where} has no fortress to upgrade", where=where)
        if h.feature is not Feature.CITY and coord != capital:
            return Problem(
                "Table 10",
                "hex",
                "a great fortress needs a City or the capital; {where} is neither",
                where=where,
            )
    return None


def _troops_problem(
    world: World, kingdom_id: int, spend: Spend, others: list[Spend], spending: Spending
) -> Problem | None:
    """Table 10 Recruit (1 power a 250 points, one army), Q18 bids (at least the minimum,
    one bid an offer), and E-14's cap: 3,500 with every bid counted as won (E-25)."""
    army = world.armies.get(spend.army_id) if spend.army_id is not None else None
    if army is None or army.kingdom_id != kingdom_id:
        return Problem("Table 10 Q18", "army", "name one of your armies for the troops")
    if spend.kind is SpendKind.RECRUIT:
        if any(o.kind is SpendKind.RECRUIT and o.army_id == army.id for o in others):
            return Problem(
                "Table 10",
                "army",
                "{army} already recruits this turn: change that recruit instead",
                army=army.name,
            )
    else:
        offer = spending.offers.get(spend.offer_id) if spend.offer_id is not None else None
        if offer is None:
            return Problem("A-2.1", "offer", "name mercenaries the GM offers this turn")
        if spend.amount < offer.minimum_bid:
            return Problem(
                "Table 10",
                "offer",
                "the opening bid for {offer} is at least {minimum_bid} power",
                offer=offer.name,
                minimum_bid=offer.minimum_bid,
            )
        if any(o.kind is SpendKind.MERCENARY_BID and o.offer_id == offer.id for o in others):
            return Problem(
                "Q18", "offer", "you already bid for {offer} this turn", offer=offer.name
            )
    worst = army.points + sum(
        _troop_points(world.ruleset, s, spending) for s in [spend, *others] if s.army_id == army.id
    )
    cap = world.ruleset.army_cap_this_turn
    if worst > cap:
        return Problem(
            "Table 10 E-14",
            "army",
            "{army} would field {worst:,} points with these recruits and every bid "
            "won; an army takes at most {cap:,} this turn",
            army=army.name,
            worst=worst,
            cap=cap,
        )
    return None


def _troop_points(ruleset: Ruleset, spend: Spend, spending: Spending) -> int:
    if spend.kind is SpendKind.RECRUIT:
        return ruleset.recruit_points * spend.amount
    if spend.kind is SpendKind.MERCENARY_BID and spend.offer_id in spending.offers:
        return spending.offers[spend.offer_id].points
    return 0


# --- step 3b -----------------------------------------------------------------------


@dataclass
class Treasury:
    """What step 3b has changed so far: power left, neutral allies, hexes (defenders),
    army points; and each spend's result. ``ruleset`` is the campaign's."""

    ruleset: Ruleset
    power: dict[int, int]
    allies: dict[int, int | None]
    hexes: dict[Coord, HexState]
    armies: dict[int, ArmyState]
    results: dict[int, SpendResult] = field(default_factory=dict)
    points: dict[int, int] = field(default_factory=dict)  # spend id → points it added
    tie_rolls: dict[int, tuple[Roll, ...]] = field(default_factory=dict)
    incited: list[IncitedAttack] = field(default_factory=list)

    @classmethod
    def of(cls, world: World) -> Treasury:
        return cls(
            ruleset=world.ruleset,
            power={k.id: k.power for k in world.kingdoms.values()},
            allies={n.id: n.ally for n in world.neutral_kingdoms.values()},
            hexes=dict(world.hexes),
            armies=dict(world.armies),
        )

    def pay(self, spend: Spend, events: list[Event]) -> bool:
        """Debit the spend (PowerSpent), or void it if the power is not there."""
        if self.power.get(spend.kingdom_id, 0) < spend.amount:
            events.append(self.void(spend, "not enough power when it was resolved (E-25)"))
            return False
        self.power[spend.kingdom_id] -= spend.amount
        events.append(
            PowerSpent(
                rule="Table 10 E-25 §3-3b",
                kingdom_id=spend.kingdom_id,
                spend_id=spend.id,
                item=spend.kind.value,
                amount=spend.amount,
            )
        )
        return True

    def void(self, spend: Spend, reason: str) -> SpendVoided:
        self.results[spend.id] = SpendResult.VOID
        return SpendVoided(
            rule="§3-3b E-25",
            kingdom_id=spend.kingdom_id,
            spend_id=spend.id,
            item=spend.kind.value,
            reason=reason,
        )

    def reinforce(self, spend: Spend, points: int, source: str) -> ArmyReinforced:
        """Points for this turn only, never above the 3,500 cap (E-14): an army that
        rested this turn came back to its allocation first, and the excess is lost."""
        army = self.armies[spend.army_id]
        added = max(0, min(points, self.ruleset.army_cap_this_turn - army.points))
        self.armies[army.id] = msgspec.structs.replace(army, points=army.points + added)
        self.points[spend.id] = added
        return ArmyReinforced(
            rule="Table 10 E-14" if source == "recruit" else "Table 10 Q18 E-14",
            kingdom_id=spend.kingdom_id,
            spend_id=spend.id,
            army_id=army.id,
            source=source,
            points_added=added,
            points=army.points + added,
        )

    def world(self, world: World) -> World:
        kingdoms = {
            k: dataclasses.replace(s, power=self.power[k]) for k, s in world.kingdoms.items()
        }
        neutrals = {
            n: dataclasses.replace(s, ally=self.allies[n])
            for n, s in world.neutral_kingdoms.items()
        }
        return dataclasses.replace(
            world,
            kingdoms=kingdoms,
            neutral_kingdoms=neutrals,
            hexes=self.hexes,
            armies=self.armies,
        )


@dataclass
class SpentOutcome:
    events: list[Event]
    world: World  # after step 3b: power debited, allies, defenders, armies reinforced
    incited: list[IncitedAttack]  # to declare at 3e
    results: dict[int, SpendResult]
    points: dict[int, int]


def resolve_power_spending(
    world: World, spending: Spending, dice: Dice, rested: Mapping[int, int] | None = None
) -> SpentOutcome:
    """§3 step 3b in E-25's order. ``rested`` gives the points of armies that rested this
    turn (rules.turn.rest rebuilt them before), so the 3,500 cap counts the rebuild."""
    if rested:
        armies = {
            a: msgspec.structs.replace(s, points=rested[a]) if a in rested else s
            for a, s in world.armies.items()
        }
        world = dataclasses.replace(world, armies=armies)
    treasury = Treasury.of(world)
    in_play = {k.id for k in world.kingdoms.values() if not k.eliminated}
    spends = sorted(
        (s for s in spending.spends if s.kingdom_id in in_play), key=lambda s: (s.kingdom_id, s.id)
    )

    def of(*kinds: SpendKind) -> list[Spend]:
        return [s for s in spends if s.kind in kinds]

    events: list[Event] = []
    events += _queue_builds(of(*BUILDS), treasury)
    events += _recruit(of(SpendKind.RECRUIT), treasury)
    events += _surgeons(of(SpendKind.SURGEON), treasury)
    events += _auction(of(SpendKind.MERCENARY_BID), spending, treasury, dice)
    events += diplomacy.resolve_deactivate(world, of(SpendKind.DEACTIVATE), treasury, dice)
    events += diplomacy.resolve_ally(world, of(SpendKind.ALLY), treasury, dice)
    events += diplomacy.resolve_incite(world, of(SpendKind.INCITE), treasury, dice)
    events += diplomacy.resolve_pacify(world, of(SpendKind.PACIFY), treasury, dice)
    events += _share(of(SpendKind.SHARE_POWER), treasury)
    return SpentOutcome(
        events, treasury.world(world), treasury.incited, treasury.results, treasury.points
    )


def _queue_builds(spends: list[Spend], treasury: Treasury) -> list[Event]:
    """E-25 item 1: builds are paid for and queued; they complete at 6f."""
    events: list[Event] = []
    for spend in spends:
        if treasury.pay(spend, events):
            treasury.results[spend.id] = SpendResult.QUEUED
            events.append(
                BuildQueued(
                    rule="Table 10 E-25 A-1.3.4",
                    kingdom_id=spend.kingdom_id,
                    spend_id=spend.id,
                    hex=spend.hex,
                    build=spend.kind.value,
                )
            )
    return events


def _recruit(spends: list[Spend], treasury: Treasury) -> list[Event]:
    """E-25 item 2, Table 10: +250 points a power for one army, this turn only."""
    events: list[Event] = []
    for spend in spends:
        if spend.army_id not in treasury.armies:
            events.append(treasury.void(spend, "the army is no more"))
        elif treasury.pay(spend, events):
            treasury.results[spend.id] = SpendResult.RECRUITED
            points = treasury.ruleset.recruit_points * spend.amount
            events.append(treasury.reinforce(spend, points, "recruit"))
    return events


def _surgeons(spends: list[Spend], treasury: Treasury) -> list[Event]:
    """E-25 item 3, E-02: the flag for this turn's Table 13 rolls."""
    events: list[Event] = []
    for spend in spends:
        if treasury.pay(spend, events):
            treasury.results[spend.id] = SpendResult.HIRED
            events.append(
                SurgeonHired(rule="Table 10 E-02", kingdom_id=spend.kingdom_id, spend_id=spend.id)
            )
    return events


def _auction(
    spends: list[Spend], spending: Spending, treasury: Treasury, dice: Dice
) -> list[Event]:
    """E-25 item 4, Q18: sealed bids, offer by offer: the highest bid that can still be
    paid wins, ties by a logged roll-off; only the winner pays (losing bids are never
    debited), and the mercenaries join his chosen army for this turn."""
    events: list[Event] = []
    by_offer: dict[int, list[Spend]] = defaultdict(list)
    for spend in spends:
        if spend.offer_id not in spending.offers:
            events.append(treasury.void(spend, "the GM withdrew those mercenaries"))
        elif spend.army_id not in treasury.armies:
            events.append(treasury.void(spend, "the army is no more"))
        else:
            by_offer[spend.offer_id].append(spend)
    for offer_id, bids in sorted(by_offer.items()):
        offer = spending.offers[offer_id]
        payable = [
            (b, (), b.amount, True) for b in bids if treasury.power.get(b.kingdom_id, 0) >= b.amount
        ]
        best = diplomacy.best_of(payable, dice, f"Q18 auction for {offer.name}", treasury.tie_rolls)
        for bid in bids:
            won = bid.id == best
            if won:
                treasury.pay(bid, events)
            treasury.results[bid.id] = SpendResult.WON if won else SpendResult.LOST
            events.append(
                MercenaryBidResolved(
                    rule="Table 10 Q18 E-25",
                    rolls=treasury.tie_rolls.get(bid.id, ()),
                    kingdom_id=bid.kingdom_id,
                    spend_id=bid.id,
                    offer_id=offer_id,
                    amount=bid.amount,
                    won=won,
                    army_id=bid.army_id if won else None,
                )
            )
            if won:
                events.append(treasury.reinforce(bid, offer.points, "mercenaries"))
    return events


def _share(spends: list[Spend], treasury: Treasury) -> list[Event]:
    """B 7.1, E-25: shared power is debited now and credited at 6g."""
    events: list[Event] = []
    for spend in spends:
        if treasury.pay(spend, events):
            treasury.results[spend.id] = SpendResult.SHARED
            events.append(
                PowerShared(
                    rule="Table 10 B 7.1 E-25",
                    spend_id=spend.id,
                    kingdom_id=spend.kingdom_id,
                    recipient_id=spend.recipient_id,
                    amount=spend.amount,
                )
            )
    return events


def results_applied(spends: Iterable[Spend], outcome: SpentOutcome) -> tuple[Spend, ...]:
    """The spends with step 3b's results, as Final Results reads them back."""
    return tuple(
        dataclasses.replace(s, result=outcome.results.get(s.id), points=outcome.points.get(s.id, 0))
        for s in spends
    )


# --- Final Results -------------------------------------------------------------------


def builds_completed(owners: Mapping[Coord, int | None], spends: Iterable[Spend]) -> list[Event]:
    """§3 step 6f, A-1.3.4, E-26: a queued build completes, also in a hex orphaned this
    turn; in a hex lost this turn (``owners`` after the battles) it is cancelled, and
    the power is not refunded."""
    events: list[Event] = []
    for spend in sorted(spends, key=lambda s: s.id):
        if spend.kind not in BUILDS or spend.result is not SpendResult.QUEUED:
            continue
        common = {
            "kingdom_id": spend.kingdom_id,
            "spend_id": spend.id,
            "hex": spend.hex,
            "build": spend.kind.value,
        }
        if owners.get(spend.hex) == spend.kingdom_id:
            events.append(BuildCompleted(rule="Table 10 §3-6f A-1.3.4", **common))
        else:
            events.append(BuildCancelled(rule="E-26", **common))
    return events


def temporary_points_lost(
    world: World, spends: Iterable[Spend], points: Mapping[int, int]
) -> list[Event]:
    """Table 10, Q18, E-14 (end of the turn): each army that recruited or hired
    mercenaries loses them. They shared the turn's losses in proportion, as a combined
    force does (E-28): the army keeps its own points × (points now / points with the
    temporary troops), rounded up to 5, at most its own points. ``world`` is the world
    at the start of Final Results (armies with the temporary points); ``points`` each
    army's points now."""
    added: dict[int, int] = defaultdict(int)
    kingdom_of: dict[int, int] = {}
    for spend in spends:
        if spend.result in (SpendResult.RECRUITED, SpendResult.WON) and spend.points:
            added[spend.army_id] += spend.points
            kingdom_of[spend.army_id] = spend.kingdom_id
    events: list[Event] = []
    for army_id in sorted(added):
        army = world.armies.get(army_id)
        if army is None or army_id not in points:
            continue
        boosted = army.points
        own = max(0, boosted - added[army_id])
        now = points[army_id]
        step = world.ruleset.losses_round_to
        keep = min(own, -(-now * own // (boosted * step)) * step) if boosted else 0
        events.append(
            TemporaryPointsLost(
                rule="Table 10 Q18 E-14 E-28",
                kingdom_id=kingdom_of[army_id],
                army_id=army_id,
                points_lost=now - keep,
                points=keep,
            )
        )
    return events


def shared_power(spends: Iterable[Spend]) -> tuple[dict[int, int], list[Event]]:
    """E-25 (§3 step 6g): the power shared at 3b, credited now: by recipient, and the
    events that tell both kingdoms."""
    credit: dict[int, int] = defaultdict(int)
    events: list[Event] = []
    for spend in sorted(spends, key=lambda s: s.id):
        if spend.kind is SpendKind.SHARE_POWER and spend.result is SpendResult.SHARED:
            credit[spend.recipient_id] += spend.amount
            events.append(
                PowerShared(
                    rule="B 7.1 E-25 §3-6g",
                    spend_id=spend.id,
                    kingdom_id=spend.kingdom_id,
                    recipient_id=spend.recipient_id,
                    amount=spend.amount,
                    credited=True,
                )
            )
    return dict(credit), events


def surgeon_kingdoms(spends: Iterable[Spend]) -> frozenset[int]:
    """E-02: the kingdoms whose characters get +1 on Table 13 this turn."""
    return frozenset(
        s.kingdom_id
        for s in spends
        if s.kind is SpendKind.SURGEON and s.result is SpendResult.HIRED
    )


def spend_results(events: Iterable[Event]) -> dict[int, tuple[SpendResult, int]]:
    """Each spend's result and points from step 3b's events, as the pipeline writes them
    back (kingdoms.spending.writeback): for Final Results without a database."""
    found: dict[int, tuple[SpendResult, int]] = {}
    for e in events:
        spend_id = getattr(e, "spend_id", None)
        result, points = found.get(spend_id, (None, 0))
        if isinstance(e, SpendVoided):
            result = SpendResult.VOID
        elif isinstance(e, BuildQueued):
            result = SpendResult.QUEUED
        elif isinstance(e, ArmyReinforced):
            points = e.points_added
            result = SpendResult.RECRUITED if e.source == "recruit" else result
        elif isinstance(e, SurgeonHired):
            result = SpendResult.HIRED
        elif isinstance(e, MercenaryBidResolved):
            result = SpendResult.WON if e.won else SpendResult.LOST
        elif isinstance(e, PowerShared) and not e.credited:
            result = SpendResult.SHARED
        elif isinstance(e, DiplomacyRolled):
            result = diplomacy.spend_result(e.outcome)
        elif isinstance(e, PacifyRolled):
            result = SpendResult(e.result)
        else:
            continue
        found[spend_id] = (result, points)
    return found


def with_results(spends: Iterable[Spend], events: Iterable[Event]) -> tuple[Spend, ...]:
    """The spends with their step 3b results read from ``events``."""
    found = spend_results(events)
    return tuple(
        dataclasses.replace(s, result=found[s.id][0], points=found[s.id][1]) if s.id in found else s
        for s in spends
    )
