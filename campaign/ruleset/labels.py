"""The house rules in plain words, in the reader's language: a label and a one-line help for
every option and table of the ruleset, and a title for every block of the rules page.

rules/ stays free of Django, so its own English labels (``metadata["label"]``, a table's
``title``) are what the API and the exports keep, and the fallback here for anything the
catalog does not name yet; the rule IDs stay out of these words and show as small links
(``{% rule %}``) beside them.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.formats import number_format
from django.utils.functional import Promise
from django.utils.text import format_lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from campaign.core import words as engine_words
from kingdoms.races import RACE_NAMES
from rules import modules
from rules.core import table_options as blocks
from rules.core.ruleset import OPTIONS, TABLES, RulesetError, table
from rules.core.state import Ruleset
from rules.core.tables import TABLE_7_COLUMNS
from rules.kingdoms.races import Race, matrix_key
from rules.tiles.options import TILE_COLUMNS


@dataclass(frozen=True)
class Words:
    label: str | Promise
    help: str | Promise = ""


OPTION_WORDS: dict[str, tuple[Promise, Promise]] = {
    # Turns and the end of the campaign
    "turn_length_days": (
        _("Days a turn stays open"),
        _("How long the players have to send their orders each turn."),
    ),
    "early_resolution": (
        _("Resolve early when everyone is ready"),
        _("The turn resolves as soon as every player has marked his orders ready."),
    ),
    "end_check_turn": (
        _("First turn of the end roll"),
        _("From this turn on, a die decides at the end of each turn whether the campaign ends."),
    ),
    "end_roll_target": (
        _("End roll: the campaign ends on a d6 of"),
        _("The roll needed to end the campaign."),
    ),
    "end_roll_at_announced_turn": (
        _("When the first end roll is made"),
        _("At the end of the announced turn itself, or only from the turn after it."),
    ),
    # Orders, movement and exploration
    "patrol_radius": (_("Patrol radius"), _("How many hexes around its army a patrol protects.")),
    "scout_reach": (
        _("Scouting reach (hexes)"),
        _("A scout may target a hex at most this far from the kingdom."),
    ),
    "defender_regrowth": (
        _("Neutral defenders regrow, each turn (points)"),
        _("A neutral army that survives an invasion grows back by this much every turn."),
    ),
    "neutrals_always_fight": (
        _("Neutral armies never retreat"),
        _("Off: the game master may order a neutral army to retreat."),
    ),
    "scout_adjacent": (
        _("Scouting: target next to the kingdom"),
        _("Added to the scouting roll when the target touches the kingdom."),
    ),
    "scout_watchtower": (
        _("Scouting: own watchtower nearby"),
        _("Added when one of the kingdom's watchtowers is within one hex of the target."),
    ),
    "scout_scoutmaster": (
        _("Scouting: a Scoutmaster in the army"),
        _("Added when the scouting army has a Scoutmaster."),
    ),
    "scout_round_to": (
        _("Scouting: defender's size rounded to (points)"),
        _("A good scouting roll tells the defender's size to the nearest this many points."),
    ),
    "old_road_patrol_radius": (
        _("Old road: patrol radius"),
        _("A patrol based on an old road reaches this far."),
    ),
    "ruins_scouting": (
        _("Ancient ruins: scouting modifier"),
        _("Added to scouting rolls aimed at or made from a hex with ancient ruins."),
    ),
    "shrine_recovery": (
        _("Shrine: character recovery modifier"),
        _("Added to the recovery rolls of characters who fought in a hex with a shrine."),
    ),
    "bandit_lair_unrest_on": (
        _("Bandit lair: unrest on a d6 of at most"),
        _("Each turn the owner rolls a die; this or less brings unrest to the hex."),
    ),
    "bandit_lair_unrest_turns": (
        _("Bandit lair: unrest lasts (turns)"),
        _("How long the bandits' unrest lasts, the current turn included."),
    ),
    # Battles
    "ratio_high_percent": (
        _("Outnumbering, third step: at least (%)"),
        _("Own points as a share of the enemy's for the biggest bonus (300 means three to one)."),
    ),
    "ratio_high_bonus": (
        _("Outnumbering, third step: bonus"),
        _("Added to the strategy roll of the side that outnumbers by the third step."),
    ),
    "ratio_mid_percent": (
        _("Outnumbering, second step: at least (%)"),
        _("Own points as a share of the enemy's for the middle bonus (200 means two to one)."),
    ),
    "ratio_mid_bonus": (
        _("Outnumbering, second step: bonus"),
        _("Added to the strategy roll of the side that outnumbers by the second step."),
    ),
    "ratio_low_percent": (
        _("Outnumbering, first step: at least (%)"),
        _("Own points as a share of the enemy's for the smallest bonus (150 means three to two)."),
    ),
    "ratio_low_bonus": (
        _("Outnumbering, first step: bonus"),
        _("Added to the strategy roll of the side that outnumbers by the first step."),
    ),
    "fortress_bonus": (
        _("Defending a fortress"),
        _("Added to the defender's strategy roll in a hex with a fortress."),
    ),
    "great_fortress_bonus": (
        _("Defending a great fortress"),
        _("Added to the defender's strategy roll in a hex with a great fortress."),
    ),
    "grand_marshal_bonus": (
        _("Led by the Grand Marshal"),
        _("Added to the strategy roll of an army the Grand Marshal leads."),
    ),
    "tactician_bonus": (
        _("Tactician General"),
        _("Added when the army's General has the Tactician skill."),
    ),
    "home_ground_bonus": (
        _("Defending home ground"),
        _("Added to the defender's roll in one of his own hexes."),
    ),
    "ford_bonus": (
        _("Attacking from a ford or bridge"),
        _("Added to the attacker's roll when he invades from a ford or a bridge."),
    ),
    "match_up_bonus": (
        _("Winning match-up of strategies"),
        _("Bonus of the strategy that beats the other side's strategy."),
    ),
    "assault_losses": (
        _("Assault: change to both sides' losses (%)"),
        _("An assault makes both sides lose this many percentage points more."),
    ),
    "outflank_losses": (
        _("Outflank: change to the enemy's losses (%)"),
        _("A winning outflank adds this to the enemy's losses."),
    ),
    "hold_losses": (
        _("Hold: change to own losses (%)"),
        _("A losing hold changes its own losses by this much."),
    ),
    "losses_draw": (
        _("Draw: each side loses (%)"),
        _("Share of its points each side loses in a draw."),
    ),
    "losses_marginal_winner": (
        _("Marginal victory: the winner loses (%)"),
        _("Share of its points the winner of a marginal victory loses."),
    ),
    "losses_marginal_loser": (
        _("Marginal victory: the loser loses (%)"),
        _("Share of its points the loser of a marginal victory loses."),
    ),
    "losses_solid_winner": (
        _("Solid victory: the winner loses (%)"),
        _("Share of its points the winner of a solid victory loses."),
    ),
    "losses_solid_loser": (
        _("Solid victory: the loser loses (%)"),
        _("Share of its points the loser of a solid victory loses."),
    ),
    "losses_massacre_winner": (
        _("Massacre: the winner loses (%)"),
        _("Share of its points the winner of a massacre loses."),
    ),
    "losses_massacre_loser": (
        _("Massacre: the loser loses (%)"),
        _("Share of its points the massacred side loses."),
    ),
    "losses_minimum": (
        _("Losing hold loses at least (%)"),
        _("However well it holds, a losing side loses at least this share."),
    ),
    "losses_round_to": (
        _("Losses rounded up to (points)"),
        _("Troop losses are rounded up to a multiple of this."),
    ),
    "falls_on_winner": (
        _("Winner's character falls on a d6 of at most"),
        _("Each character of the winning side dies on this roll or less."),
    ),
    "falls_on_loser": (
        _("Loser's character falls on a d6 of at most"),
        _("The same for the losing side, and for both sides of a draw."),
    ),
    "falls_on_massacred": (
        _("Massacred side's character falls on a d6 of at most"),
        _("The same for a side that was massacred."),
    ),
    "decisions_hours": (
        _("Hours to choose fight or retreat"),
        _("After the provisional results, how long the players have to decide their battles."),
    ),
    "report_days": (
        _("Days to play and report a tabletop battle"),
        _("Counted from the fight-or-retreat deadline."),
    ),
    "terrain_pieces_die": (
        _("Terrain pieces: faces of the die"),
        _("The tabletop gets one die of this many faces of terrain pieces…"),
    ),
    "terrain_pieces_added": (_("Terrain pieces: added to the die"), _("…plus this many pieces.")),
    "board_width_feet": (
        _("Board width (feet)"),
        _("Width of the tabletop for an ordinary battle."),
    ),
    "board_large_width_feet": (
        _("Large board width (feet)"),
        _("Width of the tabletop when a side is big."),
    ),
    "board_depth_feet": (_("Board depth (feet)"), _("Depth of the tabletop.")),
    "board_large_above": (
        _("Large board above (points)"),
        _("The large board is used when a side has more points than this."),
    ),
    "massacre_vp_margin": (
        _("Massacre from a victory-points margin of"),
        _("A tabletop win by at least this many victory points counts as a massacre."),
    ),
    # After a battle
    "recovery_winner_fled": (
        _("Winner's unit that fled comes back on a d6 of"),
        _("Roll this or more to bring the unit back; 7 means never."),
    ),
    "recovery_winner_destroyed": (
        _("Winner's destroyed unit comes back on a d6 of"),
        _("Roll this or more to bring the unit back; 7 means never."),
    ),
    "recovery_loser_fled": (
        _("Loser's unit that fled comes back on a d6 of"),
        _("Also for both sides of a draw; 7 means never."),
    ),
    "recovery_loser_destroyed": (
        _("Loser's destroyed unit comes back on a d6 of"),
        _("Also for both sides of a draw; 7 means never."),
    ),
    "recovery_massacred_fled": (
        _("Massacred side's unit that fled comes back on a d6 of"),
        _("7 means never."),
    ),
    "recovery_massacred_destroyed": (
        _("Massacred side's destroyed unit comes back on a d6 of"),
        _("7 means never."),
    ),
    "recovery_rested": (
        _("Unit recovery: the army rested before"),
        _("Added to the recovery rolls of an army that rested the turn before."),
    ),
    "recovery_drillmaster": (
        _("Unit recovery: Drillmaster General"),
        _("Added when the army's General is a Drillmaster."),
    ),
    "recovery_abstract": (
        _("Character recovery after an abstract battle"),
        _("Added to a character's recovery roll after a battle not played on the tabletop."),
    ),
    "recovery_lost": (
        _("Character recovery: his side lost"),
        _("Added when his side lost (not in a draw)."),
    ),
    "recovery_surgeon": (
        _("Character recovery: a Surgeon hired"),
        _("Added when his kingdom hired a Surgeon this turn."),
    ),
    "recovery_arcane_resilience": (
        _("Character recovery: arcane resilience"),
        _("Added for a wizard with the arcane resilience skill."),
    ),
    "injury_stat_loss": (
        _("A wound costs (points of the stat)"),
        _("How much the stat named by the injury roll goes down."),
    ),
    "injury_floor": (
        _("No wound lowers a stat below"),
        _("Wounds excepted: a character with no wounds left retires."),
    ),
    "default_wounds": (
        _("Wounds of a character without a profile"),
        _("Used when a character's profile does not give his wounds."),
    ),
    "shaken_turns": (
        _("Shaken characters sit out (turns)"),
        _("A shaken character cannot join an army for this many turns."),
    ),
    "xp_abstract_battle": (
        _("Experience: an abstract battle"),
        _("Each character gains this for a battle not played on the tabletop."),
    ),
    "xp_won_by_default": (
        _("Experience: the enemy retreated"),
        _("Each character of a side that won because the enemy retreated."),
    ),
    "xp_tabletop_battle": (
        _("Experience: a tabletop battle"),
        _("For taking part in a tabletop battle."),
    ),
    "xp_tabletop_won": (
        _("Experience: his side won on the tabletop"),
        _("Extra for being on the winning side."),
    ),
    "xp_character_killed": (
        _("Experience: each enemy character killed"),
        _("For each enemy character he killed on the tabletop."),
    ),
    "xp_winning_general": (
        _("Experience: General of the winning army"),
        _("Extra for the General of the army that won."),
    ),
    "generalship_up_on": (
        _("Winning General improves on a d6 of"),
        _("His Generalship goes up by one on this roll or more."),
    ),
    "generalship_massacre_bonus": (
        _("Winning General: bonus after a massacre"),
        _("Added to that roll when the win was a massacre."),
    ),
    "generalship_down_on": (
        _("Losing General worsens on a d6 of at most"),
        _("His Generalship goes down by one on this roll or less."),
    ),
    "generalship_max": (
        _("Highest Generalship"),
        _("No General goes above this, born leaders included."),
    ),
    "advance_xp_1": (
        _("First advance at (experience)"),
        _("Total experience a character needs for his first advance."),
    ),
    "advance_xp_2": (
        _("Second advance at (experience)"),
        _("Total experience for the second advance."),
    ),
    "advance_xp_3": (
        _("Third advance at (experience)"),
        _("Total experience for the third advance."),
    ),
    "advance_xp_4": (
        _("Fourth advance at (experience)"),
        _("Total experience for the fourth advance."),
    ),
    "advance_xp_5": (
        _("Fifth advance at (experience)"),
        _("Total experience for the fifth advance."),
    ),
    "advance_xp_6": (
        _("Sixth advance at (experience)"),
        _("Total experience for the sixth advance."),
    ),
    "advance_xp_7": (
        _("Seventh advance at (experience)"),
        _("Total experience for the seventh advance."),
    ),
    "advance_xp_every": (
        _("Then one advance every (experience)"),
        _("After the seventh, one more advance for each this many points."),
    ),
    "born_leader_generalship": (
        _("Born leader: Generalship gained"),
        _("Up to the highest Generalship."),
    ),
    "hardened_max": (
        _("Hardened: most Toughness gained"),
        _("Above the character's racial profile."),
    ),
    "wizard_level_max": (_("Highest wizard level"), _("A wizard's extra levels stop here.")),
    # Power, score and spending
    "score_unspent_power": (
        _("Score: each unspent power point"),
        _("In half-points: 2 counts as 1."),
    ),
    "score_looted_hex": (_("Score: a hex looted this turn"), _("In half-points.")),
    "score_plain_hex": (
        _("Score: a hex without a major feature"),
        _("In half-points: 2 counts as 1."),
    ),
    "score_major_hex": (
        _("Score: a hex with a major feature"),
        _("In half-points: 3 counts as 1.5."),
    ),
    "score_mega_hex": (_("Score: a hex with a mega-feature"), _("In half-points: 4 counts as 2.")),
    "monument_scores": (
        _("Monuments add to the score"),
        _("On: a monument adds to its hex's score."),
    ),
    "score_monument": (_("Score: what a monument adds"), _("In half-points: 1 counts as 0.5.")),
    "risk_raze": (_("Risk roll: razing"), _("Added to the risk roll of a raze.")),
    "risk_recent_edict": (
        _("Risk roll: looted or razed lately"),
        _("Added when the hex was looted or razed in the last turns."),
    ),
    "risk_recent_turns": (
        _("How many turns count as lately"),
        _("The previous turns looked at for the modifier above."),
    ),
    "risk_fortified": (
        _("Risk roll: a fortress in the hex"),
        _("Added with a fortress or great fortress."),
    ),
    "risk_patrolled": (
        _("Risk roll: the hex is patrolled"),
        _("Added when one of the player's patrols covers the hex."),
    ),
    "unrest_turns": (_("Unrest lasts (turns)"), _("How long a hex stays in unrest.")),
    "revolt_defender_points": (
        _("Rebels in a plain hex (points)"),
        _("Size of the rebels rising in a hex without a major feature."),
    ),
    "loot_power_plain": (
        _("Looting a plain hex gives (power)"),
        _("A hex without a major feature."),
    ),
    "loot_power_major": (
        _("Looting a major feature gives (power)"),
        _("A hex with a major feature."),
    ),
    "loot_power_mega": (_("Looting a mega-feature gives (power)"), _("A hex with a mega-feature.")),
    "raze_power_fortification": (
        _("Razing a fortification gives (power)"),
        _("A fortress, great fortress or watchtower."),
    ),
    "raze_power_major": (_("Razing a major feature gives (power)"), _("The feature is removed.")),
    "raze_power_mega": (
        _("Razing a mega-feature gives (power)"),
        _("The mega-feature is downgraded."),
    ),
    "support_basic": (
        _("Total support: the base (points)"),
        _("Every kingdom's army support starts here."),
    ),
    "support_per_hex": (
        _("Total support: each hex (points)"),
        _("Added for each hex of the kingdom."),
    ),
    "support_bonus_major": (
        _("Support bonus of a major feature (points)"),
        _("Added for each major feature the kingdom holds."),
    ),
    "support_bonus_mega": (
        _("Support bonus of a mega-feature or the capital (points)"),
        _("Added for each mega-feature and for the capital."),
    ),
    "capital_power": (
        _("Income: own capital"),
        _("Power a turn from the capital, in place of its city's."),
    ),
    "mega_feature_power": (_("Income: each other mega-feature"), _("Power a turn.")),
    "major_feature_industry": (
        _("Income: industry of each major feature"),
        _("Industry a turn, turned into power below."),
    ),
    "industry_per_power": (
        _("Industry for one power"),
        _("How much industry makes one power point."),
    ),
    "alliance_power": (_("Income: an alliance with a neutral kingdom"), _("Power a turn.")),
    "tribute_power": (_("Income: quick friendship tribute"), _("Power a turn.")),
    "tribute_as_ally": (
        _("Quick friendship also pays as an alliance"),
        _("On: the tribute adds an alliance's power too."),
    ),
    "neutral_capital_power": (
        _("Conquering a neutral capital gives (power)"),
        _("Once, when the capital falls."),
    ),
    "starting_power": (_("Starting power"), _("Power each kingdom has at the start.")),
    "watchtower_cost": (_("Build a watchtower"), _("Cost in power.")),
    "fortress_cost": (_("Build a fortress"), _("Cost in power.")),
    "great_fortress_cost": (_("Upgrade to a great fortress"), _("Cost in power.")),
    "recruit_points": (_("Recruit: points for one power"), _("For one army, this turn only.")),
    "surgeon_cost": (_("Hire a Surgeon"), _("Cost in power.")),
    "army_minimum": (
        _("Smallest army allocation (points)"),
        _("No army gets fewer points than this."),
    ),
    "army_maximum": (
        _("Largest army allocation (points)"),
        _("No army gets more points than this."),
    ),
    "army_cap_this_turn": (
        _("Army size cap (points)"),
        _("The largest army with recruits and mercenaries."),
    ),
    "minimum_army_points": (
        _("Smallest army that may act (points)"),
        _("A smaller army may only rest."),
    ),
    # Diplomacy, neutral kingdoms and agreements
    "incite_cost": (_("Incite: cost in power"), _("Turning a neutral kingdom against a rival.")),
    "ally_cost": (_("Ally: cost in power"), _("Making an alliance with a neutral kingdom.")),
    "deactivate_cost": (_("Deactivate: cost in power"), _("Calming a neutral kingdom.")),
    "diplomacy_extra_power": (
        _("Extra power allowed on a diplomacy roll"),
        _("Each extra power point adds one to the roll."),
    ),
    "incited_attack_points": (
        _("An incited neutral army attacks with (points)"),
        _("The size of the army a neutral kingdom sends when incited."),
    ),
    "pacify_power_min": (
        _("Pacify: least power spent"),
        _("The least a player may spend to pacify a hex."),
    ),
    "pacify_power_max": (
        _("Pacify: most power spent"),
        _("The most a player may spend to pacify a hex."),
    ),
    "provoked_points": (
        _("Provoked defender gains (points)"),
        _("Up to the top of its size band."),
    ),
    "provoked_turns": (
        _("Provoked: no pacifying for (turns)"),
        _("The hex cannot be pacified again for this long."),
    ),
    "wavering_round_to": (
        _("Wavering defender rounded up to (points)"),
        _("The halved defender is rounded up to a multiple of this."),
    ),
    "neutral_kingdom_defending_points": (
        _("A neutral kingdom defends with (points)"),
        _("The army that defends a neutral kingdom's hexes."),
    ),
    "discovery_after_fighting": (
        _("Discover a neutral kingdom after a battle on a d6 of"),
        _("Rolled after a battle in one of its hexes."),
    ),
    "discovery_after_winning": (
        _("…after winning that battle, on a d6 of"),
        _("The easier roll of a winner."),
    ),
    "discovery_next_turn": (
        _("Other players discover it the next turn on a d6 of"),
        _("Every other player rolls once."),
    ),
    "allied_friendly_path": (
        _("Allies' hexes are friendly paths"),
        _("Armies may move through their allies' hexes."),
    ),
    "allied_patrols": (
        _("Patrols protect allies' hexes"),
        _("A patrol also covers the hexes of its kingdom's allies."),
    ),
    "gm_reads_messages": (
        _("The game master reads private messages"),
        _("Shown to everyone, so nobody writes believing the game master cannot read it."),
    ),
    "vassal_tribute": (
        _("A vassal pays his overlord (power a turn)"),
        _("The tribute of a vassal agreement."),
    ),
    # Sieges
    "siege_days_per_turn": (
        _("Siege days in one turn"),
        _("How many days of siege one campaign turn covers."),
    ),
    "siege_provisions_dice": (
        _("Provisions: d10s rolled"),
        _("Rolled when the siege begins; three for a castle."),
    ),
    "siege_provisions_minimum": (
        _("Provisions: at least (days)"),
        _("A garrison never starts with fewer days of food."),
    ),
    "siege_points_per_mouth": (
        _("Provisions: one mouth per (garrison points)"),
        _("Bigger garrisons eat their food faster."),
    ),
    "siege_event_early_days": (
        _("Events: early days with a bonus"),
        _("The first days of the siege when events roll higher."),
    ),
    "siege_event_early_bonus": (
        _("Events: bonus in the early days"),
        _("Added to the events roll in those days."),
    ),
    "siege_blockade_good_percent": (
        _("Good blockade from (percent of the garrison)"),
        _("Besiegers' points needed for a good blockade."),
    ),
    "siege_blockade_average_percent": (
        _("Average blockade from (percent of the garrison)"),
        _("Below this the blockade is poor."),
    ),
    "siege_blockade_average_bonus": (
        _("Average blockade: events bonus"),
        _("Added to the events roll."),
    ),
    "siege_blockade_poor_bonus": (_("Poor blockade: events bonus"), _("Added to the events roll.")),
    "siege_initiative_bonus": (
        _("Besieger's initiative bonus"),
        _("Added to the besieger's initiative roll."),
    ),
    "siege_hostage_malus": (
        _("Castellan's son captured: garrison's initiative penalty"),
        _("Taken off the garrison's initiative roll."),
    ),
    "siege_stolen_days": (_("Stolen provisions (days)"), _("Days of food lost to thieves.")),
    "siege_levy_points": (
        _("Reinforcements or a relief army (points)"),
        _("What reinforcements bring the besiegers, or a relief army the garrison."),
    ),
    "siege_sickness_percent": (
        _("Dysentery or a poisoned well: loss for each pip (%)"),
        _("Share of its points a side loses for each pip of the die."),
    ),
    "siege_refugees_per_day": (
        _("Refugees eating one day of food"),
        _("How many refugees eat one day's food."),
    ),
    "siege_surrender_deadline": (
        _("Surrender unless relieved after (days)"),
        _("The garrison gives up after this many days without relief."),
    ),
    "siege_gate_bonus": (
        _("A spy opens the gate: besiegers' assault bonus"),
        _("Added to the besiegers' roll in that day's assault."),
    ),
    "siege_assassin_slays_on": (
        _("Assassin kills the General on a d10 of"),
        _("The besieging General is struck down."),
    ),
    "siege_assassin_wounds_on": (
        _("Assassin wounds the General on a d10 of"),
        _("Wounded for this turn."),
    ),
    "siege_sabotage_on": (
        _("Sabotage destroys an engine on a d10 of"),
        _("One siege engine is lost."),
    ),
    "siege_camp_engine_bombard": (
        _("A camp mangonel bombards with (points)"),
        _("The strength of each mangonel the camp builds."),
    ),
    "siege_camp_engine_points": (
        _("One camp mangonel per (besiegers' points)"),
        _("How many mangonels the besiegers build."),
    ),
    "siege_build_days": (
        _("Camp mangonels ready on siege day"),
        _("The day they start to bombard."),
    ),
    "siege_wall_stages_fortress": (
        _("A fortress wall falls after (damage results)"),
        _("Damage results needed to breach it."),
    ),
    "siege_wall_stages_great_fortress": (
        _("A great fortress wall falls after (damage results)"),
        _("Damage results needed to breach it."),
    ),
    "siege_wall_stages_city": (
        _("A city wall falls after (damage results)"),
        _("Damage results needed to breach it."),
    ),
    "siege_great_fortress_bombard_malus": (
        _("Bombarding a great fortress: penalty"),
        _("Taken off the bombardment roll."),
    ),
    "siege_repair_days": (
        _("Engines out for repair (days)"),
        _("After a bombardment result that damages the engines."),
    ),
    "siege_camp_rebuild_days": (
        _("Camp silent after a lost sortie (days)"),
        _("Days the camp does not bombard after the garrison wins a sortie."),
    ),
    "siege_sortie_engines": (
        _("Engines destroyed by a winning sortie"),
        _("When the garrison wins a sortie."),
    ),
    "siege_sortie_garrison_percent": (
        _("Sortie: garrison's share (%)"),
        _("Share of the garrison that counts in a sortie."),
    ),
    "siege_sortie_camp_percent": (
        _("Sortie: camp's share (%)"),
        _("Share of the besiegers that counts in a sortie."),
    ),
    "siege_supply_sides": (
        _("Supply run: faces of the pack animals' die"),
        _("How many pack animals try to get in."),
    ),
    "siege_supply_good_percent": (
        _("Supply through a good blockade (%)"),
        _("Share of the pack animals that get through."),
    ),
    "siege_supply_average_percent": (
        _("Supply through an average blockade (%)"),
        _("Share of the pack animals that get through."),
    ),
    "siege_supply_poor_percent": (
        _("Supply through a poor blockade (%)"),
        _("Share of the pack animals that get through."),
    ),
    "siege_negotiation_target": (
        _("Negotiation: surrender on a total of"),
        _("A d10 plus the modifiers below."),
    ),
    "siege_negotiation_double": (
        _("Negotiation: besiegers twice as strong"),
        _("Added to the roll."),
    ),
    "siege_negotiation_triple": (
        _("Negotiation: besiegers three times as strong"),
        _("Added in place of the one above."),
    ),
    "siege_negotiation_damaged": (_("Negotiation: the wall damaged"), _("Added to the roll.")),
    "siege_negotiation_breached": (
        _("Negotiation: the wall breached"),
        _("Added in place of the one above."),
    ),
    "siege_negotiation_hungry_days": (
        _("Negotiation: food short at (days or fewer)"),
        _("When the garrison counts as hungry."),
    ),
    "siege_negotiation_hungry": (_("Negotiation: the garrison is hungry"), _("Added to the roll.")),
    "siege_city_wall_bonus": (
        _("City walls in an assault"),
        _("Added to the garrison of a city without a fortress."),
    ),
    "siege_wall_repair": (
        _("Wall repaired after a siege (damage results a turn)"),
        _("How fast a wall mends once the siege ends."),
    ),
    "siege_estimate_band": (
        _("Besieger's guess of the food (days)"),
        _("The besieger learns the provisions within a band this wide."),
    ),
    # Optional module: random events
    "random_events": (_("Random events"), _("Each turn a random event may strike each kingdom.")),
    "plague_points": (
        _("Plague: each army loses (points)"),
        _("Every army of the struck kingdom."),
    ),
    "deserters_percent": (_("Deserters: the army loses (%)"), _("Share of one army's points.")),
    "poor_harvest_power": (_("Poor harvest: the kingdom loses (power)"), _("Never below zero.")),
    "good_harvest_power": (_("Good harvest: the kingdom gains (power)"), _("Once.")),
    "treasure_power": (_("Hidden treasure: the kingdom gains (power)"), _("Once.")),
    "beast_stir": (
        _("The Beast stirs: added to its next awakening"),
        _("Only with the Beast module on."),
    ),
    "bandits_unrest_turns": (_("Bandits: unrest lasts (turns)"), _("The current turn included.")),
    "wandering_hero_bid": (
        _("Wandering hero: lowest bid (power)"),
        _("The least a player may offer for the hero."),
    ),
    # Optional module: the Beast
    "the_beast": (
        _("The Beast awakes"),
        _("A monster sleeps in a lair on the map and may wake and rampage."),
    ),
    "beast_points": (_("The Beast fights with (points)"), _("The size of its monster force.")),
    "beast_terror": (
        _("Terror: the Beast's battle bonus"),
        _("Added to the Beast's strategy roll."),
    ),
    "beast_slaying_power": (
        _("Slaying the Beast gives (power)"),
        _("To the player whose army slays it."),
    ),
    "beast_slaying_xp": (
        _("Slaying the Beast: extra experience"),
        _("For each character, in tabletop battles only."),
    ),
    "beast_wakes_on": (_("The Beast wakes on a d6 of"), _("With its modifiers.")),
    "beast_battle_bonus": (
        _("Each battle near the lair adds"),
        _("To that turn's awakening roll."),
    ),
    "beast_battle_distance": (
        _("Near the lair: within (hexes)"),
        _("How close a battle must be to disturb it."),
    ),
    "beast_sleeps_on": (
        _("A rampaging Beast sleeps again on a d6 of at most"),
        _("Rolled each turn it rampages."),
    ),
    "beast_lair_distance": (
        _("The lair lies at least (hexes) from players"),
        _("Distance from every player's hex."),
    ),
    # Optional module: siege trains
    "siege_trains": (_("Siege trains"), _("Armies may carry siege engines bought with crowns.")),
    "siege_engine_value": (_("Each engine counts as (points)"), _("In a siege or an assault.")),
    "siege_engine_bombard": (
        _("Stone thrower or great cannon bombards with (points)"),
        _("Each engine's bombardment strength."),
    ),
    "siege_breach_die_bonus": (
        _("Each stone thrower or great cannon: bombardment bonus"),
        _("Added to the bombardment roll."),
    ),
    "siege_breach_cancel": (
        _("Each stone thrower or great cannon: off the fortification bonus"),
        _("In an assault made within one turn."),
    ),
    "siege_assault_engine_bonus": (
        _("Each giant ram or siege tower: assault bonus"),
        _("Added to the attacker's strategy roll."),
    ),
    "siege_engines_per_army": (_("Engines an army may carry"), _("The most engines in one army.")),
    "siege_engine_crowns": (_("An engine costs (crowns)"), _("Paid from the kingdom's crowns.")),
    "convoy_engines": (
        _("Fewest engines in a convoy"),
        _("An army may send off this many of its engines or more as a convoy of their own."),
    ),
    "convoy_escort_points": (
        _("A convoy's escort (points)"),
        _("The points a convoy takes from its army; a convoy may move below the army minimum."),
    ),
    # Optional module: wildlands
    "wildlands": (
        _("Wildlands"),
        _("An army on a barren hex of its own may spend its turn examining it."),
    ),
    "wild_column_forest": (
        _("Forest hexes are examined on column"),
        _("1 Plain, 2 Coast, 3 River, 4 Mountain."),
    ),
    "wild_column_swamp": (
        _("Swamp hexes are examined on column"),
        _("1 Plain, 2 Coast, 3 River, 4 Mountain."),
    ),
    "wild_coast_by_sea": (
        _("Fields by the sea are examined on the Coast column"),
        _("Otherwise on the Plain column."),
    ),
    "wild_site_control": (
        _("A wildland site is controlled by"),
        _("1 the owner of its hex, 2 the kingdom that found it."),
    ),
    "wild_income_each_winter": (
        _("A site's crowns are rolled each winter"),
        _("Otherwise once, when it is found, and paid each winter."),
    ),
    "trading_post_crowns": (
        _("A trading post pays (crowns a year)"),
        _("To the owner of its hex, at the winter phase."),
    ),
    "trading_post_settled_crowns": (
        _("A trading post by a Town or City pays (crowns a year)"),
        _("Once a settlement stands on its hex."),
    ),
    "flood_loss_per_pip": (
        _("A flash flood costs the army, for each pip of a d6 (points)"),
        _("The examining army's losses."),
    ),
    "flood_sack_on": (
        _("A flash flood sacks a Town downstream on a d6 of"),
        _("Each Town further down the river rolls; 7 spares them all."),
    ),
    "lornalim_bonus": (
        _("A Lornalim forest pays a d6 plus (crowns a year)"),
        _("Rolled each winter."),
    ),
    "crystal_die": (
        _("A crystal forest pays a die of (sides)"),
        _("Rolled each winter, in crowns."),
    ),
    "tavern_malus": (
        _("A tavern pays a d6 minus (crowns a year)"),
        _("Rolled each winter; never below 0."),
    ),
    "treasure_dice": (
        _("A treasure holds so many d6 (crowns)"),
        _("Banked when its escort reaches the capital."),
    ),
    # Optional module: wildlands, its peoples and beasts
    "cult_reach": (
        _("Hostile cultists reach settlements within (hexes)"),
        _("Counted from the hex where they are found."),
    ),
    "cult_revolt_on": (
        _("A settlement breaks away from the cultists on a d6 of at most"),
        _("Rolled for each settlement within reach."),
    ),
    "cult_own_only": (
        _("Hostile cultists sway only the finder's settlements"),
        _("Otherwise every kingdom's settlements within reach."),
    ),
    "cult_recruits_points": (
        _("Loyal cultists join with (points per pip of a d3)"),
        _("Added to the army that found them."),
    ),
    "bandit_finder_rolls": (
        _("The finder of a brigand band meets the bandits at once"),
        _("Otherwise only armies entering the hex later do."),
    ),
    "bandit_ambush_points": (
        _("Bandits' ambush costs (points per pip of a d6 + 1)"),
        _("Lost by the army that enters their hex."),
    ),
    "bandit_recruits_points": (
        _("Bandits who join bring (points per pip of 2d6)"),
        _("Added to the army that enters their hex."),
    ),
    "monster_points": (
        _("Monsters met by bandits' victims: points per pip of 2d6"),
        _("The strength of the foe that fights the army."),
    ),
    "lair_creatures_die": (
        _("Creatures in a lair: a die of (faces)"),
        _("Rolled when the lair is found."),
    ),
    "lair_loss_points": (
        _("Ships sunk by the lair's creatures cost (points per pip of a d6)"),
        _("Lost by each army crossing the lair's waters."),
    ),
    "raider_loss_points": (
        _("Northern raiders' attack costs (points per pip of a d6)"),
        _("Lost by the army that found them."),
    ),
    "raider_camp_die": (
        _("Repelled raiders leave within a die of (turns)"),
        _("Or at the next winter turn, if it comes first."),
    ),
    "horde_points": (
        _("A Chaos horde's strength: points per pip of 3d6"),
        _("Rolled when the horde appears."),
    ),
    "horde_steps": (_("A Chaos horde moves (hexes a turn)"), _("Each in a rolled direction.")),
    "horde_attacks_finder": (
        _("A Chaos horde attacks the army that finds it"),
        _("Otherwise it only roams, from the next turn."),
    ),
    "horde_chaos_joins": (
        _("A Chaos army wins a Chaos horde over on a d6 of at least"),
        _("The horde then joins the army; on less it attacks. 7: never."),
    ),
    "black_tower_stays": (
        _("The black tower stays and drains every army entering its hex"),
        _("Otherwise it drains only the army that finds it."),
    ),
    "black_tower_points": (
        _("The black tower drains (points per pip of a d6 − 1)"),
        _("From each army that examines or enters its hex."),
    ),
    "wyvern_points": (_("The wyvern's strength (points)"), _("In each battle it fights.")),
    "wyvern_steps_dice": (
        _("The wyvern flies (d6 of hexes) a turn"),
        _("In a straight line, in a rolled direction."),
    ),
    "dragon_steps_dice": (
        _("A lair's dragon flies (d6 of hexes) a turn"),
        _("The dragons' fury: as the wyvern, with its own distance."),
    ),
    "crowns_yearly": (
        _("Yearly crown income"),
        _("Each kingdom's crowns, paid in the winter phase."),
    ),
    "year_turns": (_("Turns in a campaign year"), _("How many turns make a year.")),
    # Pirates and the open sea (new-rules.md §6–7)
    "the_sea": (
        _("Pirates and the open sea"),
        _("Pirate ships raid the coasts; fleets crossing the sea face the weather."),
    ),
    "sea_merchant_fleet_on": (
        _("A coastal independent City has ships on a d6 of"),
        _("Rolled once when an invasion finds the City."),
    ),
    "sea_pirates_on": (
        _("Its ships are pirates on a d6 of"),
        _("Otherwise they are merchants."),
    ),
    "sea_raid_on": (
        _("Pirates raid an undefended Town on a d6 of"),
        _("A player's Town with no army on it, as they sail past."),
    ),
    "sea_engage_pirates": (
        _("Ships engage the pirates that reach them"),
        _("The players' standing order: their ships try to fight pirates in their hex."),
    ),
    "sea_patrol_ships": (
        _("Patrols have ships on the coast"),
        _("A patrol covering a coastal hex meets the pirates there with its ships."),
    ),
    "sea_stop_when_evaded": (
        _("Pirates that evade stop all the same"),
        _("After any attempt to engage them, pirates move no more that turn."),
    ),
    "sea_pirate_bonus": (
        _("Pirates' bonus in a naval battle"),
        _("Added to the pirates' score."),
    ),
    "sea_delta_losses": (
        _("Naval battle: losses from a difference of"),
        _("The loser's armies also lose points."),
    ),
    "sea_delta_sink_one": (
        _("Naval battle: a ship sunk from a difference of"),
        _("The loser loses one ship with its army."),
    ),
    "sea_delta_sink_all": (
        _("Naval battle: every ship sunk from a difference of"),
        _("The loser loses its whole fleet and every army aboard."),
    ),
    "sea_naval_losses": (
        _("Naval battle losses: a d6 times (points)"),
        _("What each army of the loser loses."),
    ),
    "sea_berths": (
        _("Ships a City berths in winter"),
        _("Pirates beyond them are lost."),
    ),
    "sea_crossing_weather": (
        _("Invasions across the sea face the weather"),
        _("Each crossing rolls the ocean weather."),
    ),
    "sea_storm_losses": (
        _("Storm losses: a d6 times (points)"),
        _("What each army aboard loses in a storm."),
    ),
    "sea_turn_back_on": (
        _("A becalmed fleet turns back on a d6 of"),
        _("One try at the start of each turn."),
    ),
    "sea_becalmed_lost": (
        _("Fleets still becalmed in winter are lost"),
        _("With every army aboard."),
    ),
    "sea_sails_move_on": (
        _("A fleet without sails makes port on a d6 of"),
        _("One try at the start of each turn."),
    ),
    "winter_turn": (
        _("Winter is turn number"),
        _("The winter turn of each year, when engines are built."),
    ),
    # Optional module: the wildlands' ruins, tombs, necropolis and undead horde
    "ruins_search_at_once": (
        _("Ruins: searched at once by their finder"),
        _("Otherwise an army must rest there to search them."),
    ),
    "ruins_search_resting": (
        _("Ruins and tombs: a resting army searches them"),
        _("An army that rests on one not yet searched."),
    ),
    "ruins_plague_points": (
        _("Plague rats: each army loses d6 × (points)"),
        _("Every army on the ruins' hex."),
    ),
    "ruins_monster_dice": (
        _("Monster's lair: the creature's size in d6s"),
        _("It fights the searching army at once."),
    ),
    "ruins_monster_pip_points": (
        _("Monster's lair: points a pip"),
        _("Multiplies the creature's dice."),
    ),
    "black_orb_use": (
        _("Black Orb: used once a year"),
        _("By the army of its player's general, at the year's first turn it can."),
    ),
    "black_orb_loss_points": (
        _("Black Orb: a possessed user's army loses d6 × (points)"),
        _("On a roll of 1."),
    ),
    "tomb_spring_cures_on": (
        _("Curse: a mystic spring lifts it on a d6 of"),
        _("Or more; otherwise it tries again next turn."),
    ),
    "spring_dead_cures_on": (
        _("Mystic spring: a dead hero lives again on a d6 of"),
        _("Or more; otherwise his army may bathe him again next turn."),
    ),
    "spring_dead_turns": (
        _("Mystic spring: a dead hero's body must reach it within (turns)"),
        _("Counted from his death; the army that carried him stands on the spring."),
    ),
    "spring_winter_turns": (
        _("Mystic spring: a winter turn counts as (turns)"),
        _("For a dead hero's journey to the spring."),
    ),
    "ruins_tomb_distance_dice": (
        _("Hidden tombs lie (d6s) hexes away"),
        _("Dice rolled for each tomb's distance."),
    ),
    "ruins_passage_hexes": (
        _("Secret passage: hexes travelled each turn"),
        _("An army resting at one end comes out at the other when its turns cover the length."),
    ),
    "tomb_curse_points": (
        _("Curse: the army loses d6 × (points) a turn"),
        _("At the start of each turn."),
    ),
    "tomb_curse_winter_lost": (
        _("Curse: a cursed army is lost at the winter"),
        _("Unless its capital lifted the curse first."),
    ),
    "tomb_rich_items": (
        _("Rich wizard's tomb: items of d6 × (points)"),
        _("Added to the army's points."),
    ),
    "tomb_rich_crowns_dice": (
        _("Rich wizard's tomb: crowns in d6s"),
        _("Paid into the kingdom's crowns."),
    ),
    "necropolis_search_resting": (
        _("Necropolis: a resting army searches it"),
        _("An army that rests on a necropolis."),
    ),
    "necropolis_search_bonus": (
        _("Necropolis: each earlier search adds"),
        _("To the army's search roll there."),
    ),
    "necropolis_map_steer": (
        _("Necropolis map: steer the result by 1"),
        _("Toward the best result, once the map is found."),
    ),
    "necropolis_thefts": (_("Necromancer's tomb: thefts tried"), _("Each theft risks waking him.")),
    "necropolis_hoard_keep": (
        _("Great hoard: keep extracting"),
        _("On the army's later searches there."),
    ),
    "necropolis_undead_reroll": (
        _("Necropolis: an Undead army searches again after a bad result"),
        _("Once, when the search finds worse than nothing; it keeps the second result."),
    ),
    "necropolis_undead_summon": (
        _("Necropolis: an Undead army resting there raises the dead"),
        _("Instead of searching; otherwise it searches."),
    ),
    "necropolis_summon_points": (
        _("Raising the dead: points per pip"),
        _("Of the dice the summoning table gives."),
    ),
    "necropolis_treasure_dice": (
        _("Fabulous treasure: crowns in d6s"),
        _("Carried home with the army."),
    ),
    "necropolis_hero_items": (
        _("Hero's tomb: each item d6 × (points)"),
        _("A magic weapon and a magic armour."),
    ),
    "necropolis_collapse_points": (
        _("Great collapse: the army loses d6 × (points)"),
        _("Part of the necropolis caves in."),
    ),
    "necropolis_rats_points": (
        _("Graveyard rats: each army loses d6 × (points)"),
        _("Every army on the necropolis."),
    ),
    "necropolis_cursed_points": (
        _("Cursed treasure: the army loses d10 × (points) a turn"),
        _("Until it leaves the necropolis."),
    ),
    "necropolis_item_points": (
        _("Necromancer's items: d6 × (points) each"),
        _("Added to the army's points."),
    ),
    "horde_dice": (_("Undead horde: size in d6s"), _("Each pip is worth the points below.")),
    "horde_pip_points": (_("Undead horde: points a pip"), _("Multiplies the horde's dice.")),
    "horde_town_points": (
        _("Undead horde: a sacked town adds d6 × (points)"),
        _("Its dead join the horde."),
    ),
    "horde_city_points": (
        _("Undead horde: a sacked city adds d6 × (points)"),
        _("Its dead join the horde."),
    ),
    # Optional module: wildlands, the sites of towers, mines and temples
    "spring_equinox_turn": (
        _("Spring equinox is turn number"),
        _("The turn of each year when the towers cast their spring spells."),
    ),
    "autumn_equinox_turn": (
        _("Autumn equinox is turn number"),
        _("The turn of each year when the towers cast their autumn spells."),
    ),
    "tower_roll_on_entry": (
        _("The army that finds a tower meets its wizard"),
        _("Otherwise it leaves him undisturbed."),
    ),
    "tower_joins_points": (_("Wizard joins the army: points per die"), _("Two dice are rolled.")),
    "tower_troops_points": (_("Wizard lends troops: points per die"), _("Two dice are rolled.")),
    "tower_item_points": (_("Wizard's magic item (points)"), _("Added to the army.")),
    "tower_spy_range": (_("Wizard's spies reach (hexes)"), _("From the tower.")),
    "tower_wizard_points": (_("Wizard lost in a duel: points per die"), _("One die is rolled.")),
    "tower_armies_have_wizards": (
        _("Every army has a wizard to answer a tower's challenge"),
        _("Otherwise the challenged wizard attacks the army."),
    ),
    "tower_banished_return": (
        _("A wizard banished in a duel comes back at winter"),
        _("With his points; otherwise they are lost."),
    ),
    "tower_attack_points": (_("Tower's army: points per die"), _("Four dice are rolled.")),
    "tower_loot_arms": (
        _("Sacked tower, weapons and armour: points per die"),
        _("One die for each."),
    ),
    "tower_loot_lore": (
        _("Sacked tower, banners and scrolls: points per die"),
        _("One die for each."),
    ),
    "spell_range": (_("Break Siege and Shrouding Mist reach (hexes)"), _("From the tower.")),
    "spell_abundance": (
        _("Abundance (spring)"),
        _("Crowns to the target's owner at the next winter; below 0, crowns lost."),
    ),
    "spell_chaos_void": (
        _("Chaos Void (spring)"),
        _("Points for each army on the target hex; below 0, points lost."),
    ),
    "spell_hold_river": (
        _("Hold River (spring)"),
        _("Points for each army on the target hex; below 0, points lost."),
    ),
    "spell_magical_protection": (
        _("Magical Protection (spring)"),
        _("Points for each army on the target hex; below 0, points lost."),
    ),
    "spell_portents_of_power": (
        _("Portents of Power (spring)"),
        _("Crowns to the target's owner at the next winter; below 0, crowns lost."),
    ),
    "spell_quake": (_("Quake (spring)"), _("1: the target hex is ravaged; 0: nothing.")),
    "spell_raise_dead": (
        _("Raise Dead (spring)"),
        _("Points for each army on the target hex; below 0, points lost."),
    ),
    "spell_rot": (
        _("Rot (spring)"),
        _("Crowns to the target's owner at the next winter; below 0, crowns lost."),
    ),
    "spell_scrye": (
        _("Scrye (spring)"),
        _("Crowns to the target's owner at the next winter; below 0, crowns lost."),
    ),
    "spell_storm": (
        _("Storm (spring)"),
        _("Points for each army on the target hex; below 0, points lost."),
    ),
    "spell_summon_host": (
        _("Summon Host (spring)"),
        _("Points for the target owner's nearest army; below 0, points lost."),
    ),
    "spell_withershins": (
        _("Withershins (spring)"),
        _("Points for each army on the target hex; below 0, points lost."),
    ),
    "spell_blight_crop": (
        _("Blight Crop (autumn)"),
        _("Crowns to the target's owner at the next winter; below 0, crowns lost."),
    ),
    "spell_deluge": (
        _("Deluge (autumn)"),
        _("Points for each army on the target hex; below 0, points lost."),
    ),
    "spell_trail_of_howling_doom": (
        _("Trail of Howling Doom (autumn)"),
        _("Points for each army on the target hex; below 0, points lost."),
    ),
    "spell_forge_magic": (
        _("Forge Magic (autumn)"),
        _("Points for the target owner's nearest army; below 0, points lost."),
    ),
    "spell_inundation_of_blood": (
        _("Inundation of Blood (autumn)"),
        _("Points for each army on the target hex; below 0, points lost."),
    ),
    "spell_bumper_crop": (
        _("Bumper Crop (autumn)"),
        _("Crowns to the target's owner at the next winter; below 0, crowns lost."),
    ),
    "spell_prosper": (
        _("Prosper (autumn)"),
        _("Crowns to the target's owner at the next winter; below 0, crowns lost."),
    ),
    "spell_reign_of_madness": (
        _("Reign of Madness (autumn)"),
        _("Points for each army on the target hex; below 0, points lost."),
    ),
    "spell_call_of_heroes": (
        _("Call of Heroes (autumn)"),
        _("Points for the target owner's nearest army; below 0, points lost."),
    ),
    "spell_break_siege": (
        _("Break Siege (autumn)"),
        _("Points for each army besieging the siege it strikes; below 0, points lost."),
    ),
    "spell_shrouding_mist": (
        _("Shrouding Mist (autumn)"),
        _("Points for the army nearest the tower; below 0, points lost."),
    ),
    "spell_tornado_of_peril": (
        _("Tornado of Peril (autumn)"),
        _("1: the target hex is ravaged; 0: nothing."),
    ),
    "mine_base_crowns": (
        _("Base metals mine: crowns a year"),
        _("Paid in the winter phase to the hex's owner."),
    ),
    "mine_precious_crowns": (
        _("Precious metals mine: crowns a year"),
        _("Paid in the winter phase to the hex's owner."),
    ),
    "mine_collapse_points": (_("Mine collapse: points lost per die"), _("One die is rolled.")),
    "mine_forge_points": (
        _("Meteoric steel or warpstone item: points per die"),
        _("One die each winter."),
    ),
    "mine_trolls_points": (_("Cave trolls recruited: points per die"), _("One die is rolled.")),
    "mine_dwarf_reroll": (_("Dwarfs re-roll a worked-out mine"), _("Once for each mine found.")),
    "temple_build_crowns": (
        _("A temple's price (crowns)"),
        _("Paid when it is ordered in the winter turn; it stands from the winter phase."),
    ),
    "temple_high_elves_city_crowns": (
        _("A High Elf temple beside a City (crowns)"),
        _("Its price in place of the usual one."),
    ),
    "temple_sack_crowns_dice": (
        _("A sacked temple's relics (dice of crowns)"),
        _("Paid at the next winter phase."),
    ),
    "temple_bretonnians_points": (
        _("Bretonnian temple: knights per die"),
        _("One die each campaign season; they leave at winter."),
    ),
    "temple_empire_points": (
        _("Empire temple: troops per die"),
        _("One die each campaign season."),
    ),
    "temple_orcs_goblins_points": (
        _("Orc totem: troops per die"),
        _("Two dice each campaign season."),
    ),
    "temple_chaos_points": (
        _("Chaos temple: creatures per die"),
        _("One die each campaign season."),
    ),
    "temple_dwarfs_points": (_("Dwarf temple: magic items per die"), _("One die each winter.")),
    "temple_dark_elves_points": (_("Dark Elf shrine: troops per die"), _("One die each year.")),
    "temple_wood_elves_points": (
        _("Wood Elf temple: troops per die"),
        _("One die each campaign season."),
    ),
    "temple_skaven_points": (
        _("Skaven temple: troops per die"),
        _("Two dice each campaign season."),
    ),
    # Optional module: new tiles and navigation hazards
    "new_tiles": (
        _("New tiles and navigation hazards"),
        _("Deltas, chasms, islands, faults, volcanoes and more on the map, each with its rules."),
    ),
    "delta_column": (_("A delta explores as"), _("The exploration column a delta rolls on.")),
    "chasm_column": (_("A chasm explores as"), _("The exploration column a chasm rolls on.")),
    "rocky_promontory_column": (
        _("A rocky promontory explores as"),
        _("The exploration column a rocky promontory rolls on."),
    ),
    "coastal_island_column": (
        _("A coastal island explores as"),
        _("The exploration column a coastal island rolls on."),
    ),
    "rocky_coast_column": (
        _("A rocky coast explores as"),
        _("The exploration column a rocky coast rolls on."),
    ),
    "fault_column": (_("A fault explores as"), _("The exploration column a fault rolls on.")),
    "volcano_column": (
        _("A volcano explores as"),
        _("The exploration column a volcano rolls on."),
    ),
    "plateau_column": (
        _("A plateau explores as"),
        _("The exploration column a plateau rolls on."),
    ),
    "delta_city_rerolls": (
        _("Re-rolls of a City found on a delta"),
        _("A delta holds no City: the result is rolled again at most this many times."),
    ),
    "delta_crowns": (
        _("A settlement on a delta pays yearly (crowns)"),
        _("Paid to its owner in the winter phase, while the kingdoms keep crowns."),
    ),
    "chasm_toll": (
        _("A bridged chasm's toll, yearly (crowns)"),
        _("Paid to its owner in the winter phase, while the kingdoms keep crowns."),
    ),
    "chasm_accident_on": (
        _("Chasm crossing: an accident on a die of at most"),
        _("Rolled by every army invading a chasm without a bridge; 0 for never."),
    ),
    "chasm_accident_loss": (
        _("Chasm accident: points lost per pip"),
        _("An accident costs the army a die times this."),
    ),
    "chasm_bridge_spares_roll": (
        _("A bridge spares the chasm crossing roll"),
        _("Armies cross a chasm with a bridge without rolling."),
    ),
    "chasm_city_bridge_on": (
        _("A City on a chasm has a bridge on a die of"),
        _("Rolled once, when the City is found."),
    ),
    "tile_modifiers_burden_attacker": (
        _("The tiles' battle modifiers go on"),
        _("The side whose strategy roll a chasm, an island or a plateau changes."),
    ),
    "chasm_strategy": (
        _("Battle on a chasm: the modifier"),
        _("Added to the strategy roll of the side it burdens."),
    ),
    "coastal_island_strategy": (
        _("Battle on a coastal island: the modifier"),
        _("Added to the strategy roll of the side it burdens."),
    ),
    "plateau_strategy": (
        _("Battle on a plateau: the modifier"),
        _("Added to the strategy roll of the side it burdens."),
    ),
    "fault_rift": (
        _("A fault's rift runs"),
        _("0 west to east; 1 or 2 turned a sixth of a turn clockwise each. No army crosses it."),
    ),
    "fault_quake_on": (
        _("A fault quakes each winter on a die of at most"),
        _("An earthquake sacks the hex and destroys the armies there."),
    ),
    "fault_spread_on": (
        _("An earthquake spreads to a neighbour on a die of at most"),
        _("Rolled for each land hex around the fault."),
    ),
    "volcano_erupts_on": (
        _("A volcano erupts each winter on a die of at most"),
        _("An eruption and its lava destroy everything they reach."),
    ),
    "hazard_loss": (
        _("Navigation hazard: points lost per pip"),
        _("Running aground or losing men overboard costs each army a die times this."),
    ),
    "aground_refloats_on": (
        _("An army aground gets off on a die of"),
        _("Rolled at the start of each later turn."),
    ),
    "aground_lost_in_winter": (
        _("An army still aground at winter is lost"),
        _("It goes down with its fleet in the winter phase."),
    ),
    # Optional module: peoples, races and diplomacy
    "peoples": (
        _("Peoples, races and diplomacy"),
        _("Kingdoms and settlements have a race, which sets their diplomacy and armies' rules."),
    ),
    "peoples_good_on": (
        _("A settlement found is good on a d6 of at most"),
        _("Else it is evil; then its race is rolled on that alignment's table."),
    ),
    "peoples_diplomacy_limit": (
        _("The races' diplomacy modifier at most (plus or minus)"),
        _("The matrix's bonus or malus on a diplomacy or pacify roll is held within it."),
    ),
    "peoples_empire_bonus": (
        _("Empire armies against walls: battle bonus"),
        _("Added to their roll when they attack a fortified hex."),
    ),
    "peoples_empire_always": (
        _("When the Empire's bonus counts"),
        _("Only against walls, as the supplement's flavour says, or in every attack."),
    ),
    "peoples_bretonnian_malus": (
        _("Attacking fortified Bretonnians: battle malus"),
        _("Taken off the roll of whoever attacks them behind walls."),
    ),
    "peoples_starvation_days": (
        _("Each point of a race's siege hardiness: days of food"),
        _("More food for Dwarfs besieged, less against Chaos besiegers."),
    ),
    "peoples_advanced_diplomacy": (
        _("Advanced diplomacy"),
        _("Pacifying a settlement is a mission on the supplement's advanced diplomacy table."),
    ),
    "peoples_advdip_bonus": (
        _("A well disposed settlement: bonus on the next mission"),
        _("Once, on that kingdom's next mission there."),
    ),
    "peoples_repopulate": (
        _("A conqueror of a settlement of his own alignment"),
        _("Across the alignment line he always settles his own people."),
    ),
    # Optional module: bridges (the works module)
    "works": (_("Bridges"), _("Kingdoms may build bridges over their rivers with crowns.")),
    "bridge_headwater_crowns": (
        _("A bridge near the river's source costs (crowns)"),
        _("Narrow water, close to where the river rises."),
    ),
    "bridge_headwater_hexes": (
        _("Near the source: the river's first (hexes)"),
        _("Counted along the river from its source."),
    ),
    "bridge_downstream_crowns": (
        _("A bridge further downstream costs (crowns)"),
        _("Where the river is wider."),
    ),
    "bridge_chasm_crowns": (
        _("A bridge over a chasm costs (crowns)"),
        _("Where the campaign's map has chasms."),
    ),
    "timber_per_forest": (
        _("Bridges a winter for each Forest hex held"),
        _("The timber limit on building."),
    ),
}

TABLE_WORDS: dict[str, tuple[Promise, Promise]] = {
    "table-3": (
        _("Risks of looting and razing"),
        _("What the risk roll brings after a loot or a raze."),
    ),
    "table-6-entitlements": (
        _("What each feature entitles the kingdom to"),
        _("Heroes, special and rare units, magic items, per feature."),
    ),
    "table-7-fields": (_("Exploring fields"), _("What a player finds in a fields hex.")),
    "table-7-river": (_("Exploring a river"), _("What a player finds in a river hex.")),
    "table-7-forest": (_("Exploring a forest"), _("What a player finds in a forest hex.")),
    "table-7-swamp": (_("Exploring a swamp"), _("What a player finds in a swamp hex.")),
    "table-7-mountain": (_("Exploring a mountain"), _("What a player finds in a mountain hex.")),
    "minor-feature-check": (_("Is there a minor feature?"), _("Rolled for each explored hex.")),
    "table-17": (_("Minor features"), _("Which minor feature the hex has.")),
    "defender-feature": (
        _("Defenders of a feature (points)"),
        _("The neutral army holding a major feature."),
    ),
    "defender-mega-feature": (
        _("Defenders of a mega-feature (points)"),
        _("The neutral army holding a mega-feature."),
    ),
    "table-8": (_("Scouting results"), _("What a scout learns of the target hex.")),
    "diplomacy-incite": (_("Diplomacy: incite"), _("Whether inciting a neutral kingdom succeeds.")),
    "diplomacy-incite-allied": (
        _("Diplomacy: incite your ally"),
        _("Whether inciting an allied neutral kingdom succeeds."),
    ),
    "diplomacy-ally": (
        _("Diplomacy: ally"),
        _("Whether an alliance with a neutral kingdom succeeds."),
    ),
    "diplomacy-deactivate": (
        _("Diplomacy: deactivate"),
        _("Whether calming a neutral kingdom succeeds."),
    ),
    "table-11": (_("Pacifying neutrals"), _("What pacifying a neutral hex brings.")),
    "neutral-strategy": (
        _("Neutral armies' strategy"),
        _("The strategy a neutral army picks in battle."),
    ),
    "table-25": (
        _("Battle outcome"),
        _("The result of a battle, by the difference of the strategy rolls."),
    ),
    "table-13": (_("Character recovery"), _("What becomes of a character who fell.")),
    "table-14": (_("Injuries"), _("What an injured character suffers.")),
    "table-18": (_("Advancement"), _("Which skill list an advance rolls on.")),
    "table-19": (_("Fighting skills"), _("The skill a fighting advance gives.")),
    "table-20": (_("Shooting skills"), _("The skill a shooting advance gives.")),
    "table-21": (_("Command skills"), _("The skill a command advance gives.")),
    "table-22": (_("Magic skills"), _("The skill a magic advance gives.")),
    "table-26": (_("Tabletop terrain: river"), _("The terrain pieces of a river battle.")),
    "table-27": (_("Tabletop terrain: mountain"), _("The terrain pieces of a mountain battle.")),
    "table-28": (_("Tabletop terrain: swamp"), _("The terrain pieces of a swamp battle.")),
    "table-29": (_("Tabletop terrain: forest"), _("The terrain pieces of a forest battle.")),
    "table-30": (_("Tabletop terrain: fields"), _("The terrain pieces of a fields battle.")),
    "table-31": (_("Random events by roll"), _("Which event strikes a kingdom.")),
    "t-pirate-move": (_("Pirate movement"), _("Where each pirate sails at the start of a turn.")),
    "t-weather": (_("Ocean weather"), _("What a fleet crossing the sea meets.")),
    "t-storm": (_("Storm effects"), _("What a storm does to a fleet.")),
    "t-wild-plain": (_("Wildlands: plain"), _("What examining a barren plain finds.")),
    "t-wild-coast": (_("Wildlands: coast"), _("What examining a barren coast finds.")),
    "t-wild-river": (_("Wildlands: river"), _("What examining a barren river valley finds.")),
    "t-wild-mountain": (_("Wildlands: mountain"), _("What examining a barren mountain finds.")),
    "t-cult": (_("Cultists"), _("Whether the sect found is hostile or loyal.")),
    "t-bandit": (_("Bandits"), _("What the bandits do to an army entering their hex.")),
    "t-monster": (_("Monsters"), _("Which monstrous creatures the bandits turn out to be.")),
    "t-lair": (_("Creatures of a sea lair"), _("What they do to a fleet crossing their waters.")),
    "t-raider": (_("Northern raiders"), _("Whether the raiders attack or are repelled.")),
    "siege-events": (_("Siege events"), _("What happens on a siege day.")),
    "t-advdip": (
        _("Advanced diplomacy by roll"),
        _("What a settlement makes of a kingdom's envoys, from 0 to 7."),
    ),
    "t-race-good": (_("Races of good settlements"), _("Which good race a d6 gives.")),
    "t-race-evil": (_("Races of evil settlements"), _("Which evil race a d6 gives.")),
    **{
        matrix_key(race): (
            format_lazy(_("Envoys of the {race}"), race=RACE_NAMES[race]),
            _(
                "The modifier against each race, in the supplement's order from Bretonnians "
                "to Undead; no: no diplomacy at all."
            ),
        )
        for race in Race
    },
    "siege-provisions": (
        _("Provisions by garrison size"),
        _("How the garrison's size changes its food."),
    ),
    "siege-bombard-p-1": (
        _("Bombarding a double wall with 1 point"),
        _("What one bombardment does."),
    ),
    "siege-bombard-p-3": (
        _("Bombarding a double wall with 3 points"),
        _("What one bombardment does."),
    ),
    "siege-bombard-p-6": (
        _("Bombarding a double wall with 6 points"),
        _("What one bombardment does."),
    ),
    "siege-bombard-p-9": (
        _("Bombarding a double wall with 9 points"),
        _("What one bombardment does."),
    ),
    "siege-bombard-p-12": (
        _("Bombarding a double wall with 12 points or more"),
        _("What one bombardment does."),
    ),
    "siege-bombard-s-1": (
        _("Bombarding a single wall with 1 point"),
        _("What one bombardment does."),
    ),
    "siege-bombard-s-3": (
        _("Bombarding a single wall with 3 points"),
        _("What one bombardment does."),
    ),
    "siege-bombard-s-6": (
        _("Bombarding a single wall with 6 points"),
        _("What one bombardment does."),
    ),
    "siege-bombard-s-9": (
        _("Bombarding a single wall with 9 points"),
        _("What one bombardment does."),
    ),
    "siege-bombard-s-12": (
        _("Bombarding a single wall with 12 points or more"),
        _("What one bombardment does."),
    ),
    "t-ruin": (_("Searching ruins"), _("What an army finds in ruins.")),
    "t-discovery": (_("A great discovery"), _("What the ruins hide.")),
    "t-tomb": (_("Searching a tomb"), _("What an army finds in a tomb.")),
    "t-tomb-wizard": (_("A wizard's tomb"), _("The magic items it holds.")),
    "t-orb": (_("Using the Black Orb"), _("What the Orb shows its user.")),
    "t-necro": (_("Searching a necropolis"), _("What a search finds, by the modified roll.")),
    "t-necro-item": (_("A theft in the Necromancer's tomb"), _("The item taken, or his waking.")),
    "t-necro-summon": (
        _("Undead raising the dead"),
        _("How many dice of undead join the army."),
    ),
    "t-wizard": (
        _("A tower wizard's reaction"),
        _("What the wizard does to an army at his tower."),
    ),
    "t-duel": (_("A tower wizard's duel"), _("How the duel with the tower's wizard ends.")),
    "t-eqx": (_("A tower at the equinox"), _("Whether the tower casts a spell.")),
    "t-spell-spring": (_("Spring equinox spells"), _("Which spell a tower casts in spring.")),
    "t-spell-autumn": (_("Autumn equinox spells"), _("Which spell a tower casts in autumn.")),
    "t-expspell": (
        _("Experimental spells"),
        _(
            'What an experimental spell does; a row written "announce: " and your own '
            "words tells them to the target's owner."
        ),
    ),
    "t-mine": (_("A mine's worth"), _("What a mine found holds.")),
    "t-mine-rare": (_("Rare mines"), _("What a mine of rare minerals holds.")),
    "t-mine-exh": (_("Worked-out mines"), _("What lies in a worked-out mine.")),
    "t-navhaz": (
        _("Navigation hazards"),
        _("What befalls a fleet passing a rocky promontory or sandbanks."),
    ),
}

# Each block of the rules page: its plain title and the rule it comes from
BLOCK_WORDS: dict[str, tuple[Promise, str]] = {
    blocks.TABLE_1: (_("Score"), "Table 1"),
    blocks.TABLE_3: (_("Risks of looting and razing"), "Table 3"),
    blocks.TABLE_4: (_("Power from looting and razing"), "Table 4"),
    blocks.TABLE_5: (_("Army orders"), "Table 5"),
    blocks.TABLE_6: (_("Army support and major features"), "Table 6"),
    blocks.TABLE_7: (_("Exploration"), "Table 7"),
    blocks.NEUTRAL_ARMIES: (_("Neutral armies"), "A-1.5"),
    blocks.TABLE_8: (_("Scouting"), "Table 8"),
    blocks.TABLE_9: (_("Income"), "Table 9"),
    blocks.TABLE_10: (_("Spending power"), "Table 10"),
    blocks.ARMY_SIZE: (_("Army size"), "E-14"),
    blocks.DIPLOMACY: (_("Diplomacy"), "§5.6"),
    blocks.TABLE_11: (_("Pacifying neutrals"), "Table 11"),
    blocks.NEUTRAL_KINGDOMS: (_("Neutral kingdoms"), "A-1.4"),
    blocks.TABLE_12: (_("Unit recovery"), "Table 12"),
    blocks.TABLE_13: (_("Character recovery"), "Table 13"),
    blocks.TABLE_14: (_("Injury"), "Table 14"),
    blocks.TABLE_15: (_("Experience"), "Table 15"),
    blocks.TABLE_16: (_("Generalship"), "Table 16"),
    blocks.TABLE_18: (_("Advancement and skills"), "Table 18"),
    blocks.TABLE_17: (_("Minor terrain features"), "Table 17"),
    blocks.TABLE_23: (_("Strategy roll modifiers"), "Table 23"),
    blocks.TABLE_24: (_("Battle strategy"), "Table 24"),
    blocks.TABLE_25: (_("Battle outcome"), "Table 25"),
    blocks.TROOP_LOSSES: (_("Troop losses"), "§5.7"),
    blocks.FALLEN: (_("Fallen characters"), "§5.7"),
    blocks.TABLETOP: (_("Tabletop battles"), "P-C5"),
    blocks.AGREEMENTS: (_("Player agreements"), "Q23"),
    blocks.TURNS: (_("Turns"), "A-2"),
    blocks.ENDING: (_("End of the campaign"), "A-3"),
    blocks.TABLE_31: (_("Random events"), "Table 31"),
    blocks.BEAST: (_("The Beast awakes"), "App G"),
    blocks.SIEGES: (_("Sieges"), "E-37"),
    blocks.SIEGE_TRAINS: (_("Siege trains"), "NR-SIEGE"),
    blocks.THE_SEA: (_("Pirates and the open sea"), "NR-PIRATE"),
    blocks.WILDLANDS: (_("Wildlands"), "NR-WILD-2"),
    blocks.NEW_TILES: (_("New tiles and navigation hazards"), "NR-NAV"),
    blocks.PEOPLES: (_("Peoples, races and diplomacy"), "NR-RACE"),
    blocks.WORKS: (_("Bridges"), "NR-BRIDGE"),
}


def option_words(name: str) -> Words:
    """An option's label and help; the rules' own English label when the catalog lacks it."""
    if name in OPTION_WORDS:
        return Words(*OPTION_WORDS[name])
    return Words(OPTIONS[name].metadata["label"])


def table_words(key: str) -> Words:
    if key in TABLE_WORDS:
        return Words(*TABLE_WORDS[key])
    return Words(TABLES[key].default.title)


def block_words(block: str) -> tuple[str | Promise, str]:
    """A block's plain title and its rule ID."""
    return BLOCK_WORDS.get(block, (block, ""))


# Options whose values name two ways of playing rather than a rule on or off: the GM
# picks one of them (radio buttons), each value in words
# E-34: the exploration column a new tile rolls on (rules.tiles.options, 1 to 5)
_COLUMNS = tuple(
    (number, engine_words.label(engine_words.TERRAINS, terrain.value))
    for number, terrain in enumerate(TABLE_7_COLUMNS, start=1)
)
CHOICES: dict[str, tuple[tuple[int, Promise], ...]] = {
    "end_roll_at_announced_turn": (
        (1, _("at the announced turn")),
        (0, _("from the turn after it")),
    ),
    **{f"{tile}_column": _COLUMNS for tile in TILE_COLUMNS},
    "tile_modifiers_burden_attacker": ((1, _("the attacker")), (0, _("the defender"))),
    "peoples_empire_always": (
        (0, _("only attacking a fortified hex")),
        (1, _("in every battle it attacks")),
    ),
    "peoples_repopulate": (
        (0, _("keeps its people")),
        (1, _("settles his own people")),
    ),
}


def is_switch(name: str) -> bool:
    """An option that is on or off: its range is 0 to 1 and its values have no names."""
    return OPTIONS[name].metadata["range"] == (0, 1) and name not in CHOICES


def value_words(name: str, value: int) -> str:
    """An option's value as a reader reads it: its name for a choice, on/off for a switch,
    else the number with the reader's digit grouping (3,500; 3.500)."""
    if name in CHOICES:
        return str(dict(CHOICES[name]).get(value, value))
    if is_switch(name):
        return gettext("on") if value else gettext("off")
    return number_format(value, force_grouping=True)


def changes(before: Ruleset, after: Ruleset) -> list[dict]:
    """Each change of a GM's edit as data, which any reader's language can tell:
    {"option": name, "before": value, "after": value} or {"table": key}."""
    options = [
        {"option": name, "before": getattr(before, name), "after": getattr(after, name)}
        for name in OPTIONS
        if getattr(before, name) != getattr(after, name)
    ]
    tables = [{"table": key} for key in TABLES if table(before, key) != table(after, key)]
    return options + tables


def change_line(change: dict | str) -> str:
    """One change in plain words, "Army size cap (points): 3,500 → 4,000", in the active
    language. An older announcement kept its words (a str): they read as written; an
    option or table the rules no longer know reads by its key."""
    if isinstance(change, str):
        return change
    if "table" in change:
        key = change["table"]
        label = table_words(key).label if key in TABLES else key
        return gettext("%(label)s: table changed") % {"label": label}
    name = change["option"]
    known = name in OPTIONS
    before, after = (
        value_words(name, change[side]) if known else str(change[side])
        for side in ("before", "after")
    )
    return gettext("%(label)s: %(before)s → %(after)s") % {
        "label": option_words(name).label if known else name,
        "before": before,
        "after": after,
    }


@dataclass(frozen=True)
class ModuleWords:
    option: str  # the ruleset option that switches the module on
    label: str | Promise
    help: str | Promise
    rule: str


def module_words() -> list[ModuleWords]:
    """Every optional module (rules.modules), by its switch's plain words: the set-up
    wizard offers them as the same switches as the rules page."""
    return [
        ModuleWords(
            option,
            option_words(option).label,
            option_words(option).help,
            OPTIONS[option].metadata["rule"],
        )
        for option in modules.switches()
    ]


def refusal_words(problem: RulesetError) -> str:
    """Why the rules refuse a GM's edit, in his language: a band out of order, shown by
    its field, names the option it may not fall below in plain words; any other reason is
    the rules' own sentence."""
    if not problem.below:
        return problem.message
    words = (
        gettext("Must be more than “%(other)s”, which is %(limit)s.")
        if problem.strictly
        else gettext("Must be at least “%(other)s”, which is %(limit)s.")
    )
    return words % {
        "other": option_words(problem.below).label,
        "limit": value_words(problem.below, problem.limit),
    }
