"""A volcano found in the wildlands (new-rules.md §5, NR-WVOLC-1, NR-VOLCANO-7): a
permanent site record "volcano" on the hex, which from then on follows the volcano tile's
rules (NR-VOLCANO-2…6: winter eruptions and lava, rules.modules.new_tiles.geology). With
the new tiles played, their winter geology erupts it with the tiles; without them, this
file's winter phase does, with the same options (``volcano_erupts_on``)."""

from __future__ import annotations

from rules.core.dice import Dice
from rules.core.events import Event, ModuleStateChanged
from rules.core.state import World
from rules.kingdoms.crowns import is_winter_turn
from rules.modules import End, Module, register
from rules.modules.new_tiles.geology import found_eruptions
from rules.modules.wildlands.sites import OPTION, Examination, Site, handles, key_of, place

NEW_TILES = "new_tiles"  # the option whose winter geology erupts these volcanoes itself


@handles(Site.VOLCANO, permanent=True)
def volcano(world: World, exam: Examination, dice: Dice) -> tuple[World, list[Event]]:
    return place(world, exam, Site.VOLCANO, "NR-WVOLC-1 NR-WILD-5")


def winter_eruptions(world: World, events: list[Event], dice: Dice) -> list[Event]:
    """E-31, §12.3 step 5.1: each found volcano rolls to erupt in the winter phase; the
    rolls that struck nothing go on the record with the site's (unchanged) state."""
    if getattr(world.ruleset, NEW_TILES, 0) or not is_winter_turn(world.ruleset, world.turn):
        return []
    shaken, quiet = found_eruptions(world, events, dice)
    if not quiet:
        return shaken
    key = key_of(Site.VOLCANO)
    state = dict(world.module_state.get(key, {}))
    return [
        *shaken,
        ModuleStateChanged(
            rule="NR-VOLCANO-2 NR-WVOLC-1", rolls=tuple(quiet), module=key, state=state
        ),
    ]


MODULE = register(Module(option=OPTION, end_of_turn=winter_eruptions, ends_at=End.VOLCANOES))
