"""Armies that take no Table 5 order while something else holds them: an ongoing siege's
besiegers and garrison (E-37, docs/design/sieges.md "Who chooses what"). Kingdoms never
import battles: the battles app registers what holds an army (battles.sieges.holds)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from campaign.core.registry import Hooks


class ArmyHold(Protocol):
    """Why an army takes no order, and the page that shows what holds it."""

    @property
    def page(self) -> str: ...

    @property
    def rule(self) -> str: ...

    def no_orders(self, army_name: str) -> str: ...


class HeldArmies(Protocol):
    """The campaign's armies held, by id."""

    def __call__(self, campaign_id: int, /) -> Mapping[int, ArmyHold]: ...


ARMY_HOLDS: Hooks[HeldArmies] = Hooks("army hold")


def armies_held(campaign_id: int) -> dict[int, ArmyHold]:
    """The campaign's armies that take no order, by id: each registered hold's own
    queries (an ongoing siege's: one)."""
    held: dict[int, ArmyHold] = {}
    for hold in ARMY_HOLDS:
        held.update(hold(campaign_id))
    return held
