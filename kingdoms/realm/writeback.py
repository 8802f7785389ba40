"""What a step's events do to kingdoms as a whole: the power they collect (step 6g), a
kingdom eliminated (E-27), and a neutral kingdom conquered (A-1.4.17, E-18)."""

from __future__ import annotations

from campaign.pipeline.registry import register_appliers
from campaign.pipeline.writeback import Writer
from rules.core import events as ev
from rules.core.state import NeutralConquest
from rules.kingdoms.neutrals import sworn_enemies_capital


def _power(writer: Writer, event: ev.PowerCollected) -> None:
    kingdom = writer.kingdom(event.kingdom_id)
    kingdom.power, kingdom.industry = event.power, event.industry


def _eliminated(writer: Writer, event: ev.KingdomEliminated) -> None:
    """E-27: the land becomes unowned and explored; power and industry go."""
    kingdom = writer.kingdom(event.kingdom_id)
    kingdom.eliminated, kingdom.power, kingdom.industry = True, 0, 0
    for coord in event.hexes:
        row = writer.hex(coord)
        row.owner_id, row.explored = None, True


def _neutral_conquered(writer: Writer, event: ev.NeutralKingdomConquered) -> None:
    """A-1.4.17, E-18: Quick Friendship names the protector; Sworn Enemies (whose hexes
    came as HexConquered) leaves no protector and destroys the capital: its City becomes
    a Town and its Great Fortress a fortress (Q3, E-22)."""
    neutral = writer.neutral(event.neutral_kingdom_id)
    if event.choice == NeutralConquest.QUICK_FRIENDSHIP:
        neutral.protector_id = event.kingdom_id
        for coord in event.restored:  # E-18: the original borders come back
            row = writer.hex(coord)
            row.owner_id, row.neutral_kingdom_id = None, neutral.pk
        return
    neutral.protector_id = None
    capital = sworn_enemies_capital(writer.snapshot.world.hexes[tuple(event.capital)])
    row = writer.hex(event.capital)
    row.feature = capital.feature or ""
    row.defence = capital.defence or ""


def register() -> None:
    register_appliers(
        {
            ev.PowerCollected: _power,
            ev.KingdomEliminated: _eliminated,
            ev.NeutralKingdomConquered: _neutral_conquered,
        }
    )
