"""The dice tables of sieges (siege-tactical.md §8–9), editable like the rulebook's
(rules.core.ruleset.TABLES takes them from ``TABLES`` below): the events (SG-EVENT-2, T-8),
the provisions modifier (SG-PROV-2, T-7) and the bombardment table T-1 (SG-BOMB), one
d10 column per band of points and class of wall.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from enum import StrEnum

from rules.core.dicetable import DiceTable
from rules.sieges.options import SIEGES


class SiegeEvent(StrEnum):
    """SG-EVENT-2's rows (the source's numbers in brackets)."""

    LIFTED = "lifted"  # 20: a messenger orders the besiegers to lift the siege
    RELIEF = "relief"  # 19: a relief army in sight
    HOSTAGE = "hostage"  # 18: the castellan's son captured
    ASSASSIN = "assassin"  # 17: an assassin in the commander's tent
    SABOTAGE = "sabotage"  # 16: an assassin at the engines
    DYSENTERY = "dysentery"  # 15: in the besiegers' camp
    REFUGEES = "refugees"  # 14: more mouths to feed
    GATE = "gate"  # 13: a spy opens the gate
    THEFT = "theft"  # 12: provisions stolen
    REINFORCEMENTS = "reinforcements"  # 11: for the besiegers
    ENGINEER = "engineer"  # 10: joins the besiegers
    TRAITOR = "traitor"  # 9: no effect at the campaign's scale
    POISON = "poison"  # 8: the well poisoned
    PROMISE = "promise"  # 7: surrender within 10 days unless relieved
    UNWELL = "unwell"  # 6: no effect
    QUARRELS = "quarrels"  # 5: part of the besiegers leave
    NOTHING = "nothing"  # 2–4


SIEGE_EVENTS = DiceTable(
    title="Siege events (2d10, modified; above 20 is 20)",
    rule="SG-EVENT-2 T-8",
    sides=20,
    lowest=2,
    rows=(
        (2, 4, SiegeEvent.NOTHING),
        (5, 5, SiegeEvent.QUARRELS),
        (6, 6, SiegeEvent.UNWELL),
        (7, 7, SiegeEvent.PROMISE),
        (8, 8, SiegeEvent.POISON),
        (9, 9, SiegeEvent.TRAITOR),
        (10, 10, SiegeEvent.ENGINEER),
        (11, 11, SiegeEvent.REINFORCEMENTS),
        (12, 12, SiegeEvent.THEFT),
        (13, 13, SiegeEvent.GATE),
        (14, 14, SiegeEvent.REFUGEES),
        (15, 15, SiegeEvent.DYSENTERY),
        (16, 16, SiegeEvent.SABOTAGE),
        (17, 17, SiegeEvent.ASSASSIN),
        (18, 18, SiegeEvent.HOSTAGE),
        (19, 19, SiegeEvent.RELIEF),
        (20, 20, SiegeEvent.LIFTED),
    ),
)

MOUTHS_TOP = 999
PROVISIONS_MODIFIER = DiceTable(
    title="Provisions modifier by mouths (garrison points ÷ mouth size)",
    rule="SG-PROV-2 T-7",
    sides=MOUTHS_TOP,
    lowest=0,
    rows=(
        (0, 4, 8),
        (5, 10, 6),
        (11, 19, 4),
        (20, 23, 0),
        (24, 28, -4),
        (29, 34, -6),
        (35, MOUTHS_TOP, -8),
    ),
)


@dataclass(frozen=True)
class Bombardment:
    """A T-1 result: D (the wall loses a stage) and/or nC (engine damage, SG-REPAIR-1)."""

    damage: bool = False
    engine_hits: int = 0

    def __str__(self) -> str:
        parts = (["D"] if self.damage else []) + (
            [f"{self.engine_hits}C"] if self.engine_hits else []
        )
        return "/".join(parts) or "-"


def parse_bombardment(text: str) -> Bombardment:
    """'-', 'D', '2C' or 'D/2C'."""
    if text == "-":
        return Bombardment()
    damage, hits = False, 0
    for part in text.split("/"):
        if part == "D" and not damage:
            damage = True
        elif part.endswith("C") and part[:-1].isdigit() and not hits:
            hits = int(part[:-1])
        else:
            raise ValueError(f"'{text}' is not a bombardment result: write -, D, 2C or D/2C")
    return Bombardment(damage, hits)


BANDS = (1, 3, 6, 9, 12)  # T-1's columns: 1–2, 3–5, 6–8, 9–11, 12 or more points
WALL_CLASSES = ("p", "s")  # double stone (fortress, great fortress), single stone (City)

# T-1, the P and S columns of each band, d10 1 to 10 (siege-tactical.md §9)
_T1 = {
    1: ("1C 1C", "- -", "- -", "- -", "- -", "- -", "- -", "- -", "- D", "D D"),
    3: ("1C 1C", "- -", "- -", "- -", "- -", "- -", "- -", "- D", "D D", "D D"),
    6: ("2C 2C", "1C 1C", "- -", "- -", "- -", "- D", "D D", "D D", "D D", "D D"),
    9: ("3C 3C", "2C 2C", "1C 1C", "- D", "D D", "D D", "D D", "D D", "D D", "D D"),
    12: ("4C 4C", "3C D/3C", "D/2C D/2C", "D/1C D/1C", "D D", "D D", "D D", "D D", "D D", "D D"),
}


def _column(band: int, wall: str) -> DiceTable:
    index = WALL_CLASSES.index(wall)
    rows = tuple(
        (face, face, parse_bombardment(cells.split()[index]))
        for face, cells in enumerate(_T1[band], start=1)
    )
    top = "or more " if band == BANDS[-1] else ""
    return DiceTable(
        title=f"Bombardment T-1: {band} points {top}against {'double' if wall == 'p' else 'single'}"
        " stone",
        rule="SG-BOMB-2 T-1",
        sides=10,
        rows=rows,
    )


def bombard_key(wall: str, band: int) -> str:
    return f"siege-bombard-{wall}-{band}"


BOMBARDMENT = {bombard_key(w, b): _column(b, w) for w in WALL_CLASSES for b in BANDS}


def band_of(points: int) -> int | None:
    """T-1's column for ``points``: the highest band they reach (None below 1)."""
    reached = [b for b in BANDS if points >= b]
    return reached[-1] if reached else None


def _signed(text: str) -> int:
    if not text.lstrip("+-").isdigit():
        raise ValueError(f"'{text}' is not a modifier: write a whole number like -4 or 6")
    return int(text)


def _event(text: str) -> SiegeEvent:
    try:
        return SiegeEvent(text)
    except ValueError:
        words = ", ".join(e.value for e in SiegeEvent)
        raise ValueError(f"'{text}' is not a siege event: use one of {words}") from None


@dataclass(frozen=True)
class SiegeTableSpec:
    """What rules.core.ruleset needs to make a siege table editable."""

    default: DiceTable
    parse: Callable[[str], Hashable]
    show: Callable[[Hashable], str]
    or_more: bool = False


TABLES: dict[str, SiegeTableSpec] = {
    "siege-events": SiegeTableSpec(SIEGE_EVENTS, _event, lambda e: e.value),
    "siege-provisions": SiegeTableSpec(PROVISIONS_MODIFIER, _signed, str, or_more=True),
    **{key: SiegeTableSpec(column, parse_bombardment, str) for key, column in BOMBARDMENT.items()},
}
GROUP = SIEGES
