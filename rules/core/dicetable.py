"""A rule table looked up with a die: the shape every editable table has."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass


@dataclass(frozen=True)
class DiceTable:
    """A die roll looked up in rows of (low, high, result), both ends included."""

    title: str  # how a GM knows it, e.g. "Table 7 (Fields)"
    rule: str  # where it comes from, e.g. "A-1.0.5 §5.5"
    sides: int
    rows: tuple[tuple[int, int, Hashable], ...]
    lowest: int = 1  # the lowest total the dice show: 2 for 2d6 (Table 31)

    def lookup(self, roll: int):
        for low, high, result in self.rows:
            if low <= roll <= high:
                return result
        raise ValueError(f"{self.title}: {roll} is not covered")

    def validate(self) -> None:
        """Raise ValueError naming the first face that no row, or two rows, cover."""
        for low, high, _ in self.rows:
            if not self.lowest <= low <= high <= self.sides:
                raise ValueError(
                    f"{self.title}: row {low}–{high} is not within {self.lowest}–{self.sides}"
                )
        for face in range(self.lowest, self.sides + 1):
            covering = [(low, high) for low, high, _ in self.rows if low <= face <= high]
            if not covering:
                raise ValueError(f"{self.title}: {face} is not covered")
            if len(covering) > 1:
                spans = " and ".join(f"{low}–{high}" for low, high in covering)
                raise ValueError(f"{self.title}: {face} is covered twice (rows {spans})")


def d6(title: str, rule: str, *rows: tuple[int, int, Hashable]) -> DiceTable:
    return DiceTable(title=title, rule=rule, sides=6, rows=rows)
