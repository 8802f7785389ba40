"""Optional module: peoples, races and diplomacy (new-rules.md §10; E-38, E-40).

* A kingdom's race is the player's choice when he claims it (``KingdomState.race``);
  everyone may know it (docs/design/supplement.md, "Peoples"). ``race_of`` gives it to
  the other modules.
* Independent settlements (E-40: an unowned Town or City with its neutral defender) get a
  race when first explored (NR-RACE-2): a d6, good up to ``peoples_good_on``, else evil,
  then T-RACE-GOOD or T-RACE-EVIL. A neutral kingdom (NR-INDEP-1) gets one the same way
  at the first Phase 1 the module is on, unless the GM wrote one of the races on it
  (E-40); its settlements are of its race (NR-INDEP-2). A player's own settlements are of
  his race until another takes them, which records the race they had (NR-RACE-3).
  NR-RACE-1 never fires: nothing joins by exploration (E-33).
* NR-CONQ: a kingdom that wins an independent settlement in battle keeps its people, or
  settles its own (``peoples_repopulate``); of the opposite alignment it must (NR-CONQ-2).
* Diplomacy (E-38): the T-DIPLO-MATRIX modifier of the sender's race against the
  target's (a neutral kingdom's for Incite, Ally and Deactivate; the hex's settlement for
  Pacify) is added to the roll, held within ± ``peoples_diplomacy_limit``; "No" refuses
  the spend (NR-DIPLO-2). Same-turn contests go to the highest modified roll (NR-DIPLO-3,
  rules.kingdoms.diplomacy.best_of).
* Race army rules, abstract (E-36: a "Battle Result" modifier is added to that side's
  Table 25 roll, which Table 23's modifiers join): the Empire +1 attacking a fortified
  hex (NR-ARMY-EMP, AMB-43), the attacker −1 against fortified Bretonnians
  (NR-ARMY-BRET). The Starvation table's (BASE-08) become days of a siege's provisions
  (E-37): more for Dwarfs besieged, fewer against Chaos besiegers, none eaten by Undead.
* Allied armies (NR-ALLY): an army may be of another people (``ArmyState.race``), one for
  each Town or fortress of theirs the kingdom holds, any number with a City of theirs;
  the elves never ally (AMB-40). It fights by its own people's rules.
* The Starvation table's rules on Warpost's siege provisions (E-37): days of food more
  for a Dwarf garrison, fewer against Chaos besiegers; the Undead eat none.
* Advanced diplomacy (NR-ADVDIP, an option): a pacify spend is a mission on T-ADVDIP
  in place of Table 11 (``pacify``).

What the module records is ``World.module_state["peoples"]``: ``settlements`` ("q,r" →
race), ``neutral_kingdoms`` (id → race), the GM's secret (A-1.4.18), and ``missions``
(advanced diplomacy's answers).
"""

from __future__ import annotations

import dataclasses

from rules.core.dice import Dice, Roll
from rules.core.events import (
    Announcement,
    BattleWon,
    Event,
    HexConquered,
    ModuleStateChanged,
)
from rules.core.problems import Problem
from rules.core.state import (
    BattleState,
    Coord,
    DefenderKind,
    Feature,
    Order,
    Role,
    Terrain,
    World,
)
from rules.core.tables import PacifyResult
from rules.kingdoms import crowns  # a module of its own: crowns imports the registry
from rules.kingdoms.races import (
    ADVDIP_TABLE,
    MATRIX_TABLES,
    MATRIX_WORDS,
    NO,
    RACE_TABLES,
    RACE_WORDS,
    Alignment,
    Audience,
    Race,
    as_race,
    column,
    matrix_key,
    race_phrase,
)
from rules.kingdoms.spending_state import Spend, SpendKind
from rules.modules import End, Module, Start, module_table, register

OPTION = "peoples"
SETTLEMENTS = (Feature.TOWN, Feature.CITY)  # E-40: village → Town, city → City


@dataclasses.dataclass(frozen=True, kw_only=True)
class PeopleFound(Announcement):
    """NR-RACE-2: the race and alignment of an independent settlement explored, public
    as the exploration is (A-1.0.5)."""

    hex: Coord
    race: str
    alignment: str


@dataclasses.dataclass(frozen=True, kw_only=True)
class SettlementRepopulated(Announcement):
    """NR-CONQ: the conqueror of an independent settlement settled his own people there;
    ``forced`` when its people were of the opposite alignment (NR-CONQ-2)."""

    hex: Coord
    kingdom_id: int
    race_before: str
    race: str
    forced: bool


@dataclasses.dataclass(frozen=True, kw_only=True)
class AudienceGiven(Announcement):
    """T-ADVDIP: what a settlement made of a kingdom's envoys (NR-ADVDIP), the sender's
    alone (the roll is on its PacifyRolled); ``retry_turn`` after a 1."""

    hex: Coord
    kingdom_id: int
    result: str
    total: int
    retry_turn: int | None = None


def state_of(world: World) -> dict:
    state = world.module_state.get(OPTION, {})
    return {
        "settlements": dict(state.get("settlements", {})),
        "neutral_kingdoms": dict(state.get("neutral_kingdoms", {})),
        # NR-ADVDIP: "kingdom:q,r" → {"banned": true} | {"retry": turn} | {"bonus": 2}
        # | {"standing": result}
        "missions": {k: dict(v) for k, v in state.get("missions", {}).items()},
    }


def _key(coord: Coord) -> str:
    return f"{coord[0]},{coord[1]}"


def _on(world: World) -> bool:
    return bool(getattr(world.ruleset, OPTION, 0))


# --- whose people -----------------------------------------------------------------


def race_of(world: World, kingdom_id: int) -> str | None:
    """The race a player kingdom's player chose (one of rules.kingdoms.races.Race's
    values), or None: the module is off, or the kingdom has none."""
    kingdom = world.kingdoms.get(kingdom_id)
    if not _on(world) or kingdom is None:
        return None
    race = as_race(kingdom.race)
    return race.value if race else None


def neutral_race(world: World, neutral_id: int, state: dict | None = None) -> Race | None:
    """E-40: the race the GM gave the neutral kingdom, if one of the races, else the one
    rolled for it (NR-INDEP-1)."""
    neutral = world.neutral_kingdoms.get(neutral_id)
    given = as_race(neutral.race) if neutral else None
    state = state if state is not None else state_of(world)
    return given or as_race(state["neutral_kingdoms"].get(str(neutral_id)))


def settlement_race(world: World, coord: Coord, state: dict | None = None) -> Race | None:
    """NR-RACE-3: a settlement's race as recorded; else a neutral kingdom's hex is of its
    kingdom's (NR-INDEP-2), a player's of his (his own people), and a neutral defender's
    race is the GM's if he wrote one of the races (E-40)."""
    state = state if state is not None else state_of(world)
    recorded = as_race(state["settlements"].get(_key(coord)))
    h = world.hexes.get(coord)
    if recorded or h is None:
        return recorded
    if h.owner is not None:
        return as_race(race_of(world, h.owner))
    if h.neutral_kingdom is not None:
        return neutral_race(world, h.neutral_kingdom, state)
    return as_race(h.defender.race) if h.defender else None


def _roll_people(world: World, dice: Dice, what: str) -> tuple[Race, tuple[Roll, Roll]]:
    """NR-RACE-2: a d6 for the alignment, then the race on that alignment's table."""
    side = dice.d6(f"NR-RACE-2 alignment of {what}")
    good = side.result <= world.ruleset.peoples_good_on
    alignment = Alignment.GOOD if good else Alignment.EVIL
    key, default = RACE_TABLES[alignment]
    roll = dice.d6(f"{default.title.split()[0]} race of {what}")  # T-RACE-GOOD or T-RACE-EVIL
    return module_table(world, key).lookup(roll.result), (side, roll)


def _found(
    world: World, state: dict, coord: Coord, dice: Dice, secret: list[Roll], public: bool
) -> list[Event]:
    """Roll and record the people of an independent settlement found at ``coord``; the
    rolls of one explored by scouts alone stay the GM's (``secret``), as the hex does
    until it is invaded (E-29)."""
    race, rolls = _roll_people(world, dice, f"the settlement at ({coord[0]}, {coord[1]})")
    state["settlements"][_key(coord)] = race.value
    if not public:
        secret.extend(rolls)
        return []
    return [
        PeopleFound(
            rule="NR-RACE-2 NR-RACE-3 T-RACE-GOOD T-RACE-EVIL",
            rolls=rolls,
            hex=coord,
            race=race.value,
            alignment=race.alignment.value,
            text=f"The settlement at ({coord[0]}, {coord[1]}) is of the {RACE_WORDS[race]} "
            f"({race.alignment.value}).",
        )
    ]


def _independent(world: World, coord: Coord, feature: Feature | None) -> bool:
    """E-40: an independent settlement, not a neutral kingdom's (NR-INDEP-2)."""
    h = world.hexes.get(coord)
    return (
        feature in SETTLEMENTS
        and h is not None
        and h.owner is None
        and h.neutral_kingdom is None
        and settlement_race(world, coord) is None
    )


# --- hooks ------------------------------------------------------------------------


def phase_one(world: World, orders: list[Order], dice: Dice):
    """NR-INDEP-1, NR-RACE-2: the neutral kingdoms and the settlements explored before the
    module was on get their peoples, once; a neutral kingdom's is the GM's secret
    (A-1.4.18)."""
    state, before = state_of(world), state_of(world)
    secret: list[Roll] = []
    for neutral_id in sorted(world.neutral_kingdoms):
        if neutral_race(world, neutral_id, state) is None:
            race, rolls = _roll_people(world, dice, f"neutral kingdom {neutral_id}")
            state["neutral_kingdoms"][str(neutral_id)] = race.value
            secret.extend(rolls)
    events = _settlements_found(world, state, dice, secret)
    if state == before:
        return world, orders, []
    changed = ModuleStateChanged(
        rule="NR-INDEP-1 NR-RACE-2 NR-RACE-3", rolls=tuple(secret), module=OPTION, state=state
    )
    return _with(world, state), orders, [*events, changed]


def _settlements_found(world: World, state: dict, dice: Dice, secret: list[Roll]) -> list[Event]:
    """NR-RACE-2 for every explored independent settlement that has no people yet: those
    explored this turn, or before the module was on."""
    events: list[Event] = []
    for coord, h in sorted(world.hexes.items()):
        settlement = h.explored and h.feature in SETTLEMENTS  # the cheap tests first
        if settlement and _independent(_with(world, state), coord, h.feature):
            events += _found(world, state, coord, dice, secret, public=not h.scouted_only)
    return events


def _with(world: World, state: dict) -> World:
    return dataclasses.replace(world, module_state={**world.module_state, OPTION: state})


def _current(world: World, events: list[Event]) -> dict:
    state = state_of(world)
    for e in events:
        if isinstance(e, ModuleStateChanged) and e.module == OPTION:
            state = state_of(_with(world, e.state))
    return state


def end_of_turn(world: World, events: list[Event], dice: Dice) -> list[Event]:
    """NR-RACE-2 for the independent settlements explored this turn (``world`` is the
    world after Provisional Results), then NR-RACE-3 and NR-CONQ for the settlements that
    changed hands."""
    state = _current(world, events)
    before = {k: dict(v) for k, v in state.items()}
    secret: list[Roll] = []
    more = _settlements_found(world, state, dice, secret)  # the world after Provisional
    won = {e.hex for e in events if isinstance(e, BattleWon) and e.winner is Role.ATTACKER}
    for e in events:
        if isinstance(e, HexConquered):
            more += _conquered(world, state, e, e.hex in won)
    if state == before:
        return more
    changed = ModuleStateChanged(rule="NR-RACE-3", rolls=tuple(secret), module=OPTION, state=state)
    return [*more, changed]


def _conquered(world: World, state: dict, e: HexConquered, in_battle: bool) -> list[Event]:
    """NR-RACE-3: a settlement taken keeps the race it had; NR-CONQ: won in battle from
    an independent, its conqueror may settle his own people, and must across the
    alignment line (NR-CONQ-2)."""
    h = world.hexes.get(e.hex)
    if h is None or h.feature not in SETTLEMENTS:
        return []
    people = settlement_race(world, e.hex, state)
    conqueror = as_race(race_of(world, e.kingdom_id))
    independent = h.owner is None and e.previous_owner_id is None
    if people is None:
        return []
    state["settlements"][_key(e.hex)] = people.value
    if not (independent and in_battle and conqueror) or conqueror is people:
        return []
    forced = conqueror.alignment is not people.alignment
    if not (forced or world.ruleset.peoples_repopulate):
        return []
    state["settlements"][_key(e.hex)] = conqueror.value
    return [
        SettlementRepopulated(
            rule="NR-CONQ-2" if forced else "NR-CONQ-1",
            hex=e.hex,
            kingdom_id=e.kingdom_id,
            race_before=people.value,
            race=conqueror.value,
            forced=forced,
            text=f"{world.kingdoms[e.kingdom_id].name} settles its own people, the "
            f"{RACE_WORDS[conqueror]}, at ({e.hex[0]}, {e.hex[1]}) in place of the "
            f"{RACE_WORDS[people]}.",
        )
    ]


# --- diplomacy (E-38) -------------------------------------------------------------


def _target_race(world: World, spend: Spend) -> Race | None:
    if spend.kind is SpendKind.PACIFY:
        return settlement_race(world, spend.hex) if spend.hex in world.hexes else None
    if spend.neutral_kingdom_id is None:
        return None
    return neutral_race(world, spend.neutral_kingdom_id)


def matrix_cell(world: World, sender: Race, target: Race) -> int | str:
    """T-DIPLO-MATRIX (AMB-41): the sender's row, the target's column: a modifier or
    "no" (the GM's table if he edited it)."""
    return module_table(world, matrix_key(sender)).lookup(column(target))


def _cell(world: World, spend: Spend) -> tuple[Race, Race, int | str] | None:
    sender = as_race(race_of(world, spend.kingdom_id))
    target = _target_race(world, spend)
    if sender is None or target is None:
        return None
    return sender, target, matrix_cell(world, sender, target)


def diplomacy_problem(world: World, spend: Spend) -> Problem | None:
    """NR-DIPLO-2, E-38: "No" where the two races cross: no mission may be sent; and
    NR-ADVDIP-5: none where the envoys were thrown out, or before the next winter."""
    found = _cell(world, spend)
    if found is None or found[2] != NO:
        return _mission_problem(world, spend)
    sender, target, _ = found
    return Problem(
        "NR-DIPLO-2 T-DIPLO-MATRIX E-38",
        "hex" if spend.kind is SpendKind.PACIFY else "neutral_kingdom",
        "no diplomacy is possible between the {sender} and the {target}",
        sender=race_phrase(sender),
        target=race_phrase(target),
    )


def _mission_key(kingdom_id: int, coord: Coord) -> str:
    return f"{kingdom_id}:{_key(coord)}"


def _mission_problem(world: World, spend: Spend) -> Problem | None:
    if not (world.ruleset.peoples_advanced_diplomacy and spend.kind is SpendKind.PACIFY):
        return None
    mission = state_of(world)["missions"].get(_mission_key(spend.kingdom_id, spend.hex), {})
    if mission.get("banned"):
        return Problem(
            "NR-ADVDIP-5 T-ADVDIP",
            "hex",
            "your envoys were thrown out of ({q}, {r}): it hears no more of yours",
            q=spend.hex[0],
            r=spend.hex[1],
        )
    if mission.get("retry", 0) > world.turn:
        return Problem(
            "NR-ADVDIP-5 T-ADVDIP",
            "hex",
            "({q}, {r}) hears your envoys again from the winter turn, turn {turn}",
            q=spend.hex[0],
            r=spend.hex[1],
            turn=mission["retry"],
        )
    return None


def pacify(world: World, spend: Spend, dice: Dice, events: list[Event]):
    """NR-ADVDIP (E-38), with peoples_advanced_diplomacy: a pacify spend is a mission
    rolled on T-ADVDIP in place of Table 11: d6 + (power − 1) + the races' modifier +
    the bonus a 2–3 left, held to 0–7 (AMB-42). A 7 is Table 11's Pacified (E-38); the
    rest is no effect on the hex, and the settlement's answer is recorded: 0 no more
    missions, 1 none before next winter (NR-ADVDIP-5), 2–3 the next one's bonus, 4–6
    its support (NR-ADVDIP-3/4), which nothing in Warpost acts on (E-40)."""
    if not world.ruleset.peoples_advanced_diplomacy:
        return None
    state = _current(world, events)
    key = _mission_key(spend.kingdom_id, spend.hex)
    mission = state["missions"].get(key, {})
    roll = dice.d6(f"T-ADVDIP mission of kingdom {spend.kingdom_id} to {spend.hex}")
    raw = roll.result + spend.amount - 1 + diplomacy_modifier(world, spend)
    total = max(0, min(7, raw + mission.get("bonus", 0)))
    audience = module_table(world, "t-advdip").lookup(total)
    if audience is Audience.OPEN_ALLIANCE and _elves(world, spend):
        audience = Audience.SPIES_AND_SUBSISTENCE  # AMB-40: the elves never ally
    retry = crowns.next_winter_turn(world.ruleset, world.turn + 1)  # E-31
    state["missions"][key] = {
        Audience.THROWN_OUT: {"banned": True},
        Audience.UNIMPRESSED: {"retry": retry},
        Audience.WELL_DISPOSED: {"bonus": world.ruleset.peoples_advdip_bonus},
    }.get(audience, {"standing": audience.value})
    given = AudienceGiven(
        rule="T-ADVDIP NR-ADVDIP-2 AMB-42",
        kingdom_ids=(spend.kingdom_id,),
        hex=spend.hex,
        kingdom_id=spend.kingdom_id,
        result=audience.value,
        total=total,
        retry_turn=retry if audience is Audience.UNIMPRESSED else None,
        text=f"The settlement at ({spend.hex[0]}, {spend.hex[1]}) answers the envoys "
        f"({total}): {audience.value.replace('_', ' ')}.",
    )
    changed = ModuleStateChanged(rule="NR-ADVDIP", module=OPTION, state=state)
    result = PacifyResult.PACIFIED if audience is Audience.ABSORBED else PacifyResult.NO_EFFECT
    return (roll,), total, result, [given, changed], "T-ADVDIP NR-ADVDIP E-38"


def _elves(world: World, spend: Spend) -> bool:
    found = _cell(world, spend)
    return found is not None and bool({found[0], found[1]} & ELVES.keys())


def diplomacy_modifier(world: World, spend: Spend) -> int:
    """NR-DIPLO-1, E-38: the matrix's modifier, held within ± the ruleset's limit."""
    found = _cell(world, spend)
    if found is None or found[2] == NO:
        return 0
    limit = world.ruleset.peoples_diplomacy_limit
    return max(-limit, min(limit, found[2]))


# --- the races' army rules (Table 25 through Table 23's total, E-36) ----------------


def side_race(world: World, battle: BattleState, role: Role) -> Race | None:
    """The people a side fights for: a player's race, a neutral kingdom's, or, for a
    feature's neutral defender, the settlement's (E-40)."""
    side = battle.attacker if role is Role.ATTACKER else battle.defender
    if side is None:
        return None
    if side.kingdom_id is not None:
        return army_race(world, side.army_ids[0]) if side.army_ids else kingdom_race(world, side)
    if side.neutral_kingdom_id is not None:
        return neutral_race(world, side.neutral_kingdom_id)
    if role is Role.DEFENDER and battle.defender_kind is DefenderKind.NEUTRAL:
        return settlement_race(world, battle.hex)
    return None


def kingdom_race(world: World, side) -> Race | None:
    return as_race(race_of(world, side.kingdom_id))


def army_race(world: World, army_id: int) -> Race | None:
    """An army's people: its own if it is an allied army (NR-ALLY), else its kingdom's.
    A side of several armies fights as its first (E-28: one side)."""
    army = world.armies.get(army_id)
    if army is None:
        return None
    return (as_race(army.race) if _on(world) else None) or as_race(race_of(world, army.kingdom_id))


def _fortified(world: World, battle: BattleState) -> bool:
    return world.hexes[battle.hex].defence is not None


def empire(world: World, battle: BattleState, role: Role, points: dict[int, int]) -> int:
    """NR-ARMY-EMP, AMB-43: an Empire attacker +1 against a fortified hex (or always)."""
    if role is not Role.ATTACKER or side_race(world, battle, role) is not Race.EMPIRE:
        return 0
    rules = world.ruleset
    return (
        rules.peoples_empire_bonus
        if rules.peoples_empire_always or _fortified(world, battle)
        else 0
    )


def bretonnians(world: World, battle: BattleState, role: Role, points: dict[int, int]) -> int:
    """NR-ARMY-BRET: who attacks Bretonnians behind walls takes −1."""
    if role is not Role.ATTACKER or not _fortified(world, battle):
        return 0
    if side_race(world, battle, Role.DEFENDER) is not Race.BRETONNIANS:
        return 0
    return -world.ruleset.peoples_bretonnian_malus


# --- allied armies (NR-ALLY) ----------------------------------------------------------

ELVES = {  # NR-ARMY-HE, and through it NR-ARMY-DE and NR-ARMY-WE (AMB-40)
    Race.HIGH_ELVES: "NR-ARMY-HE",
    Race.DARK_ELVES: "NR-ARMY-DE",
    Race.WOOD_ELVES: "NR-ARMY-WE",
}


def allied_army_problem(world: World, kingdom_id: int, race: str) -> Problem | None:
    """NR-ALLY: why the kingdom may not raise an army of ``race``, or None. Its own people
    always; another's for each of its Towns or fortresses of that race beyond the armies
    of it the kingdom has (NR-ALLY-1), any number with a City of it (NR-ALLY-2); the elves
    never ally, neither in another's kingdom nor taking another's armies (NR-ALLY-3,
    NR-ARMY-HE, AMB-40)."""
    own, wanted = as_race(race_of(world, kingdom_id)), as_race(race)
    if wanted is None or wanted is own or own is None:
        return None
    proud = own if own in ELVES else wanted if wanted in ELVES else None
    if proud is not None:
        return Problem(
            f"{ELVES[proud]} NR-ALLY-3 AMB-40",
            "race",
            "the {proud} never ally with another race",
            proud=race_phrase(proud),
        )
    places = [
        h
        for c, h in world.hexes.items()
        if h.owner == kingdom_id and settlement_race(world, c) is wanted
    ]
    if any(h.feature is Feature.CITY for h in places):
        return None  # NR-ALLY-2
    allowed = sum(1 for h in places if h.feature is Feature.TOWN or h.defence is not None)
    fielded = sum(
        1 for a in world.armies.values() if a.kingdom_id == kingdom_id and as_race(a.race) is wanted
    )
    if fielded < allowed:
        return None
    return Problem(
        "NR-ALLY-1 NR-ALLY-2",
        "race",
        "an army of the {race} needs a Town or fortress of theirs for each, or a City: "
        "you have {allowed} and field {fielded}",
        race=race_phrase(wanted),
        allowed=allowed,
        fielded=fielded,
    )


# --- the Starvation table's rules, on Warpost's siege provisions (E-37) ------------

STARVATION = {  # the besieged's bonus on the Starvation table (AMB-43: higher is better)
    Race.DWARFS: 1,  # NR-ARMY-DW: very hardy
    Race.CHAOS_DWARFS: 1,  # NR-ARMY-CHDW: as the Dwarfs
}
BESIEGING = {Race.CHAOS: -1}  # NR-ARMY-CHAOS: cultists help from inside


def provisions(world: World, battle: BattleState) -> int:
    """NR-ARMY-DW, NR-ARMY-CHDW, NR-ARMY-CHAOS (AMB-43): Warpost's siege has provisions,
    not the base game's Starvation table (BASE-08), so each point on that table is
    ``peoples_starvation_days`` days of food at the investment: + for a Dwarf garrison, −
    against Chaos besiegers."""
    garrison = side_race(world, battle, Role.DEFENDER)
    besieger = side_race(world, battle, Role.ATTACKER)
    points = STARVATION.get(garrison, 0) + BESIEGING.get(besieger, 0)
    return points * world.ruleset.peoples_starvation_days


def fasting(world: World, siege) -> bool:
    """NR-ARMY-UD: the Undead never starve: an Undead garrison eats nothing."""
    if siege.garrison_kingdom_id is not None:
        race = as_race(race_of(world, siege.garrison_kingdom_id))
    elif siege.garrison_neutral_kingdom_id is not None:
        race = neutral_race(world, siege.garrison_neutral_kingdom_id)
    else:
        race = settlement_race(world, siege.hex)
    return race is Race.UNDEAD


def spare_capitals(terrain: dict[Coord, Terrain], taken: set[Coord]) -> list[Coord]:
    """NR-INDEP-1: a generated map's spare capital sites, each to hold an independent
    kingdom: its free plateaus (NR-PLATEAU-2, the new tiles'), the only capital sites
    it has beyond the players' own, which the generator picks."""
    return [c for c in sorted(terrain) if terrain[c] is Terrain.PLATEAU and c not in taken]


MODULE = register(
    Module(
        option=OPTION,
        spare_capitals=spare_capitals,
        phase_one=phase_one,
        starts_at=Start.PEOPLES,
        end_of_turn=end_of_turn,
        ends_at=End.TURN_RESULTS,
        tables={
            **{key: (table, {r.value: r for r in Race}) for key, table in RACE_TABLES.values()},
            **{key: (table, MATRIX_WORDS) for key, table in MATRIX_TABLES.items()},
            "t-advdip": (ADVDIP_TABLE, {a.value: a for a in Audience}),
        },
        table_23=(
            ("The Empire against walls {peoples_empire_bonus:+d}", "NR-ARMY-EMP E-36", empire),
            (
                "Fortified Bretonnians: their attacker -{peoples_bretonnian_malus}",
                "NR-ARMY-BRET E-36",
                bretonnians,
            ),
        ),
        diplomacy_problem=diplomacy_problem,
        diplomacy_modifier=diplomacy_modifier,
        diplomacy_rule="T-DIPLO-MATRIX NR-DIPLO-1 E-38",
        provisions=provisions,
        fasting=fasting,
        pacify=pacify,
        army_problem=allied_army_problem,
    )
)
