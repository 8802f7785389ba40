"""The dice tables of pirates and the open sea (new-rules.md §6–7) as editable data: each
a ``DiceTable`` the GM may change on the rules page (rules.modules ``tables``)."""

from __future__ import annotations

from enum import StrEnum

from rules.core.dicetable import d6


class PirateMove(StrEnum):
    """T-PIRATE-MOVE results."""

    UP = "up"  # 1d6 hexes along the coast, "upper" way (NR-PIRATE-4)
    DOWN = "down"  # 1d6 hexes the "lower" way
    STAY = "stay"  # no move, no action


class Weather(StrEnum):
    """T-WEATHER results (NR-SEA-2)."""

    CALM = "calm"
    BECALMED = "becalmed"  # NR-SEA-3
    WIND = "wind"  # NR-SEA-4
    STORM = "storm"  # T-STORM


class Storm(StrEnum):
    """T-STORM results."""

    SUNK = "sunk"
    SAILS = "sails"  # NR-SEA-5
    BLOWN = "blown"  # NR-SEA-4
    LOSSES = "losses"
    SANDBANK = "sandbank"  # NR-SEA-6
    RIDE = "ride"  # NR-SEA-7


PIRATE_MOVE = d6(
    "T-PIRATE-MOVE (pirate movement)",
    "NR-PIRATE-3 T-PIRATE-MOVE",
    (1, 2, PirateMove.UP),
    (3, 4, PirateMove.DOWN),
    (5, 6, PirateMove.STAY),
)
WEATHER = d6(
    "T-WEATHER (ocean weather)",
    "NR-SEA-2 T-WEATHER",
    (1, 3, Weather.CALM),
    (4, 4, Weather.BECALMED),
    (5, 5, Weather.WIND),
    (6, 6, Weather.STORM),
)
STORM = d6(
    "T-STORM (storm effects)",
    "T-STORM",
    (1, 1, Storm.SUNK),
    (2, 2, Storm.SAILS),
    (3, 3, Storm.BLOWN),
    (4, 4, Storm.LOSSES),
    (5, 5, Storm.SANDBANK),
    (6, 6, Storm.RIDE),
)

TABLES = {
    "t-pirate-move": (PIRATE_MOVE, {m.value: m for m in PirateMove}),
    "t-weather": (WEATHER, {w.value: w for w in Weather}),
    "t-storm": (STORM, {s.value: s for s in Storm}),
}
