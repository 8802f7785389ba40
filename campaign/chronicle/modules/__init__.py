"""The chronicle's sentences for the optional modules' events (rules.modules), one file a
module, each with a ``NARRATORS`` mapping from event type to narrator; ``register`` finds
them all, so that adding a module's file is all it takes."""

from __future__ import annotations

import importlib
import pkgutil

from campaign.chronicle.narration import register_narrators


def register() -> None:
    for info in pkgutil.iter_modules(__path__):
        module = importlib.import_module(f"{__name__}.{info.name}")
        register_narrators(module.NARRATORS)
