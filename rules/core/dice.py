"""Provably fair dice: a seeded source that records every roll and what it was for.

No other module of the project calls ``random``. A turn's seed is drawn when the turn
opens; its SHA-256 is published at once and the seed itself after resolution, so anyone
can re-run the dice (docs/architecture.md, "The turn pipeline").
"""

from __future__ import annotations

import hashlib
import random
import secrets
from dataclasses import dataclass


@dataclass(frozen=True)
class Roll:
    purpose: str  # what the roll decided, e.g. "Table 7 exploration at (2, -1)"
    sides: int
    result: int


def new_seed() -> str:
    """A fresh turn seed: 128 random bits as hex."""
    return secrets.token_hex(16)


def seed_hash(seed: str) -> str:
    """The SHA-256 of a seed, published while orders are open."""
    return hashlib.sha256(seed.encode()).hexdigest()


class Dice:
    """Seeded dice. The same seed gives the same sequence on every machine.

    ``rolls`` records every roll in order, and each belongs to the event it decided
    (``rules.core.events.Event.rolls`` holds the same Roll object), so a turn's rolls checked
    against its events by identity show any die the chronicle would not explain."""

    def __init__(self, seed: str):
        self._random = random.Random(seed)
        self.rolls: list[Roll] = []

    def _draw(self, sides: int) -> int:
        return self._random.randint(1, sides)

    def roll(self, sides: int, purpose: str) -> Roll:
        """Roll one die of ``sides`` faces and record it."""
        result = self._draw(sides)
        if not 1 <= result <= sides:
            raise ValueError(f"a d{sides} cannot show {result} ({purpose})")
        roll = Roll(purpose=purpose, sides=sides, result=result)
        self.rolls.append(roll)
        return roll

    def d6(self, purpose: str) -> Roll:
        return self.roll(6, purpose)


def die_or_table(dice: Dice, purpose: str, at_table: int | None, sides: int = 6) -> Roll:
    """A die the server rolls, or one rolled at the table and entered by the players
    ("table rolls"): the event that uses it logs it as such; the server's dice
    are not drawn, so the turn's other rolls stay as its seed gives them."""
    if at_table is None:
        return dice.roll(sides, purpose)
    if not 1 <= at_table <= sides:
        raise ValueError(f"a d{sides} cannot show {at_table} ({purpose})")
    return Roll(purpose=f"{purpose} (rolled at the table)", sides=sides, result=at_table)


class ForcedDice(Dice):
    """Dice that show the given results in order: scenario tests force the rolls."""

    def __init__(self, results: list[int]):
        super().__init__(seed="forced")
        self._results = list(results)

    def _draw(self, sides: int) -> int:
        if not self._results:
            raise LookupError("the scenario ran out of forced dice")
        return self._results.pop(0)

    @property
    def unused(self) -> list[int]:
        return list(self._results)
