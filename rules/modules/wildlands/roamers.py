"""The wilds' roaming forces: the Chaos horde (new-rules.md §5, NR-CHORDE-1–3; AMB-30)
and the wyvern (NR-WYVERN-1/2; BASE-16, E-39). One-off results that leave no site
but a force on the map, which everyone sees where it stands, as the Beast.

* Found: a horde of 3d6 × 100 points appears on the examined hex and confronts the
  finder at once (AMB-30; the option ``horde_attacks_finder``): it attacks the examining
  army there, which may fight or retreat, as a patrol meets the Beast (E-12). The wyvern
  destroys the examining army (NR-WYVERN-1) and stays on the hex.
* At the start of each turn (§12.3, Phase 1 as the Beast, E-12): the horde moves one hex
  (AMB-30, E-39; ``horde_steps``); the wyvern flies 2d6 hexes in a straight line in a
  rolled direction, the dragons' wrath of BASE-16 (E-39: the Beast's rampage with its own
  distance).
* Its entry applies at step 3e against this turn's patrols, as the Beast's (E-12,
  rules.modules.roaming.entry_battle): the covering patrol, or a neutral kingdom's army,
  meets it (NR-CHORDE-3: it attacks every army it meets); met by nobody, it sacks the
  hex (E-39: the Beast's ravage).
* After its battle: it won, the hex is sacked; it lost, it is slain and gone at the end
  of the turn; a draw leaves it where it is. Its points never change.

An army of Chaos the horde meets (the finder, or the covering patrol; its people by the
peoples module's ``army_race``) rolls a d6: on ``horde_chaos_joins`` (4) or more the horde
joins it, its points added to the army, and leaves the map; else it attacks
(NR-CHORDE-4). A neutral kingdom's army keeps its set strength (A-1.4.8): it always fights.

State: ``module_state["wildlands.chaos_horde.forces"]`` and ``["wildlands.wyvern.forces"]``
(forces, not sites: beside the sites' records), each a mapping from ``"#n"`` to
``{"at", "points", "entering": {"turn", "hex"}}``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from rules.core.dice import Dice, Roll
from rules.core.events import BattleDeclared, BattleWon, Event, ModuleStateChanged
from rules.core.rulings import RulingAsked
from rules.core.state import BattleState, Coord, DefenderKind, Order, Role, World
from rules.kingdoms.races import Race
from rules.modules import End, Module, Start, is_roaming, register
from rules.modules.peoples import army_race
from rules.modules.roaming import entry_battle, fly, hex_ravaged, ravaged, roam
from rules.modules.wildlands.actors import (
    WildsNews,
    at,
    destroyed,
    falls_upon,
    own_state,
    rolled,
    state_key,
    strengthened,
    with_state,
)
from rules.modules.wildlands.raiders import SHIPS
from rules.modules.wildlands.rulings import wrath_asked
from rules.modules.wildlands.sites import OPTION, Examination, Site, handles


@dataclass(frozen=True)
class Roamer:
    site: Site
    name: str  # in the dice record and the English news
    rule: str
    # where it goes at the start of a turn: (world, at, dice) -> (to, rolls)
    move: Callable[[World, Coord, Dice], tuple[Coord, tuple[Roll, ...]]]
    forces: str = "forces"  # its record's name beside the site's (the dragon: "dragons")

    @property
    def key(self) -> str:
        return state_key(self.site, self.forces)


def _horde_move(world: World, at_: Coord, dice: Dice):
    """AMB-30, E-39: one hex a turn (``horde_steps``), each in a random direction."""
    rolls: tuple[Roll, ...] = ()
    for _ in range(world.ruleset.horde_steps):
        at_, more = roam(world.hexes, at_, dice, "the Chaos horde")
        rolls += more
    return at_, rolls


def _wyvern_move(world: World, at_: Coord, dice: Dice):
    """NR-WYVERN-2, BASE-16, E-39: 2d6 hexes in a straight line (NR-GEN-10)."""
    steps, rolls = rolled(dice, world.ruleset.wyvern_steps_dice, 6, "NR-WYVERN-2 flight")
    to, more = fly(world.hexes, at_, dice, "the wyvern", steps)
    return to, (*rolls, *more)


def _dragon_move(world: World, at_: Coord, dice: Dice):
    """T-DISCOVERY 1, BASE-16, E-39: a lair's dragon flies d6 hexes (the wyvern 2d6)."""
    steps, rolls = rolled(dice, world.ruleset.dragon_steps_dice, 6, "BASE-16 dragon's flight")
    to, more = fly(world.hexes, at_, dice, "the dragon", steps)
    return to, (*rolls, *more)


HORDE = Roamer(Site.CHAOS_HORDE, "the Chaos horde", "NR-CHORDE-2 AMB-30 E-39", _horde_move)
WYVERN = Roamer(Site.WYVERN, "the wyvern", "NR-WYVERN-2 BASE-16 E-39", _wyvern_move)
# the dragon of a ruins' lair (rules.modules.wildlands.ruins) rages as the wyvern does
DRAGON = Roamer(Site.WYVERN, "the dragon", "T-DISCOVERY BASE-16 E-39", _dragon_move, "dragons")
ROAMERS = (HORDE, WYVERN, DRAGON)


def appear(world: World, roamer: Roamer, hex_: Coord, points: int, attacking: bool):
    """A new force of ``roamer`` on ``hex_`` (``attacking``: its finder, this turn)."""
    forces = own_state(world, roamer.key)
    number = 1 + max((int(k[1:]) for k in forces), default=0)
    forces[f"#{number}"] = {
        "at": list(hex_),
        "points": points,
        "entering": {"turn": world.turn, "hex": list(hex_), "found": True} if attacking else None,
    }
    return with_state(world, roamer.key, forces, roamer.rule)


@handles(Site.CHAOS_HORDE, permanent=False)
def discover_horde(world: World, found: Examination, dice: Dice) -> tuple[World, list[Event]]:
    """NR-CHORDE-1, AMB-30: 3d6 × 100 points appear and attack the finder at once (or,
    as the ruleset may say, only roam from the next turn); a finder of Chaos may win it
    over first (NR-CHORDE-4)."""
    pips, rolls = rolled(dice, 3, 6, "NR-CHORDE-1 the Chaos horde's size")
    points = pips * world.ruleset.horde_points
    attacking = bool(world.ruleset.horde_attacks_finder)
    joined, met = (
        won_over(world, found.army_id, found.hex, points, dice) if attacking else (None, [])
    )
    attacking = attacking and joined is None
    news = WildsNews(
        rule="NR-CHORDE-1 AMB-30",
        rolls=rolls,
        site=Site.CHAOS_HORDE.value,
        what="appeared" if attacking else "gathers",
        hex=found.hex,
        points=points,
        text=f"A Chaos horde of {points} points appears at {at(found.hex)}"
        + (" and falls upon the explorers." if attacking else "."),
    )
    if joined is not None:
        return joined, [news, *met]
    world, stored = appear(world, HORDE, found.hex, points, attacking)
    if not attacking:
        return world, [news, stored]
    battle = falls_upon(world, found.army_id, found.hex, points, "NR-CHORDE-3 AMB-30")
    return world, [news, *met, stored, battle]


def won_over(
    world: World, army_id: int, hex_: Coord, points: int, dice: Dice
) -> tuple[World | None, list[Event]]:
    """NR-CHORDE-4: the horde of ``points`` meets the army. An army of Chaos rolls a d6:
    on ``horde_chaos_joins`` or more the horde joins it (the world with the army grown);
    else it attacks (None, the roll told). Any other army: None, no roll. Only the
    army's owner (and the GM) learns which, as he alone knows his army's people."""
    if army_race(world, army_id) is not Race.CHAOS:
        return None, []
    roll = dice.d6(f"NR-CHORDE-4 the Chaos horde meets army {army_id}")
    joins = roll.result >= world.ruleset.horde_chaos_joins
    army = world.armies[army_id]
    news = WildsNews(
        rule="NR-CHORDE-4",
        rolls=(roll,),
        kingdom_ids=(army.kingdom_id,),
        site=Site.CHAOS_HORDE.value,
        what="joined" if joins else "spurned",
        hex=hex_,
        army_id=army_id,
        points=points,
        text=f"The Chaos horde at {at(hex_)} "
        + (f"joins {army.name}." if joins else f"spurns {army.name} and attacks."),
    )
    if not joins:
        return None, [news]
    world, gained = strengthened(world, army_id, points, "NR-CHORDE-4")
    return world, [news, *gained]


@handles(Site.WYVERN, permanent=False)
def discover_wyvern(world: World, found: Examination, dice: Dice) -> tuple[World, list[Event]]:
    """NR-WYVERN-1: the examining army is destroyed; the wyvern stays there to rage."""
    world, gone = destroyed(world, found.army_id, "NR-WYVERN-1")
    world, stored = appear(world, WYVERN, found.hex, world.ruleset.wyvern_points, False)
    news = WildsNews(
        rule="NR-WYVERN-1",
        site=Site.WYVERN.value,
        what="appeared",
        hex=found.hex,
        army_id=found.army_id,
        text=f"A wyvern rises at {at(found.hex)} and destroys the army that disturbed it.",
    )
    return world, [news, *gone, stored, woke(world, WYVERN, found.hex)]


def woke(world: World, roamer: Roamer, hex_: Coord) -> RulingAsked:
    """new-rules.md §12.4, BASE-16: the GM is asked whether the force that just
    ``appear``-ed (the last of its kind) rages."""
    force = max(own_state(world, roamer.key), key=lambda k: int(k[1:]))
    return wrath_asked(world, roamer.name, roamer.key, force, hex_)


def phase_one(world: World, orders: list[Order], dice: Dice):
    """§12.3, E-12: each horde and wyvern moves; everyone sees where it goes."""
    events: list[Event] = []
    for roamer in ROAMERS:
        forces = own_state(world, roamer.key)
        if not forces:
            continue
        for key, force in sorted(forces.items()):
            from_ = tuple(force["at"])
            to, rolls = roamer.move(world, from_, dice)
            forces[key] = {
                **force,
                "at": list(to),
                "entering": {"turn": world.turn, "hex": list(to)},
            }
            moved = f"moves from {at(from_)} to {at(to)}" if to != from_ else "stays"
            events.append(
                WildsNews(
                    rule=roamer.rule,
                    rolls=rolls,
                    site=roamer.site.value,
                    what="moved",
                    hex=to,
                    text=f"{roamer.name.capitalize()} {moved}.",
                )
            )
        world, stored = with_state(world, roamer.key, forces, roamer.rule)
        events.append(stored)
    return world, orders, events


def _entering(world: World, roamer: Roamer) -> list[tuple[str, dict]]:
    return [
        (key, force)
        for key, force in sorted(own_state(world, roamer.key).items())
        if (force.get("entering") or {}).get("turn") == world.turn
    ]


def invasions(world: World, orders: list[Order], patrols: list, dice: Dice):
    """Step 3e, E-12: each force that moved meets the hex it entered."""
    events: list[Event] = []
    for roamer in ROAMERS:
        joined = []
        for key, force in _entering(world, roamer):
            if force["entering"].get("found"):
                continue  # it appeared attacking its finder (AMB-30): that battle is declared
            hex_ = tuple(force["entering"]["hex"])
            battle = entry_battle(world, hex_, patrols, force["points"], roamer.rule)
            if battle is None:
                events += _sack(world, roamer, hex_)
                continue
            won, met = _met(world, roamer, battle, force["points"], dice)
            events += met if won else [*met, battle]
            joined += [key] if won else []
        if joined:
            events.append(_without(world, roamer, joined, "NR-CHORDE-4"))
    return orders, patrols, events


def _met(world: World, roamer: Roamer, battle: BattleDeclared, points: int, dice: Dice):
    """NR-CHORDE-4: whether the horde joins the army it meets, and what is told."""
    if roamer is not HORDE or not battle.defender_army_ids:
        return False, []  # a neutral kingdom's army keeps its set strength
    joined, met = won_over(world, battle.defender_army_ids[0], battle.hex, points, dice)
    return joined is not None, met


def _without(world: World, roamer: Roamer, keys: list[str], rule: str) -> ModuleStateChanged:
    """The record of ``roamer``'s forces without those of ``keys`` (slain, or joined)."""
    forces = {k: v for k, v in own_state(world, roamer.key).items() if k not in keys}
    return with_state(world, roamer.key, forces, rule)[1]


def _sack(world: World, roamer: Roamer, hex_: Coord) -> list[Event]:
    """E-39: "sacked" is the Beast's ravage; nothing to sack in a bare unowned hex."""
    h = world.hexes[hex_]
    after = ravaged(h)
    if after == h and h.owner is None:
        return []
    return [
        hex_ravaged(h, after, f"{roamer.rule} E-39"),
        WildsNews(
            rule=f"{roamer.rule} E-39",
            site=roamer.site.value,
            what="sacked",
            hex=hex_,
            text=f"{roamer.name.capitalize()} sacks {at(hex_)}.",
        ),
    ]


def fighting(world: World, battle: BattleState) -> Roamer | None:
    """The kind of force (horde or wyvern) that attacks in ``battle``: a roaming attacker
    in the hex one entered this turn."""
    if not is_roaming(battle.attacker) or battle.defender_kind is DefenderKind.ROAMING:
        return None
    for roamer in ROAMERS:
        for _, force in _entering(world, roamer):
            if tuple(force["entering"]["hex"]) == tuple(battle.hex):
                return roamer
    return None


def after_battle(world: World, battle: BattleState, events: list[Event]) -> list[Event]:
    """It won: the hex is sacked; it lost: it is slain (gone at the end of the turn); a
    draw: nothing."""
    roamer = fighting(world, battle)
    winner = next((e.winner for e in events if isinstance(e, BattleWon)), None)
    if roamer is None or winner is None:
        return []
    if winner is Role.ATTACKER:
        return _sack(world, roamer, tuple(battle.hex))
    return [
        WildsNews(
            rule=roamer.rule,
            site=roamer.site.value,
            what="slain",
            hex=battle.hex,
            text=f"{roamer.name.capitalize()} is destroyed at {at(battle.hex)}.",
        )
    ]


def end_of_turn(world: World, events: list[Event], dice: Dice) -> list[Event]:
    """The forces slain this turn leave the record, all of a kind at once (each battle's
    ``after_battle`` sees the world as it was before the battles)."""
    more: list[Event] = []
    for roamer in ROAMERS:
        slain = {
            tuple(e.hex)
            for e in events
            if isinstance(e, WildsNews) and e.site == roamer.site.value and e.what == "slain"
        }
        gone = [key for key, force in _entering(world, roamer) if tuple(force["at"]) in slain]
        if gone:
            more.append(_without(world, roamer, gone, roamer.rule))
    return more


MODULE = register(
    Module(
        option=OPTION,
        phase_one=phase_one,
        starts_at=Start.CHAOS_HORDES,
        invasions=invasions,
        after_battle=after_battle,
        end_of_turn=end_of_turn,
        ends_at=End.TURN_RESULTS,
    )
)


def standing(module_state: Mapping[str, Mapping]) -> dict[Coord, Site]:
    """Where each horde, wyvern and northern raiders' ship stands, for everyone's map (as
    the Beast's moves are everyone's news; the ship is a marker on the coast, NR-RAIDER-2)."""
    ships = {
        tuple(ship["at"]): Site.NORTHERN_RAIDERS for ship in module_state.get(SHIPS, {}).values()
    }
    return ships | {
        tuple(force["at"]): roamer.site
        for roamer in ROAMERS
        for force in module_state.get(roamer.key, {}).values()
    }
