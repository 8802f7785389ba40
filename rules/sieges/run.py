"""One siege's turn while it is played (``SiegeRun``): the siege as it stands, changed
step by step, and what happened to it, which the day, the event roll, the engines and
the siege's battles all read and add to.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from rules.core.dice import Dice, Roll
from rules.core.events import Event
from rules.core.state import BattleState, World
from rules.sieges.battle import engines_with
from rules.sieges.state import SiegeEngineState, SiegeState, SiegeStatus


@dataclass
class SiegeRun:
    """One siege's turn while it is played: the siege as it stands, and what happened."""

    world: World
    siege: SiegeState
    dice: Dice
    points: dict[int, int]
    events: list[Event] = field(default_factory=list)
    battles: list[BattleState] = field(default_factory=list)
    gone: set[int] = field(default_factory=set)  # engines destroyed or captured
    fallen: set[int] = field(default_factory=set)  # characters fallen in its battles
    commanders: frozenset[int] = frozenset()  # the garrison's characters at the start
    provisions: list[str] = field(default_factory=list)  # what changed them
    why: str = ""  # why the siege ended
    what: list[str] = field(default_factory=list)  # the current day's log
    rolls: list[Roll] = field(default_factory=list)  # the current day's rolls
    # E-24: the siege's battle announced at Provisional Results (rules.sieges.tabletop),
    # with its Phase 4 choices and its confirmed report
    announced: BattleState | None = None
    resumed: bool = False  # this turn began with a day a tabletop battle had stopped

    def update(self, **changes) -> None:
        self.siege = dataclasses.replace(self.siege, **changes)

    def end(self, status: SiegeStatus, why: str) -> None:
        if self.siege.ongoing:
            self.update(status=status, ended_turn=self.world.turn)
            self.why = why
            self.what.append(why)

    def roll(self, sides: int, purpose: str) -> int:
        roll = self.dice.roll(sides, f"{purpose} at {self.siege.hex}")
        self.rolls.append(roll)
        return roll.result

    def train(self) -> list[SiegeEngineState]:
        """NR-SIEGE: the besiegers' engines still with them."""
        engines = engines_with(self.world, self.siege.besieger_army_ids)
        return [e for e in engines if e.id not in self.gone]

    def provisions_change(self, days: int, why: str) -> None:
        self.update(provisions=max(0, self.siege.provisions + days))
        self.provisions.append(f"{days:+d} {why}")
