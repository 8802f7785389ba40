"""The wildland sites that stay and pay (new-rules.md §5: NR-TRADE, NR-LORNALIM,
NR-CRYSTAL, NR-OAK, NR-TAVERN): the trading post, the Lornalim, crystal and oak forests,
the tavern.

Each is a permanent site (NR-WILD-5) on the hex where it was found. Whoever owns that
hex controls it (AMB-23, E-33; or the kingdom that found it, option
``wild_site_control``) and is paid its crowns at each winter phase (E-31) into his crown
ledger (E-30, rules.kingdoms.crowns). A site nobody controls pays nobody and rolls
nothing. The dice-based incomes are rolled every winter (AMB-24), or once when the site
is found (option ``wild_income_each_winter`` at 0), then kept in its record.

* Trading post: ``trading_post_crowns`` (1) a year, ``trading_post_settled_crowns`` (2)
  once a settlement stands on its hex: a Town or a City (E-40) (NR-TRADE-1/2).
* Lornalim forest: a d6 + ``lornalim_bonus`` (2). Its crowns are "for construction
  only": every crown price in Warpost is a construction (siege engines), so the
  ledger needs no separate purse (NR-LORNALIM-1).
* Crystal forest: a d``crystal_die`` (d4) (NR-CRYSTAL-1).
* Oak forest: a d6 for building ships (NR-OAK-1). The sea module's fleets are invasions
  across the sea that nothing prices, so, as with the Lornalim's crowns, one purse
  serves: the crowns go to the ledger, marked for ships in its reason.
* Tavern: a d6 − ``tavern_malus`` (0–5) (NR-TAVERN-2); its subsistence (NR-TAVERN-1)
  is not modelled (E-40).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from rules.core.dice import Dice, Roll
from rules.core.events import Event
from rules.core.state import Feature, World
from rules.modules import Income
from rules.modules.wildlands.sites import (
    Examination,
    Site,
    controller,
    coord_of,
    handles,
    place,
    records,
)

SETTLEMENTS = (Feature.TOWN, Feature.CITY)  # E-40: a village is a Town, a city a City


@handles(Site.TRADING_POST, permanent=True)
def trading_post(world: World, exam: Examination, dice: Dice) -> tuple[World, list[Event]]:
    return place(world, exam, Site.TRADING_POST, "NR-TRADE-1 NR-WILD-5")


def _lornalim(world: World, dice: Dice, purpose: str) -> tuple[int, Roll]:
    roll = dice.d6(purpose)
    return roll.result + world.ruleset.lornalim_bonus, roll


def _crystal(world: World, dice: Dice, purpose: str) -> tuple[int, Roll]:
    roll = dice.roll(world.ruleset.crystal_die, purpose)
    return roll.result, roll


def _oak(world: World, dice: Dice, purpose: str) -> tuple[int, Roll]:
    roll = dice.d6(purpose)
    return roll.result, roll


def _tavern(world: World, dice: Dice, purpose: str) -> tuple[int, Roll]:
    roll = dice.d6(purpose)
    return max(0, roll.result - world.ruleset.tavern_malus), roll


# The sites whose crowns are a die (AMB-24): its roll, its rule, its name in the ledger
DICE: dict[Site, Callable[[World, Dice, str], tuple[int, Roll]]] = {
    Site.LORNALIM_FOREST: _lornalim,
    Site.CRYSTAL_FOREST: _crystal,
    Site.TAVERN: _tavern,
    Site.OAK_FOREST: _oak,
}
RULES = {
    Site.LORNALIM_FOREST: "NR-LORNALIM-1",
    Site.CRYSTAL_FOREST: "NR-CRYSTAL-1",
    Site.TAVERN: "NR-TAVERN-2",
    Site.OAK_FOREST: "NR-OAK-1",
}
NAMES = {
    Site.TRADING_POST: "trading post",
    Site.LORNALIM_FOREST: "Lornalim forest",
    Site.CRYSTAL_FOREST: "crystal forest",
    Site.TAVERN: "tavern",
    Site.OAK_FOREST: "oak forest (for ships)",
}


def _found(site: Site):
    """The handler of a site whose crowns are a die: placed, and with the
    ``wild_income_each_winter`` option at 0 its crowns rolled once, now (AMB-24)."""

    def discover(world: World, exam: Examination, dice: Dice) -> tuple[World, list[Event]]:
        rule = f"{RULES[site]} NR-WILD-5"
        if world.ruleset.wild_income_each_winter:
            return place(world, exam, site, rule)
        where = f"({exam.hex[0]}, {exam.hex[1]})"
        crowns, roll = DICE[site](world, dice, f"{RULES[site]} {NAMES[site]} at {where}: crowns")
        return place(world, exam, site, f"{rule} AMB-24", (roll,), crowns=crowns)

    return discover


for _site in DICE:
    handles(_site, permanent=True)(_found(_site))


def _income(world: World, site: Site, coord, record: Mapping, owner: int, dice: Dice) -> Income:
    """E-31: one site's crowns this winter phase, to ``owner`` (AMB-23)."""
    where = f"({coord[0]}, {coord[1]})"
    reason = f"{NAMES[site]} at {where}"
    if site is Site.TRADING_POST:
        rules = world.ruleset
        if world.hexes[coord].feature in SETTLEMENTS:
            crowns, rule = rules.trading_post_settled_crowns, "NR-TRADE-2 E-40 AMB-23 E-31"
        else:
            crowns, rule = rules.trading_post_crowns, "NR-TRADE-1 AMB-23 E-31"
        return Income(owner, crowns, reason, rule)
    rule = f"{RULES[site]} AMB-24 AMB-23 E-31"
    if "crowns" in record:  # AMB-24: rolled once, when it was found
        return Income(owner, record["crowns"], reason, rule)
    crowns, roll = DICE[site](world, dice, f"{RULES[site]} {reason}: crowns")
    return Income(owner, crowns, reason, rule, (roll,))


def crown_income(world: World, dice: Dice) -> list[Income]:
    """E-31: each paying site's crowns to its controller (AMB-23), by kind then hex; a
    site nobody controls pays nobody and rolls nothing."""
    incomes = []
    for site in NAMES:
        for key, record in sorted(records(world, site).items(), key=lambda kv: coord_of(kv[0])):
            coord = coord_of(key)
            owner = controller(world, coord, record)
            if owner is not None:
                incomes.append(_income(world, site, coord, record, owner, dice))
    return incomes
