"""The sections of the house-rules page, as a GM thinks of them: turns and deadlines, orders
and movement, battles, … and one section an optional module. Each section gathers blocks of
the rulebook (rules.core.table_options.GROUPS) and is saved on its own, so a GM changing a
cost does not resubmit 270 other fields."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from campaign.ruleset.labels import option_words
from rules import modules
from rules.core import table_options as blocks
from rules.core.ruleset import OPTIONS, TABLES


@dataclass(frozen=True)
class Section:
    slug: str
    title: str | Promise
    blocks: tuple[str, ...]  # the rulebook's blocks it gathers, in the rulebook's order
    module: str = ""  # an optional module's section: the option that switches it on

    @property
    def options(self) -> list[str]:
        return [name for name, f in OPTIONS.items() if f.metadata["table"] in self.blocks]

    @property
    def tables(self) -> list[str]:
        return [key for key, spec in TABLES.items() if spec.group in self.blocks]


_CORE = (
    Section("turns", _("Turns and deadlines"), (blocks.TURNS, blocks.ENDING)),
    Section(
        "orders",
        _("Orders, movement and exploration"),
        (
            blocks.TABLE_5,
            blocks.TABLE_7,
            blocks.NEUTRAL_ARMIES,
            blocks.TABLE_8,
            blocks.TABLE_17,
        ),
    ),
    Section(
        "battles",
        _("Battles"),
        (
            blocks.TABLE_23,
            blocks.TABLE_24,
            blocks.TABLE_25,
            blocks.TROOP_LOSSES,
            blocks.FALLEN,
            blocks.TABLETOP,
        ),
    ),
    Section(
        "post-battle",
        _("After a battle: recovery, injury and experience"),
        (
            blocks.TABLE_12,
            blocks.TABLE_13,
            blocks.TABLE_14,
            blocks.TABLE_15,
            blocks.TABLE_16,
            blocks.TABLE_18,
        ),
    ),
    Section(
        "power",
        _("Power, score and spending"),
        (
            blocks.TABLE_1,
            blocks.TABLE_3,
            blocks.TABLE_4,
            blocks.TABLE_6,
            blocks.TABLE_9,
            blocks.TABLE_10,
            blocks.ARMY_SIZE,
        ),
    ),
    Section(
        "diplomacy",
        _("Diplomacy, neutral kingdoms and agreements"),
        (blocks.DIPLOMACY, blocks.TABLE_11, blocks.NEUTRAL_KINGDOMS, blocks.AGREEMENTS),
    ),
    Section("sieges", _("Sieges"), (blocks.SIEGES,)),
)


def _module_sections() -> tuple[Section, ...]:
    """One section an optional module (rules.modules), named by its switch; the module's
    numbers and tables live in the block its switch belongs to."""
    return tuple(
        Section(
            f"module-{option}",
            option_words(option).label,
            (OPTIONS[option].metadata["table"],),
            module=option,
        )
        for option in modules.switches()
    )


SECTIONS: tuple[Section, ...] = _CORE + _module_sections()
BY_SLUG = {section.slug: section for section in SECTIONS}
