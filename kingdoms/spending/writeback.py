"""Power spending in the turn pipeline: loading the turn's spends for step 3b and Final
Results, and writing their events back (kingdoms.PowerSpend, Kingdom.power, Hex
defences and defenders, NeutralKingdom.ally, army points). A fixed number of queries."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from campaign.bulletin.models import MercenaryOffer
from campaign.core.bulk import rows_update
from campaign.models import Turn
from campaign.pipeline.registry import (
    STEP_INPUTS,
    Applier,
    Phase,
    StepInput,
    register_appliers,
    register_chronicle_only,
    register_state,
)
from campaign.pipeline.snapshot import Snapshot
from campaign.pipeline.writeback import Writer
from kingdoms.spending.models import PowerSpend
from rules.core.events import Event
from rules.core.state import Coord, Defence
from rules.kingdoms import spending_events as sev
from rules.kingdoms.diplomacy import spend_result
from rules.kingdoms.spending_state import Offer, Spend, Spending, SpendKind, SpendResult


def spend_state(row: PowerSpend, coord_of: dict[int, Coord]) -> Spend:
    return Spend(
        id=row.pk,
        kingdom_id=row.kingdom_id,
        kind=SpendKind(row.kind),
        amount=row.amount,
        hex=coord_of.get(row.hex_id),
        army_id=row.army_id,
        offer_id=row.offer_id,
        neutral_kingdom_id=row.neutral_kingdom_id,
        recipient_id=row.recipient_id,
        result=SpendResult(row.result) if row.result else None,
        points=row.points,
    )


def spending_load(turn: Turn, snapshot: Snapshot, kingdom_id: int | None = None) -> Spending:
    """Step 3b's input: the turn's spends (of one kingdom only, when validating its new
    one), the GM's offers and the hexes Provoked in the last 2 turns. Three queries."""
    spends = PowerSpend.objects.filter(turn=turn).order_by("id")
    if kingdom_id is not None:
        spends = spends.filter(kingdom_id=kingdom_id)
    offers = {
        o.pk: Offer(id=o.pk, name=o.name, minimum_bid=o.minimum_bid, points=o.points)
        for o in MercenaryOffer.objects.filter(turn=turn)
    }
    provoked: dict[Coord, int] = {}
    rows = provoked_spends(turn).values_list("hex_id", "turn__number")
    for hex_id, number in rows:
        coord = snapshot.coord_of[hex_id]
        provoked[coord] = max(number, provoked.get(coord, 0))
    return Spending(
        spends=tuple(spend_state(row, snapshot.coord_of) for row in spends),
        offers=offers,
        provoked=provoked,
    )


def provoked_spends(turn: Turn) -> QuerySet[PowerSpend]:
    """Table 11: the pacifications of the campaign that Provoked in the last 2 turns."""
    return PowerSpend.objects.filter(
        turn__campaign_id=turn.campaign_id,
        turn__number__gte=turn.number - 2,
        turn__number__lt=turn.number,
        kind=SpendKind.PACIFY,
        result=SpendResult.PROVOKED,
    )


def spends_load(turn: Turn, snapshot: Snapshot) -> tuple[Spend, ...]:
    """The turn's spends with their step 3b results, for Final Results. One query."""
    rows = PowerSpend.objects.filter(turn=turn).order_by("id")
    return tuple(spend_state(row, snapshot.coord_of) for row in rows)


_BUILT = {
    SpendKind.FORTRESS.value: Defence.FORTRESS,
    SpendKind.GREAT_FORTRESS.value: Defence.GREAT_FORTRESS,
}


class SpendResults:
    """Each spend's result, roll and points as the step's events give them, by spend id."""

    def __init__(self, writer: Writer):
        self.results: dict[int, dict] = {}

    def note(self, spend_id: int, **fields) -> None:
        self.results.setdefault(spend_id, {}).update(fields)

    def flush(self) -> None:
        """Write the spends' results: two queries, none when nothing was spent."""
        if not self.results:
            return
        rows = PowerSpend.objects.in_bulk(list(self.results))
        for spend_id, fields in self.results.items():
            row = rows.get(spend_id)
            if row is not None:
                for name, value in fields.items():
                    setattr(row, name, value)
        rows_update(PowerSpend, ["result", "roll", "points"], rows.values())


def _noting(result: SpendResult) -> Applier[Any]:
    """The applier that notes ``result`` for the event's spend."""

    def note(writer: Writer, e: Any) -> None:
        writer.state(SpendResults).note(e.spend_id, result=result)

    return note


def _spent(writer: Writer, e: sev.PowerSpent) -> None:
    writer.kingdom(e.kingdom_id).power -= e.amount


def _built(writer: Writer, e: sev.BuildCompleted) -> None:
    row = writer.hex(e.hex)
    if e.build == SpendKind.WATCHTOWER:
        row.watchtower = True
    else:
        row.defence = _BUILT[e.build].value
    writer.state(SpendResults).note(e.spend_id, result=SpendResult.BUILT)


def _army_points(writer: Writer, army_id: int, points: int) -> None:
    army = writer.snapshot.armies.get(army_id)
    if army is not None:
        army.points = points
        writer.army_ids.add(army_id)


def _reinforced(writer: Writer, e: sev.ArmyReinforced) -> None:
    _army_points(writer, e.army_id, e.points)
    results = writer.state(SpendResults)
    results.note(e.spend_id, points=e.points_added)
    if e.source == "recruit":
        results.note(e.spend_id, result=SpendResult.RECRUITED)


def _points_lost(writer: Writer, e: sev.TemporaryPointsLost) -> None:
    _army_points(writer, e.army_id, e.points)


def _bid(writer: Writer, e: sev.MercenaryBidResolved) -> None:
    result = SpendResult.WON if e.won else SpendResult.LOST
    writer.state(SpendResults).note(e.spend_id, result=result)


def _shared(writer: Writer, e: sev.PowerShared) -> None:
    if not e.credited:
        writer.state(SpendResults).note(e.spend_id, result=SpendResult.SHARED)


def _diplomacy(writer: Writer, e: sev.DiplomacyRolled) -> None:
    writer.state(SpendResults).note(e.spend_id, result=spend_result(e.outcome), roll=e.total)


def _pacify(writer: Writer, e: sev.PacifyRolled) -> None:
    writer.state(SpendResults).note(e.spend_id, result=SpendResult(e.result), roll=e.total)


def _alliance_formed(writer: Writer, e: sev.AllianceFormed) -> None:
    writer.neutral(e.neutral_kingdom_id).ally_id = e.kingdom_id


def _alliance_ended(writer: Writer, e: sev.AllianceEnded) -> None:
    writer.neutral(e.neutral_kingdom_id).ally_id = None


def _defender_changed(writer: Writer, e: sev.DefenderChanged) -> None:
    writer.hex(e.hex).defender_points = e.points


def _joined(writer: Writer, e: sev.HexJoinedNeutralKingdom) -> None:
    row = writer.hex(e.hex)
    row.owner_id, row.neutral_kingdom_id, row.explored = None, e.neutral_kingdom_id, True
    row.defender_points = row.defender_original_points = None


# Made once, so that registering them again is harmless.
APPLIERS: dict[type[Event], Applier[Any]] = {
    sev.PowerSpent: _spent,
    sev.SpendVoided: _noting(SpendResult.VOID),
    sev.BuildQueued: _noting(SpendResult.QUEUED),
    sev.BuildCompleted: _built,
    sev.BuildCancelled: _noting(SpendResult.CANCELLED),
    sev.ArmyReinforced: _reinforced,
    sev.TemporaryPointsLost: _points_lost,
    sev.SurgeonHired: _noting(SpendResult.HIRED),
    sev.MercenaryBidResolved: _bid,
    sev.PowerShared: _shared,
    sev.DiplomacyRolled: _diplomacy,
    sev.AllianceFormed: _alliance_formed,
    sev.AllianceEnded: _alliance_ended,
    sev.PacifyRolled: _pacify,
    sev.DefenderChanged: _defender_changed,
    sev.PacifyVoided: _noting(SpendResult.CANCELLED),
    sev.HexJoinedNeutralKingdom: _joined,
}


def register() -> None:
    STEP_INPUTS.register(StepInput.SPENDING, spending_load)
    STEP_INPUTS.register(StepInput.SPENDS, spends_load)
    register_state(SpendResults, {Phase.AFTER_CHRONICLE: SpendResults.flush})
    register_appliers(APPLIERS)
    register_chronicle_only(sev.IncitedAttack)
