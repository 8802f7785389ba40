"""The wildland sites' events in the turn pipeline (rules.modules.wildlands: the magic
towers, the equinox spells, the mines, the temples): the free troops and magic items an
army gains, and their news, which changes no row (the chronicle alone)."""

from __future__ import annotations

from campaign.pipeline.registry import register_appliers, register_chronicle_only
from campaign.pipeline.writeback import Writer
from kingdoms.armies.writeback import ArmyChanges
from rules.modules.wildlands.mines import MineNews
from rules.modules.wildlands.news import ArmyBolstered
from rules.modules.wildlands.temples import TempleNews
from rules.modules.wildlands.towers import SpellCast, TowerNews


def _bolstered(writer: Writer, event: ArmyBolstered) -> None:
    """The points, and the allocation raised with them (saved with the allocations the
    step changed)."""
    army = writer.army(event.army_id)
    army.points, army.allocation = event.points, event.allocation
    writer.state(ArmyChanges).cut_ids.add(event.army_id)


def register() -> None:
    register_appliers({ArmyBolstered: _bolstered})
    register_chronicle_only(TowerNews, SpellCast, MineNews, TempleNews)
