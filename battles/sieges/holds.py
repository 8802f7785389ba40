"""The armies an ongoing siege holds (E-37), registered in kingdoms.orders.holds: the order
service, the order pages and the ready line skip them without importing battles."""

from __future__ import annotations

from battles.sieges.selectors import ArmyInSiege, armies_in_sieges, ongoing_sieges
from kingdoms.orders.holds import ARMY_HOLDS


def held_in_sieges(campaign_id: int) -> dict[int, ArmyInSiege]:
    """One query."""
    return armies_in_sieges(ongoing_sieges(campaign_id))


def register() -> None:
    ARMY_HOLDS.register(held_in_sieges)
