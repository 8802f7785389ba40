"""Diplomacy with neutral kingdoms and pacifying neutrals (A-1.4.12–13, §5.6 Diplomacy
table, Table 11, E-05, E-09, E-18, E-25, E-26, Q17).

Step 3b resolves, in E-25's order, Deactivate (4+), Ally (5+), Incite (4+, 3+ on your
own ally), then Pacify (Table 11). Every roll is a d6 plus the extra power spent (at
most +2); a natural 1 always fails diplomacy, and the power is spent whatever the roll.
The tables are the ruleset's (the GM may edit them). A conquered neutral kingdom, or one
under a player's protection (Quick Friendship), is immune (A-1.4.13, E-18).

With the peoples module on (E-38, rules.modules.peoples), T-DIPLO-MATRIX's modifier of
the two races joins every roll, and a "No" between them refuses the spend (NR-DIPLO-2).
"""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

import msgspec

from rules import modules
from rules.core.dice import Dice, Roll
from rules.core.events import BattleDeclared, Event, HexConquered
from rules.core.hexgrid import adjacent, terrain_map
from rules.core.problems import Problem
from rules.core.ruleset import defender_table, table
from rules.core.state import BattleState, Coord, DefenderKind, Order, OrderKind, World
from rules.core.tables import PacifyResult
from rules.kingdoms.agreements import BREAKABLE, AgreementBroken
from rules.kingdoms.neutrals import knows, standing
from rules.kingdoms.spending_events import (
    AllianceEnded,
    AllianceFormed,
    DefenderChanged,
    DiplomacyRolled,
    HexJoinedNeutralKingdom,
    IncitedAttack,
    PacifyRolled,
    PacifyVoided,
)
from rules.kingdoms.spending_state import Spend, SpendKind, SpendResult, diplomacy_cost
from rules.turn.orders import Patrol, covering_patrol, own_hexes

if TYPE_CHECKING:
    from rules.kingdoms.spending import Treasury

_ROLL_TABLES = {
    SpendKind.DEACTIVATE: "diplomacy-deactivate",
    SpendKind.ALLY: "diplomacy-ally",
    SpendKind.INCITE: "diplomacy-incite",
}


def immune(world: World, neutral_id: int) -> Problem | None:
    """A-1.4.13, E-18: why the neutral kingdom is immune to diplomacy, or None."""
    neutral = world.neutral_kingdoms.get(neutral_id)
    if neutral is None or not standing(world, neutral_id):
        return Problem(
            "A-1.4.13",
            "neutral_kingdom",
            "it has been conquered and is immune to diplomacy",
        )
    if neutral.protector is not None:
        return Problem(
            "A-1.4.13 E-18",
            "neutral_kingdom",
            "it is under a player's protection (Quick Friendship) and immune to diplomacy",  # noqa: E501
        )
    return None


def allied_kingdoms(world: World, kingdom_id: int) -> list[int]:
    """A-1.4.12: the standing neutral kingdoms allied to the player by diplomacy (not
    those he protects: their tribute is Table 9's other row, E-18)."""
    return alliances(world).get(kingdom_id, [])


def alliances(world: World) -> dict[int, list[int]]:
    """``allied_kingdoms`` of every player who has a neutral ally, read in one pass."""
    found: dict[int, list[int]] = defaultdict(list)
    for n in sorted(world.neutral_kingdoms.values(), key=lambda n: n.id):
        if n.ally is not None and n.protector is None and standing(world, n.id):
            found[n.ally].append(n.id)
    return found


def alliance_income(world: World, kingdom_id: int, allied: Sequence[int] | None = None) -> int:
    """Table 9 (§3 step 6g): +1 power a turn for each neutral ally; ``allied`` are they,
    where the caller has sorted them out already (``alliances``)."""
    if allied is None:
        allied = allied_kingdoms(world, kingdom_id)
    return world.ruleset.alliance_power * len(allied)


def neutral_land(world: World, neutral_id: int) -> set[Coord]:
    return {
        c for c, h in world.hexes.items() if h.neutral_kingdom == neutral_id and h.owner is None
    }


# --- validation --------------------------------------------------------------------


def diplomacy_problem(
    world: World, kingdom_id: int, spend: Spend, others: Iterable[Spend]
) -> Problem | None:
    """§5.6 Diplomacy table, A-1.4.12–13, E-18, E-25: why the action is refused, or None."""
    kind, neutral_id = spend.kind, spend.neutral_kingdom_id
    cost, most = diplomacy_cost(world.ruleset, kind), world.ruleset.diplomacy_extra_power
    if not cost <= spend.amount <= cost + most:
        return Problem(
            "§5.6",
            "amount",
            "{kind} costs {cost} power, plus up to {most} extra for +1 each on the "
            "roll: spend {cost}–{highest}, not {amount}",
            kind=kind.label,
            cost=cost,
            most=most,
            highest=cost + most,
            amount=spend.amount,
        )
    if neutral_id is None or not knows(world, kingdom_id, neutral_id):
        return Problem(
            "A-1.4.18–19",
            "neutral_kingdom",
            "name a neutral kingdom you have discovered",
        )
    neutral = world.neutral_kingdoms[neutral_id]
    why = immune(world, neutral_id)
    if why:
        return Problem(why.rule, why.field, "{neutral}: {why}", neutral=neutral.name, why=why)
    if any(o.kind is kind and o.neutral_kingdom_id == neutral_id for o in others):
        return Problem(
            "§5.6",
            "neutral_kingdom",
            "you already spend on {kind} with {neutral} this turn",
            kind=kind.label,
            neutral=neutral.name,
        )
    if kind is SpendKind.DEACTIVATE:
        if neutral.ally is None:
            return Problem(
                "A-1.4.12",
                "neutral_kingdom",
                "{neutral} is allied to nobody: there is no alliance to end",
                neutral=neutral.name,
            )
        if neutral.ally == kingdom_id:
            return Problem(
                "A-1.4.12",
                "neutral_kingdom",
                "{neutral} is your own ally",
                neutral=neutral.name,
            )
    if kind is SpendKind.ALLY and neutral.ally == kingdom_id:
        return Problem(
            "A-1.4.12",
            "neutral_kingdom",
            "{neutral} is already your ally",
            neutral=neutral.name,
        )
    if kind is SpendKind.INCITE and (why := _incite_target_problem(world, kingdom_id, spend)):
        return why
    return modules.diplomacy_problem(world, spend)  # E-38: NR-DIPLO-2


def _incite_target_problem(world: World, kingdom_id: int, spend: Spend) -> Problem | None:
    """E-25: the target is a hex owned by another player, adjacent to the kingdom."""
    target = spend.hex
    if target is None or target not in world.hexes:
        return Problem("A-1.4.12", "hex", "name the hex the incited army attacks")
    owner = world.hexes[target].owner
    where = f"({target[0]}, {target[1]})"
    if owner is None:
        return Problem(
            "E-25",
            "hex",
            "{where} belongs to no player: an incited army attacks another player's hex",
            where=where,
        )
    if owner == kingdom_id:
        return Problem(
            "§5.6",
            "hex",
            "{where} is your own hex: an incited army attacks another player's hex",
            where=where,
        )
    terrain = terrain_map(world.hexes)
    if not any(
        target in adjacent(c, terrain) for c in neutral_land(world, spend.neutral_kingdom_id)
    ):
        return Problem(
            "A-1.4.12 E-25",
            "hex",
            "{where} is not adjacent to that neutral kingdom",
            where=where,
        )
    return None


def pacify_problem(
    world: World,
    kingdom_id: int,
    spend: Spend,
    others: Iterable[Spend],
    provoked: Mapping[Coord, int],
) -> Problem | None:
    """Table 11's conditions: an explored, unowned hex adjacent to the kingdom with a
    feature and a known neutral defender, not a neutral kingdom's, not Provoked in the
    last 2 turns."""
    low, high = world.ruleset.pacify_power_min, world.ruleset.pacify_power_max
    if not low <= spend.amount <= high:
        return Problem(
            "Table 11",
            "amount",
            "pacifying costs {low}–{high} power, not {amount}",
            low=low,
            high=high,
            amount=spend.amount,
        )
    target = spend.hex
    if target is None or target not in world.hexes:
        return Problem("Table 11", "hex", "name the hex to pacify")
    h = world.hexes[target]
    where = f"({target[0]}, {target[1]})"
    if h.owner is not None:
        return Problem(
            "Table 11",
            "hex",
            "{where} is a player's hex; only unowned hexes are pacified",
            where=where,
        )
    if h.neutral_kingdom is not None:
        return Problem(
            "Table 11",
            "hex",
            "{where} belongs to a neutral kingdom: use diplomacy, not pacify",
            where=where,
        )
    if not h.explored or h.scouted_only:
        return Problem(
            "Table 11",
            "hex",
            "{where} has not been explored: its defender is not known",
            where=where,
        )
    if h.feature is None or h.defender is None or h.defender.points <= 0:
        return Problem(
            "Table 11",
            "hex",
            "{where} has no feature held by a neutral defender to pacify",
            where=where,
        )
    terrain = terrain_map(world.hexes)
    if not adjacent(target, terrain) & own_hexes(world, kingdom_id, orphans=False):
        return Problem(
            "Table 11 A-1.2.4",
            "hex",
            "{where} is not adjacent to your kingdom",
            where=where,
        )
    last, cool_down = provoked.get(target), world.ruleset.provoked_turns
    if last is not None and world.turn - last <= cool_down:
        return Problem(
            "Table 11",
            "hex",
            "{where} was Provoked in turn {last}: it cannot be pacified before turn {next_turn}",
            where=where,
            last=last,
            next_turn=last + cool_down + 1,
        )
    if any(o.kind is SpendKind.PACIFY and o.hex == target for o in others):
        return Problem("Table 11", "hex", "you already pacify {where} this turn", where=where)
    return modules.diplomacy_problem(world, spend)  # E-38: NR-DIPLO-2


# --- step 3b, items 5–8 ------------------------------------------------------------


def _diplomacy_roll(world: World, spend: Spend, dice: Dice, key: str) -> tuple[Roll, int, bool]:
    name = world.neutral_kingdoms[spend.neutral_kingdom_id].name
    roll = dice.d6(f"§5.6 {spend.kind.value} of kingdom {spend.kingdom_id} with {name}")
    total = roll.result + spend.amount - diplomacy_cost(world.ruleset, spend.kind)  # extra power
    total += modules.diplomacy_modifier(world, spend)  # E-38: the races' T-DIPLO-MATRIX
    success = roll.result != 1 and bool(table(world.ruleset, key).lookup(max(1, min(6, total))))
    return roll, total, success


EFFECTIVE_OUTCOMES = frozenset({"the alliance is ended", "allied", "incited"})


def spend_result(outcome: str) -> SpendResult:
    """A diplomacy spend succeeded if it changed the world; otherwise it failed, even on a
    good roll (no alliance left to end, another envoy or incitement chosen)."""
    return SpendResult.SUCCEEDED if outcome in EFFECTIVE_OUTCOMES else SpendResult.FAILED


def _rolled(
    world: World, spend: Spend, rolls: tuple[Roll, ...], total: int, success: bool, outcome: str
):
    return DiplomacyRolled(
        rule=f"§5.6 A-1.4.12 E-25 {spend.kind.value}{modules.diplomacy_rules(world, spend)}",
        rolls=rolls,
        kingdom_id=spend.kingdom_id,
        spend_id=spend.id,
        action=spend.kind.value,
        neutral_kingdom_id=spend.neutral_kingdom_id,
        total=total,
        success=success,
        outcome=outcome,
    )


def resolve_deactivate(
    world: World, spends: list[Spend], treasury: Treasury, dice: Dice
) -> list[Event]:
    """E-25 item 5: Deactivate on 4+ ends the kingdom's alliance with another player."""
    events: list[Event] = []
    for spend in spends:
        if not treasury.pay(spend, events):
            continue
        roll, total, success = _diplomacy_roll(world, spend, dice, _ROLL_TABLES[spend.kind])
        ally = treasury.allies.get(spend.neutral_kingdom_id)
        if not success:
            outcome = "failed"
        elif ally is None or ally == spend.kingdom_id:
            outcome = "no alliance was left to end"
        else:
            outcome = "the alliance is ended"
            treasury.allies[spend.neutral_kingdom_id] = None
        events.append(_rolled(world, spend, (roll,), total, success, outcome))
        treasury.results[spend.id] = spend_result(outcome)
        if outcome == "the alliance is ended":
            events.append(
                AllianceEnded(
                    rule="A-1.4.12 E-25",
                    neutral_kingdom_id=spend.neutral_kingdom_id,
                    kingdom_id=ally,
                    reason="deactivated",
                )
            )
    return events


def resolve_ally(world: World, spends: list[Spend], treasury: Treasury, dice: Dice) -> list[Event]:
    """E-25 item 6: Ally on 5+. A kingdom still allied after the Deactivates takes no new
    ally; among several successes the highest roll wins, ties by a logged roll-off."""
    events: list[Event] = []
    by_neutral: dict[int, list[tuple[Spend, tuple[Roll, ...], int, bool]]] = defaultdict(list)
    for spend in spends:
        if not treasury.pay(spend, events):
            continue
        roll, total, success = _diplomacy_roll(world, spend, dice, _ROLL_TABLES[spend.kind])
        by_neutral[spend.neutral_kingdom_id].append((spend, (roll,), total, success))
    for neutral_id, tries in sorted(by_neutral.items()):
        taken = treasury.allies.get(neutral_id) is not None
        winners = [t for t in tries if t[3] and not taken]
        best = best_of(winners, dice, f"Ally with neutral kingdom {neutral_id}", treasury.tie_rolls)
        for spend, rolls, total, success in tries:
            if not success:
                outcome = "failed"
            elif taken:
                outcome = "it is still allied to another player (E-25)"
            elif spend.id == best:
                outcome = "allied"
            else:
                outcome = "another player's envoy won the kingdom"
            rolls = rolls + treasury.tie_rolls.get(spend.id, ())
            events.append(_rolled(world, spend, rolls, total, success, outcome))
            treasury.results[spend.id] = spend_result(outcome)
        if best is not None:
            winner = next(t[0] for t in tries if t[0].id == best)
            treasury.allies[neutral_id] = winner.kingdom_id
            events.append(
                AllianceFormed(
                    rule="A-1.4.12 E-25",
                    neutral_kingdom_id=neutral_id,
                    kingdom_id=winner.kingdom_id,
                )
            )
    return events


def resolve_incite(
    world: World, spends: list[Spend], treasury: Treasury, dice: Dice
) -> list[Event]:
    """E-25 item 7: Incite on 4+, 3+ on one's own ally (after this turn's Deactivates and
    Allies). At most one incited attack per neutral kingdom a turn: the highest roll
    picks, ties by a logged roll-off. The attacks are declared at 3e (``declare_incited``)."""
    events: list[Event] = []
    by_neutral: dict[int, list[tuple[Spend, tuple[Roll, ...], int, bool]]] = defaultdict(list)
    for spend in spends:
        if not treasury.pay(spend, events):
            continue
        allied = treasury.allies.get(spend.neutral_kingdom_id) == spend.kingdom_id
        key = "diplomacy-incite-allied" if allied else "diplomacy-incite"
        roll, total, success = _diplomacy_roll(world, spend, dice, key)
        by_neutral[spend.neutral_kingdom_id].append((spend, (roll,), total, success))
    for neutral_id, tries in sorted(by_neutral.items()):
        best = best_of(
            [t for t in tries if t[3]],
            dice,
            f"Incite neutral kingdom {neutral_id}",
            treasury.tie_rolls,
        )
        for spend, rolls, total, success in tries:
            outcome = (
                "failed"
                if not success
                else "incited"
                if spend.id == best
                else "another incitement was chosen"
            )
            rolls = rolls + treasury.tie_rolls.get(spend.id, ())
            events.append(_rolled(world, spend, rolls, total, success, outcome))
            treasury.results[spend.id] = spend_result(outcome)
            if outcome == "incited":
                victim = world.hexes[spend.hex].owner
                broken = incite_breaches(world, spend.kingdom_id, victim, spend.hex)
                attack = IncitedAttack(
                    rule="A-1.4.12 E-25 E-05",
                    kingdom_id=spend.kingdom_id,
                    spend_id=spend.id,
                    neutral_kingdom_id=neutral_id,
                    hex=spend.hex,
                    target_owner_id=victim,
                    breaks_agreement=", ".join(b.agreement_kind.words for b in broken),
                )
                events.append(attack)
                events += broken
                treasury.incited.append(attack)
    return events


def incite_breaches(world: World, inciter: int, victim: int, hex_: Coord) -> list[AgreementBroken]:
    """E-25, E-05, Q23: inciting an attack on a partner's hex is allowed, but it breaks a
    cease fire or an alliance with him as an invasion would: the agreement ends and
    everyone is told (rules.kingdoms.agreements)."""
    return [
        AgreementBroken(
            rule="E-05 E-25 Q23",
            agreement_id=a.id,
            agreement_kind=a.kind,
            kingdom_id=inciter,
            partner_id=victim,
            hex=hex_,
        )
        for a in sorted(world.agreements, key=lambda a: a.id)
        if a.kind in BREAKABLE and a.between(inciter, victim)
    ]


def resolve_pacify(
    world: World, spends: list[Spend], treasury: Treasury, dice: Dice
) -> list[Event]:
    """E-25 item 8, Table 11: d6 + (power − 1). Provoked: the defender +500, capped at
    its band maximum (E-09), and no pacify there for 2 turns; Wavering: halved, rounded
    up to 250; Pacified: the hex joins at the end of the turn if still unowned (E-26). A
    hex pacified by two players goes to the higher roll, ties by a logged roll-off."""
    events: list[Event] = []
    pacified: dict[Coord, list[tuple[Spend, int]]] = defaultdict(list)
    rolled: dict[int, tuple[tuple[Roll, ...], int, str]] = {}
    for spend in spends:
        if not treasury.pay(spend, events):
            continue
        rolls, total, result, more, rule = modules.pacify(world, spend, dice, events) or _table_11(
            world, spend, dice
        )
        events += more  # a module's own table (NR-ADVDIP), what it says of its roll
        rolled[spend.id] = (rolls, total, rule)
        if result is PacifyResult.PACIFIED:
            pacified[spend.hex].append((spend, total))
            continue
        events.append(_pacify_rolled(spend, rolls, total, result, rule))
        treasury.results[spend.id] = SpendResult(result.value)
        if result in (PacifyResult.PROVOKED, PacifyResult.WAVERING):
            events.append(_defender_changed(world, treasury, spend.hex, result))
    for coord, tries in sorted(pacified.items()):
        best = best_of(
            [(s, (), total, True) for s, total in tries],
            dice,
            f"Pacified at {coord}",
            treasury.tie_rolls,
        )
        for spend, total in tries:
            result = PacifyResult.PACIFIED if spend.id == best else PacifyResult.NO_EFFECT
            rolls = (*rolled[spend.id][0], *treasury.tie_rolls.get(spend.id, ()))
            events.append(_pacify_rolled(spend, rolls, total, result, rolled[spend.id][2]))
            treasury.results[spend.id] = SpendResult(result.value)
    return events


def _table_11(world: World, spend: Spend, dice: Dice):
    """Table 11: d6 + (power − 1), with the modules' modifiers (E-38)."""
    roll = dice.d6(f"Table 11 pacify of kingdom {spend.kingdom_id} at {spend.hex}")
    total = roll.result + spend.amount - 1 + modules.diplomacy_modifier(world, spend)  # E-38
    result = table(world.ruleset, "table-11").lookup(max(1, min(6, total)))
    return (roll,), total, result, [], f"Table 11 E-25{modules.diplomacy_rules(world, spend)}"


def _pacify_rolled(
    spend: Spend, rolls: tuple[Roll, ...], total: int, result: PacifyResult, rule: str
) -> PacifyRolled:
    return PacifyRolled(
        rule=rule,
        rolls=rolls,
        kingdom_id=spend.kingdom_id,
        spend_id=spend.id,
        hex=spend.hex,
        total=total,
        result=result.value,
    )


def _defender_changed(
    world: World, treasury: Treasury, coord: Coord, result: PacifyResult
) -> DefenderChanged:
    """E-09: Provoked and Wavering change the current size only."""
    h = treasury.hexes[coord]
    before = h.defender.points
    if result is PacifyResult.PROVOKED:
        band_max = max(points for _, _, points in defender_table(world.ruleset, h.feature).rows)
        points = max(before, min(before + world.ruleset.provoked_points, band_max))
        rule = "Table 11 E-09"
    else:
        half = -(-before // 2)
        step = world.ruleset.wavering_round_to
        points = -(-half // step) * step
        rule = "Table 11"
    treasury.hexes[coord] = msgspec.structs.replace(
        h, defender=dataclasses.replace(h.defender, points=points)
    )
    return DefenderChanged(
        rule=rule, hex=coord, points_before=before, points=points, cause=result.value
    )


def best_of(
    candidates: list[tuple[Spend, tuple, int, bool]],
    dice: Dice,
    what: str,
    tie_rolls: dict[int, tuple[Roll, ...]],
) -> int | None:
    """The spend id with the highest total; a tie is broken by d6 roll-offs, again
    while still tied, logged in ``tie_rolls`` by spend id for the callers' events."""
    if not candidates:
        return None
    top = max(total for _, _, total, _ in candidates)
    tied = sorted((c[0] for c in candidates if c[2] == top), key=lambda s: (s.kingdom_id, s.id))
    while len(tied) > 1:
        results = {}
        for spend in tied:
            roll = dice.d6(f"{what}: roll-off, kingdom {spend.kingdom_id}")
            tie_rolls[spend.id] = (*tie_rolls.get(spend.id, ()), roll)
            results[spend.id] = roll.result
        high = max(results.values())
        tied = [s for s in tied if results[s.id] == high]
    return tied[0].id


# --- step 3e and 6b ----------------------------------------------------------------


def declare_incited(
    world: World, attacks: Iterable[IncitedAttack], patrols: list[Patrol]
) -> list[BattleDeclared]:
    """A-1.4.12, Q17 (§3 step 3e): each incited attack is an invasion of 2,000 points by
    the neutral kingdom (E-06), which the GM runs: the owner's covering patrol defends,
    or it is a lost cause. The kingdom's own defence stays at 2,500 (A-1.4.12)."""
    declared = []
    for attack in attacks:
        patrol = covering_patrol(world, attack.hex, patrols)
        kind = DefenderKind.PATROL if patrol else DefenderKind.LOST_CAUSE
        declared.append(
            BattleDeclared(
                rule="A-1.4.12 Q17 E-06 §3-3e",
                hex=attack.hex,
                defender_kind=kind,
                attacker_kingdom_id=None,
                attacker_neutral_kingdom_id=attack.neutral_kingdom_id,
                attacker_army_ids=(),
                attacker_points=world.ruleset.incited_attack_points,
                defender_kingdom_id=patrol.kingdom_id if patrol else None,
                defender_army_ids=(patrol.id,) if patrol else (),
                defender_points=patrol.points if patrol else 0,
            )
        )
    return declared


def incited_conquest(battle: BattleState, previous_owner: int | None) -> HexJoinedNeutralKingdom:
    """Q17: the incited army won; the hex joins the neutral kingdom."""
    return HexJoinedNeutralKingdom(
        rule="Q17 A-1.4.12",
        hex=battle.hex,
        neutral_kingdom_id=battle.attacker.neutral_kingdom_id,
        previous_owner_id=previous_owner,
    )


def alliances_broken(world: World, orders: Iterable[Order]) -> list[AllianceEnded]:
    """§5.6 Ally: the alliance ends if the player invades that kingdom (declared at 3e)."""
    ended: dict[int, AllianceEnded] = {}
    for order in sorted(orders, key=lambda o: o.army_id):
        if order.kind is not OrderKind.INVADE or order.target not in world.hexes:
            continue
        neutral_id = world.hexes[order.target].neutral_kingdom
        neutral = world.neutral_kingdoms.get(neutral_id) if neutral_id is not None else None
        army = world.armies.get(order.army_id)
        if neutral is not None and army is not None and neutral.ally == army.kingdom_id:
            ended.setdefault(
                neutral_id,
                AllianceEnded(
                    rule="§5.6 A-1.4.12",
                    neutral_kingdom_id=neutral_id,
                    kingdom_id=army.kingdom_id,
                    reason="invaded",
                ),
            )
    return [ended[n] for n in sorted(ended)]


def pacified_join(
    owners: dict[Coord, int | None], world: World, spends: Iterable[Spend]
) -> list[Event]:
    """Table 11 Pacified, E-26 (§3 step 6b, after the battles): the hex joins the
    pacifier with its feature intact, if no battle of this turn took it. ``owners`` are
    the owners after the battles, updated here."""
    events: list[Event] = []
    for spend in sorted(spends, key=lambda s: s.id):
        if spend.kind is not SpendKind.PACIFY or spend.result is not SpendResult.PACIFIED:
            continue
        h = world.hexes.get(spend.hex)
        if owners.get(spend.hex) is not None or h is None or h.neutral_kingdom is not None:
            events.append(
                PacifyVoided(
                    rule="E-26 Table 11",
                    kingdom_id=spend.kingdom_id,
                    spend_id=spend.id,
                    hex=spend.hex,
                )
            )
            continue
        owners[spend.hex] = spend.kingdom_id
        events.append(
            HexConquered(rule="Table 11 E-26", hex=spend.hex, kingdom_id=spend.kingdom_id)
        )
    return events
