"""The wildland sites that stay and pay (new-rules.md §5: NR-TRADE, NR-LORNALIM,
NR-CRYSTAL, NR-OAK, NR-TAVERN): the trading post, the Lornalim, crystal and oak forests,
the tavern.

Each is a permanent site (NR-WILD-5) on the hex where it was found. Whoever owns that
hex controls it (AMB-23, E-33) and is paid its crowns at each winter phase (E-31,
AMB-24: the dice-based incomes are rolled every winter) into his crown ledger (E-30,
rules.kingdoms.crowns). A site on a hex nobody owns pays nobody and rolls nothing.

* Trading post: ``trading_post_crowns`` (1) a year, ``trading_post_settled_crowns`` (2)
  once a settlement stands on its hex: a Town or a City (E-40) (NR-TRADE-1/2).
* Lornalim forest: a d6 + ``lornalim_bonus`` (2). Its crowns are "for construction
  only": every crown price in Warpost is a construction (siege engines), so the
  ledger needs no separate purse (NR-LORNALIM-1).
* Crystal forest: a d``crystal_die`` (d4) (NR-CRYSTAL-1).
* Oak forest: its d6 is for building ships (NR-OAK-1), which Warpost has not (E-34):
  the site stays on the map and pays nothing.
* Tavern: a d6 − ``tavern_malus`` (0–5) (NR-TAVERN-2); its subsistence (NR-TAVERN-1)
  is not modelled (E-40).
"""

from __future__ import annotations

from collections.abc import Callable

from rules.core.dice import Dice
from rules.core.events import Event
from rules.core.state import Feature, HexState, World
from rules.kingdoms.crowns import Income
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


@handles(Site.LORNALIM_FOREST, permanent=True)
def lornalim_forest(world: World, exam: Examination, dice: Dice) -> tuple[World, list[Event]]:
    return place(world, exam, Site.LORNALIM_FOREST, "NR-LORNALIM-1 NR-WILD-5")


@handles(Site.CRYSTAL_FOREST, permanent=True)
def crystal_forest(world: World, exam: Examination, dice: Dice) -> tuple[World, list[Event]]:
    return place(world, exam, Site.CRYSTAL_FOREST, "NR-CRYSTAL-1 NR-WILD-5")


@handles(Site.OAK_FOREST, permanent=True)
def oak_forest(world: World, exam: Examination, dice: Dice) -> tuple[World, list[Event]]:
    return place(world, exam, Site.OAK_FOREST, "NR-OAK-1 NR-WILD-5")


@handles(Site.TAVERN, permanent=True)
def tavern(world: World, exam: Examination, dice: Dice) -> tuple[World, list[Event]]:
    return place(world, exam, Site.TAVERN, "NR-TAVERN-1 NR-WILD-5")


def _trading_post(world: World, hex_: HexState, dice: Dice, where: str) -> Income:
    rules = world.ruleset
    if hex_.feature in SETTLEMENTS:
        crowns, rule = rules.trading_post_settled_crowns, "NR-TRADE-2 E-40 AMB-23 E-31"
    else:
        crowns, rule = rules.trading_post_crowns, "NR-TRADE-1 AMB-23 E-31"
    return Income(hex_.owner, crowns, f"trading post at {where}", rule)


def _lornalim(world: World, hex_: HexState, dice: Dice, where: str) -> Income:
    roll = dice.d6(f"NR-LORNALIM-1 Lornalim forest at {where}: crowns")
    crowns = roll.result + world.ruleset.lornalim_bonus
    rule = "NR-LORNALIM-1 AMB-24 AMB-23 E-31"
    return Income(hex_.owner, crowns, f"Lornalim forest at {where}", rule, (roll,))


def _crystal(world: World, hex_: HexState, dice: Dice, where: str) -> Income:
    roll = dice.roll(world.ruleset.crystal_die, f"NR-CRYSTAL-1 crystal forest at {where}: crowns")
    rule = "NR-CRYSTAL-1 AMB-24 AMB-23 E-31"
    return Income(hex_.owner, roll.result, f"crystal forest at {where}", rule, (roll,))


def _tavern(world: World, hex_: HexState, dice: Dice, where: str) -> Income:
    roll = dice.d6(f"NR-TAVERN-2 tavern at {where}: crowns")
    crowns = max(0, roll.result - world.ruleset.tavern_malus)
    rule = "NR-TAVERN-2 AMB-24 AMB-23 E-31"
    return Income(hex_.owner, crowns, f"tavern at {where}", rule, (roll,))


PAYING: dict[Site, Callable[[World, HexState, Dice, str], Income]] = {
    Site.TRADING_POST: _trading_post,
    Site.LORNALIM_FOREST: _lornalim,
    Site.CRYSTAL_FOREST: _crystal,
    Site.TAVERN: _tavern,
}


def crown_income(world: World, dice: Dice) -> list[Income]:
    """E-31: each paying site's crowns to its controller, by kind then hex."""
    incomes = []
    for site, pay in PAYING.items():
        for key in sorted(records(world, site), key=coord_of):
            coord = coord_of(key)
            if controller(world, coord) is None:
                continue
            incomes.append(pay(world, world.hexes[coord], dice, f"({coord[0]}, {coord[1]})"))
    return incomes
