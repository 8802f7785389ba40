"""What the magic towers, the equinox spells, the mines and the temples tell (new-rules.md
§5), and the few changes to armies they share.

Each of their events is a ``_SiteNews``: a ``what`` (a key of ``SENTENCES``, the English
template the chronicle translates: campaign/chronicle/modules/wildland_sites.py) and the
facts that fill it. Who reads it is the event's own say (``seen_by``): the kingdoms
concerned (``kingdom_ids``: a wizard's reaction, a spell's target, a mine's worth; a site
found or gone, its finder's and its hex's owner's, who see it on the map) and the GM.

A gain of troops or magic items is ``ArmyBolstered`` (abstract play, BASE-25: items
count as points); a loss is the core's ``ArmyWeakened`` (at 0 the army is destroyed,
AMB-02, E-14).
"""

from __future__ import annotations

import dataclasses

import msgspec

from rules.core.dice import Dice
from rules.core.events import (
    Announcement,
    Event,
    ModuleStateChanged,
)
from rules.core.hexgrid import distance
from rules.core.problems import translatable
from rules.core.state import ArmyState, Coord, World
from rules.kingdoms.crowns import is_winter_turn, year_of
from rules.modules import End, Income, Module, register
from rules.modules.losses import lose_points
from rules.modules.wildlands.sites import OPTION, coord_of

SENTENCES = {
    # the magic tower (NR-TOWER, T-WIZARD, T-DUEL)
    "tower_found": translatable("%(army)s found a magic tower on %(hex)s."),
    "wizard_joins": translatable(
        "The wizard of the tower on %(hex)s joined %(army)s with %(points)s points."
    ),
    "wizard_troops": translatable(
        "The wizard of the tower on %(hex)s lent %(army)s %(points)s points of troops."
    ),
    "wizard_item": translatable(
        "The wizard of the tower on %(hex)s gave %(army)s a magic item of %(points)s points."
    ),
    "wizard_scouts": translatable(
        "The wizard of the tower on %(hex)s lent %(army)s his scouts to examine hex %(other)s."
    ),
    "wizard_no_scouts": translatable(
        "The wizard of the tower on %(hex)s offered %(army)s his scouts, but it has no barren "
        "hex left to examine."
    ),
    "wizard_spies": translatable(
        "The wizard of the tower on %(hex)s spied for %(army)s: %(other)s has %(points)s points."
    ),
    "wizard_no_spies": translatable(
        "The wizard of the tower on %(hex)s found no enemy army for %(army)s to spy on."
    ),
    "wizard_ignores": translatable("The wizard of the tower on %(hex)s ignored %(army)s."),
    "duel_killed": translatable(
        "The wizard of the tower on %(hex)s killed %(army)s's wizard in a duel: "
        "%(points)s points lost."
    ),
    "duel_banished": translatable(
        "The wizard of the tower on %(hex)s banished %(army)s's wizard to the Warp until "
        "winter: %(points)s points gone."
    ),
    "duel_banished_for_good": translatable(
        "The wizard of the tower on %(hex)s banished %(army)s's wizard to the Warp: "
        "%(points)s points lost."
    ),
    "duel_won": translatable(
        "%(army)s's wizard beat the wizard of the tower on %(hex)s, who withdrew."
    ),
    "wizard_attacks": translatable(
        "The wizard of the tower on %(hex)s gathered %(points)s points to attack %(army)s."
    ),
    "wizard_misses": translatable(
        "The wizard's army from the tower on %(hex)s found %(army)s gone."
    ),
    "tower_assaulted": translatable(
        "%(army)s attacked the tower on %(hex)s; its wizard came out to fight with %(points)s "
        "points."
    ),
    "tower_assaulted_walls": translatable(
        "%(army)s attacked the tower on %(hex)s; its wizard held its walls with %(points)s points."
    ),
    "wizard_beaten": translatable("%(army)s beat the wizard's army from the tower on %(hex)s."),
    "tower_sacked": translatable(
        "%(army)s sacked the tower on %(hex)s and took %(points)s points of magic items."
    ),
    "tower_gone": translatable("The magic tower on %(hex)s is gone; the hex is barren again."),
    "wizard_returns": translatable(
        "%(army)s's wizard came back from the Warp with %(points)s points."
    ),
    # the equinox spells (NR-EQX, T-EQX, T-SPELL, T-EXPSPELL)
    "spell_cast": translatable("At %(equinox)s the tower on %(tower)s cast %(other)s on %(hex)s."),
    "spell_none": translatable("At %(equinox)s the tower on %(tower)s was quiet."),
    "spell_nothing": translatable(
        "At %(equinox)s the tower on %(tower)s cast %(other)s, which found nothing to strike."
    ),
    "spell_experiment": translatable(
        "At %(equinox)s the tower on %(tower)s cast an experimental spell on %(hex)s: %(other)s."
    ),
    "spell_experiment_crowns": translatable(
        "At %(equinox)s the tower on %(tower)s cast an experimental spell on %(hex)s: "
        "%(other)s, %(points)s crowns at the winter phase."
    ),
    "spell_custom": translatable(
        "At %(equinox)s the tower on %(tower)s cast an experimental spell of the GM's own on "
        "%(hex)s: %(other)s"
    ),
    "spell_lost": translatable("At %(equinox)s the tower on %(tower)s cast a spell that was lost."),
    "spell_disaster": translatable(
        "At %(equinox)s the tower on %(tower)s vanished in a magical vortex."
    ),
    "spell_warded": translatable(
        "At %(equinox)s a spell from the tower on %(tower)s broke on the temple of %(hex)s."
    ),
    # mines (NR-MINE, T-MINE, T-MINE-RARE, T-MINE-EXH)
    "mine_found": translatable("%(army)s found a mine of %(other)s on %(hex)s."),
    "mine_collapse": translatable(
        "The mine on %(hex)s collapsed on %(army)s: %(points)s points lost."
    ),
    "mine_hold": translatable("%(army)s found the entrance of %(other)s on %(hex)s."),
    "mine_trolls_join": translatable(
        "Cave trolls and night goblins of %(hex)s joined %(army)s: %(points)s points."
    ),
    "mine_trolls_fight": translatable(
        "Cave trolls and night goblins of %(hex)s fell on %(army)s: %(points)s points lost."
    ),
    "mine_warpstone": translatable(
        "The warpstone of %(hex)s poisoned %(army)s: %(points)s points lost, the mine sealed."
    ),
    "mine_item": translatable(
        "The mine on %(hex)s forged a magic item of %(points)s points for %(army)s."
    ),
    "dwarf_reroll": translatable("%(army)s's Dwarfs searched the mine on %(hex)s again."),
    # temples (NR-TEMPLE, T-TEMPLE-RACE)
    "temple_found": translatable("%(army)s found an abandoned temple on %(hex)s."),
    "temple_claimed": translatable(
        "The temple on %(hex)s was consecrated by its owner's people: %(other)s."
    ),
    "temple_built": translatable("A temple of %(other)s now stands on %(hex)s."),
    "temple_troops": translatable(
        "The temple on %(hex)s sent %(army)s %(points)s points of troops."
    ),
    "temple_items": translatable(
        "The temple on %(hex)s gave %(army)s %(points)s points of magic items."
    ),
    "temple_sacked": translatable("The temple on %(hex)s was sacked for %(points)s crowns."),
    "knights_leave": translatable(
        "The knights of the temple on %(hex)s left %(army)s for the winter: %(points)s points."
    ),
}

# The engine's words a sentence names (``other``): spells keep the base game's English
# names; the rest the chronicle translates
NAMES = {
    **{
        spell: spell.replace("_", " ").title().replace(" Of ", " of ")
        for spell in (
            "abundance", "chaos_void", "hold_river", "magical_protection", "portents_of_power",
            "quake", "raise_dead", "rot", "scrye", "storm", "summon_host", "withershins",
            "blight_crop", "deluge", "trail_of_howling_doom", "forge_magic",
            "inundation_of_blood", "bumper_crop", "prosper", "reign_of_madness",
            "call_of_heroes", "break_siege", "shrouding_mist", "tornado_of_peril",
        )
    },
    "disaster": translatable("disaster"),
    "flop": translatable("a flop"),
    "minor_success": translatable("a minor success"),
    "major_success": translatable("a major success"),
    "minor_failure": translatable("a minor failure"),
    "major_failure": translatable("a major failure"),
    "base": translatable("base metals"),
    "precious": translatable("precious metals"),
    "gems": translatable("gems"),
    "meteoric": translatable("meteoric steel"),
    "warpstone": translatable("warpstone"),
    "dwarf_hold": translatable("an abandoned Dwarf hold"),
    "dwarf_fortress": translatable("an inhabited Dwarf hold"),
    "skaven_labyrinth": translatable("an abandoned Skaven labyrinth"),
    "skaven_fortress": translatable("an inhabited Skaven labyrinth"),
    "bretonnians": translatable("Bretonnians"),
    "empire": translatable("Empire"),
    "orcs_goblins": translatable("Orcs & Goblins"),
    "chaos": translatable("Chaos"),
    "high_elves": translatable("High Elves"),
    "dwarfs": translatable("Dwarfs"),
    "dark_elves": translatable("Dark Elves"),
    "wood_elves": translatable("Wood Elves"),
    "skaven": translatable("Skaven"),
}  # fmt: skip


@dataclasses.dataclass(frozen=True, kw_only=True)
class _SiteNews(Announcement):
    """A wildland site's news (see the module's docstring): ``hex`` where it happens,
    ``army_id`` the army concerned, ``points`` the points or crowns it names, ``other``
    what else it names (a spell, a kind of mine, a race, an army's name), ``tower`` and
    ``season`` for a spell."""

    what: str
    hex: Coord | None = None
    army_id: int | None = None
    points: int | None = None
    other: str | None = None
    tower: Coord | None = None
    season: str | None = None

    def seen_by(self) -> tuple[bool, frozenset[int], tuple[str, ...]]:
        return False, frozenset(self.kingdom_ids), ()


def news(kind: type[_SiteNews], rule: str, what: str, **facts) -> _SiteNews:
    """A ``kind`` of news with its English ``text`` filled in from ``SENTENCES``."""
    words = {
        "army": f"Army {facts['army_id']}" if facts.get("army_id") is not None else "an army",
        "hex": _hex(facts.get("hex")),
        "tower": _hex(facts.get("tower")),
        "points": facts.get("points"),
        "other": NAMES.get(facts.get("other"), facts.get("other")),
        "equinox": f"the {facts['season']} equinox" if facts.get("season") else "an equinox",
    }
    return kind(rule=rule, what=what, text=SENTENCES[what] % words, **facts)


def by_hex(item: tuple[str, dict]) -> Coord:
    """A sort key for a site's ``(key, record)`` pairs: in hex order."""
    return coord_of(item[0])


def _hex(coord: Coord | None) -> str:
    return f"hex ({coord[0]}, {coord[1]})" if coord is not None else "a hex"


@dataclasses.dataclass(frozen=True, kw_only=True)
class ArmyBolstered(Event):
    """Points an army gains from a wildland site: troops, a wizard, magic items (abstract
    play). ``points`` and ``allocation`` are the army's after it: never above the
    campaign's largest army (E-35, ``army_maximum``), the allocation raised with them
    (the troops are free). The owner's and the GM's."""

    army_id: int
    kingdom_id: int
    points_gained: int
    points: int
    allocation: int

    def seen_by(self) -> tuple[bool, frozenset[int], tuple[str, ...]]:
        return False, frozenset({self.kingdom_id}), ()


def reinforce(world: World, army_id: int, gain: int, rule: str) -> tuple[World, list[Event]]:
    """``army_id`` gains ``gain`` points, up to the largest army (E-35: the supplement's
    1,500-point cap reads as the campaign's); what is beyond it is lost."""
    army = world.armies.get(army_id)
    if army is None or gain <= 0:
        return world, []
    points = min(army.points + gain, max(world.ruleset.army_maximum, army.points))
    allocation = max(army.allocation, points)
    after = msgspec.structs.replace(army, points=points, allocation=allocation)
    event = ArmyBolstered(
        rule=f"{rule} E-35",
        army_id=army_id,
        kingdom_id=army.kingdom_id,
        points_gained=points - army.points,
        points=points,
        allocation=allocation,
    )
    return dataclasses.replace(world, armies={**world.armies, army_id: after}), [event]


def weaken(world: World, army_id: int, loss: int, rule: str) -> tuple[World, list[Event]]:
    """``army_id`` loses ``loss`` points; at 0 it is destroyed (AMB-02, E-14)."""
    army = world.armies.get(army_id)
    if army is None or loss <= 0:
        return world, []
    return lose_points(world, army_id, loss, rule, destroyed=f"{rule} AMB-02 E-14")


def change_points(world: World, army_id: int, change: int, rule: str):
    """A gain (``reinforce``) or a loss (``weaken``) of ``change`` points."""
    if change >= 0:
        return reinforce(world, army_id, change, rule)
    return weaken(world, army_id, -change, rule)


def armies_on(world: World, hex_: Coord) -> list[ArmyState]:
    """The armies standing on ``hex_`` now (E-32), by id."""
    return sorted((a for a in world.armies.values() if a.position == hex_), key=lambda a: a.id)


def nearest_army(world: World, hex_: Coord, kingdom_id: int | None = None) -> ArmyState | None:
    """The army nearest ``hex_`` (of ``kingdom_id`` if given), the lowest id among ties;
    armies with no position are left out."""
    placed = [
        a
        for a in world.armies.values()
        if a.position is not None and (kingdom_id is None or a.kingdom_id == kingdom_id)
    ]
    if not placed:
        return None
    return min(placed, key=lambda a: (distance(a.position, hex_), a.id))


# --- crowns due at the next winter ---------------------------------------------------------

# {"dues": [{"kingdom_id": …, "crowns": …}]}: what the sites gave (or took) this year
DUE_KEY = f"{OPTION}.crowns_due"


def owe(
    world: World, kingdom_id: int, crowns: int, rule: str, events: list[Event] = ()
) -> tuple[World, Event]:
    """NR-GEN-7: crowns a spell or a sacked temple gives (or takes) are paid with the
    income, at the next winter phase (``events``: this step's so far)."""
    owed = {
        d["kingdom_id"]: d["crowns"]
        for d in state_now(world, list(events), DUE_KEY).get("dues", [])
    }
    owed[kingdom_id] = owed.get(kingdom_id, 0) + crowns
    due = {"dues": [{"kingdom_id": k, "crowns": c} for k, c in sorted(owed.items())]}
    world = dataclasses.replace(world, module_state={**world.module_state, DUE_KEY: due})
    return world, ModuleStateChanged(rule=rule, module=DUE_KEY, state=due)


def state_now(world: World, events: list[Event], key: str) -> dict:
    """``module_state[key]`` as this step's events left it (another Module's hook may have
    changed it after ``world`` was taken)."""
    changed = [e.state for e in events if isinstance(e, ModuleStateChanged) and e.module == key]
    return dict(changed[-1] if changed else world.module_state.get(key, {}))


def dues_income(world: World, dice: Dice) -> list[Income]:
    """The winter phase (E-31): what each kingdom is due from the year's spells and sacks,
    as crown income (E-30; below 0, a charge)."""
    year = year_of(world.ruleset, world.turn)
    return [
        Income(d["kingdom_id"], d["crowns"], f"wildland sites, year {year}", "NR-GEN-7 E-30 E-31")
        for d in world.module_state.get(DUE_KEY, {}).get("dues", [])
        if d["crowns"]
    ]


def dues_paid(world: World, events: list[Event], dice: Dice) -> list[Event]:
    """The winter turn's end: the dues are paid by ``dues_income`` at its winter phase,
    so the account starts again. Its slot is the turn's aftermath, the first, so that its
    ModuleStateChanged comes before any new due: a temple or tower sacked this turn owes
    to next year's account, not to the one just paid."""
    if not world.module_state.get(DUE_KEY) or not is_winter_turn(world.ruleset, world.turn):
        return []
    return [ModuleStateChanged(rule="NR-GEN-7 E-31", module=DUE_KEY, state={})]


register(
    Module(option=OPTION, end_of_turn=dues_paid, ends_at=End.TURN_RESULTS, crown_income=dues_income)
)
