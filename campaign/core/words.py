"""The rules engine's names in the reader's language: its terrains, features, defences,
order kinds, scout levels and neutral conquests, keyed by the engine's value.

The one vocabulary of these words: the models' choices, the map's descriptions, the
refusals (campaign.core.problems), the hex panel and the chronicle all read them here.
Nouns are lower case, as a sentence says them; a label takes :func:`label`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import StrEnum

from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from rules.core.state import Defence, Feature, NeutralConquest, OrderKind, Role, Terrain
from rules.core.tables import ScoutLevel
from rules.kingdoms.spending_state import SpendKind

#
TERRAINS = {
    Terrain.FIELDS.value: _("fields"),
    Terrain.RIVER.value: _("river"),
    Terrain.FOREST.value: _("forest"),
    Terrain.SWAMP.value: _("swamp"),
    Terrain.MOUNTAIN.value: _("mountain"),
    Terrain.SEA.value: _("sea"),
    # new-rules.md §2: the supplement's tiles (rules.modules.new_tiles)
    Terrain.DELTA.value: _("delta"),
    Terrain.CHASM.value: _("chasm"),
    Terrain.ROCKY_PROMONTORY.value: _("rocky promontory"),
    Terrain.COASTAL_ISLAND.value: _("coastal island"),
    Terrain.ROCKY_COAST.value: _("rocky coast"),
    Terrain.FAULT.value: _("fault"),
    Terrain.VOLCANO.value: _("volcano"),
    Terrain.SANDBANKS.value: _("sandbanks"),
    Terrain.PLATEAU.value: _("plateau"),
}
# Table 6 major features
FEATURES = {
    Feature.TOWN.value: _("town"),
    Feature.CITY.value: _("city"),
    Feature.MINE.value: _("mine"),
    Feature.DEEP_MINE.value: _("deep mine"),
    Feature.WOODS.value: _("woods"),
    Feature.DEEP_WOODS.value: _("deep woods"),
    Feature.ARCANE_RUINS.value: _("arcane ruins"),
    Feature.WIZARD_TOWER.value: _("wizard tower"),
}
#
DEFENCES = {
    Defence.FORTRESS.value: _("fortress"),
    Defence.GREAT_FORTRESS.value: _("great fortress"),
}
# a battle's side
ROLES = {Role.ATTACKER.value: _("attacker"), Role.DEFENDER.value: _("defender")}
# Table 5: an order's name, as its button and its list say it
ORDER_KINDS = {
    OrderKind.INVADE.value: _("Invade"),
    OrderKind.PATROL.value: _("Patrol"),
    OrderKind.SCOUT.value: _("Scout"),
    OrderKind.REST.value: _("Rest"),
    OrderKind.EXAMINE.value: _("Examine"),  # NR-WILD-2: the wildlands module's
}
# Table 8: what a scout learned
SCOUT_LEVELS = {
    ScoutLevel.LOST.value: _("scouts lost"),
    ScoutLevel.GLIMPSE.value: _("a glimpse"),
    ScoutLevel.REPORT.value: _("a report"),
    ScoutLevel.EVERYTHING.value: _("everything"),
}
# E-23
NEUTRAL_CONQUESTS = {
    NeutralConquest.SWORN_ENEMIES.value: _("sworn enemies"),
    NeutralConquest.QUICK_FRIENDSHIP.value: _("quick friendship"),
}

# Table 10, Table 11: a power spend, as the spending form and the refusals name it
SPENDS = {
    SpendKind.WATCHTOWER.value: _("Build a watchtower"),
    SpendKind.FORTRESS.value: _("Build a fortress"),
    SpendKind.GREAT_FORTRESS.value: _("Upgrade a fortress to a great fortress"),
    SpendKind.RECRUIT.value: _("Recruit"),
    SpendKind.MERCENARY_BID.value: _("Sealed bid for mercenaries"),
    SpendKind.SURGEON.value: _("Surgeon"),
    SpendKind.SHARE_POWER.value: _("Share power"),
    SpendKind.DEACTIVATE.value: _("Diplomacy: Deactivate"),
    SpendKind.ALLY.value: _("Diplomacy: Ally"),
    SpendKind.INCITE.value: _("Diplomacy: Incite"),
    SpendKind.PACIFY.value: _("Pacify neutrals"),
}


def label(words: Mapping[str, object], value: str) -> str:
    """``value``'s word as a label (capitalised), lazy as its word is, so that the models
    may take it at import time; its raw words when unknown."""
    return capfirst(words[value] if value in words else value.replace("_", " "))


def choices(members: Iterable[StrEnum], words: Mapping[str, object]) -> list[tuple[str, str]]:
    """A model field's choices: each member's value and its label in the active language."""
    return [(member.value, label(words, member.value)) for member in members]


# new-rules.md §4–5: what an examination of the wildlands finds (rules.modules.wildlands)
WILDLAND_SITES = {
    "nothing": _("nothing new"),
    "ruins_tomb": _("city ruins or a tomb"),
    "necropolis": _("a necropolis"),
    "magic_tower": _("a magic tower"),
    "mine": _("a mine"),
    "temple": _("a temple"),
    "trading_post": _("a trading post"),
    "volcano": _("a volcano"),
    "flash_flood": _("a flash flood"),
    "lornalim_forest": _("a Lornalim forest"),
    "crystal_forest": _("a crystal forest"),
    "oak_forest": _("an oak forest"),
    "cultists": _("cultists"),
    "brigands": _("a brigand band"),
    "creature_lair": _("a creature lair"),
    "northern_raiders": _("northern raiders"),
    "chaos_horde": _("a Chaos horde"),
    "tavern": _("a tavern"),
    "black_tower": _("a black tower"),
    "mystic_spring": _("a mystic spring"),
    "treasure": _("a treasure"),
    "wyvern": _("a wyvern"),
}
# NR-WILD-3: the columns of T-WILD
WILDLAND_COLUMNS = {
    "plain": _("Plain"),
    "coast": _("Coast"),
    "river": _("River"),
    "mountain": _("Mountain"),
}
