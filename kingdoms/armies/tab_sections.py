"""The sections other domains add to the kingdom page's Armies tab, each its template and
what it shows. kingdoms never imports battles, so the siege trains' section
(battles.sieges.trains) registers itself here from battles' AppConfig.ready(); the page
(kingdoms.realm.views) renders whichever have something to show, in the order they
registered."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from campaign.core.access import Access
from kingdoms.models import Kingdom


@dataclass(frozen=True)
class ArmiesSection:
    """``context(access, kingdom)``: what the section shows of ``kingdom`` to the viewer
    (the caller checked he may see the kingdom), or None when it has nothing to show (its
    module is off); ``template`` reads it as ``section``."""

    template: str
    context: Callable[[Access, Kingdom], dict | None]


_SECTIONS: dict[str, ArmiesSection] = {}


def armies_section_register(name: str, section: ArmiesSection) -> None:
    """Adds (or, registered again under ``name``, replaces) a section of the Armies tab."""
    _SECTIONS[name] = section


def armies_sections(access: Access, kingdom: Kingdom) -> list[dict]:
    """The registered sections with something to show: each its template and context."""
    shown = []
    for section in _SECTIONS.values():
        context = section.context(access, kingdom)
        if context is not None:
            shown.append({"template": section.template, "context": context})
    return shown
