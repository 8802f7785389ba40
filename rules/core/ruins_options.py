"""The wildlands' ruins, tombs, necropolis and undead horde (new-rules.md §5) as
ruleset options, inherited by ``rules.core.state.Ruleset`` like the sieges' options.

They live here rather than in rules/modules/wildlands because ``rules.modules`` imports
the state, which inherits these: the package would import itself half made. Each option
says how rules.modules.wildlands.ruins, .necropolis and .undead_horde use it;
docs/design/supplement.md gives the readings behind the policies (the choices the
rules leave to a player, made in advance).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.table_options import WILDLANDS as RUINS
from rules.core.table_options import option


@dataclass(frozen=True)
class RuinsOptions:
    # --- ruins and tombs ------------------------------------------------------
    ruins_search_at_once: int = option(
        1, "Ruins: the army that finds them searches them at once (1 yes, 0 no)",
        "NR-RUIN-1 AMB-07", 0, 1, RUINS,
    )  # fmt: skip
    ruins_search_resting: int = option(
        1, "Ruins and tombs: an army resting on one searches it (1 yes, 0 no)",
        "NR-RUIN-1 NR-RUIN-3", 0, 1, RUINS,
    )  # fmt: skip
    ruins_plague_points: int = option(
        50, "Plague rats: each army on the hex loses d6 × (points)", "T-RUIN NR-RUIN-2",
        0, 1000, RUINS,
    )  # fmt: skip
    ruins_monster_dice: int = option(
        2, "Monster's lair: the creature's size in d6s", "T-RUIN AMB-27", 1, 12, RUINS
    )
    ruins_monster_pip_points: int = option(
        100, "Monster's lair: points for each pip", "T-RUIN AMB-27", 10, 1000, RUINS
    )
    ruins_tomb_distance_dice: int = option(
        2, "Hero's treasure: each tomb lies (d6s) hexes away", "NR-RUIN-3 AMB-08", 1, 6, RUINS
    )
    ruins_passage_hexes: int = option(
        2, "Secret passage: hexes travelled in it each turn", "NR-RUIN-4 AMB-09", 1, 12, RUINS
    )
    tomb_curse_points: int = option(
        50, "Curse: the army loses d6 × (points) each turn", "NR-TOMB-1", 0, 1000, RUINS
    )
    tomb_curse_winter_lost: int = option(
        1, "Curse: an army still cursed at the winter is lost (1 yes, 0 no)", "NR-TOMB-1",
        0, 1, RUINS,
    )  # fmt: skip
    tomb_spring_cures_on: int = option(
        3, "Curse: a mystic spring lifts it on a d6 of at least", "NR-SPRING-3 NR-SPRING-1 AMB-10",
        1, 7, RUINS,
    )  # fmt: skip
    spring_dead_cures_on: int = option(
        3, "Mystic spring: a dead hero lives again on a d6 of at least", "NR-SPRING-1",
        1, 7, RUINS,
    )  # fmt: skip
    spring_dead_turns: int = option(
        6, "Mystic spring: a dead hero's body must reach it within (turns)",
        "NR-SPRING-2 AMB-48", 0, 99, RUINS,
    )  # fmt: skip
    spring_winter_turns: int = option(
        3, "Mystic spring: a winter turn counts as (turns) for a dead hero",
        "NR-SPRING-2 AMB-48", 1, 12, RUINS,
    )  # fmt: skip
    black_orb_use: int = option(
        0, "Black Orb: its player's general uses it once a year (1 yes, 0 no)",
        "NR-TOMB-3 T-ORB", 0, 1, RUINS,
    )  # fmt: skip
    black_orb_loss_points: int = option(
        50, "Black Orb: a possessed user's army loses d6 × (points)", "T-ORB", 0, 1000, RUINS
    )
    tomb_rich_items: int = option(
        100, "Rich wizard's tomb: magic items of d6 × (points)", "T-TOMB NR-TOMB-2", 0, 1000,
        RUINS,
    )  # fmt: skip
    tomb_rich_crowns_dice: int = option(
        1, "Rich wizard's tomb: crowns, in d6s", "T-TOMB", 0, 6, RUINS
    )
    # --- the necropolis ---------------------------------------------------------
    necropolis_search_resting: int = option(
        1, "Necropolis: an army resting there searches it (1 yes, 0 no)",
        "NR-NECRO-2 NR-NECRO-1", 0, 1, RUINS,
    )  # fmt: skip
    necropolis_search_bonus: int = option(
        1, "Necropolis: each earlier search turn adds", "NR-NECRO-3 AMB-11", 0, 6, RUINS
    )
    necropolis_map_steer: int = option(
        1, "Necropolis map: move the result by 1 toward the best (1 yes, 0 no)",
        "NR-NECRO-4 AMB-11", 0, 1, RUINS,
    )  # fmt: skip
    necropolis_thefts: int = option(
        1, "Necromancer's tomb: thefts tried before stopping", "NR-NECRO-9", 0, 5, RUINS
    )
    necropolis_hoard_keep: int = option(
        1, "Great hoard: keep extracting on later searches (1 yes, 0 no)",
        "NR-NECRO-10 AMB-13", 0, 1, RUINS,
    )  # fmt: skip
    necropolis_undead_reroll: int = option(
        1, "Necropolis: an Undead army re-rolls a search worse than nothing (1 yes, 0 no)",
        "NR-NECRO-6", 0, 1, RUINS,
    )  # fmt: skip
    necropolis_undead_summon: int = option(
        0, "Necropolis: an Undead army resting there raises the dead instead (1 yes, 0 no)",
        "NR-NECRO-7", 0, 1, RUINS,
    )  # fmt: skip
    necropolis_summon_points: int = option(
        50, "Raising the dead: points per pip of T-NECRO-SUMMON's dice", "T-NECRO-SUMMON",
        0, 1000, RUINS,
    )  # fmt: skip
    necropolis_treasure_dice: int = option(
        3, "Fabulous treasure: crowns, in d6s", "T-NECRO", 0, 6, RUINS
    )
    necropolis_hero_items: int = option(
        20, "Hero's tomb: a weapon and an armour of d6 × (points) each", "T-NECRO NR-TOMB-2",
        0, 1000, RUINS,
    )  # fmt: skip
    necropolis_collapse_points: int = option(
        20, "Great collapse: the army loses d6 × (points)", "T-NECRO", 0, 1000, RUINS
    )
    necropolis_rats_points: int = option(
        50, "Graveyard rats: each army loses d6 × (points)", "T-NECRO", 0, 1000, RUINS
    )
    necropolis_cursed_points: int = option(
        10, "Cursed treasure: the army loses d10 × (points) each turn", "NR-NECRO-11",
        0, 1000, RUINS,
    )  # fmt: skip
    necropolis_item_points: int = option(
        50, "Necromancer's items: d6 × (points) each", "T-NECRO-ITEM", 0, 1000, RUINS
    )
    # --- NR-NHORDE the undead horde ------------------------------------------------
    horde_dice: int = option(4, "Undead horde: its size in d6s", "NR-NHORDE-1", 1, 12, RUINS)
    horde_pip_points: int = option(
        200, "Undead horde: points for each pip", "NR-NHORDE-1", 10, 1000, RUINS
    )
    horde_town_points: int = option(
        20, "Undead horde: a sacked town adds d6 × (points)", "NR-NHORDE-5", 0, 1000, RUINS
    )
    horde_city_points: int = option(
        100, "Undead horde: a sacked city adds d6 × (points)", "NR-NHORDE-5", 0, 1000, RUINS
    )
