"""The magic tower and its equinox spells (new-rules.md §5: NR-TOWER, T-WIZARD, T-DUEL,
NR-EQX, T-EQX, T-SPELL, T-EXPSPELL), part of the wildlands module.

* Found: an army's examination places a tower (a permanent site, NR-WILD-5) in
  ``module_state["wildlands.magic_tower"]`` (rules.modules.wildlands.sites.place); the
  finder rolls 2d6 on T-WIZARD at once (NR-TOWER-1: the ruleset's
  ``tower_roll_on_entry``, AMB-49). An army that invades a tower's hex "moves into" it
  (E-32) and rolls 2d6 too, at the end of that turn.
* Forced reaction (NR-TOWER-2, AMB-15): at the end of each later turn, every army that
  stood on the tower's hex the whole turn (there at the start, not moved, no invasion
  made from it) rolls d6 + 6 on T-WIZARD.
* T-WIZARD's results are abstract (BASE-25): troops, a wizard and a magic item are
  points the army gains (rules.modules.wildlands.news.reinforce); the scouts (7) examine
  the kingdom's barren hex nearest the tower at once (the army stays: E-32 gives no free
  move); the spies (8) report the
  nearest other kingdom's army within reach; a challenge (11) is a duel on T-DUEL (every
  abstract army has a wizard, AMB-15); the attack (12) rolls the tower's army, which
  attacks at the next turn's step 3e as a roaming force (``invasions``, E-12), and a
  victorious army sacks the tower at that turn's end.
* Attacked at will (NR-TOWER-3/8, AMB-16): an Examine order on one's own tower's hex
  (``_assaults``) rolls the wizard's 4d6 × 100 at step 3e and fights him there as in his
  own attack, behind the tower's walls (``walls``: a fortress on Table 23) when he is the
  weaker; no T-WIZARD roll is made.
* A wizard banished to the Warp (T-DUEL 2–3) comes back with his points at the next
  winter phase (AMB-15); a tower sacked (T-DUEL 6) yields its loot (NR-TOWER-7) and is
  gone, the hex barren again (NR-TOWER-9).
* Equinoxes (E-31: the turns of the year ``spring_equinox_turn``,
  ``autumn_equinox_turn``), at Phase 1: each tower rolls T-EQX, aims 2d6 hexes along a
  d6 direction (1 = N, then clockwise, E-39) and casts a standard spell (T-SPELL, the
  season's column) or an experimental one (T-EXPSPELL). A spell's effect is the ruleset's
  (``SPELLS`` gives its kind, the ``spell_*`` option its size, BASE-21). Crowns a spell
  gives or takes fall due at the next winter phase, as income (NR-GEN-7).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from enum import StrEnum

import msgspec

from rules.core.dice import Dice, Roll
from rules.core.dicetable import DiceTable, d6
from rules.core.events import (
    ArmyDestroyed,
    ArmyLosses,
    ArmyMoved,
    ArmyRested,
    ArmyWeakened,
    BattleDeclared,
    BattleWon,
    Event,
)
from rules.core.hexgrid import along, distance
from rules.core.state import (
    BattleState,
    Coord,
    Feature,
    Order,
    OrderKind,
    Role,
    Terrain,
    World,
)
from rules.kingdoms.crowns import equinox_of, is_winter_turn
from rules.modules import End, Module, Start, is_roaming, module_table, register
from rules.modules.beast import ravaged
from rules.modules.roaming import attacks_army, hex_ravaged
from rules.modules.wildlands.examine import barren_problem, examine
from rules.modules.wildlands.news import (
    ArmyBolstered,
    _SiteNews,
    armies_on,
    by_hex,
    change_points,
    nearest_army,
    news,
    owe,
    reinforce,
    weaken,
)
from rules.modules.wildlands.rulings import custom_asked, spell_asked
from rules.modules.wildlands.sites import (
    OPTION,
    Examination,
    Site,
    controller,
    coord_of,
    handles,
    hex_key,
    place,
    records,
    with_records,
)
from rules.modules.wildlands.temples import warded
from rules.sieges.state import SiegeStatus

TOWER = Site.MAGIC_TOWER


class TowerNews(_SiteNews):
    """NR-TOWER: a tower found or gone (its finder's and its hex owner's), a wizard's
    reaction (the army's owner's)."""


class SpellCast(_SiteNews):
    """NR-EQX: an equinox spell: its target's owner's and the GM's (``kingdom_ids``);
    a spell that strikes no kingdom is the GM's alone."""


class Wizard(StrEnum):
    """T-WIZARD results."""

    JOINS = "joins"
    TROOPS = "troops"
    ITEM = "item"
    SCOUTS = "scouts"
    SPIES = "spies"
    IGNORES = "ignores"
    DUEL = "duel"
    ATTACK = "attack"


class Duel(StrEnum):
    """T-DUEL results."""

    KILLED = "killed"
    BANISHED = "banished"
    WITHDRAWS = "withdraws"
    SLAIN = "slain"


class Activity(StrEnum):
    """T-EQX results."""

    NONE = "none"
    STANDARD = "standard"
    EXPERIMENTAL = "experimental"


class Experiment(StrEnum):
    """T-EXPSPELL results."""

    DISASTER = "disaster"
    FLOP = "flop"
    MINOR_SUCCESS = "minor_success"
    MAJOR_SUCCESS = "major_success"
    MINOR_FAILURE = "minor_failure"
    MAJOR_FAILURE = "major_failure"


ANNOUNCE = "announce:"


@dataclasses.dataclass(frozen=True)
class Custom:
    """NR-EQX-11: a T-EXPSPELL row of the GM's own design, written ``announce: <his
    words>``: the engine tells his words to the target's owner; what they change, he
    applies as any ruling of his (docs/design/supplement.md)."""

    text: str

    @property
    def value(self) -> str:  # how the table editor writes it back (rules.core.ruleset)
        return f"{ANNOUNCE} {self.text}"


class _ExperimentWords(Mapping):
    """T-EXPSPELL's vocabulary: the six built results, or any ``announce: <text>``."""

    _BUILT = {e.value: e for e in Experiment}

    def __getitem__(self, word: str) -> Experiment | Custom:
        text = word.removeprefix(ANNOUNCE).strip() if word.startswith(ANNOUNCE) else ""
        return Custom(text) if text else self._BUILT[word]

    def __iter__(self):
        return iter((*self._BUILT, f"{ANNOUNCE} <your text>"))

    def __len__(self) -> int:
        return len(self._BUILT) + 1


class Effect(StrEnum):
    """How a standard spell acts (the engine's reading of BASE-21)."""

    CROWNS = "crowns"  # to the target's owner, at the next winter
    ON_HEX = "on_hex"  # points to each army on the target
    TO_OWNER = "to_owner"  # points to the owner's army nearest the target (NR-EQX-6/7)
    RAVAGE = "ravage"  # the target is ravaged (E-39's "sacked") if the option is 1
    SIEGE = "siege"  # points to the besiegers of the siege it finds (NR-EQX-8)
    NEAREST = "nearest"  # points to the army nearest the tower (NR-EQX-9)


# T-SPELL, spring and autumn columns, by d12; each spell's kind of effect (its size is
# the ruleset's ``spell_<name>``)
SPRING = (
    "abundance", "chaos_void", "hold_river", "magical_protection", "portents_of_power",
    "quake", "raise_dead", "rot", "scrye", "storm", "summon_host", "withershins",
)  # fmt: skip
AUTUMN = (
    "blight_crop", "deluge", "trail_of_howling_doom", "forge_magic", "inundation_of_blood",
    "bumper_crop", "prosper", "reign_of_madness", "call_of_heroes", "break_siege",
    "shrouding_mist", "tornado_of_peril",
)  # fmt: skip
SPELLS = {
    **dict.fromkeys(
        ("abundance", "portents_of_power", "rot", "scrye", "blight_crop", "bumper_crop",
         "prosper"),
        Effect.CROWNS,
    ),
    **dict.fromkeys(
        ("chaos_void", "hold_river", "magical_protection", "raise_dead", "storm",
         "withershins", "deluge", "trail_of_howling_doom", "inundation_of_blood",
         "reign_of_madness"),
        Effect.ON_HEX,
    ),
    **dict.fromkeys(("summon_host", "forge_magic", "call_of_heroes"), Effect.TO_OWNER),
    **dict.fromkeys(("quake", "tornado_of_peril"), Effect.RAVAGE),
    "break_siege": Effect.SIEGE,
    "shrouding_mist": Effect.NEAREST,
}  # fmt: skip
AVOIDS_SETTLEMENTS = {"chaos_void"}  # NR-EQX-4
RIVER_ONLY = {"hold_river", "deluge"}  # NR-EQX-5
SETTLEMENTS = (Feature.TOWN, Feature.CITY)  # "inhabited" (E-40: village = Town)

T_WIZARD = DiceTable(
    title="T-WIZARD (wizard's reaction, 2d6; d6 + 6 when forced)",
    rule="NR-TOWER T-WIZARD",
    sides=12,
    lowest=2,
    rows=(
        (2, 2, Wizard.JOINS),
        (3, 4, Wizard.TROOPS),
        (5, 6, Wizard.ITEM),
        (7, 7, Wizard.SCOUTS),
        (8, 8, Wizard.SPIES),
        (9, 10, Wizard.IGNORES),
        (11, 11, Wizard.DUEL),
        (12, 12, Wizard.ATTACK),
    ),
)
T_DUEL = d6(
    "T-DUEL (wizard's challenge)",
    "NR-TOWER-4 T-DUEL",
    (1, 1, Duel.KILLED),
    (2, 3, Duel.BANISHED),
    (4, 5, Duel.WITHDRAWS),
    (6, 6, Duel.SLAIN),
)
T_EQX = d6(
    "T-EQX (tower activity at an equinox)",
    "NR-EQX-1 T-EQX",
    (1, 3, Activity.NONE),
    (4, 5, Activity.STANDARD),
    (6, 6, Activity.EXPERIMENTAL),
)
T_EXPSPELL = d6(
    "T-EXPSPELL (experimental spell)",
    "NR-EQX-10 T-EXPSPELL",
    *((n, n, result) for n, result in enumerate(Experiment, start=1)),
)


def _spell_table(season: str, spells: tuple[str, ...]) -> DiceTable:
    return DiceTable(
        title=f"T-SPELL ({season} equinox, d12)",
        rule="NR-EQX-3 T-SPELL",
        sides=12,
        rows=tuple((n, n, spell) for n, spell in enumerate(spells, start=1)),
    )


TABLES = {
    "t-wizard": (T_WIZARD, {w.value: w for w in Wizard}),
    "t-duel": (T_DUEL, {d.value: d for d in Duel}),
    "t-eqx": (T_EQX, {a.value: a for a in Activity}),
    "t-spell-spring": (_spell_table("spring", SPRING), {s: s for s in SPELLS}),
    "t-spell-autumn": (_spell_table("autumn", AUTUMN), {s: s for s in SPELLS}),
    "t-expspell": (T_EXPSPELL, _ExperimentWords()),
}


# --- found, and the wizard's reaction -----------------------------------------------


@handles(TOWER, permanent=True)
def discover(world: World, exam: Examination, dice: Dice) -> tuple[World, list[Event]]:
    """NR-TOWER, NR-WILD-5: the tower stands; the finder may roll T-WIZARD (NR-TOWER-1)."""
    world, (stored,) = place(world, exam, TOWER, "NR-TOWER NR-WILD-5")
    found = news(
        TowerNews,
        "NR-TOWER NR-WILD-5",
        "tower_found",
        hex=exam.hex,
        army_id=exam.army_id,
        kingdom_ids=(exam.kingdom_id,),
    )
    if not world.ruleset.tower_roll_on_entry:
        return world, [found, stored]
    world, reaction = react(world, exam.hex, exam.army_id, dice, forced=False)
    return world, [found, stored, *reaction]


def react(
    world: World, hex_: Coord, army_id: int, dice: Dice, *, forced: bool
) -> tuple[World, list[Event]]:
    """T-WIZARD for ``army_id`` at the tower on ``hex_``: 2d6, or d6 + 6 when ``forced``
    (NR-TOWER-2)."""
    if forced:
        die = dice.d6("NR-TOWER-2 T-WIZARD forced reaction (d6 + 6)")
        rolls, total = (die,), die.result + 6
    else:
        rolls = tuple(dice.d6("NR-TOWER-1 T-WIZARD wizard's reaction") for _ in range(2))
        total = sum(r.result for r in rolls)
    rule = "NR-TOWER-2 AMB-15 T-WIZARD" if forced else "NR-TOWER-1 AMB-49 T-WIZARD"
    reaction = module_table(world, "t-wizard").lookup(total)
    army = world.armies[army_id]
    facts = {"hex": hex_, "army_id": army_id, "kingdom_ids": (army.kingdom_id,)}
    ruleset = world.ruleset
    if reaction in (Wizard.JOINS, Wizard.TROOPS):
        more = tuple(dice.d6(f"T-WIZARD {reaction.value}: 2d6 points") for _ in range(2))
        each = (
            ruleset.tower_joins_points if reaction is Wizard.JOINS else ruleset.tower_troops_points
        )
        gain = sum(r.result for r in more) * each
        return _gain(world, rule, f"wizard_{reaction.value}", rolls + more, gain, facts)
    if reaction is Wizard.ITEM:
        return _gain(world, rule, "wizard_item", rolls, ruleset.tower_item_points, facts)
    if reaction is Wizard.SPIES:
        return world, [_spies(world, rule, rolls, facts)]
    if reaction is Wizard.DUEL and ruleset.tower_armies_have_wizards:
        return duel(world, hex_, army_id, dice, rolls)
    if reaction is Wizard.DUEL:  # NR-TOWER-4: no wizard to answer, so result 12
        reaction = Wizard.ATTACK
    if reaction is Wizard.ATTACK:
        more = tuple(dice.d6("NR-TOWER-6 AMB-16 the tower's army: 4d6") for _ in range(4))
        points = sum(r.result for r in more) * ruleset.tower_attack_points
        attack = news(
            TowerNews,
            f"{rule} NR-TOWER-6 AMB-16",
            "wizard_attacks",
            rolls=rolls + more,
            points=points,
            **facts,
        )
        towers = records(world, TOWER)
        towers[hex_key(hex_)]["attack"] = {"army_id": army_id, "points": points}
        world, stored = with_records(world, TOWER, towers, "NR-TOWER-6 AMB-16")
        return world, [attack, stored]
    if reaction is Wizard.SCOUTS:
        return _scouts(world, rule, rolls, facts, dice)
    return world, [news(TowerNews, rule, "wizard_ignores", rolls=rolls, **facts)]


def _gain(world: World, rule: str, what: str, rolls: tuple[Roll, ...], gain: int, facts: dict):
    world, gained = reinforce(world, facts["army_id"], gain, rule)
    got = gained[0].points_gained if gained else 0
    return world, [news(TowerNews, rule, what, rolls=rolls, points=got, **facts), *gained]


def _scouts(world: World, rule: str, rolls: tuple[Roll, ...], facts: dict, dice: Dice):
    """T-WIZARD 7: the wizard's scouts examine another hex at once for the army: the
    barren hex of its kingdom nearest the tower (the lowest coordinates among ties: the
    player's choice made by default), on T-WILD as an Examine order would (NR-WILD-3).
    The army itself does not move (E-32: positions follow orders only)."""
    army, tower = world.armies[facts["army_id"]], facts["hex"]
    barren = [
        c for c in world.hexes if c != tower and barren_problem(world, army.kingdom_id, c) is None
    ]
    if not barren:
        return world, [news(TowerNews, rule, "wizard_no_scouts", rolls=rolls, **facts)]
    where = min(barren, key=lambda c: (distance(c, tower), c))
    offered = news(TowerNews, rule, "wizard_scouts", rolls=rolls, other=str(where), **facts)
    away = msgspec.structs.replace(army, position=where)
    world, found = examine(
        dataclasses.replace(world, armies={**world.armies, army.id: away}), away, dice
    )
    if army.id in world.armies:  # the scouts come back: the army stands where it stood
        back = msgspec.structs.replace(world.armies[army.id], position=army.position)
        world = dataclasses.replace(world, armies={**world.armies, army.id: back})
    return world, [offered, *found]


def _spies(world: World, rule: str, rolls: tuple[Roll, ...], facts: dict) -> _SiteNews:
    """T-WIZARD 8: the owner learns the points of the nearest other kingdom's army within
    ``tower_spy_range`` of the tower (the lowest id among ties: the player's choice made
    by default)."""
    owner = facts["kingdom_ids"][0]
    reach = world.ruleset.tower_spy_range
    enemies = [
        a
        for a in world.armies.values()
        if a.kingdom_id != owner
        and a.position is not None
        and distance(a.position, facts["hex"]) <= reach
    ]
    if not enemies:
        return news(TowerNews, rule, "wizard_no_spies", rolls=rolls, **facts)
    spied = min(enemies, key=lambda a: (distance(a.position, facts["hex"]), a.id))
    return news(
        TowerNews, rule, "wizard_spies", rolls=rolls, points=spied.points, other=spied.name,
        **facts,
    )  # fmt: skip


def duel(
    world: World, hex_: Coord, army_id: int, dice: Dice, rolls: tuple[Roll, ...] = ()
) -> tuple[World, list[Event]]:
    """NR-TOWER-4/5, T-DUEL: the army's wizard (every abstract army has one, AMB-15)
    against the tower's."""
    die = dice.d6("NR-TOWER-4 T-DUEL wizard's challenge")
    result = module_table(world, "t-duel").lookup(die.result)
    rolls = (*rolls, die)
    army = world.armies[army_id]
    facts = {"hex": hex_, "army_id": army_id, "kingdom_ids": (army.kingdom_id,)}
    rule = "NR-TOWER-4 NR-TOWER-5 AMB-15 T-DUEL"
    if result is Duel.SLAIN:
        return sack(world, hex_, army_id, dice, rolls)
    if result is Duel.WITHDRAWS:
        return world, [news(TowerNews, rule, "duel_won", rolls=rolls, **facts)]
    lost_die = dice.d6("NR-TOWER-5 your wizard's points: d6")
    lost = min(lost_die.result * world.ruleset.tower_wizard_points, army.points)
    rolls = (*rolls, lost_die)
    world, losses = weaken(world, army_id, lost, rule)
    if result is Duel.KILLED or not world.ruleset.tower_banished_return:
        what = "duel_killed" if result is Duel.KILLED else "duel_banished_for_good"
        return world, [news(TowerNews, rule, what, rolls=rolls, points=lost, **facts), *losses]
    towers = records(world, TOWER)
    tower = towers[hex_key(hex_)]
    tower["banished"] = [*tower.get("banished", []), {"army_id": army_id, "points": lost}]
    world, stored = with_records(world, TOWER, towers, rule)
    told = news(TowerNews, rule, "duel_banished", rolls=rolls, points=lost, **facts)
    return world, [told, *losses, stored]


def sack(
    world: World, hex_: Coord, army_id: int, dice: Dice, rolls: tuple[Roll, ...] = ()
) -> tuple[World, list[Event]]:
    """NR-TOWER-7/9: the loot, as points (abstract play: supplies are not kept, E-40), and
    the tower gone."""
    ruleset = world.ruleset
    dice_of = (
        ("magic weapons", ruleset.tower_loot_arms),
        ("magic armour", ruleset.tower_loot_arms),
        ("magic banners or instruments", ruleset.tower_loot_lore),
        ("scrolls or rings", ruleset.tower_loot_lore),
    )
    loot = tuple(dice.d6(f"NR-TOWER-7 sack: {what}") for what, _ in dice_of)
    gain = sum(r.result * each for r, (_, each) in zip(loot, dice_of, strict=True))
    army = world.armies[army_id]
    rule = "NR-TOWER-7 NR-TOWER-9"
    world, gained = reinforce(world, army_id, gain, rule)
    got = gained[0].points_gained if gained else 0
    sacked = news(
        TowerNews, rule, "tower_sacked", rolls=(*rolls, *loot), hex=hex_, army_id=army_id,
        points=got, kingdom_ids=(army.kingdom_id,),
    )  # fmt: skip
    world, gone = remove(world, hex_, rule)
    return world, [sacked, *gained, *gone]


def remove(world: World, hex_: Coord, rule: str) -> tuple[World, list[Event]]:
    """NR-TOWER-9, AMB-19: the tower is gone and the hex barren again, to be examined
    again; a wizard still in the Warp is lost with it."""
    towers = records(world, TOWER)
    told = news(TowerNews, rule, "tower_gone", hex=hex_, kingdom_ids=knowing(world, hex_))
    towers.pop(hex_key(hex_), None)
    world, stored = with_records(world, TOWER, towers, rule)
    return world, [told, stored]


def knowing(world: World, hex_: Coord) -> tuple[int, ...]:
    """Who sees the tower on ``hex_`` on the map: its finder and the hex's owner."""
    record = records(world, TOWER).get(hex_key(hex_), {})
    return tuple(sorted({record.get("kingdom_id"), controller(world, hex_)} - {None}))


# --- the wizard's attack (NR-TOWER-6) -----------------------------------------------------


def invasions(world: World, orders: list[Order], patrols: list, dice: Dice):
    """Step 3e: the invasions to and from each tower's hex are noted on its record for
    the end of the turn (``moves``: E-32, an invasion moves into its target and out of
    its origin), and the wizard's attacks are declared (``_attacks``)."""
    towers = records(world, TOWER)
    invades = [o for o in orders if o.kind is OrderKind.INVADE and o.army_id in world.armies]
    for key, record in towers.items():
        hex_ = coord_of(key)
        entered = sorted(o.army_id for o in invades if tuple(o.target) == hex_)
        left = sorted(o.army_id for o in invades if world.armies[o.army_id].position == hex_)
        record.pop("moves", None)
        record.pop("assault", None)  # an earlier turn's (NR-TOWER-8)
        if entered or left:
            record["moves"] = {
                "turn": world.turn,
                "entered": {"army_ids": entered},
                "left": {"army_ids": left},
            }
    events = _attacks(world, towers, {o.army_id for o in invades})
    attacked = {a for e in events if isinstance(e, BattleDeclared) for a in e.defender_army_ids}
    events += _assaults(world, towers, orders, attacked, dice)
    if towers == records(world, TOWER):
        return orders, patrols, events
    _, stored = with_records(world, TOWER, towers, "NR-TOWER-1 NR-TOWER-6 E-32")
    return orders, patrols, [*events, stored]


def _attacks(world: World, towers: dict[str, dict], invading: set[int]) -> list[Event]:
    """NR-TOWER-6, BASE-11, E-12: at step 3e of the turn after his reaction the wizard's
    army attacks the army at his tower, as a roaming force (it never retreats and takes
    no hex; the army may fight or retreat as against any invader). An army no longer on
    the tower's hex, or invading from it, is gone when he comes."""
    events: list[Event] = []
    for key, record in sorted(towers.items(), key=by_hex):
        attack = record.pop("attack", None)
        army = world.armies.get(attack["army_id"]) if attack else None
        if army is None:
            continue  # no attack, or the army was destroyed since: nobody to attack
        hex_ = coord_of(key)
        if army.position != hex_ or army.id in invading:
            facts = {"hex": hex_, "army_id": army.id, "kingdom_ids": (army.kingdom_id,)}
            events.append(news(TowerNews, "NR-TOWER-6", "wizard_misses", **facts))
            continue
        events.append(attacks_army(army, hex_, attack["points"], "NR-TOWER-6 BASE-11 E-12"))
    return events


def _assaults(
    world: World, towers: dict[str, dict], orders: list[Order], attacked: set[int], dice: Dice
) -> list[Event]:
    """NR-TOWER-3/8, AMB-16: an Examine order on one's own tower's hex is an attack on the
    tower (rules.modules.wildlands.examine:attacks_tower), with no T-WIZARD roll. The
    wizard's (4d6 × 100) points are rolled as it is declared, at step 3e, and the battle
    is fought there as the wizard's own attack (NR-TOWER-6): in the open if he has at
    least the army's points, else behind the tower's walls, a fortress (``walls``). A
    tower found this turn, or an army the wizard attacks already, is not attacked; one
    army a tower each turn, the lowest id first."""
    events: list[Event] = []
    examining = sorted((o for o in orders if o.kind is OrderKind.EXAMINE), key=lambda o: o.army_id)
    for order in examining:
        army = world.armies.get(order.army_id)
        record = towers.get(hex_key(army.position)) if army and army.position else None
        if record is None or record["turn"] >= world.turn or "assault" in record:
            continue
        if army.id in attacked:
            continue
        rolls = tuple(dice.d6("NR-TOWER-8 AMB-16 the tower's army: 4d6") for _ in range(4))
        points = sum(r.result for r in rolls) * world.ruleset.tower_attack_points
        behind_walls = points < army.points
        record["assault"] = {"army_id": army.id, "turn": world.turn, "walls": behind_walls}
        rule = "NR-TOWER-3 NR-TOWER-8 AMB-16"
        what = "tower_assaulted_walls" if behind_walls else "tower_assaulted"
        facts = {"hex": army.position, "army_id": army.id, "kingdom_ids": (army.kingdom_id,)}
        events.append(news(TowerNews, rule, what, rolls=rolls, points=points, **facts))
        events.append(attacks_army(army, army.position, points, f"{rule} E-12"))
    return events


def walls(world: World, battle: BattleState, role: Role, points: dict[int, int]) -> int:
    """NR-TOWER-8, E-37: a wizard weaker than the army attacking his tower fights from
    inside it, a fortress: the fortress's Table 23 bonus to his side."""
    if role is not Role.ATTACKER or not is_roaming(battle.attacker) or battle.defender is None:
        return 0
    assault = records(world, TOWER).get(hex_key(battle.hex), {}).get("assault")
    if not assault or assault["turn"] != world.turn or not assault["walls"]:
        return 0
    return world.ruleset.fortress_bonus if assault["army_id"] in battle.defender.army_ids else 0


def after_battle(world: World, battle: BattleState, events: list[Event]) -> list[Event]:
    """NR-TOWER-6/7: the army that beats the wizard's army will sack the tower (at the
    end of the turn, where the loot is rolled); beaten, it is driven off as by any
    invader, and the tower stays."""
    won = next((e.winner for e in events if isinstance(e, BattleWon)), None)
    if (
        won is not Role.DEFENDER
        or not is_roaming(battle.attacker)
        or battle.defender is None
        or not battle.defender.army_ids
        or hex_key(battle.hex) not in records(world, TOWER)
    ):
        return []
    army = world.armies[battle.defender.army_ids[0]]
    facts = {"hex": battle.hex, "army_id": army.id, "kingdom_ids": (army.kingdom_id,)}
    return [news(TowerNews, "NR-TOWER-6 NR-TOWER-7", "wizard_beaten", **facts)]


# --- the end of the turn: the forced reactions, and the winter --------------------------


def end_of_turn(world: World, events: list[Event], dice: Dice) -> list[Event]:
    """§12.3 step 3 (E-31: Phase 6): in the winter turn, first the banished wizards'
    return (AMB-15); the sack of the towers whose wizard's army was beaten this turn
    (NR-TOWER-7); the reactions to the armies that invaded a tower's hex (NR-TOWER-1);
    then the forced reactions (NR-TOWER-2)."""
    world = _as_now(world, events)
    world, more, entered, left = _moves(world)
    if is_winter_turn(world.ruleset, world.turn):
        world, returned = _wizards_return(world)
        more += returned
    for e in events:  # NR-TOWER-6/7: the wizard's army beaten at step 3e
        if isinstance(e, TowerNews) and e.what == "wizard_beaten" and e.army_id in world.armies:
            if hex_key(e.hex) in records(world, TOWER):
                world, sacked = sack(world, tuple(e.hex), e.army_id, dice)
                more += sacked
    for army_id, hex_ in entered:  # NR-TOWER-1, AMB-49, E-32
        if army_id in world.armies and hex_key(hex_) in records(world, TOWER):
            world, reaction = react(world, hex_, army_id, dice, forced=False)
            more += reaction
    stayed = set(world.armies) - left - {e.army_id for e in events if isinstance(e, ArmyMoved)}
    stayed -= _assailants(world)  # NR-TOWER-8: an attack is made instead of any roll
    for key in sorted(records(world, TOWER), key=coord_of):
        record = records(world, TOWER).get(key)
        hex_ = coord_of(key)
        if record is None or record["turn"] >= world.turn:
            continue  # the turn it is found does not count (AMB-15)
        for army in armies_on(world, hex_):
            if army.id in stayed and hex_key(hex_) in records(world, TOWER):
                world, reaction = react(world, hex_, army.id, dice, forced=True)
                more += reaction
    return more


def _assailants(world: World) -> set[int]:
    """The armies that attacked a tower this turn (NR-TOWER-3/8)."""
    assaults = (record.get("assault") for record in records(world, TOWER).values())
    return {a["army_id"] for a in assaults if a and a["turn"] == world.turn}


def _as_now(world: World, events: list[Event]) -> World:
    """The armies' points as this turn's events left them, the destroyed ones gone."""
    armies = dict(world.armies)
    for e in events:
        if isinstance(e, ArmyLosses | ArmyWeakened) and e.army_id in armies:
            armies[e.army_id] = msgspec.structs.replace(armies[e.army_id], points=e.points_left)
        elif isinstance(e, ArmyRested) and e.army_id in armies:
            armies[e.army_id] = msgspec.structs.replace(armies[e.army_id], points=e.points)
        elif isinstance(e, ArmyBolstered) and e.army_id in armies:
            armies[e.army_id] = msgspec.structs.replace(
                armies[e.army_id], points=e.points, allocation=e.allocation
            )
        elif isinstance(e, ArmyMoved) and e.army_id in armies:
            armies[e.army_id] = msgspec.structs.replace(armies[e.army_id], position=tuple(e.hex))
        elif isinstance(e, ArmyDestroyed):
            armies.pop(e.army_id, None)
    return dataclasses.replace(world, armies=armies)


def _moves(world: World) -> tuple[World, list[Event], list[tuple[int, Coord]], set[int]]:
    """This turn's invasions noted at step 3e, taken off the records: the armies that
    moved into a tower's hex, to roll T-WIZARD (NR-TOWER-1, AMB-49: each for itself,
    unless the ruleset leaves the wizard alone), and those that left one, which did not
    stay the whole turn (AMB-15)."""
    towers = records(world, TOWER)
    noted = {key: record.pop("moves") for key, record in towers.items() if "moves" in record}
    if not noted:
        return world, [], [], set()
    world, stored = with_records(world, TOWER, towers, "NR-TOWER-1 NR-TOWER-2 E-32")
    now = {key: moves for key, moves in noted.items() if moves["turn"] == world.turn}
    entered = sorted(
        (army_id, coord_of(key))
        for key, moves in now.items()
        for army_id in moves["entered"]["army_ids"]
    )
    left = {army_id for moves in now.values() for army_id in moves["left"]["army_ids"]}
    return world, [stored], entered if world.ruleset.tower_roll_on_entry else [], left


def _wizards_return(world: World) -> tuple[World, list[Event]]:
    """AMB-15: each banished wizard's points come back to his army, if it still stands."""
    towers = records(world, TOWER)
    back = [
        (key, b)
        for key, record in sorted(towers.items(), key=by_hex)
        for b in record.get("banished", [])
    ]
    if not back:
        return world, []
    events: list[Event] = []
    for key, banished in back:
        towers[key].pop("banished", None)
        army = world.armies.get(banished["army_id"])
        if army is None:
            continue
        world, gained = reinforce(world, army.id, banished["points"], "NR-TOWER-5 AMB-15")
        got = gained[0].points_gained if gained else 0
        events.append(
            news(
                TowerNews,
                "NR-TOWER-5 AMB-15",
                "wizard_returns",
                army_id=army.id,
                points=got,
                hex=coord_of(key),
                kingdom_ids=(army.kingdom_id,),
            )
        )
        events += gained
    world, stored = with_records(world, TOWER, towers, "NR-TOWER-5 AMB-15")
    return world, [*events, stored]


# --- the equinoxes -----------------------------------------------------------------------


def phase_one(world: World, orders: list[Order], dice: Dice):
    """E-31: at an equinox's Phase 1, each tower rolls T-EQX (NR-EQX-1), in hex order."""
    season = equinox_of(world.ruleset, world.turn)
    if season is None:
        return world, orders, []
    events: list[Event] = []
    for key in sorted(records(world, TOWER), key=coord_of):
        if key in records(world, TOWER):
            world, cast = equinox(world, coord_of(key), season, dice)
            events += cast
    return world, [o for o in orders if o.army_id in world.armies], events


def equinox(world: World, tower: Coord, season: str, dice: Dice) -> tuple[World, list[Event]]:
    """NR-EQX-1/2/3/10: T-EQX, the target, then the spell."""
    die = dice.d6(f"NR-EQX-1 T-EQX tower {tower} at the {season} equinox")
    activity = module_table(world, "t-eqx").lookup(die.result)
    facts = {"tower": tower, "season": season}
    if activity is Activity.NONE:
        return world, [news(SpellCast, "NR-EQX-1 T-EQX", "spell_none", rolls=(die,), **facts)]
    target, aim = _target(world, tower, dice)
    rolls = (die, *aim)
    if target is None:
        return world, [news(SpellCast, "NR-EQX-2 AMB-03", "spell_lost", rolls=rolls, **facts)]
    if activity is Activity.EXPERIMENTAL:
        return _experiment(world, tower, target, season, dice, rolls)
    spell_die = dice.roll(12, f"NR-EQX-3 T-SPELL {season} equinox")
    spell = module_table(world, f"t-spell-{season}").lookup(spell_die.result)
    target, deflected = _deflected(world, spell, target, dice)
    after, cast = _standard(world, spell, target, (*rolls, spell_die, *deflected), facts, dice)
    # new-rules.md §12.4: BASE-21 leaves the effect to the GM; he is asked whether it stands
    told = next((e.kingdom_ids for e in cast if isinstance(e, SpellCast)), ())
    question = spell_asked(world, after, spell, tower, target, told)
    return after, [*cast, *([question] if question else [])]


def _target(world: World, tower: Coord, dice: Dice) -> tuple[Coord | None, tuple[Roll, ...]]:
    """NR-EQX-2, NR-GEN-9/10, E-39: a d6 direction (1 = N, clockwise), 2d6 hexes along it;
    None off the map (no effect)."""
    way = dice.d6("NR-EQX-2 direction of the spell (1 = N, clockwise)")
    far = tuple(dice.d6("NR-EQX-2 distance of the spell: 2d6") for _ in range(2))
    steps = sum(r.result for r in far)
    target = along(tower, way.result, steps)
    return (target if target in world.hexes else None), (way, *far)


def _deflected(
    world: World, spell: str, target: Coord, dice: Dice
) -> tuple[Coord, tuple[Roll, ...]]:
    """NR-EQX-4/5: Chaos Void turns from a settlement to the nearest hex without one;
    Hold River and Deluge to the nearest river; ties by a logged die."""
    if spell in AVOIDS_SETTLEMENTS:
        fits = [c for c, h in world.hexes.items() if h.feature not in SETTLEMENTS]
    elif spell in RIVER_ONLY:
        fits = [c for c, h in world.hexes.items() if h.terrain is Terrain.RIVER]
    else:
        return target, ()
    if target in fits or not fits:
        return target, ()
    near = min(distance(c, target) for c in fits)
    ties = sorted(c for c in fits if distance(c, target) == near)
    if len(ties) == 1:
        return ties[0], ()
    pick = dice.roll(len(ties), f"NR-EQX-4 NR-EQX-5 {spell} deflected: one of {len(ties)}")
    return ties[pick.result - 1], (pick,)


def _standard(
    world: World, spell: str, target: Coord, rolls: tuple[Roll, ...], facts: dict, dice: Dice
) -> tuple[World, list[Event]]:
    """NR-EQX-3…9: the spell's effect, of its kind (``SPELLS``) and size (the ruleset's)."""
    size = getattr(world.ruleset, f"spell_{spell}")
    effect = SPELLS[spell]
    rule = f"NR-EQX-3 BASE-21 T-SPELL {spell}"
    if effect is Effect.SIEGE:
        return _break_siege(world, spell, size, rolls, facts, dice)
    if effect is Effect.NEAREST:
        army = nearest_army(world, facts["tower"])
        reach = world.ruleset.spell_range
        if army is None or distance(army.position, facts["tower"]) > reach:
            return world, [
                news(
                    SpellCast,
                    f"{rule} NR-EQX-9",
                    "spell_nothing",
                    rolls=rolls,
                    other=spell,
                    **facts,
                )
            ]
        return _on_armies(
            world, spell, army.position, [army.id], size, rolls, facts, f"{rule} NR-EQX-9"
        )
    if warded(world, target):  # the High Elf temple's ward (T-TEMPLE-RACE, AMB-20)
        owner = world.hexes[target].owner
        told = news(
            SpellCast,
            f"{rule} T-TEMPLE-RACE AMB-20",
            "spell_warded",
            rolls=rolls,
            hex=target,
            other=spell,
            kingdom_ids=_owner(owner),
            **facts,
        )
        return world, [told]
    owner = world.hexes[target].owner
    if effect is Effect.ON_HEX:
        ids = [a.id for a in armies_on(world, target)]
        return _on_armies(world, spell, target, ids, size, rolls, facts, rule)
    cast = news(
        SpellCast, rule, "spell_cast", rolls=rolls, hex=target, other=spell, points=size,
        kingdom_ids=_owner(owner), **facts,
    )  # fmt: skip
    if effect is Effect.RAVAGE:
        return _ravage(world, target, size, cast)
    if owner is None:  # NR-EQX-6/7: an unowned target gives nobody anything
        return world, [cast]
    if effect is Effect.CROWNS:
        return _crowns_due(world, owner, size, cast)
    army = nearest_army(world, target, owner)
    if army is None:
        return world, [cast]
    world, changed = change_points(world, army.id, size, f"{rule} NR-EQX-6 NR-EQX-7")
    return world, [cast, *changed]


def _owner(owner: int | None) -> tuple[int, ...]:
    return () if owner is None else (owner,)


def _on_armies(
    world: World, spell: str, target: Coord, ids: list[int], size: int, rolls, facts, rule
) -> tuple[World, list[Event]]:
    """A spell on armies: each gains or loses ``size``; its owners are told."""
    owners = tuple(sorted({world.armies[i].kingdom_id for i in ids}))
    owner = world.hexes[target].owner
    cast = news(
        SpellCast, rule, "spell_cast", rolls=rolls, hex=target, other=spell, points=size,
        kingdom_ids=tuple(sorted({*owners, *_owner(owner)})), **facts,
    )  # fmt: skip
    events: list[Event] = [cast]
    for army_id in ids:
        world, changed = change_points(world, army_id, size, rule)
        events += changed
    return world, events


def _ravage(world: World, target: Coord, size: int, cast: SpellCast) -> tuple[World, list[Event]]:
    """Quake, Tornado of Peril: E-39's "sacked", when the ruleset's size is 1."""
    h = world.hexes[target]
    after = ravaged(h)
    if not size or after == h:
        return world, [cast]
    ravage = hex_ravaged(h, after, f"{cast.rule} E-39")
    world = dataclasses.replace(world, hexes={**world.hexes, target: after})
    return world, [cast, ravage]


def _break_siege(world, spell, size, rolls, facts, dice) -> tuple[World, list[Event]]:
    """NR-EQX-8, AMB-17: the nearest ongoing siege within ``spell_range`` of the tower,
    else one at random; its besiegers gain or lose ``size``. None anywhere: nothing."""
    rule = "NR-EQX-8 AMB-17 BASE-21 T-SPELL break_siege"
    sieges = sorted(
        (s for s in world.sieges if s.status is SiegeStatus.ONGOING), key=lambda s: s.key
    )
    if not sieges:
        return world, [news(SpellCast, rule, "spell_nothing", rolls=rolls, other=spell, **facts)]
    tower = facts["tower"]
    near = [s for s in sieges if distance(s.hex, tower) <= world.ruleset.spell_range]
    if near:
        siege = min(near, key=lambda s: (distance(s.hex, tower), s.key))
    else:
        pick = dice.roll(len(sieges), f"NR-EQX-8 a siege at random: one of {len(sieges)}")
        rolls = (*rolls, pick)
        siege = sieges[pick.result - 1]
    ids = [a for a in siege.besieger_army_ids if a in world.armies]
    return _on_armies(world, spell, siege.hex, ids, size, rolls, facts, rule)


def _crowns_due(world: World, kingdom_id: int, crowns: int, told: _SiteNews):
    world, stored = owe(world, kingdom_id, crowns, told.rule)
    return world, [told, stored]


def _experiment(
    world: World, tower: Coord, target: Coord, season: str, dice: Dice, rolls: tuple[Roll, ...]
) -> tuple[World, list[Event]]:
    """NR-EQX-10, T-EXPSPELL, AMB-18/19: on the target hex's owner; unowned, results 3–6
    do nothing. Spring's supplies are not kept (E-40): those results are told only.
    Autumn's crowns fall due at the winter; "income" is the yearly ``crowns_yearly``."""
    die = dice.d6(f"NR-EQX-10 T-EXPSPELL {season} equinox")
    result = module_table(world, "t-expspell").lookup(die.result)
    rolls = (*rolls, die)
    owner = world.hexes[target].owner
    if isinstance(result, Custom):
        cast = _custom(result, rolls, owner, tower=tower, season=season, hex=target)
        if owner is None:  # nobody's hex: nothing it could change (AMB-18)
            return world, [cast]
        # new-rules.md §12.4: what his words change is his to rule
        return world, [cast, custom_asked(world, result.text, tower, target, owner)]
    rule = f"NR-EQX-10 AMB-18 T-EXPSPELL {result.value}"
    facts = {"tower": tower, "season": season, "hex": target, "other": result.value}
    if result is Experiment.DISASTER:
        told = news(
            SpellCast,
            f"{rule} AMB-19",
            "spell_disaster",
            rolls=rolls,
            kingdom_ids=knowing(world, tower),
            **facts,
        )
        world, gone = remove(world, tower, f"{rule} AMB-19")
        return world, [told, *gone]
    if result is Experiment.FLOP or owner is None or season == "spring":
        return world, [
            news(
                SpellCast, rule, "spell_experiment", rolls=rolls, kingdom_ids=_owner(owner), **facts
            )
        ]
    yearly = world.ruleset.crowns_yearly
    if result in (Experiment.MINOR_SUCCESS, Experiment.MINOR_FAILURE):
        amount = dice.d6(f"NR-EQX-10 T-EXPSPELL {result.value}: d6 crowns")
        rolls = (*rolls, amount)
        sign = 1 if result is Experiment.MINOR_SUCCESS else -1
        crowns = sign * amount.result
    else:
        crowns = yearly if result is Experiment.MAJOR_SUCCESS else -(yearly - yearly // 2)
    told = news(
        SpellCast,
        rule,
        "spell_experiment_crowns",
        rolls=rolls,
        points=crowns,
        kingdom_ids=(owner,),
        **facts,
    )
    return _crowns_due(world, owner, crowns, told)


def _custom(result: Custom, rolls: tuple[Roll, ...], owner: int | None, **facts) -> SpellCast:
    """NR-EQX-11: the GM's own experimental event, told in his words to the target's owner
    (an unowned target: to the GM alone), whatever the season."""
    return news(
        SpellCast,
        "NR-EQX-11 NR-EQX-10 T-EXPSPELL",
        "spell_custom",
        rolls=rolls,
        kingdom_ids=_owner(owner),
        other=result.text,
        **facts,
    )


register(
    Module(
        option=OPTION,
        phase_one=phase_one,
        starts_at=Start.EQUINOX,
        invasions=invasions,
        after_battle=after_battle,
        end_of_turn=end_of_turn,
        ends_at=End.TOWER_REACTIONS,
        tables=TABLES,
        table_23=(("A tower {fortress_bonus:+d} (its wizard, attacked)", "NR-TOWER-8", walls),),
        crowns=True,  # E-30: spells and mines pay crowns, temples cost them
    )
)
