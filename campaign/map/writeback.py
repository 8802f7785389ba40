"""What a step's events do to the map's hexes (campaign.pipeline.writeback saves them):
exploration, conquest, defenders, orphans and unrest."""

from __future__ import annotations

from campaign.pipeline.registry import register_appliers
from campaign.pipeline.writeback import Writer
from rules.core import events as ev


def _explored(writer: Writer, event: ev.HexExplored) -> None:
    row = writer.hex(event.hex)
    row.explored = True
    row.scouted_only = False  # E-29: public now, whoever rolled its contents
    row.feature = event.feature or ""
    row.minor_feature = event.minor_feature or ""
    if event.defender_points is not None and event.neutral_kingdom_id is None:
        row.defender_points = row.defender_original_points = event.defender_points


def _explored_by_scouts(writer: Writer, event: ev.HexExploredByScouts) -> None:
    """§5.4: the Table 7 result is stored, but the hex is not public yet (E-29)."""
    row = writer.hex(event.hex)
    row.explored = row.scouted_only = True
    row.feature = event.feature or ""
    row.minor_feature = event.minor_feature or ""
    row.defender_points = row.defender_original_points = event.defender_points


def _defender_losses(writer: Writer, event: ev.DefenderLosses) -> None:
    writer.hex(event.hex).defender_points = event.points_left


def _conquered(writer: Writer, event: ev.HexConquered) -> None:
    row = writer.hex(event.hex)
    row.owner_id = event.kingdom_id
    row.neutral_kingdom_id = None  # the hex leaves the neutral kingdom
    row.defender_points = row.defender_original_points = None


def _defender_recovered(writer: Writer, event: ev.DefenderRecovered) -> None:
    writer.hex(event.hex).defender_points = event.points  # §5.5, E-09


def _orphan(writer: Writer, event: ev.OrphanChanged) -> None:
    writer.hex(event.hex).is_orphan = event.orphan


def _bandit_lair(writer: Writer, event: ev.BanditLairRolled) -> None:
    """Table 17 Bandit lair: Unrest (Table 3) for the turns the event gives."""
    if event.unrest:
        row = writer.hex(event.hex)
        row.unrest_from, row.unrest_until = event.unrest_from, event.unrest_until


def _revolted(writer: Writer, event: ev.HexRevolted) -> None:
    """Table 3 Revolt, E-09: unowned and explored, the rebels hold it."""
    row = writer.hex(event.hex)
    row.owner_id, row.explored, row.scouted_only = None, True, False
    row.defender_points = row.defender_original_points = event.defender_points


def _defender_appeared(writer: Writer, event: ev.DefenderAppeared) -> None:
    row = writer.hex(event.hex)
    row.defender_points = row.defender_original_points = event.points


def register() -> None:
    register_appliers(
        {
            ev.HexExplored: _explored,
            ev.HexExploredByScouts: _explored_by_scouts,
            ev.DefenderLosses: _defender_losses,
            ev.HexConquered: _conquered,
            ev.DefenderRecovered: _defender_recovered,
            ev.OrphanChanged: _orphan,
            ev.BanditLairRolled: _bandit_lair,
            ev.HexRevolted: _revolted,
            ev.DefenderAppeared: _defender_appeared,
        }
    )
