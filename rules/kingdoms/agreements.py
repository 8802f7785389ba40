"""Agreements between player kingdoms (Q23, §5.4, §5.6, B 7.1–7.5): cease fire, alliance,
combined assault and vassalage, and what each changes in a resolution.

Both players accept an agreement in the app (kingdoms.agreements.services); the engine
sees only those in force, as ``World.agreements``. Here is everything they change:

* E-05, Q23: invading a hex of a kingdom you have a cease fire or an alliance with is
  allowed; the order form warns (``invasion_warning``), and at Provisional Results the
  agreement ends with a public AgreementBroken (``breaches``).
* E-28, §5.4: the invasions of one hex by the two parties of a combined assault for this
  turn and hex fight as one force for its beneficiary (``combined_assaults``); without
  one, two players' invasions of a hex are contested (E-15).
* Q9, Q13 (ruleset options, off by default): a friendly path through allies' hexes
  (``friendly_connected``); patrols that protect allies' hexes (``patrol_protects``).
* Q20, E-19, E-23: a standing vassalage turns the elimination of a kingdom whose capital
  fell into vassalage to the kingdom that took it (``vassalage_instead``); the vassal
  traces his path to the overlord's capital, pays him 1 power at step 6g
  (``pay_tribute``), cannot win (``rivals``), and neither may invade the other
  (``invasion_refusal``).
* Notice given on an agreement, the end of a combined assault's turn and an eliminated
  kingdom (E-27) end agreements after step 6e (``agreements_expired``).
"""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Protocol, TypeVar

from rules.core.events import Event, KingdomEliminated, PowerCollected
from rules.core.hexgrid import connected_to_capital
from rules.core.problems import Phrase, Problem, translatable
from rules.core.state import Coord, OrderKind, Terrain

if TYPE_CHECKING:
    from rules.core.state import Order, World


class AgreementKind(StrEnum):
    """Q23, B 7.2–7.5: the agreements two players may make in the app."""

    CEASE_FIRE = "cease_fire"
    ALLIANCE = "alliance"
    COMBINED_ASSAULT = "combined_assault"
    VASSALAGE = "vassalage"

    @property
    def words(self) -> str:
        return self.value.replace("_", " ")


BREAKABLE = frozenset({AgreementKind.CEASE_FIRE, AgreementKind.ALLIANCE})
"""E-05: the agreements an invasion of the partner's hex breaks."""


@dataclass(frozen=True)
class AgreementState:
    """An agreement in force (accepted by both, not ended), as the engine sees it."""

    id: int
    kind: AgreementKind
    parties: tuple[int, int]  # proposer, partner
    public: bool = True  # announced to all on acceptance; combined assaults are not
    turn: int | None = None  # combined assault: the turn it is for
    hex: Coord | None = None  # combined assault: the hex invaded together
    beneficiary: int | None = None  # combined assault: who takes the hex
    overlord: int | None = None  # vassalage
    vassal: int | None = None  # vassalage
    in_force: bool = False  # vassalage: the vassal has sworn (his capital fell, Q20)
    notice: bool = False  # a party gave notice: it ends when this turn is resolved

    def between(self, a: int, b: int) -> bool:
        return a != b and {a, b} == set(self.parties)

    def other(self, kingdom_id: int) -> int:
        first, second = self.parties
        return second if kingdom_id == first else first


# Events ----------------------------------------------------------------------------


class _AgreementEvent(Event):
    """An agreement event says who reads it (rules.turn.visibility.audience asks ``seen_by``)."""

    def seen_by(self) -> tuple[bool, frozenset[int], tuple[str, ...]]:
        return agreement_audience(self)


@dataclass(frozen=True, kw_only=True)
class AgreementBroken(_AgreementEvent):
    """E-05, Q23: ``kingdom_id`` invaded a hex of ``partner_id`` during a cease fire or
    an alliance: the invasion goes ahead, the agreement ends, and everyone is told."""

    agreement_id: int
    agreement_kind: AgreementKind
    kingdom_id: int  # who broke it
    partner_id: int
    hex: Coord


@dataclass(frozen=True, kw_only=True)
class AgreementEnded(_AgreementEvent):
    """An agreement that ends at a resolution: notice given this turn (``notice``), a
    combined assault whose turn is over (``turn_over``), or a party eliminated
    (``eliminated``, E-27). Public if the agreement was."""

    agreement_id: int
    agreement_kind: AgreementKind
    kingdom_ids: tuple[int, int]
    reason: str
    public: bool = True


@dataclass(frozen=True, kw_only=True)
class CombinedAssault(_AgreementEvent):
    """E-28, §5.4: the parties' invasions of ``hex`` fight as one force, whose points add
    up for Table 23 and whose losses are shared in proportion; the hex goes to
    ``beneficiary_id``. Who fights together is public; armies and points are theirs."""

    hex: Coord
    agreement_ids: tuple[int, ...]
    kingdom_ids: tuple[int, ...]
    beneficiary_id: int
    army_ids: tuple[int, ...]
    points: int


@dataclass(frozen=True, kw_only=True)
class VassalageBegan(_AgreementEvent):
    """Q20, E-19, E-23, §3 step 6e: a kingdom whose capital fell and that has no City to
    move it to becomes the vassal of the kingdom that took it, as they agreed, instead
    of being eliminated."""

    agreement_id: int
    kingdom_id: int  # the vassal
    overlord_id: int
    capital: Coord  # the capital he lost


@dataclass(frozen=True, kw_only=True)
class TributePaid(_AgreementEvent):
    """E-19, §3 step 6g: a vassal pays his overlord 1 power a turn, or nothing if he has
    none; the PowerCollected events already count it. Private to the two."""

    kingdom_id: int  # the vassal
    overlord_id: int
    power: int


AGREEMENT_EVENTS = (AgreementBroken, AgreementEnded, CombinedAssault, VassalageBegan, TributePaid)


def agreement_audience(event: Event) -> tuple[bool, frozenset[int], tuple[str, ...]]:
    """Who reads an agreement event (rules.turn.visibility.audience): (public, insiders,
    secret fields). A breach and a vassalage are always public (E-05, Q23); a combined
    assault is public but its armies and points are the parties' (E-29); tribute is
    power, private to the two (like PowerCollected)."""
    if isinstance(event, (AgreementBroken, VassalageBegan)):
        return True, frozenset(), ()
    if isinstance(event, CombinedAssault):
        return True, frozenset(event.kingdom_ids), ("army_ids", "points")
    if isinstance(event, AgreementEnded):
        return event.public, frozenset(event.kingdom_ids), ()
    if isinstance(event, TributePaid):
        return False, frozenset({event.kingdom_id, event.overlord_id}), ()
    raise TypeError(f"no audience rule for {event.type}")


# Who is bound to whom ----------------------------------------------------------------


def partners(world: World, kingdom_id: int, kinds: Iterable[AgreementKind]) -> set[int]:
    wanted = set(kinds)
    return {
        a.other(kingdom_id)
        for a in world.agreements
        if a.kind in wanted and kingdom_id in a.parties
    }


def allies(world: World, kingdom_id: int) -> set[int]:
    """The kingdoms in an alliance with ``kingdom_id`` (B 7.4)."""
    return partners(world, kingdom_id, [AgreementKind.ALLIANCE])


def overlord_of(world: World, kingdom_id: int) -> int | None:
    """Q20, E-19: the overlord of a vassal whose vassalage is in force, else None."""
    for a in world.agreements:
        if a.kind is AgreementKind.VASSALAGE and a.in_force and a.vassal == kingdom_id:
            return a.overlord
    return None


def is_vassal(world: World, kingdom_id: int) -> bool:
    return overlord_of(world, kingdom_id) is not None


def vassals_of(world: World, kingdom_id: int) -> set[int]:
    return vassals_by_overlord(world).get(kingdom_id, set())


def vassals_by_overlord(world: World) -> dict[int, set[int]]:
    """E-19: every overlord's vassals whose vassalage is in force, read in one pass."""
    found: dict[int, set[int]] = defaultdict(set)
    for a in world.agreements:
        if a.kind is AgreementKind.VASSALAGE and a.in_force:
            found[a.overlord].add(a.vassal)
    return found


def rivals(world: World, kingdom_id: int) -> set[int]:
    """A-3.1, E-19: the kingdoms still standing in the way of ``kingdom_id``'s victory by
    elimination: every other kingdom not eliminated, except his own vassals. A vassal
    always has his overlord as a rival, so he never wins."""
    standing = {k.id for k in world.kingdoms.values() if not k.eliminated}
    return standing - {kingdom_id} - vassals_of(world, kingdom_id)


def may_win(world: World, kingdom_id: int) -> bool:
    """E-19: a vassal cannot win."""
    return not is_vassal(world, kingdom_id)


# Orders (E-05, Q20) ------------------------------------------------------------------


def invasion_refusal(world: World, kingdom_id: int, target: Coord) -> Problem | None:
    """Q20, E-19: an overlord may not invade his vassal, nor a vassal his overlord (the
    vassalage binds them both; it is not an agreement one can break, E-05)."""
    owner = world.hexes[target].owner
    if owner is None or owner == kingdom_id:
        return None
    name = _name(world, owner)
    if overlord_of(world, owner) == kingdom_id:
        return Problem(
            "Q20 E-19",
            "target",
            "{target} belongs to {name}, your vassal: an overlord may not invade his vassal",
            target=target,
            name=name,
        )
    if overlord_of(world, kingdom_id) == owner:
        return Problem(
            "Q20 E-19",
            "target",
            "{target} belongs to {name}, your overlord: a vassal may not invade his overlord",
            target=target,
            name=name,
        )
    return None


# E-05: the warning, by the agreements an invasion breaks; each a whole sentence, so that a
# language may say it its own way.
_BREAKS = {
    frozenset({AgreementKind.CEASE_FIRE}): translatable(
        "invading {target} breaks your cease fire with {name}: the invasion is allowed, but "
        "the agreement ends and every player is told"
    ),
    frozenset({AgreementKind.ALLIANCE}): translatable(
        "invading {target} breaks your alliance with {name}: the invasion is allowed, but "
        "the agreement ends and every player is told"
    ),
    BREAKABLE: translatable(
        "invading {target} breaks your cease fire and your alliance with {name}: the "
        "invasion is allowed, but both agreements end and every player is told"
    ),
}


def invasion_warning(
    agreements: Iterable[AgreementState],
    kingdom_id: int,
    owner_id: int | None,
    owner_name: str,
    target: Coord,
) -> Phrase | None:
    """E-05: what the order form tells a player whose invasion of ``target`` (a hex of
    ``owner_id``) would break a cease fire or an alliance; None if it breaks nothing.
    It is a warning, not a refusal: words the site translates, its rule shown beside them."""
    if owner_id is None or owner_id == kingdom_id:
        return None
    broken = frozenset(
        a.kind for a in agreements if a.kind in BREAKABLE and a.between(kingdom_id, owner_id)
    )
    if not broken:
        return None
    return Phrase(_BREAKS[broken], target=target, name=owner_name)


# Provisional Results (E-05, E-28) -----------------------------------------------------


def breaches(world: World, orders: Iterable[Order]) -> tuple[World, list[AgreementBroken]]:
    """E-05, Q23: each cease fire or alliance whose party invades a hex of the other
    ends, with a public AgreementBroken, once, at the first such invasion (by target
    hex, then army id). The world returned no longer has them: an ally who was invaded
    this turn no longer gives an allied patrol or path (Q9, Q13)."""
    events: list[AgreementBroken] = []
    broken: set[int] = set()
    invasions = sorted(
        (o for o in orders if o.kind is OrderKind.INVADE and o.target in world.hexes),
        key=lambda o: (o.target, o.army_id),
    )
    for order in invasions:
        invader = world.armies[order.army_id].kingdom_id
        owner = world.hexes[order.target].owner
        for a in sorted(world.agreements, key=lambda a: a.id):
            if a.id in broken or a.kind not in BREAKABLE or owner is None:
                continue
            if a.between(invader, owner):
                broken.add(a.id)
                events.append(
                    AgreementBroken(
                        rule="E-05 Q23",
                        agreement_id=a.id,
                        agreement_kind=a.kind,
                        kingdom_id=invader,
                        partner_id=owner,
                        hex=order.target,
                    )
                )
    return _without(world, broken), events


class _Force(Protocol):
    kingdom_id: int
    army_ids: tuple[int, ...]
    points: int


F = TypeVar("F", bound=_Force)


def combined_assaults(
    world: World, target: Coord, forces: Sequence[F]
) -> tuple[list[F], list[Event]]:
    """E-28, §5.4: the invading forces of ``target``, with those of the parties to a
    combined assault for this turn and this hex merged into one force of the
    beneficiary: its armies and points add up (Table 23) and, since each army loses the
    same share of its points, losses are shared in proportion (rules.battles.battle). Both
    parties must invade; a force joins at most one assault (the lowest agreement id).
    Forces without one stay apart, contested (E-15)."""
    invading = {f.kingdom_id: f for f in forces}
    joined: dict[int, list[AgreementState]] = {}  # beneficiary → its agreements
    taken: set[int] = set()
    for a in sorted(world.agreements, key=lambda a: a.id):
        if a.kind is not AgreementKind.COMBINED_ASSAULT or a.turn != world.turn or a.hex != target:
            continue
        beneficiary = a.beneficiary
        partner = a.other(beneficiary)
        if beneficiary not in invading or partner not in invading or partner in taken:
            continue
        if beneficiary in taken and beneficiary not in joined:
            continue  # the beneficiary already fights in someone else's assault
        joined.setdefault(beneficiary, []).append(a)
        taken |= {beneficiary, partner}
    if not joined:
        return list(forces), []
    events: list[Event] = []
    merged: dict[int, F] = {}
    for beneficiary, deals in sorted(joined.items()):
        members = [beneficiary, *sorted(a.other(beneficiary) for a in deals)]
        army_ids = tuple(sorted(army for k in members for army in invading[k].army_ids))
        points = sum(invading[k].points for k in members)
        merged[beneficiary] = dataclasses.replace(
            invading[beneficiary], army_ids=army_ids, points=points
        )
        events.append(
            CombinedAssault(
                rule="E-28 §5.4 Q23",
                hex=target,
                agreement_ids=tuple(a.id for a in deals),
                kingdom_ids=tuple(sorted(members)),
                beneficiary_id=beneficiary,
                army_ids=army_ids,
                points=points,
            )
        )
    result = [
        merged.get(f.kingdom_id, f)
        for f in forces
        if f.kingdom_id not in taken or f.kingdom_id in merged
    ]
    return result, events


def patrol_protects(world: World, patrol_kingdom: int, owner: int) -> bool:
    """Table 5, Q13: a patrol protects its own kingdom's hexes and, with the ruleset's
    ``allied_patrols`` option, its allies' hexes too."""
    if patrol_kingdom == owner:
        return True
    return bool(world.ruleset.allied_patrols) and owner in allies(world, patrol_kingdom)


# Final Results (Q9, Q20, E-19, E-27) ------------------------------------------------


def friendly_connected(
    world: World,
    kingdom_id: int,
    owned: Mapping[int, set[Coord]],
    terrain: Mapping[Coord, Terrain],
) -> set[Coord]:
    """A-1.2.4, Q5, Q9, Q20, E-19: the kingdom's hexes with a friendly path to its
    capital. The path runs through its own hexes, and also:

    * for a vassal, through his overlord's hexes, to the overlord's capital (E-19);
    * with the ruleset's ``allied_friendly_path`` option, through his allies' hexes (Q9).
    """
    own = set(owned.get(kingdom_id, ()))
    kingdom = world.kingdoms.get(kingdom_id)
    capital = kingdom.capital if kingdom else None
    passable = set(own)
    overlord = overlord_of(world, kingdom_id)
    if overlord is not None and overlord in world.kingdoms:
        capital = world.kingdoms[overlord].capital
        passable |= owned.get(overlord, set())
    if world.ruleset.allied_friendly_path:
        for ally in allies(world, kingdom_id):
            passable |= owned.get(ally, set())
    return connected_to_capital(capital, passable, terrain) & own


def vassalage_instead(world: World, kingdom_id: int) -> tuple[World, VassalageBegan] | None:
    """Q20, E-19, E-23, step 6e: a kingdom about to be eliminated because its capital
    fell becomes instead the vassal of the player who holds the capital now, if the two
    have a standing vassalage with him as overlord; None otherwise (elimination)."""
    capital = world.kingdoms[kingdom_id].capital
    taker = world.hexes[capital].owner if capital in world.hexes else None
    if taker is None or taker == kingdom_id:
        return None
    taker_state = world.kingdoms.get(taker)
    if taker_state is None or taker_state.eliminated or is_vassal(world, taker):
        return None
    for a in sorted(world.agreements, key=lambda a: a.id):
        if (
            a.kind is AgreementKind.VASSALAGE
            and not a.in_force
            and a.vassal == kingdom_id
            and a.overlord == taker
        ):
            sworn = dataclasses.replace(a, in_force=True, notice=False)
            others = tuple(other for other in world.agreements if other.id != a.id)
            world = dataclasses.replace(world, agreements=(*others, sworn))
            event = VassalageBegan(
                rule="Q20 E-19 E-23 §3-6e",
                agreement_id=a.id,
                kingdom_id=kingdom_id,
                overlord_id=taker,
                capital=capital,
            )
            return world, event
    return None


def agreements_expired(world: World, events: Iterable[Event]) -> tuple[World, list[AgreementEnded]]:
    """After step 6e: the agreements a party gave notice of this turn, the combined
    assaults of this turn (or earlier) and every agreement of a kingdom eliminated
    this turn (E-27, ``events`` of step 6e) end."""
    fallen = {e.kingdom_id for e in events if isinstance(e, KingdomEliminated)}
    ended: list[AgreementEnded] = []
    for a in sorted(world.agreements, key=lambda a: a.id):
        if fallen & set(a.parties):
            reason, rule = "eliminated", "E-27 Q23"
        elif (
            a.kind is AgreementKind.COMBINED_ASSAULT and a.turn is not None and a.turn <= world.turn
        ):
            reason, rule = "turn_over", "E-28 Q23"
        elif a.notice:
            reason, rule = "notice", "Q23"
        else:
            continue
        ended.append(
            AgreementEnded(
                rule=rule,
                agreement_id=a.id,
                agreement_kind=a.kind,
                kingdom_ids=a.parties,
                reason=reason,
                public=a.public,
            )
        )
    return _without(world, {e.agreement_id for e in ended}), ended


def pay_tribute(
    world: World, income: list[PowerCollected]
) -> tuple[list[PowerCollected], list[TributePaid]]:
    """E-19, §3 step 6g: each vassal (in id order) pays his overlord 1 power, after his
    income, or nothing if he has none. The PowerCollected of both are changed to match,
    so their ``power`` stays the kingdom's power after step 6g."""
    by_kingdom = {e.kingdom_id: e for e in income}
    paid: list[TributePaid] = []
    for vassal in sorted(by_kingdom):
        overlord = overlord_of(world, vassal)
        if overlord is None or overlord not in by_kingdom:
            continue
        mine, theirs = by_kingdom[vassal], by_kingdom[overlord]
        power = min(world.ruleset.vassal_tribute, max(mine.power, 0))
        if power:
            by_kingdom[vassal] = dataclasses.replace(
                mine, gained=mine.gained - power, power=mine.power - power
            )
            by_kingdom[overlord] = dataclasses.replace(
                theirs, gained=theirs.gained + power, power=theirs.power + power
            )
        paid.append(
            TributePaid(rule="E-19 Q20 §3-6g", kingdom_id=vassal, overlord_id=overlord, power=power)
        )
    return [by_kingdom[e.kingdom_id] for e in income], paid


def agreements_applied(world: World, events: Iterable[Event]) -> World:
    """The world's agreements after ``events``: what the pipeline writes back between
    two steps (kingdoms.agreements.writeback), for tests that run a turn without it."""
    ended = {e.agreement_id for e in events if isinstance(e, (AgreementBroken, AgreementEnded))}
    sworn = {e.agreement_id for e in events if isinstance(e, VassalageBegan)}
    kept = tuple(
        dataclasses.replace(a, in_force=True, notice=False) if a.id in sworn else a
        for a in world.agreements
        if a.id not in ended
    )
    return dataclasses.replace(world, agreements=kept)


def _without(world: World, agreement_ids: set[int]) -> World:
    if not agreement_ids:
        return world
    kept = tuple(a for a in world.agreements if a.id not in agreement_ids)
    return dataclasses.replace(world, agreements=kept)


def _name(world: World, kingdom_id: int) -> str:
    kingdom = world.kingdoms.get(kingdom_id)
    return kingdom.name if kingdom else f"kingdom {kingdom_id}"
