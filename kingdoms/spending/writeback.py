"""Power spending in the turn pipeline: loading the turn's spends for step 3b and Final
Results, and writing their events back (kingdoms.PowerSpend, Kingdom.power, Hex
defences and defenders, NeutralKingdom.ally, army points). A fixed number of queries."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db.models import Q, QuerySet

from campaign.bulletin.models import MercenaryOffer
from campaign.core.bulk import rows_update
from campaign.core.statements import written_once
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

# A spend's columns, as ``_spend`` takes them
_SPEND_COLUMNS = (
    "id",
    "kingdom_id",
    "kind",
    "amount",
    "hex_id",
    "army_id",
    "offer_id",
    "neutral_kingdom_id",
    "recipient_id",
    "result",
    "points",
)


def _spend(values: Sequence[Any], coord_of: dict[int, Coord]) -> Spend:
    """The Spend of a spend's ``_SPEND_COLUMNS``."""
    (spend_id, kingdom_id, kind, amount, hex_id, army_id, offer_id, neutral_kingdom_id,
     recipient_id, result, points) = values  # fmt: skip
    return Spend(
        id=spend_id,
        kingdom_id=kingdom_id,
        kind=SpendKind(kind),
        amount=amount,
        hex=coord_of.get(hex_id),
        army_id=army_id,
        offer_id=offer_id,
        neutral_kingdom_id=neutral_kingdom_id,
        recipient_id=recipient_id,
        result=SpendResult(result) if result else None,
        points=points,
    )


def spending_load(turn: Turn, snapshot: Snapshot, kingdom_id: int | None = None) -> Spending:
    """Step 3b's input: the turn's spends (of one kingdom only, when validating its new
    one), the GM's offers and the hexes Provoked in the last 2 turns. Two queries, read
    as values: the spends and the Provocations are rows of one table, read in one."""
    if kingdom_id is None:
        rows = _turn_spends(turn.pk, turn.campaign_id, turn.number - 2, turn.number).rows()
    else:
        rows = _spends_and_provoked(Q(turn=turn, kingdom_id=kingdom_id), _provoked(turn))
    this_turn: list[Spend] = []
    provoked: dict[Coord, int] = {}
    for *values, turn_id, number in rows:
        spend = _spend(values, snapshot.coord_of)
        if turn_id == turn.pk:
            this_turn.append(spend)
        else:  # Table 11: a hex Provoked lately, and the last turn it was
            provoked[spend.hex] = max(number, provoked.get(spend.hex, 0))
    return Spending(
        spends=tuple(this_turn),
        offers={offer[0]: Offer(*offer) for offer in _offers(turn.pk).rows()},
        provoked=provoked,
    )


def _spends_and_provoked(spends: Q, provoked: Q) -> QuerySet:
    rows = PowerSpend.objects.filter(spends | provoked).order_by("id")
    return rows.values_list(*_SPEND_COLUMNS, "turn_id", "turn__number")


@written_once
def _turn_spends(turn_id: int, campaign_id: int, since: int, until: int) -> QuerySet:
    return _spends_and_provoked(Q(turn_id=turn_id), _provoked_between(campaign_id, since, until))


@written_once
def _offers(turn_id: int) -> QuerySet[MercenaryOffer]:
    return MercenaryOffer.objects.filter(turn_id=turn_id).values_list(
        "id", "name", "minimum_bid", "points"
    )


def provoked_spends(turn: Turn) -> QuerySet[PowerSpend]:
    """Table 11: the pacifications of the campaign that Provoked in the last 2 turns."""
    return PowerSpend.objects.filter(_provoked(turn))


def _provoked(turn: Turn) -> Q:
    """The spends ``provoked_spends`` picks."""
    return _provoked_between(turn.campaign_id, turn.number - 2, turn.number)


def _provoked_between(campaign_id: int, since: int, until: int) -> Q:
    """The campaign's pacifications that Provoked from turn ``since`` to before ``until``."""
    return Q(
        turn__campaign_id=campaign_id,
        turn__number__gte=since,
        turn__number__lt=until,
        kind=SpendKind.PACIFY,
        result=SpendResult.PROVOKED,
    )


def spends_load(turn: Turn, snapshot: Snapshot) -> tuple[Spend, ...]:
    """The turn's spends with their step 3b results, for Final Results. One query, read
    as values."""
    return tuple(_spend(values, snapshot.coord_of) for values in _spends(turn.pk).rows())


@written_once
def _spends(turn_id: int) -> QuerySet[PowerSpend]:
    return PowerSpend.objects.filter(turn_id=turn_id).order_by("id").values_list(*_SPEND_COLUMNS)


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
