"""Cultists (new-rules.md §5, NR-CULT-1, T-CULT; AMB-25): a one-off result, no site.

The finder rolls T-CULT at once. A hostile sect: a d6 for every settlement (a Town or a
City, E-40) of the finder's kingdom within 2 hexes (AMB-25: only the finder's; the
ruleset may widen it to every kingdom's), and on 1–2 it breaks away: it becomes an
independent settlement, as a revolt of Table 3 leaves it (E-09, E-40: unowned, its
feature kept, rebels holding it). The capital cannot be corrupted. A loyal sect: d3 × 100
points join the finder's army (E-40: any unit, the tabletop's fitting type is the
players' business).
"""

from __future__ import annotations

import dataclasses

from rules.core.dice import Dice
from rules.core.dicetable import d6
from rules.core.events import Event
from rules.core.hexgrid import distance
from rules.core.state import Feature, HexState, World
from rules.modules import Module, module_table, register
from rules.modules.wildlands.actors import WildsNews, at, d3, strengthened
from rules.modules.wildlands.sites import OPTION, Examination, Site, handles

TABLE_KEY = "t-cult"
HOSTILE, LOYAL = "hostile", "loyal"
T_CULT = d6("T-CULT: the cultists' reaction", "NR-CULT-1 T-CULT", (1, 3, HOSTILE), (4, 6, LOYAL))
SETTLEMENTS = (Feature.TOWN, Feature.CITY)  # E-40: village and city


@handles(Site.CULTISTS, permanent=False)
def discover(world: World, found: Examination, dice: Dice) -> tuple[World, list[Event]]:
    """NR-CULT-1: the finder rolls T-CULT."""
    roll = dice.d6("T-CULT the cultists' reaction")
    if module_table(world, TABLE_KEY).lookup(roll.result) == LOYAL:
        return _loyal(world, found, dice, roll)
    news = WildsNews(
        rule="NR-CULT-1 T-CULT",
        rolls=(roll,),
        site=Site.CULTISTS.value,
        what=HOSTILE,
        hex=found.hex,
        kingdom_ids=(found.kingdom_id,),
        text=f"A hostile sect found at {at(found.hex)} spreads dissent in the land around.",
    )
    world, broken = _dissent(world, found, dice)
    return world, [news, *broken]


def _loyal(world: World, found: Examination, dice: Dice, roll) -> tuple[World, list[Event]]:
    """T-CULT 4–6: d3 × 100 points join the army."""
    pips, die = d3(dice, "T-CULT loyal sect's recruits")
    points = pips * world.ruleset.cult_recruits_points
    news = WildsNews(
        rule="NR-CULT-1 T-CULT",
        rolls=(roll,),
        site=Site.CULTISTS.value,
        what=LOYAL,
        hex=found.hex,
        army_id=found.army_id,
        points=points,
        kingdom_ids=(found.kingdom_id,),
        text=f"A loyal secret sect at {at(found.hex)} joins the army: {points} points.",
    )
    world, joined = strengthened(world, found.army_id, points, "T-CULT", (die,))
    return world, [news, *joined]


def corruptible(world: World, found: Examination) -> list[HexState]:
    """T-CULT 1–3, AMB-25: the settlements within reach, the finder's alone (or every
    kingdom's, as the ruleset says), never a capital."""
    rules = world.ruleset
    capitals = {k.capital for k in world.kingdoms.values()}
    return [
        h
        for c, h in sorted(world.hexes.items())
        if h.feature in SETTLEMENTS
        and h.owner is not None
        and (h.owner == found.kingdom_id or not rules.cult_own_only)
        and c not in capitals
        and distance(c, found.hex) <= rules.cult_reach
    ]


def _dissent(world: World, found: Examination, dice: Dice) -> tuple[World, list[Event]]:
    """T-CULT 1–3: a d6 a settlement; at most ``cult_revolt_on`` it becomes independent."""
    # here, not at the top: rules.kingdoms.edicts imports rules.core.ruleset, which
    # imports rules.modules, which imports this file
    from rules.kingdoms.edicts import revolt

    events: list[Event] = []
    hexes = dict(world.hexes)
    for h in corruptible(world, found):
        roll = dice.d6(f"T-CULT dissent at {h.coord}")
        if roll.result > world.ruleset.cult_revolt_on:
            events.append(
                WildsNews(
                    rule="T-CULT",
                    rolls=(roll,),
                    site=Site.CULTISTS.value,
                    what="loyal_settlement",
                    hex=h.coord,
                    kingdom_ids=(h.owner,),
                    text=f"{at(h.coord)} stays loyal.",
                )
            )
            continue
        hexes[h.coord], broke = revolt(world, h, h.owner, dice)
        events.append(
            dataclasses.replace(broke, rule="T-CULT AMB-25 E-40 E-09", rolls=(roll, *broke.rolls))
        )
    return dataclasses.replace(world, hexes=hexes), events


MODULE = register(
    Module(option=OPTION, tables={TABLE_KEY: (T_CULT, {HOSTILE: HOSTILE, LOYAL: LOYAL})})
)
