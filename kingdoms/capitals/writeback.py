"""What a step's events do to a kingdom's capital (A-3.2, E-23)."""

from __future__ import annotations

from campaign.pipeline.registry import register_appliers
from campaign.pipeline.writeback import Writer
from rules.core import events as ev


def _capital_moved(writer: Writer, event: ev.CapitalMoved) -> None:
    """A-3.2, E-23: the new capital leaves the fallback-capital list; the rest stand."""
    kingdom = writer.kingdom(event.kingdom_id)
    kingdom.capital = writer.snapshot.hexes[tuple(event.new)]
    new = list(event.new)
    kingdom.fallback_capitals = [c for c in kingdom.fallback_capitals or () if c != new]


def register() -> None:
    register_appliers({ev.CapitalMoved: _capital_moved})
