"""The works module's events in the turn pipeline (rules.modules.works): a bridge built
is told in the chronicle; the module's state itself is written with every
ModuleStateChanged (kingdoms.armies.writeback)."""

from __future__ import annotations

from campaign.pipeline.registry import register_chronicle_only
from rules.modules.works.events import BridgeBuilt


def register() -> None:
    register_chronicle_only(BridgeBuilt)
