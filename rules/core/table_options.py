"""The numbers of the rulebook's tables as ruleset options ("House rules").

Every value campaign-rules.md states in a table (a cost, a bonus, a percentage, a
threshold) is one field here, with the rulebook's default, its rule IDs, its range and
the table it belongs to (``metadata["table"]``: the rules page shows each table as one
block). ``rules.core.state.Ruleset`` inherits these fields, so they are options like any
other: ``rules.core.ruleset`` validates them, the rules page and the API edit them, and the
engine reads them from ``world.ruleset``.

Values that need more than one number a line are edited as text tables instead
(``rules.core.ruleset.TABLES``): Table 25's bands of D, Table 6's entitlements. Relations
between fields (bands in order) are checked by ``rules.core.ruleset.ruleset_from_overrides``.

Table 1 is counted in half-points, as the engine counts it (§3's implementation tip:
a major feature's 1.5 stays a whole number).
"""

from __future__ import annotations

from dataclasses import dataclass, field

# The blocks of the rules page, in the rulebook's order (campaign-rules.md §5, §7).
TABLE_1 = "Table 1: effective power"
TABLE_3 = "Table 3: risks of looting and razing"
TABLE_4 = "Table 4: effects of looting and razing"
TABLE_5 = "Table 5: army orders"
TABLE_6 = "Table 6: major terrain features"
TABLE_7 = "Table 7: exploration"
NEUTRAL_ARMIES = "Neutral armies (A-1.5, §5.5)"
TABLE_8 = "Table 8: scouting"
TABLE_9 = "Table 9: acquiring power"
TABLE_10 = "Table 10: spending power"
ARMY_SIZE = "Army size (§5.6, E-14)"
DIPLOMACY = "Diplomacy table (§5.6)"
TABLE_11 = "Table 11: pacify neutrals"
NEUTRAL_KINGDOMS = "Neutral kingdoms (A-1.4)"
TABLE_12 = "Table 12: unit recovery"
TABLE_13 = "Table 13: character recovery"
TABLE_14 = "Table 14: injury"
TABLE_15 = "Table 15: experience"
TABLE_16 = "Table 16: generalship"
TABLE_18 = "Tables 18–22: advancement and skills"
TABLE_17 = "Table 17: minor terrain features"
TABLE_23 = "Table 23: basic strategy modifier"
TABLE_24 = "Table 24: battle strategy"
TABLE_25 = "Table 25: battle outcome"
TROOP_LOSSES = "Troop losses (§5.7)"
FALLEN = "Fallen characters (§5.7)"
TABLETOP = "Tabletop battles (P-C5, P-C6, E-24, Tables 26–30)"
AGREEMENTS = "Player agreements (B 7, Q23)"
TURNS = "Turns (A-2)"
ENDING = "End of the campaign (A-3)"
TABLE_31 = "Table 31: random events (optional module)"
BEAST = "Appendix G: The Beast Awakes (optional module)"
SIEGES = "Sieges (E-37, siege-tactical.md §8)"  # rules.sieges.options
SIEGE_TRAINS = "Siege trains (optional module, new-rules.md §9)"
THE_SEA = "Pirates and the open sea (optional module, new-rules.md §6–7)"  # rules.core.sea_options
WILDLANDS = "Wildlands (optional module, new-rules.md §4–5)"  # rules.core.wildlands_options
NEW_TILES = "New tiles and navigation hazards (optional module, new-rules.md §2–3)"
PEOPLES = "Peoples: races and diplomacy (optional module, new-rules.md §10)"  # rules.kingdoms.races
WORKS = "Bridges (optional module, new-rules.md §8)"  # rules.core.works_options

GROUPS = (
    TABLE_1, TABLE_3, TABLE_4, TABLE_5, TABLE_6, TABLE_7, NEUTRAL_ARMIES, TABLE_8, TABLE_9,
    TABLE_10, ARMY_SIZE, DIPLOMACY, TABLE_11, NEUTRAL_KINGDOMS, TABLE_12, TABLE_13, TABLE_14,
    TABLE_15, TABLE_16, TABLE_18, TABLE_17, TABLE_23,
    TABLE_24, TABLE_25, TROOP_LOSSES, FALLEN, TABLETOP, AGREEMENTS, TURNS, ENDING, TABLE_31, BEAST,
    SIEGES, SIEGE_TRAINS, THE_SEA, WILDLANDS, NEW_TILES, PEOPLES, WORKS,
)  # fmt: skip


def option(default: int, label: str, rule: str, low: int, high: int, table: str):
    """A ruleset option: a whole number in ``low``–``high``, shown in ``table``'s block."""
    return field(
        default=default,
        metadata={"label": label, "rule": rule, "range": (low, high), "table": table},
    )


@dataclass(frozen=True)
class TableOptions:
    """One field a number of the rulebook's tables (see the module's docstring)."""

    # --- Table 1 (A-3.1, Source A; Q10, Q11), in half-points ----------------------
    score_unspent_power: int = option(
        2, "Each unspent power point (half-points: 2 = 1)", "Table 1 A-3.1", 0, 20, TABLE_1
    )
    score_looted_hex: int = option(
        0, "A hex looted this turn (half-points)", "Table 1 Q11", 0, 20, TABLE_1
    )
    score_plain_hex: int = option(
        2, "A hex without a major feature (half-points: 2 = 1)", "Table 1 Q11", 0, 20, TABLE_1
    )
    score_major_hex: int = option(
        3, "A hex with a major feature (half-points: 3 = 1.5)", "Table 1 Q11", 0, 20, TABLE_1
    )
    score_mega_hex: int = option(
        4, "A hex with a mega-feature (half-points: 4 = 2)", "Table 1 Q11 E-22", 0, 20, TABLE_1
    )
    monument_scores: int = option(
        0, "Optional: a Monument adds to its hex's score (1 yes, 0 no)", "Table 17 Table 1 §5.10",
        0, 1, TABLE_1,
    )  # fmt: skip
    score_monument: int = option(
        1, "… a Monument adds (half-points: 1 = 0.5)", "Table 17 Table 1 §5.10", 0, 20, TABLE_1
    )

    # --- Table 3 (§5.3): the modifiers of the risk roll and its consequences -------
    risk_raze: int = option(-1, "Modifier for a Raze", "Table 3", -6, 6, TABLE_3)
    risk_recent_edict: int = option(
        -1, "Modifier if the hex was looted or razed lately", "Table 3", -6, 6, TABLE_3
    )
    risk_recent_turns: int = option(
        2, "“Lately”: the previous turns counted", "Table 3", 0, 20, TABLE_3
    )
    risk_fortified: int = option(
        1, "Modifier with a fortress or great fortress", "Table 3", -6, 6, TABLE_3
    )
    risk_patrolled: int = option(
        1, "Modifier if one of the player's patrols covers the hex", "Table 3", -6, 6, TABLE_3
    )
    unrest_turns: int = option(2, "Unrest lasts (turns)", "Table 3", 1, 20, TABLE_3)
    revolt_defender_points: int = option(
        500, "Rebels of a hex without a major feature (points)", "Table 3 E-09", 0, 5000, TABLE_3
    )

    # --- Table 4 (§5.3, E-22, E-26): power gained, by the hex's row ----------------
    loot_power_plain: int = option(
        1, "Loot: power from a hex without a major feature", "Table 4", 0, 20, TABLE_4
    )
    loot_power_major: int = option(
        2, "Loot: power from a hex with a major feature", "Table 4", 0, 20, TABLE_4
    )
    loot_power_mega: int = option(
        3, "Loot: power from a hex with a mega-feature", "Table 4 E-22", 0, 20, TABLE_4
    )
    raze_power_fortification: int = option(
        1, "Raze: power for a fortress, great fortress or watchtower", "Table 4 E-26", 0, 20,
        TABLE_4,
    )  # fmt: skip
    raze_power_major: int = option(
        3, "Raze: power for a major feature (removed)", "Table 4 E-26", 0, 20, TABLE_4
    )
    raze_power_mega: int = option(
        4, "Raze: power for a mega-feature (downgraded)", "Table 4 E-26", 0, 20, TABLE_4
    )

    # --- Table 5 (§5.4) --------------------------------------------------------------
    scout_reach: int = option(
        2, "Scout: a target within this many hexes of the kingdom", "Table 5 E-16", 1, 6, TABLE_5
    )

    # --- Table 6 (§5.5, §5.6): Total Support ---------------------------------------
    support_basic: int = option(
        1000, "Total Support: the basic (points)", "§5.6 Table 6", 0, 10000, TABLE_6
    )
    support_per_hex: int = option(
        250, "Total Support: each hex of the kingdom (points)", "§5.6 Table 6", 0, 5000, TABLE_6
    )
    support_bonus_major: int = option(
        250, "Support bonus of a major feature (points)", "Table 6", 0, 5000, TABLE_6
    )
    support_bonus_mega: int = option(
        500, "Support bonus of a mega-feature or the capital (points)", "Table 6 E-22", 0, 5000,
        TABLE_6,
    )  # fmt: skip

    # --- Neutral armies (A-1.5, §5.5 semi-permanence) ------------------------------
    defender_regrowth: int = option(
        500, "A surviving neutral defender regains, a turn (points)", "§5.5 E-09", 0, 5000,
        NEUTRAL_ARMIES,
    )  # fmt: skip

    # --- Table 8 (§5.4, E-07) -------------------------------------------------------
    scout_adjacent: int = option(
        1, "Modifier if the target is adjacent to the kingdom", "Table 8 E-16", -6, 6, TABLE_8
    )
    scout_watchtower: int = option(
        1, "Modifier with an own watchtower within 1 hex of the target", "Table 8 E-07", -6, 6,
        TABLE_8,
    )  # fmt: skip
    scout_scoutmaster: int = option(
        1, "Modifier with a Scoutmaster in the scouting army", "Table 8 Table 21", -6, 6, TABLE_8
    )
    scout_round_to: int = option(
        500, "A 4–5 tells the defender's size to the nearest (points)", "Table 8", 50, 2500,
        TABLE_8,
    )  # fmt: skip

    # --- Table 9 (§5.6): income at step 6g ------------------------------------------
    capital_power: int = option(
        1, "Own capital, a turn (in place of its City's)", "Table 9 Table 6 E-22", 0, 20, TABLE_9
    )
    mega_feature_power: int = option(
        1, "Each other mega-feature, a turn", "Table 9 Table 6", 0, 20, TABLE_9
    )
    major_feature_industry: int = option(
        1, "Each non-mega major feature: industry a turn", "Table 9 Table 6", 0, 20, TABLE_9
    )
    industry_per_power: int = option(
        3, "Industry that converts to 1 power", "Table 9", 1, 20, TABLE_9
    )
    alliance_power: int = option(
        1, "An alliance with a neutral kingdom, a turn", "Table 9 A-1.4.12", 0, 20, TABLE_9
    )
    tribute_power: int = option(
        1, "Quick Friendship: the tribute, a turn", "Table 9 A-1.4.7 Q2", 0, 20, TABLE_9
    )
    tribute_as_ally: int = option(
        0, "Quick Friendship also pays an alliance's power (1 yes, 0 no)", "Q2 E-18", 0, 1,
        TABLE_9,
    )  # fmt: skip
    neutral_capital_power: int = option(
        3, "Conquering a neutral capital, once", "Table 9 A-1.4.16", 0, 20, TABLE_9
    )

    # --- Table 10 (§5.6, E-25): costs in power --------------------------------------
    watchtower_cost: int = option(1, "Build a watchtower", "Table 10", 1, 20, TABLE_10)
    fortress_cost: int = option(2, "Build a fortress", "Table 10", 1, 20, TABLE_10)
    great_fortress_cost: int = option(
        3, "Upgrade a fortress to a great fortress", "Table 10", 1, 20, TABLE_10
    )
    recruit_points: int = option(
        250, "Recruit: points a power, one army, this turn only", "Table 10", 0, 2500, TABLE_10
    )
    surgeon_cost: int = option(1, "Surgeon", "Table 10 E-02", 1, 20, TABLE_10)

    # --- Army size (§5.6, E-14, Table 10 Recruit) ----------------------------------
    army_minimum: int = option(
        1000, "Smallest allocation of an army (points)", "§5.6 E-14", 0, 10000, ARMY_SIZE
    )
    army_maximum: int = option(
        3000, "Largest allocation of an army (points)", "§5.6 E-14", 250, 20000, ARMY_SIZE
    )
    army_cap_this_turn: int = option(
        3500, "Largest army with recruits and mercenaries (points)", "Table 10 E-14", 250, 25000,
        ARMY_SIZE,
    )  # fmt: skip

    # --- Diplomacy table (§5.6, A-1.4.12) -------------------------------------------
    incite_cost: int = option(2, "Incite: cost in power", "Table 10 §5.6", 1, 20, DIPLOMACY)
    ally_cost: int = option(2, "Ally: cost in power", "Table 10 §5.6", 1, 20, DIPLOMACY)
    deactivate_cost: int = option(1, "Deactivate: cost in power", "Table 10 §5.6", 1, 20, DIPLOMACY)
    diplomacy_extra_power: int = option(
        2, "Extra power allowed, +1 each on the roll", "§5.6", 0, 6, DIPLOMACY
    )
    incited_attack_points: int = option(
        2000, "An incited neutral army attacks with (points)", "A-1.4.12 Q1 E-06", 250, 10000,
        DIPLOMACY,
    )  # fmt: skip

    # --- Table 11 (§5.6) ------------------------------------------------------------
    pacify_power_min: int = option(1, "Least power spent to pacify", "Table 11 Table 10", 1, 20,
                                   TABLE_11)  # fmt: skip
    pacify_power_max: int = option(3, "Most power spent to pacify", "Table 11 Table 10", 1, 20,
                                   TABLE_11)  # fmt: skip
    provoked_points: int = option(
        500, "Provoked: the defender gains (points, up to its band's top)", "Table 11 E-09", 0,
        5000, TABLE_11,
    )  # fmt: skip
    provoked_turns: int = option(
        2, "Provoked: no pacify of the hex for (turns)", "Table 11", 0, 20, TABLE_11
    )
    wavering_round_to: int = option(
        250, "Wavering: the halved defender is rounded up to (points)", "Table 11", 1, 1000,
        TABLE_11,
    )  # fmt: skip

    # --- Neutral kingdoms (A-1.4.19–20, Source A) -----------------------------------
    discovery_after_fighting: int = option(
        5, "Discovery roll after a battle there: d6 of at least", "A-1.4.19", 1, 7,
        NEUTRAL_KINGDOMS,
    )  # fmt: skip
    discovery_after_winning: int = option(
        4, "… after winning a battle there: d6 of at least", "A-1.4.19", 1, 7, NEUTRAL_KINGDOMS
    )
    discovery_next_turn: int = option(
        6, "Every other player, the following turn: d6 of at least", "A-1.4.20 Q4", 1, 7,
        NEUTRAL_KINGDOMS,
    )  # fmt: skip

    # --- Table 15 (Source A) --------------------------------------------------------
    xp_abstract_battle: int = option(
        1, "Each character in an abstract battle", "Table 15 A-2.5", 0, 10, TABLE_15
    )
    xp_won_by_default: int = option(
        1, "Each character of a side that wins by the enemy's retreat", "Table 15 A-2.4", 0, 10,
        TABLE_15,
    )  # fmt: skip
    xp_tabletop_battle: int = option(
        1, "Tabletop: took part in the battle", "Table 15", 0, 10, TABLE_15
    )
    xp_tabletop_won: int = option(1, "Tabletop: his side won", "Table 15 E-10", 0, 10, TABLE_15)
    xp_character_killed: int = option(
        1, "Tabletop: each enemy character he killed", "Table 15", 0, 10, TABLE_15
    )
    xp_winning_general: int = option(
        1, "Tabletop: he was the General of the winning army", "Table 15", 0, 10, TABLE_15
    )

    # --- Table 12 (§5.8, E-01, E-10, E-21): the d6 a unit needs to come back --------
    # (7: never; tabletop battles only, abstract losses are final, §5.7)
    recovery_winner_fled: int = option(
        1, "Winner, fled off the table: d6 of at least", "Table 12", 1, 7, TABLE_12
    )
    recovery_winner_destroyed: int = option(
        2, "Winner, destroyed: d6 of at least", "Table 12", 1, 7, TABLE_12
    )
    recovery_loser_fled: int = option(
        2, "Loser or draw, fled: d6 of at least", "Table 12 E-10", 1, 7, TABLE_12
    )
    recovery_loser_destroyed: int = option(
        3, "Loser or draw, destroyed: d6 of at least", "Table 12 E-10", 1, 7, TABLE_12
    )
    recovery_massacred_fled: int = option(
        4, "Massacred side, fled: d6 of at least", "Table 12", 1, 7, TABLE_12
    )
    recovery_massacred_destroyed: int = option(
        5, "Massacred side, destroyed: d6 of at least", "Table 12", 1, 7, TABLE_12
    )
    recovery_rested: int = option(
        1, "The army Rested before this battle (the rest flag)", "Table 12 Table 5 E-01", -6, 6,
        TABLE_12,
    )  # fmt: skip
    recovery_drillmaster: int = option(
        1, "Drillmaster on the army's General", "Table 12 Table 21 E-21", -6, 6, TABLE_12
    )

    # --- Table 13 (§5.8, E-02, E-10; the Shrine: Table 17) ---------------------------
    recovery_abstract: int = option(
        -1, "After an abstract battle", "Table 13 §5.7 E-02", -6, 6, TABLE_13
    )
    recovery_lost: int = option(
        -1, "His side lost (not in a draw)", "Table 13 E-10", -6, 6, TABLE_13
    )
    recovery_surgeon: int = option(
        1, "His kingdom hired a Surgeon this turn", "Table 13 Table 10 E-02", -6, 6, TABLE_13
    )
    recovery_arcane_resilience: int = option(
        1, "Arcane resilience (Magic skill)", "Table 13 Table 22 E-02", -6, 6, TABLE_13
    )

    # --- Table 14 (§5.8, E-03) --------------------------------------------------------
    injury_stat_loss: int = option(
        1, "A wound costs the stat it names", "Table 14", 0, 10, TABLE_14
    )
    injury_floor: int = option(
        1, "No wound takes a stat below (W excepted: 0 W retires)", "Table 14 E-03", 0, 10,
        TABLE_14,
    )  # fmt: skip
    default_wounds: int = option(
        3, "A character's W when his profile does not give it", "Table 14 E-03", 1, 10, TABLE_14
    )
    shaken_turns: int = option(
        1, "Shaken: turns he misses (cannot be in an army)", "Table 14", 0, 10, TABLE_14
    )

    # --- Table 16 (§5.9, E-10, E-11): the army General's roll after a battle ---------
    generalship_up_on: int = option(
        5, "His army won: Generalship +1 on a d6 of at least", "Table 16", 1, 7, TABLE_16
    )
    generalship_massacre_bonus: int = option(
        1, "… a Massacre adds to that roll", "Table 16", 0, 6, TABLE_16
    )
    generalship_down_on: int = option(
        1, "His army lost: Generalship −1 on a d6 of at most", "Table 16", 0, 6, TABLE_16
    )
    generalship_max: int = option(
        3, "Generalship at most (Born leader too)", "Table 16 Table 21", 0, 10, TABLE_16
    )

    # --- Tables 18–22 (§5.9, E-11): the XP totals that bring an advance, the caps ---
    advance_xp_1: int = option(2, "1st advance at (total XP)", "Table 18", 1, 500, TABLE_18)
    advance_xp_2: int = option(4, "2nd advance at (total XP)", "Table 18", 1, 500, TABLE_18)
    advance_xp_3: int = option(7, "3rd advance at (total XP)", "Table 18", 1, 500, TABLE_18)
    advance_xp_4: int = option(10, "4th advance at (total XP)", "Table 18", 1, 500, TABLE_18)
    advance_xp_5: int = option(14, "5th advance at (total XP)", "Table 18", 1, 500, TABLE_18)
    advance_xp_6: int = option(19, "6th advance at (total XP)", "Table 18", 1, 500, TABLE_18)
    advance_xp_7: int = option(25, "7th advance at (total XP)", "Table 18", 1, 500, TABLE_18)
    advance_xp_every: int = option(6, "Then one advance every (XP)", "Table 18", 1, 100, TABLE_18)
    born_leader_generalship: int = option(
        1, "Born leader: Generalship gained (up to the maximum)", "Table 21 E-11", 0, 3, TABLE_18
    )
    hardened_max: int = option(
        1, "Hardened: T gained at most, over the racial profile", "Table 19 E-11", 0, 10,
        TABLE_18,
    )  # fmt: skip
    wizard_level_max: int = option(
        4, "+1 wizard level: up to level", "Table 22 E-11", 1, 10, TABLE_18
    )

    # --- Table 17 (§5.10): the minor features' campaign effects (Ford: Table 23) ------
    old_road_patrol_radius: int = option(
        2, "Old road: a patrol based here has radius", "Table 17 Table 5 Q13", 0, 3, TABLE_17
    )
    ruins_scouting: int = option(
        1, "Ancient ruins: scouting rolls aimed at or from the hex", "Table 17 Table 8 E-07", -6, 6,
        TABLE_17,
    )  # fmt: skip
    shrine_recovery: int = option(
        1, "Shrine: character recovery rolls of armies fighting in the hex",
        "Table 17 Table 13 E-21", -6, 6, TABLE_17,
    )  # fmt: skip
    bandit_lair_unrest_on: int = option(
        1, "Bandit lair: the owner's d6 each turn brings Unrest on at most", "Table 17 Table 3",
        0, 6, TABLE_17,
    )  # fmt: skip
    bandit_lair_unrest_turns: int = option(
        1, "Bandit lair: the Unrest lasts (turns, this one first)", "Table 17 Table 3", 1, 20,
        TABLE_17,
    )  # fmt: skip

    # --- Table 23 (§5.7): the points ratio, highest line first, and the modifiers ---
    ratio_high_percent: int = option(
        300, "Ratio line 3: own points at least this % of the enemy's (300 = 3:1)", "Table 23",
        100, 10000, TABLE_23,
    )  # fmt: skip
    ratio_high_bonus: int = option(3, "Ratio line 3: modifier", "Table 23", 0, 10, TABLE_23)
    ratio_mid_percent: int = option(
        200, "Ratio line 2: own points at least this % of the enemy's (200 = 2:1)", "Table 23",
        100, 10000, TABLE_23,
    )  # fmt: skip
    ratio_mid_bonus: int = option(2, "Ratio line 2: modifier", "Table 23", 0, 10, TABLE_23)
    ratio_low_percent: int = option(
        150, "Ratio line 1: own points at least this % of the enemy's (150 = 1.5:1)", "Table 23",
        100, 10000, TABLE_23,
    )  # fmt: skip
    ratio_low_bonus: int = option(1, "Ratio line 1: modifier", "Table 23", 0, 10, TABLE_23)
    fortress_bonus: int = option(
        1, "Defender in a hex with a fortress", "Table 23 App B", 0, 10, TABLE_23
    )
    great_fortress_bonus: int = option(
        2, "Defender in a hex with a great fortress", "Table 23 App B", 0, 10, TABLE_23
    )
    grand_marshal_bonus: int = option(
        1, "The Grand Marshal leads the army", "Table 23 B 3.4", 0, 10, TABLE_23
    )
    tactician_bonus: int = option(
        1, "Tactician on the General", "Table 23 Table 21", 0, 10, TABLE_23
    )
    home_ground_bonus: int = option(
        1, "Defender's own hex (home ground)", "Table 23", 0, 10, TABLE_23
    )
    ford_bonus: int = option(
        1, "Invading from a Ford or bridge (attacker)", "Table 17 E-07 E-21", 0, 10, TABLE_23
    )

    # --- Table 24 (§5.7): the match-up bonus and the effects on troop losses --------
    match_up_bonus: int = option(
        2, "Match-up bonus of the strategy that beats the other's", "Table 24", 0, 10, TABLE_24
    )
    assault_losses: int = option(
        10, "Assault: both sides' losses change by (points of %)", "Table 24", -50, 50, TABLE_24
    )
    outflank_losses: int = option(
        10, "Outflank wins: the enemy's losses change by (points of %)", "Table 24", -50, 50,
        TABLE_24,
    )  # fmt: skip
    hold_losses: int = option(
        -10, "Hold loses: your losses change by (points of %)", "Table 24", -50, 50, TABLE_24
    )

    # --- Troop losses (§5.7, E-10): percent of the points, by Table 25's result -----
    losses_draw: int = option(20, "Draw: each side loses (%)", "§5.7 E-10", 0, 100, TROOP_LOSSES)
    losses_marginal_winner: int = option(
        15, "Marginal victory: the winner loses (%)", "§5.7", 0, 100, TROOP_LOSSES
    )
    losses_marginal_loser: int = option(
        30, "Marginal victory: the loser loses (%)", "§5.7", 0, 100, TROOP_LOSSES
    )
    losses_solid_winner: int = option(
        10, "Solid victory: the winner loses (%)", "§5.7", 0, 100, TROOP_LOSSES
    )
    losses_solid_loser: int = option(
        40, "Solid victory: the loser loses (%)", "§5.7", 0, 100, TROOP_LOSSES
    )
    losses_massacre_winner: int = option(
        5, "Massacre: the winner loses (%)", "§5.7", 0, 100, TROOP_LOSSES
    )
    losses_massacre_loser: int = option(
        60, "Massacre: the loser loses (%)", "§5.7", 0, 100, TROOP_LOSSES
    )
    losses_minimum: int = option(
        5, "Hold's floor: a losing Hold loses at least (%)", "Table 24 §5.7 E-10", 0, 100,
        TROOP_LOSSES,
    )  # fmt: skip
    losses_round_to: int = option(
        5, "Losses are rounded up to (points)", "§5.7 E-28", 1, 250, TROOP_LOSSES
    )

    # --- Fallen characters (§5.7, E-10): a d6 of this or less ---------------------
    falls_on_winner: int = option(
        1, "A character of the winning side falls on a d6 of at most", "§5.7", 0, 6, FALLEN
    )
    falls_on_loser: int = option(2, "… of the losing side, or in a draw", "§5.7 E-10", 0, 6, FALLEN)
    falls_on_massacred: int = option(3, "… of a massacred side", "§5.7", 0, 6, FALLEN)

    # --- Tabletop battles (A-2.4, E-24, P-C5, P-C6, §5.11) ---------------------------
    decisions_hours: int = option(
        48, "Hours to choose fight or retreat (and tabletop), from Provisional Results",
        "A-2.4 Q7 E-24", 1, 720, TABLETOP,
    )  # fmt: skip
    report_days: int = option(
        5, "Days after that deadline to play and report a tabletop battle", "E-24 P-C6", 1, 60,
        TABLETOP,
    )  # fmt: skip
    terrain_pieces_die: int = option(
        3, "Terrain pieces: roll a die of this many faces (d3) …", "§5.11", 1, 6, TABLETOP
    )
    terrain_pieces_added: int = option(2, "… and add (+ 2)", "§5.11", 0, 10, TABLETOP)
    board_width_feet: int = option(6, "Board width (feet)", "P-C5", 2, 12, TABLETOP)
    board_large_width_feet: int = option(
        8, "Board width when a side has more points (feet)", "P-C5", 2, 12, TABLETOP
    )
    board_depth_feet: int = option(4, "Board depth (feet)", "P-C5", 2, 12, TABLETOP)
    board_large_above: int = option(
        3000, "The larger board when a side has more than (points)", "P-C5", 500, 20000,
        TABLETOP,
    )  # fmt: skip
    massacre_vp_margin: int = option(
        900, "A victory-points margin of at least this is a Massacre", "P-C5 Table 12", 1,
        10000, TABLETOP,
    )  # fmt: skip

    # --- Player agreements (B 7.5, Q20, E-19) ---------------------------------------
    vassal_tribute: int = option(
        1, "A vassal pays his overlord, a turn (power)", "Q20 E-19", 0, 20, AGREEMENTS
    )

    # --- Table 31 (§5.12, optional module random_events) ----------------------------
    plague_points: int = option(
        250, "Row 3 plague: each army of the kingdom loses (points)", "Table 31 E-12", 0, 3000,
        TABLE_31,
    )  # fmt: skip
    deserters_percent: int = option(
        10, "Row 6 deserters: the army loses (% of its points)", "Table 31 E-12", 0, 100,
        TABLE_31,
    )  # fmt: skip
    poor_harvest_power: int = option(
        1, "Row 5 poor harvest: the kingdom loses (power, not below 0)", "Table 31", 0, 20,
        TABLE_31,
    )  # fmt: skip
    good_harvest_power: int = option(
        1, "Row 8 good harvest: the kingdom gains (power)", "Table 31", 0, 20, TABLE_31
    )
    treasure_power: int = option(
        2, "Row 11 hidden treasure: the kingdom gains (power)", "Table 31", 0, 20, TABLE_31
    )
    beast_stir: int = option(
        2, "Row 2 the Beast stirs: on its next awakening roll", "Table 31 App G", 0, 6, TABLE_31
    )
    bandits_unrest_turns: int = option(
        1, "Row 4 bandits: the Unrest lasts (turns, this one first)", "Table 31 Table 3 E-12",
        1, 20, TABLE_31,
    )  # fmt: skip
    wandering_hero_bid: int = option(
        1, "Row 9 wandering hero: the offer's minimum bid (power)", "Table 31 B 6.2 E-21", 0, 20,
        TABLE_31,
    )  # fmt: skip

    # --- Appendix G (§5.12, optional module the_beast) -----------------------------
    beast_points: int = option(
        2000, "The Beast fights as a monster force of (points)", "App G", 250, 10000, BEAST
    )
    beast_terror: int = option(
        1, "Terror: the Beast's modifier on the strategy roll", "App G E-21 Table 23", 0, 10, BEAST
    )
    beast_slaying_power: int = option(
        3, "Slaying it: its slayer's player gains (power)", "App G Table 9", 0, 20, BEAST
    )
    beast_slaying_xp: int = option(
        1, "Slaying it: each character's extra XP (tabletop battles only)", "App G E-04 Table 15",
        0, 10, BEAST,
    )  # fmt: skip
    beast_wakes_on: int = option(
        6, "Awakening roll: it wakes on a d6 (with its modifiers) of at least", "App G", 1, 12,
        BEAST,
    )  # fmt: skip
    beast_battle_bonus: int = option(
        1, "Awakening roll: each battle near the lair that turn adds", "App G", 0, 6, BEAST
    )
    beast_battle_distance: int = option(
        2, "… a battle is near the lair within (hexes)", "App G E-16", 0, 6, BEAST
    )
    beast_sleeps_on: int = option(
        1, "Return roll: a rampaging Beast goes back to sleep on a d6 of at most", "App G", 0, 6,
        BEAST,
    )  # fmt: skip
    beast_lair_distance: int = option(
        2, "Its lair lies at least this far from every player hex (hexes)", "App G", 0, 10, BEAST
    )

    # --- The answers of §7 that are yes or no ---------------------------------------
    neutrals_always_fight: int = option(
        1, "Neutral armies never retreat (1 yes; 0: the GM may retreat them)", "Q6 A-2.4", 0, 1,
        NEUTRAL_ARMIES,
    )  # fmt: skip
    end_roll_at_announced_turn: int = option(
        1, "The end roll is made at the announced turn itself (1 yes, 0 from the next)",
        "A-3.0.2 Q12", 0, 1, ENDING,
    )  # fmt: skip
