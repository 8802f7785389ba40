"""The numbers of the wilds' peoples and beasts (new-rules.md §5) and
the readings Warpost takes of their open points (AMB-25–31, BASE-16), as ruleset options:
``rules.core.state.Ruleset`` inherits them, so the rules page and the API edit them. Their
dice tables (T-CULT, T-BANDIT, T-MONSTER, T-LAIR, T-RAIDER) are editable module tables.

It lives here, not in rules.modules.wildlands, because importing that package imports
``rules.modules``, which needs the Ruleset first (a circular import).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.table_options import WILDLANDS as WILD
from rules.core.table_options import option


@dataclass(frozen=True)
class WildActorsOptions:
    cult_reach: int = option(
        2, "Hostile cultists: settlements within (hexes)", "NR-CULT-1 T-CULT", 0, 6, WILD
    )
    cult_revolt_on: int = option(
        2, "Hostile cultists: a settlement breaks away on a d6 of at most", "T-CULT", 0, 6, WILD
    )
    cult_own_only: int = option(
        1, "Hostile cultists touch only the finder's settlements (1 yes, 0 all)", "AMB-25",
        0, 1, WILD,
    )  # fmt: skip
    cult_recruits_points: int = option(
        100, "Loyal cultists join: points per pip of a d3", "T-CULT", 0, 1000, WILD
    )
    bandit_finder_rolls: int = option(
        0, "The finder of a brigand band rolls on the bandits' table at once (1 yes, 0 no)",
        "AMB-26", 0, 1, WILD,
    )  # fmt: skip
    bandit_ambush_points: int = option(
        50, "Bandits' ambush: points lost per pip of (d6 + 1)", "T-BANDIT AMB-01", 0, 500, WILD
    )
    bandit_recruits_points: int = option(
        50, "Bandits join: points per pip of 2d6", "T-BANDIT", 0, 500, WILD
    )
    monster_points: int = option(
        100, "A named monster force: points per pip of 2d6", "NR-MONSTER-1 AMB-27", 0, 1000,
        WILD,
    )  # fmt: skip
    lair_creatures_die: int = option(
        4, "Creature lair: creatures, a die of (faces)", "NR-LAIR-1", 1, 20, WILD
    )
    lair_loss_points: int = option(
        100, "Creature lair: points each army aboard loses per pip of a d6", "T-LAIR", 0, 1000,
        WILD,
    )  # fmt: skip
    raider_loss_points: int = option(
        100, "Northern raiders: points lost per pip of a d6", "T-RAIDER", 0, 1000, WILD
    )
    raider_camp_die: int = option(
        6, "Northern raiders' camp leaves within a die of (turns)", "T-RAIDER AMB-29", 1, 20,
        WILD,
    )  # fmt: skip
    horde_points: int = option(
        100, "Chaos horde: points per pip of 3d6", "NR-CHORDE-1", 10, 1000, WILD
    )
    horde_steps: int = option(
        1, "Chaos horde: hexes it moves a turn", "NR-CHORDE-2 AMB-30 E-39", 1, 6, WILD
    )
    horde_attacks_finder: int = option(
        1, "A Chaos horde attacks its finder at once (1 yes, 0 it only roams)", "AMB-30", 0, 1,
        WILD,
    )  # fmt: skip
    horde_chaos_joins: int = option(
        4, "A Chaos army wins a Chaos horde over on a d6 of at least (7 never)", "NR-CHORDE-4",
        1, 7, WILD,
    )  # fmt: skip
    black_tower_stays: int = option(
        1, "The black tower stays and drains every army entering its hex (1 yes, 0 no)",
        "AMB-31", 0, 1, WILD,
    )  # fmt: skip
    black_tower_points: int = option(
        100, "Black tower: points lost per pip of (d6 − 1)", "NR-BTOWER-2 AMB-01", 0, 1000, WILD
    )
    wyvern_points: int = option(
        2000, "The wyvern's strength (points)", "NR-WYVERN-2 BASE-16", 100, 10000, WILD
    )
    wyvern_steps_dice: int = option(
        2, "The wyvern flies this many d6 of hexes a turn", "NR-WYVERN-2 BASE-16 E-39", 1, 4,
        WILD,
    )  # fmt: skip
    dragon_steps_dice: int = option(
        1, "A lair's dragon flies this many d6 of hexes a turn", "T-DISCOVERY BASE-16 E-39", 1, 4,
        WILD,
    )  # fmt: skip
