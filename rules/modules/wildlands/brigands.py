"""The brigand band (new-rules.md §5, NR-BRIG-1, T-BANDIT; NR-MONSTER-1, T-MONSTER;
AMB-01, AMB-26, AMB-27, E-40): a permanent site.

Found, it only stays (AMB-26: the finder does not roll, unless the ruleset says he
does; his monsters then fight him at step 3e as below). Every army that enters the hex
later rolls T-BANDIT; in Warpost an army enters a hex by invading it (E-32), so the roll
is made at the start of Provisional Results, before the invasion's battle:

* 1, monsters: T-MONSTER. 1, creatures of myth: the army is destroyed. 2–6 name a foe
  without its strength (NR-MONSTER-1); Warpost takes AMB-27's reading: (2d6 × 100) points
  of that kind fight the army at once. The army's invasion is called off, and at step 3e
  the monsters attack it in the hex it was entering, a roaming force as the Beast against
  a patrol (E-12): it may fight or retreat, and the monsters, win or lose, take no hex and
  stay no longer.
* 2, ambush: its supplies (not kept, E-40) and ((d6 + 1) × 50) points lost (AMB-01).
* 3–4, theft: its supplies stolen; Warpost keeps none (E-40), so nothing is lost.
* 5, cowed: nothing happens.
* 6, recruits of the army's race: 2d6 × 50 points join it.

State: ``module_state["wildlands.brigands"]``, the bands by ``"q,r"``, and
``["wildlands.brigands.fights"]``, this turn's monster fights by army id (step 3e).
"""

from __future__ import annotations

from rules.core.dice import Dice, Roll
from rules.core.dicetable import d6
from rules.core.events import Event
from rules.core.state import Coord, Order, World
from rules.modules import Module, Start, module_table, register
from rules.modules.wildlands.actors import (
    WildsNews,
    at,
    destroyed,
    entering,
    falls_upon,
    own_state,
    rolled,
    state_key,
    still_standing,
    strengthened,
    weakened,
    with_state,
)
from rules.modules.wildlands.rulings import monster_asked
from rules.modules.wildlands.sites import (
    OPTION,
    Examination,
    Site,
    handles,
    hex_key,
    records,
    with_records,
)

BANDIT_KEY, MONSTER_KEY = "t-bandit", "t-monster"
MONSTERS, AMBUSH, THEFT, COWED, RECRUITS = "monsters", "ambush", "theft", "cowed", "recruits"
T_BANDIT = d6(
    "T-BANDIT: the bandits' reaction",
    "NR-BRIG-1 T-BANDIT",
    (1, 1, MONSTERS),
    (2, 2, AMBUSH),
    (3, 4, THEFT),
    (5, 5, COWED),
    (6, 6, RECRUITS),
)
MYTH = "myth"  # T-MONSTER 1: the army is destroyed
FOES = ("daemons", "chaos_dwarfs", "beastmen", "dark_elves", "orcs_goblins")  # T-MONSTER 2–6
T_MONSTER = d6(
    "T-MONSTER: monstrous creatures",
    "NR-MONSTER-1 T-MONSTER",
    (1, 1, MYTH),
    *((face, face, foe) for face, foe in enumerate(FOES, start=2)),
)
FIGHTS = state_key(Site.BRIGANDS, "fights")  # this turn's monster fights, by army id


@handles(Site.BRIGANDS, permanent=True)
def discover(world: World, found: Examination, dice: Dice) -> tuple[World, list[Event]]:
    """NR-BRIG-1, AMB-26: the band stays; those who enter later roll, and the finder
    does not (unless the ruleset says he does)."""
    bands = records(world, Site.BRIGANDS)
    bands[hex_key(found.hex)] = {"found_by": found.kingdom_id, "turn": world.turn}
    world, stored = with_records(world, Site.BRIGANDS, bands, "NR-BRIG-1 AMB-26")
    news = WildsNews(
        rule="NR-BRIG-1 AMB-26",
        site=Site.BRIGANDS.value,
        what="found",
        hex=found.hex,
        kingdom_ids=(found.kingdom_id,),
        text=f"Bandits haunt {at(found.hex)}: whoever enters it will meet them.",
    )
    if not world.ruleset.bandit_finder_rolls:
        return world, [news, stored]
    world, met, fight = meet(world, found.army_id, found.hex, dice)
    if fight is None:
        return world, [news, stored, *met]
    fights = {**own_state(world, FIGHTS), str(found.army_id): fight}
    world, fought = with_state(world, FIGHTS, fights, "NR-BRIG-1 AMB-26 AMB-27")
    return world, [news, stored, *met, fought]


def phase_one(world: World, orders: list[Order], dice: Dice):
    """NR-BRIG-1: T-BANDIT for each army invading a band's hex (E-32), in army order."""
    events: list[Event] = []
    fights: dict[str, dict] = {}
    for order in entering(world, orders, Site.BRIGANDS):
        world, met, fight = meet(world, order.army_id, order.target, dice)
        events += met
        if fight is not None:
            fights[str(order.army_id)] = fight
    if fights or own_state(world, FIGHTS):
        world, stored = with_state(world, FIGHTS, fights, "NR-BRIG-1 AMB-27")
        events.append(stored)
    return world, still_standing(world, orders), events


def meet(world: World, army_id: int, hex_: Coord, dice: Dice):
    """One army's T-BANDIT at ``hex_``: (world, events, the monster fight it brings or
    None)."""
    army = world.armies[army_id]
    roll = dice.d6(f"T-BANDIT army {army.id} at {hex_}")
    result = module_table(world, BANDIT_KEY).lookup(roll.result)

    def news(what: str, points: int | None = None, rolls: tuple[Roll, ...] = (roll,)):
        return WildsNews(
            rule="NR-BRIG-1 T-BANDIT",
            rolls=rolls,
            site=Site.BRIGANDS.value,
            what=what,
            hex=hex_,
            army_id=army.id,
            points=points,
            kingdom_ids=(army.kingdom_id,),
            text=_TEXT[what].format(hex=at(hex_), points=points),
        )

    if result == MONSTERS:
        return _monsters(world, army_id, hex_, dice, roll)
    if result == AMBUSH:
        pips, rolls = rolled(dice, 1, 6, "T-BANDIT ambush losses (d6 + 1)")
        points = (pips + 1) * world.ruleset.bandit_ambush_points
        world, lost = weakened(world, army.id, points, "T-BANDIT AMB-01 E-40", rolls)
        return world, [news(AMBUSH, points), *lost], None
    if result == RECRUITS:
        pips, rolls = rolled(dice, 2, 6, "T-BANDIT recruits (2d6)")
        points = pips * world.ruleset.bandit_recruits_points
        world, joined = strengthened(world, army.id, points, "T-BANDIT", rolls)
        return world, [news(RECRUITS, points), *joined], None
    return world, [news(result)], None  # theft (E-40: no supplies kept) or cowed


def _monsters(world: World, army_id: int, hex_: Coord, dice: Dice, bandit: Roll):
    """T-BANDIT 1: T-MONSTER; AMB-27: a named foe of (2d6 × 100) points."""
    army = world.armies[army_id]
    roll = dice.d6(f"T-MONSTER army {army.id}")
    foe = module_table(world, MONSTER_KEY).lookup(roll.result)
    rolls = (bandit, roll)
    if foe == MYTH:
        news = WildsNews(
            rule="NR-MONSTER-1 T-MONSTER",
            rolls=rolls,
            site=Site.BRIGANDS.value,
            what=MYTH,
            hex=hex_,
            army_id=army.id,
            kingdom_ids=(army.kingdom_id,),
            text=f"Creatures of myth and legend at {at(hex_)} destroy the army.",
        )
        world, gone = destroyed(world, army.id, "T-MONSTER")
        return world, [news, *gone], None
    pips, size = rolled(dice, 2, 6, "AMB-27 the monsters' strength (2d6)")
    points = pips * world.ruleset.monster_points
    news = WildsNews(
        rule="NR-MONSTER-1 T-MONSTER AMB-27",
        rolls=(*rolls, *size),
        site=Site.BRIGANDS.value,
        what=foe,
        hex=hex_,
        army_id=army.id,
        points=points,
        kingdom_ids=(army.kingdom_id,),
        text=f"Monsters ({foe}) of {points} points fall upon the army at {at(hex_)}.",
    )
    fight = {"hex": list(hex_), "points": points, "foe": foe, "turn": world.turn}
    return world, [news], fight


def invasions(world: World, orders: list[Order], patrols: list, dice: Dice):
    """Step 3e, AMB-27: each army the monsters met fights them instead of invading."""
    fights = {
        int(army_id): fight
        for army_id, fight in own_state(world, FIGHTS).items()
        if fight["turn"] == world.turn and int(army_id) in world.armies
    }
    if not fights:
        return orders, patrols, []
    battles: list[Event] = []
    for army_id, fight in sorted(fights.items()):
        hex_ = tuple(fight["hex"])
        battles += [
            falls_upon(world, army_id, hex_, fight["points"], "NR-MONSTER-1 AMB-27"),
            # new-rules.md §12.4: the GM may rule another strength by Final Results
            monster_asked(world, army_id, hex_, fight["points"], fight["foe"]),
        ]
    return [o for o in orders if o.army_id not in fights], patrols, battles


_TEXT = {
    AMBUSH: "Bandits ambush the army at {hex}: its supplies and {points} points lost.",
    THEFT: "Bandits at {hex} steal the army's supplies and run off.",
    COWED: "The bandits at {hex} are cowed by the army and keep away.",
    RECRUITS: "Bandits at {hex} of the army's own race join it: {points} points.",
}

MODULE = register(
    Module(
        option=OPTION,
        phase_one=phase_one,
        starts_at=Start.MOVEMENT,
        invasions=invasions,
        tables={
            BANDIT_KEY: (T_BANDIT, {r: r for r in (MONSTERS, AMBUSH, THEFT, COWED, RECRUITS)}),
            MONSTER_KEY: (T_MONSTER, {r: r for r in (MYTH, *FOES)}),
        },
    )
)
