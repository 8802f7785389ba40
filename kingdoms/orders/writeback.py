"""Orders and scouting in the turn pipeline: the turn's Table 5 orders for the engine, and
what the scouts found written back: each kingdom's scouting reports (Table 8, E-29) and
the neutral kingdoms its scouts discovered (A-1.4.19, Q22)."""

from __future__ import annotations

from django.db.models import Case, F, QuerySet, When

from campaign.core.statements import written_once
from campaign.models import Turn
from campaign.pipeline.registry import (
    STEP_INPUTS,
    Phase,
    StepInput,
    register_appliers,
    register_chronicle_only,
    register_state,
)
from campaign.pipeline.snapshot import Snapshot
from campaign.pipeline.writeback import Writer
from kingdoms.models import NeutralKingdom
from kingdoms.orders.models import Order, ScoutReport, sea_cover_coords
from rules.core import events as ev
from rules.core.state import Order as OrderState
from rules.core.state import OrderKind


def orders_load(turn: Turn, snapshot: Snapshot) -> list[OrderState]:
    """The turn's orders; an army without one rests (Q7). One query, read as values: a
    model instance a row cost most of the load of a large map's hundreds of orders."""
    coord = snapshot.coord_of.get
    return [
        OrderState(  # by position, quicker than by keyword (rules.core.state.HexState)
            army_id,
            _KINDS[kind],
            coord(target_id),
            coord(origin_id),
            sea_cover=sea_cover_coords(sea_cover) if sea_cover else (),
        )
        for army_id, kind, target_id, origin_id, sea_cover in _orders(turn.pk).rows()
    ]


@written_once
def _orders(turn_id: int) -> QuerySet[Order]:
    # An order without sea cover (all but a few patrols) reads NULL rather than its
    # empty list, which the JSON field would parse row by row
    cover = Case(When(sea_cover=[], then=None), default=F("sea_cover"))
    rows = Order.objects.filter(turn_id=turn_id).order_by("army_id")
    return rows.values_list("army_id", "kind", "target_id", "origin_id", cover)


_KINDS = {kind.value: kind for kind in OrderKind}


class Scouting:
    """The step's scouting reports and discoveries, created after the chronicle."""

    def __init__(self, writer: Writer):
        self.writer = writer
        self.scouted: list[ev.HexScouted] = []
        self.discovered: list[ev.NeutralKingdomDiscovered] = []

    def flush(self) -> None:
        """Table 8, E-29: each kingdom's scouting reports, and the neutral kingdoms its
        scouts found (A-1.4.19, Q22), in one statement each."""
        hexes, turn = self.writer.snapshot.hexes, self.writer.turn
        ScoutReport.objects.bulk_create(
            ScoutReport(
                kingdom_id=e.kingdom_id,
                army_id=e.army_id,
                hex=hexes[tuple(e.hex)],
                turn=turn,
                level=e.level,
                facts=e.to_dict()["facts"],
            )
            for e in self.scouted
        )
        NeutralKingdom.known_by.through.objects.bulk_create(
            (
                NeutralKingdom.known_by.through(
                    neutralkingdom_id=e.neutral_kingdom_id, kingdom_id=e.kingdom_id
                )
                for e in self.discovered
            ),
            ignore_conflicts=True,
        )


def _scouted(writer: Writer, event: ev.HexScouted) -> None:
    writer.state(Scouting).scouted.append(event)


def _discovered(writer: Writer, event: ev.NeutralKingdomDiscovered) -> None:
    writer.state(Scouting).discovered.append(event)


def register() -> None:
    STEP_INPUTS.register(StepInput.ORDERS, orders_load)
    register_state(Scouting, {Phase.AFTER_CHRONICLE: Scouting.flush})
    register_appliers({ev.HexScouted: _scouted, ev.NeutralKingdomDiscovered: _discovered})
    register_chronicle_only(ev.ScoutsSeen, ev.DiscoveryRollFailed)
