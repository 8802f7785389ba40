"""The Black Orb (new-rules.md §5: NR-TOMB-3, T-ORB), found in a tomb (T-TOMB 6) and kept
for its player in the tomb's record (``"orb": kingdom id``, rules.modules.wildlands.ruins).

Its use is a choice the player cannot make in the middle of a turn, so the GM's policy
``black_orb_use`` makes it (docs/design/supplement.md): on, the Orb is used at the first
Phase 1 of each campaign year it can be (once a campaign season, NR-GEN-8, E-31), by the
army of the player's general, his Grand Marshal (B 3.4), if he leads one. T-ORB:

* 1: the Orb drags its user to Chaos. Warpost's characters are the tabletop's heroes, so
  the abstract alternative applies: the army loses d6 × 50 points (options);
* 2–3: nothing;
* 4: the strongest army of another kingdom within 2d6 hexes of the user's army is shown
  (its points and where it stands);
* 5: the strongest army of another kingdom anywhere is shown;
* 6: the d6 strongest armies of other kingdoms anywhere are shown.

What the Orb shows, and that it was used, is its player's and the GM's alone.
"""

from __future__ import annotations

import dataclasses

from rules.core.dice import Dice
from rules.core.dicetable import d6
from rules.core.events import Announcement, Event
from rules.core.hexgrid import distance
from rules.core.state import ArmyState, Coord, Order, World
from rules.kingdoms.crowns import year_of
from rules.modules import Module, Start, module_table, register
from rules.modules.wildlands.points import applied, multiple, points_lost
from rules.modules.wildlands.sites import OPTION, Site, records, with_records

T_ORB = d6(
    "T-ORB (the Black Orb)",
    "NR-TOMB-3 T-ORB",
    (1, 1, "possessed"),
    (2, 3, "nothing"),
    (4, 4, "army_near"),
    (5, 5, "one_hex"),
    (6, 6, "many_hexes"),
)


@dataclasses.dataclass(frozen=True, kw_only=True)
class OrbNews(Announcement):
    """A use of the Black Orb, to its player alone: ``what`` is T-ORB's result;
    ``seen`` the armies it shows, each ``{"army_id", "kingdom_id", "points", "hex"}``."""

    what: str
    army_id: int
    points: int = 0  # lost on a 1
    seen: tuple[dict, ...] = ()


def user(world: World, kingdom_id: int) -> ArmyState | None:
    """NR-TOMB-3: the army of the player's general, his Grand Marshal, if he leads one."""
    for character in sorted(world.characters.values(), key=lambda c: c.id):
        if (
            character.kingdom_id == kingdom_id
            and character.is_grand_marshal
            and character.fights(world.turn)
            and character.army_id in world.armies
        ):
            return world.armies[character.army_id]
    return None


def phase_one(world: World, orders: list[Order], dice: Dice):
    """Each Orb not yet used this year is used, if its player's general leads an army."""
    if not world.ruleset.black_orb_use:
        return world, orders, []
    sites = records(world, Site.RUINS_TOMB)
    year = year_of(world.ruleset, world.turn)
    events: list[Event] = []
    for key in sorted(k for k, r in sites.items() if r.get("orb") is not None):
        record = sites[key]
        army = user(world, record["orb"])
        if record.get("orb_used") == year or army is None:
            continue
        sites[key] = {**record, "orb_used": year}
        events += _use(world, army, dice)
    if not events:
        return world, orders, []
    world, changed = with_records(world, Site.RUINS_TOMB, sites, "NR-TOMB-3")
    world = applied(world, events)
    return world, [o for o in orders if o.army_id in world.armies], [*events, changed]


def _use(world: World, army: ArmyState, dice: Dice) -> list[Event]:
    roll = dice.d6(f"T-ORB the Black Orb, army {army.id}")
    result = module_table(world, "t-orb").lookup(roll.result)
    news = dict(
        rule="NR-TOMB-3 T-ORB", what=result, army_id=army.id, kingdom_ids=(army.kingdom_id,)
    )
    if result == "possessed":
        lost, rolls = multiple(dice, 1, 6, world.ruleset.black_orb_loss_points, "T-ORB possessed")
        text = f"The Black Orb drags its user to Chaos: {army.name} loses {lost} points."
        return [
            OrbNews(rolls=(roll,), points=lost, text=text, **news),
            *points_lost(world, army.id, lost, "T-ORB", rolls),
        ]
    if result == "nothing":
        return [OrbNews(rolls=(roll,), text="The Black Orb shows nothing.", **news)]
    rolls, count, near = (roll,), 1, None
    if result == "army_near":
        reach, more = multiple(dice, 2, 6, 1, "T-ORB how far it sees (2d6 hexes)")
        rolls, near = rolls + more, (army.position, reach)
    elif result == "many_hexes":
        how_many = dice.d6("T-ORB how many it shows")
        rolls, count = rolls + (how_many,), how_many.result
    seen = tuple(_seen(a) for a in _strongest(world, army, near)[:count])
    text = (
        "The Black Orb shows "
        + (
            ", ".join(f"{s['points']} points at ({s['hex'][0]}, {s['hex'][1]})" for s in seen)
            or "no army"
        )
        + "."
    )
    return [OrbNews(rolls=rolls, seen=seen, text=text, **news)]


def _strongest(world: World, army: ArmyState, near: tuple[Coord | None, int] | None):
    """Other kingdoms' armies that stand somewhere, strongest first (then by id); within
    ``near``'s reach of its hex when given."""
    others = [
        a
        for a in world.armies.values()
        if a.kingdom_id != army.kingdom_id
        and a.position is not None
        and (near is None or (near[0] is not None and distance(near[0], a.position) <= near[1]))
    ]
    return sorted(others, key=lambda a: (-a.points, a.id))


def _seen(army: ArmyState) -> dict:
    return {
        "army_id": army.id,
        "kingdom_id": army.kingdom_id,
        "points": army.points,
        "hex": list(army.position),
    }


MODULE = register(
    Module(
        option=OPTION,
        phase_one=phase_one,
        starts_at=Start.MOVEMENT,
        tables={"t-orb": (T_ORB, {v: v for *_, v in T_ORB.rows})},
    )
)
