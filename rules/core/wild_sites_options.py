"""The numbers of the wildlands' magic towers, equinox spells, mines and temples
(new-rules.md §5; rules.modules.wildlands.towers, .mines, .temples) as ruleset
options, inherited by ``rules.core.state.Ruleset``. They live in rules.core, not in the
wildlands package, because rules.modules imports rules.core.state (a mixin there would
import itself in a circle). docs/design/supplement.md says how each is read.

A spell's option is the size of its effect (BASE-21: the supplement names the spells and
leaves their effects to the base game); the kind of effect is the engine's reading
(rules.modules.wildlands.towers.SPELLS). A negative value is a loss.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.table_options import WILDLANDS, option


def _spell(default: int, name: str, effect: str):
    return option(default, f"{name}: {effect}", "NR-EQX-3 BASE-21", -3000, 3000, WILDLANDS)


CROWNS = "crowns to the target's owner at the next winter"
ON_HEX = "points to each army on the target hex"
TO_OWNER = "points to the target owner's army nearest it"
RAVAGE = "1 ravages the target hex"


@dataclass(frozen=True)
class WildSitesOptions:
    # --- the magic tower (NR-TOWER, T-WIZARD, T-DUEL) ----------------------------------
    tower_roll_on_entry: int = option(
        1, "An army that finds a tower rolls T-WIZARD at once (1 yes, 0 no)", "NR-TOWER-1 AMB-49",
        0, 1, WILDLANDS,
    )  # fmt: skip
    tower_joins_points: int = option(
        100, "T-WIZARD 2: the wizard joins, 2d6 times (points)", "T-WIZARD", 0, 1000, WILDLANDS
    )
    tower_troops_points: int = option(
        50, "T-WIZARD 3–4: troops lent, 2d6 times (points)", "T-WIZARD", 0, 1000, WILDLANDS
    )
    tower_item_points: int = option(
        100, "T-WIZARD 5–6: the magic item (points)", "T-WIZARD", 0, 1000, WILDLANDS
    )
    tower_spy_range: int = option(
        12, "T-WIZARD 8: his spies reach (hexes)", "T-WIZARD", 0, 50, WILDLANDS
    )
    tower_wizard_points: int = option(
        100, "Your wizard lost in a duel, d6 times (points)", "NR-TOWER-5 AMB-15", 0, 1000,
        WILDLANDS,
    )  # fmt: skip
    tower_armies_have_wizards: int = option(
        1, "Every army has a wizard to answer a challenge (1 yes, 0 the wizard attacks)",
        "NR-TOWER-4 AMB-15", 0, 1, WILDLANDS,
    )  # fmt: skip
    tower_banished_return: int = option(
        1, "A banished wizard's points come back at the winter (1 yes, 0 no)",
        "NR-TOWER-5 AMB-15", 0, 1, WILDLANDS,
    )  # fmt: skip
    tower_attack_points: int = option(
        100, "The tower's army, 4d6 times (points)", "NR-TOWER-6 AMB-16", 0, 1000, WILDLANDS
    )
    tower_loot_arms: int = option(
        20, "Sack: magic weapons and armour, d6 times each (points)", "NR-TOWER-7", 0, 500,
        WILDLANDS,
    )  # fmt: skip
    tower_loot_lore: int = option(
        25, "Sack: banners, instruments, scrolls and rings, d6 times each (points)", "NR-TOWER-7",
        0, 500, WILDLANDS,
    )  # fmt: skip
    # --- the equinox spells (NR-EQX, T-SPELL, T-EXPSPELL) ------------------------------
    spell_range: int = option(
        12, "Break Siege and Shrouding Mist reach (hexes)", "NR-EQX-8 NR-EQX-9", 0, 50, WILDLANDS
    )
    spell_abundance: int = _spell(2, "Abundance", CROWNS)
    spell_chaos_void: int = _spell(-100, "Chaos Void", ON_HEX)
    spell_hold_river: int = _spell(-50, "Hold River", ON_HEX)
    spell_magical_protection: int = _spell(100, "Magical Protection", ON_HEX)
    spell_portents_of_power: int = _spell(1, "Portents of Power", CROWNS)
    spell_quake: int = _spell(1, "Quake", RAVAGE)
    spell_raise_dead: int = _spell(-100, "Raise Dead", ON_HEX)
    spell_rot: int = _spell(-1, "Rot", CROWNS)
    spell_scrye: int = _spell(0, "Scrye", CROWNS)
    spell_storm: int = _spell(-100, "Storm", ON_HEX)
    spell_summon_host: int = _spell(200, "Summon Host", TO_OWNER)
    spell_withershins: int = _spell(-50, "Withershins", ON_HEX)
    spell_blight_crop: int = _spell(-2, "Blight Crop", CROWNS)
    spell_deluge: int = _spell(-100, "Deluge", ON_HEX)
    spell_trail_of_howling_doom: int = _spell(-200, "Trail of Howling Doom", ON_HEX)
    spell_forge_magic: int = _spell(100, "Forge Magic", TO_OWNER)
    spell_inundation_of_blood: int = _spell(-100, "Inundation of Blood", ON_HEX)
    spell_bumper_crop: int = _spell(2, "Bumper Crop", CROWNS)
    spell_prosper: int = _spell(1, "Prosper", CROWNS)
    spell_reign_of_madness: int = _spell(-100, "Reign of Madness", ON_HEX)
    spell_call_of_heroes: int = _spell(200, "Call of Heroes", TO_OWNER)
    spell_break_siege: int = _spell(-100, "Break Siege", "points to each besieging army")
    spell_shrouding_mist: int = _spell(-50, "Shrouding Mist", "points to the army it reaches")
    spell_tornado_of_peril: int = _spell(1, "Tornado of Peril", RAVAGE)
    # --- mines (NR-MINE, T-MINE, T-MINE-RARE, T-MINE-EXH) ------------------------------
    mine_base_crowns: int = option(
        2, "Base metals: crowns a year", "T-MINE NR-MINE-5", 0, 50, WILDLANDS
    )
    mine_precious_crowns: int = option(
        3, "Precious metals: crowns a year", "T-MINE NR-MINE-5", 0, 50, WILDLANDS
    )
    mine_collapse_points: int = option(
        10, "A collapse: the army loses d6 times (points)", "T-MINE-RARE T-MINE-EXH", 0, 500,
        WILDLANDS,
    )  # fmt: skip
    mine_forge_points: int = option(
        20, "Meteoric steel or warpstone: an item each winter, d6 times (points)", "T-MINE-RARE",
        0, 500, WILDLANDS,
    )  # fmt: skip
    mine_trolls_points: int = option(
        100, "Cave trolls: troops recruited, d6 times (points)", "T-MINE-EXH", 0, 1000,
        WILDLANDS,
    )  # fmt: skip
    mine_dwarf_reroll: int = option(
        1, "A Dwarf kingdom re-rolls a worked-out mine or a collapse once (1 yes, 0 no)",
        "NR-MINE-3 AMB-21", 0, 1, WILDLANDS,
    )  # fmt: skip
    # --- temples (NR-TEMPLE, T-TEMPLE-RACE): d6 times these points -----------------------
    temple_build_crowns: int = option(
        10, "A temple built in the winter turn costs (crowns)", "NR-TEMPLE-1", 0, 100, WILDLANDS
    )
    temple_high_elves_city_crowns: int = option(
        5, "A High Elf temple on a City's hex costs (crowns)", "T-TEMPLE-RACE", 0, 100,
        WILDLANDS,
    )  # fmt: skip
    temple_sack_crowns_dice: int = option(
        2, "A temple sacked yields this many d6 (crowns)", "NR-TEMPLE-3", 0, 10, WILDLANDS
    )
    temple_bretonnians_points: int = option(
        100, "Bretonnia: knights each season, d6 times (points)", "T-TEMPLE-RACE", 0, 1000,
        WILDLANDS,
    )  # fmt: skip
    temple_empire_points: int = option(
        100, "Empire: troops each season, d6 times (points)", "T-TEMPLE-RACE", 0, 1000,
        WILDLANDS,
    )  # fmt: skip
    temple_orcs_goblins_points: int = option(
        200, "Orcs & Goblins: troops each season, 2d6 times (points)", "T-TEMPLE-RACE", 0, 1000,
        WILDLANDS,
    )  # fmt: skip
    temple_chaos_points: int = option(
        100, "Chaos: creatures each season, d6 times (points)", "T-TEMPLE-RACE", 0, 1000,
        WILDLANDS,
    )  # fmt: skip
    temple_dwarfs_points: int = option(
        25, "Dwarfs: magic items each winter, d6 times (points)", "T-TEMPLE-RACE", 0, 1000,
        WILDLANDS,
    )  # fmt: skip
    temple_dark_elves_points: int = option(
        100, "Dark Elves: troops each year, d6 times (points)", "T-TEMPLE-RACE AMB-20", 0, 1000,
        WILDLANDS,
    )  # fmt: skip
    temple_wood_elves_points: int = option(
        100, "Wood Elves: troops each season, d6 times (points)", "T-TEMPLE-RACE", 0, 1000,
        WILDLANDS,
    )  # fmt: skip
    temple_skaven_points: int = option(
        100, "Skaven: warlocks and troops each season, 2d6 times (points)", "T-TEMPLE-RACE", 0,
        1000, WILDLANDS,
    )  # fmt: skip
