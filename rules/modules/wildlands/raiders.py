"""Northern raiders (new-rules.md §5, NR-RAIDER-1/2, T-RAIDER; AMB-29): found on the
Coast and River columns. The finder rolls T-RAIDER at once:

* 1–4: the barbarians attack; the army loses d6 × 100 points and drives them off to their
  ship, placed on the nearest coast (AMB-29), first in (q, r) order on a tie. The ship
  follows the pirate rules (NR-RAIDER-2): with the_sea on, it is one of that module's
  pirates on the nearest coastal hex (rules.modules.the_sea.pirates.put_to_sea); without
  it, it only waits on the nearest sea hex, on every player's map
  (rules.modules.wildlands.roamers.standing).
* 5–6: they are repelled; their camp stays on the hex as a hostile marker (AMB-29: a
  site on the map while it stays) and leaves after d6 turns or at the start of the next
  winter turn (E-31), whichever comes first: the countdown runs at the start of each
  turn (§12.3).

State: ``module_state["wildlands.northern_raiders"]``, the camps by ``"q,r"``, and
``["wildlands.northern_raiders.ships"]``, the ships by ``"#n"``.
"""

from __future__ import annotations

from rules.core.dice import Dice, Roll
from rules.core.dicetable import d6
from rules.core.events import Event
from rules.core.hexgrid import distance
from rules.core.state import Coord, Order, Terrain, World
from rules.kingdoms.crowns import next_winter_turn
from rules.modules import Module, Start, module_table, register
from rules.modules.the_sea.pirates import put_to_sea
from rules.modules.wildlands.actors import (
    WildsNews,
    at,
    own_state,
    state_key,
    weakened,
    with_state,
)
from rules.modules.wildlands.sites import (
    OPTION,
    Examination,
    Site,
    handles,
    hex_key,
    records,
    with_records,
)

TABLE_KEY = "t-raider"
ATTACK, REPELLED = "attack", "repelled"
T_RAIDER = d6(
    "T-RAIDER: the raiders' reaction", "NR-RAIDER-1 T-RAIDER", (1, 4, ATTACK), (5, 6, REPELLED)
)
SHIPS = state_key(Site.NORTHERN_RAIDERS, "ships")


@handles(Site.NORTHERN_RAIDERS, permanent=True)
def discover(world: World, found: Examination, dice: Dice) -> tuple[World, list[Event]]:
    """NR-RAIDER-1: the finder rolls T-RAIDER."""
    roll = dice.d6("T-RAIDER the raiders' reaction")
    if module_table(world, TABLE_KEY).lookup(roll.result) == ATTACK:
        return _attack(world, found, dice, roll)
    return _repelled(world, found, dice, roll)


def _attack(world: World, found: Examination, dice: Dice, roll: Roll):
    """T-RAIDER 1–4: d6 × 100 points lost; the raiders' ship on the nearest coast."""
    loss = dice.d6("T-RAIDER the army's losses")
    points = loss.result * world.ruleset.raider_loss_points
    world, lost = weakened(world, found.army_id, points, "T-RAIDER", (loss,))
    events: list[Event] = [
        WildsNews(
            rule="NR-RAIDER-1 T-RAIDER AMB-29",
            rolls=(roll,),
            site=Site.NORTHERN_RAIDERS.value,
            what=ATTACK,
            hex=found.hex,
            army_id=found.army_id,
            points=points,
            kingdom_ids=(found.kingdom_id,),
            text=f"Northern raiders attack the army at {at(found.hex)} and take to their ship.",
        ),
        *lost,
    ]
    world, ship = _ship(world, found.hex)
    return world, [*events, *ship]


def _ship(world: World, hex_: Coord) -> tuple[World, list[Event]]:
    """NR-RAIDER-2, AMB-29: with the_sea on, the ship follows the pirate rules: it is one
    of that module's pirates; without it, Warpost has no ships, so it only waits on the
    nearest sea hex (rules.modules.wildlands.roamers.standing)."""
    if world.ruleset.the_sea:
        return put_to_sea(world, hex_, "NR-RAIDER-2 AMB-29")
    coast = nearest_sea(world, hex_)
    if coast is None:
        return world, []
    ships = own_state(world, SHIPS)
    ships[f"#{1 + len(ships)}"] = {"at": list(coast), "turn": world.turn}
    world, stored = with_state(world, SHIPS, ships, "NR-RAIDER-2 AMB-29")
    return world, [stored]


def nearest_sea(world: World, hex_: Coord) -> Coord | None:
    """AMB-29: the sea hex nearest to ``hex_`` (first in (q, r) order on a tie)."""
    seas = [c for c, h in world.hexes.items() if h.terrain is Terrain.SEA]
    return min(seas, key=lambda c: (distance(c, hex_), c), default=None)


def _repelled(world: World, found: Examination, dice: Dice, roll: Roll):
    """T-RAIDER 5–6, AMB-29: the camp stays until it leaves."""
    turns = dice.roll(world.ruleset.raider_camp_die, "T-RAIDER turns until the raiders leave")
    leaves = min(world.turn + turns.result, next_winter_turn(world.ruleset, world.turn + 1))
    camps = records(world, Site.NORTHERN_RAIDERS)
    camps[hex_key(found.hex)] = {"found_by": found.kingdom_id, "turn": world.turn, "leaves": leaves}
    world, stored = with_records(world, Site.NORTHERN_RAIDERS, camps, "T-RAIDER AMB-29")
    news = WildsNews(
        rule="NR-RAIDER-1 T-RAIDER AMB-29",
        rolls=(roll, turns),
        site=Site.NORTHERN_RAIDERS.value,
        what=REPELLED,
        hex=found.hex,
        army_id=found.army_id,
        kingdom_ids=(found.kingdom_id,),
        text=f"Northern raiders repelled at {at(found.hex)} keep their camp until turn {leaves}.",
    )
    return world, [news, stored]


def phase_one(world: World, orders: list[Order], dice: Dice):
    """§12.3, AMB-29: the camps whose time is up sail home."""
    camps = records(world, Site.NORTHERN_RAIDERS)
    gone = sorted(k for k, camp in camps.items() if camp["leaves"] <= world.turn)
    if not gone:
        return world, orders, []
    events: list[Event] = []
    for key in gone:
        camp = camps.pop(key)
        hex_ = tuple(int(n) for n in key.split(","))
        events.append(
            WildsNews(
                rule="T-RAIDER AMB-29",
                site=Site.NORTHERN_RAIDERS.value,
                what="left",
                hex=hex_,
                kingdom_ids=(camp["found_by"],),
                text=f"The northern raiders' camp at {at(hex_)} sails home.",
            )
        )
    world, stored = with_records(world, Site.NORTHERN_RAIDERS, camps, "T-RAIDER AMB-29")
    return world, orders, [*events, stored]


MODULE = register(
    Module(
        option=OPTION,
        phase_one=phase_one,
        starts_at=Start.SHIPS,
        tables={TABLE_KEY: (T_RAIDER, {ATTACK: ATTACK, REPELLED: REPELLED})},
    )
)
