"""Power spending in the turn pipeline: loading the turn's spends for step 3b and Final
Results, and writing their events back (kingdoms.PowerSpend, Kingdom.power, Hex
defences and defenders, NeutralKingdom.ally, army points). A fixed number of queries."""

from __future__ import annotations

from campaign.bulletin.models import MercenaryOffer
from campaign.models import Turn
from campaign.pipeline.snapshot import Snapshot
from kingdoms.spending.models import PowerSpend
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
    rows = PowerSpend.objects.filter(
        turn__campaign_id=turn.campaign_id,
        turn__number__gte=turn.number - 2,
        turn__number__lt=turn.number,
        kind=SpendKind.PACIFY,
        result=SpendResult.PROVOKED,
    ).values_list("hex_id", "turn__number")
    for hex_id, number in rows:
        coord = snapshot.coord_of[hex_id]
        provoked[coord] = max(number, provoked.get(coord, 0))
    return Spending(
        spends=tuple(spend_state(row, snapshot.coord_of) for row in spends),
        offers=offers,
        provoked=provoked,
    )


def spends_load(turn: Turn, snapshot: Snapshot) -> tuple[Spend, ...]:
    """The turn's spends with their step 3b results, for Final Results. One query."""
    rows = PowerSpend.objects.filter(turn=turn).order_by("id")
    return tuple(spend_state(row, snapshot.coord_of) for row in rows)


_BUILT = {
    SpendKind.FORTRESS.value: Defence.FORTRESS,
    SpendKind.GREAT_FORTRESS.value: Defence.GREAT_FORTRESS,
}


def spending_appliers(writer) -> dict:
    """The Writer's appliers for the spending events (campaign.pipeline.writeback)."""
    results: dict[int, dict] = {}
    writer.spend_results = results

    def note(spend_id: int, **fields) -> None:
        results.setdefault(spend_id, {}).update(fields)

    def spent(e: sev.PowerSpent) -> None:
        writer._kingdom(e.kingdom_id).power -= e.amount

    def built(e: sev.BuildCompleted) -> None:
        row = writer._hex(e.hex)
        if e.build == SpendKind.WATCHTOWER:
            row.watchtower = True
        else:
            row.defence = _BUILT[e.build].value
        note(e.spend_id, result=SpendResult.BUILT)

    def army_points(army_id: int, points: int) -> None:
        army = writer.snapshot.armies.get(army_id)
        if army is not None:
            army.points = points
            writer.army_ids.add(army_id)

    def reinforced(e: sev.ArmyReinforced) -> None:
        army_points(e.army_id, e.points)
        note(e.spend_id, points=e.points_added)
        if e.source == "recruit":
            note(e.spend_id, result=SpendResult.RECRUITED)

    def ally(neutral_id: int, kingdom_id: int | None) -> None:
        neutral = writer.snapshot.neutrals[neutral_id]
        neutral.ally_id = kingdom_id
        writer.neutral_ids.add(neutral_id)

    def changed(e: sev.DefenderChanged) -> None:
        writer._hex(e.hex).defender_points = e.points

    def joined(e: sev.HexJoinedNeutralKingdom) -> None:
        row = writer._hex(e.hex)
        row.owner_id, row.neutral_kingdom_id, row.explored = None, e.neutral_kingdom_id, True
        row.defender_points = row.defender_original_points = None

    return {
        sev.PowerSpent: spent,
        sev.SpendVoided: lambda e: note(e.spend_id, result=SpendResult.VOID),
        sev.BuildQueued: lambda e: note(e.spend_id, result=SpendResult.QUEUED),
        sev.BuildCompleted: built,
        sev.BuildCancelled: lambda e: note(e.spend_id, result=SpendResult.CANCELLED),
        sev.ArmyReinforced: reinforced,
        sev.TemporaryPointsLost: lambda e: army_points(e.army_id, e.points),
        sev.SurgeonHired: lambda e: note(e.spend_id, result=SpendResult.HIRED),
        sev.MercenaryBidResolved: lambda e: note(
            e.spend_id, result=SpendResult.WON if e.won else SpendResult.LOST
        ),
        sev.PowerShared: lambda e: (
            None if e.credited else note(e.spend_id, result=SpendResult.SHARED)
        ),
        sev.DiplomacyRolled: lambda e: note(
            e.spend_id, result=spend_result(e.outcome), roll=e.total
        ),
        sev.AllianceFormed: lambda e: ally(e.neutral_kingdom_id, e.kingdom_id),
        sev.AllianceEnded: lambda e: ally(e.neutral_kingdom_id, None),
        sev.PacifyRolled: lambda e: note(e.spend_id, result=SpendResult(e.result), roll=e.total),
        sev.DefenderChanged: changed,
        sev.PacifyVoided: lambda e: note(e.spend_id, result=SpendResult.CANCELLED),
        sev.HexJoinedNeutralKingdom: joined,
    }


def spending_flush(writer) -> None:
    """Write the spends' results: two queries, none when nothing was spent."""
    results = getattr(writer, "spend_results", None)
    if not results:
        return
    rows = PowerSpend.objects.in_bulk(list(results))
    for spend_id, fields in results.items():
        row = rows.get(spend_id)
        if row is not None:
            for name, value in fields.items():
                setattr(row, name, value)
    PowerSpend.objects.bulk_update(list(rows.values()), ["result", "roll", "points"])
