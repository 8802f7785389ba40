"""Setting up a campaign from a rules.core.mapgen plan: the GM's map, kingdoms and armies; the
demo campaign, and the map of a GM's new campaign (campaign.hosting)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from django.contrib.auth.hashers import make_password
from django.contrib.auth.models import User
from django.db import transaction

from campaign.core.bulk import rows_insert, rows_update
from campaign.core.collector import collector_paused
from campaign.models import Campaign, Hex, Membership, Turn
from campaign.turns.services import turn_open
from kingdoms.models import Army, Character, Kingdom, NeutralKingdom
from rules.core.dice import Dice
from rules.core.mapgen import MapPlan, generate_map
from rules.core.presets import preset_overrides
from rules.core.state import Coord, Defence, Feature, Ruleset
from rules.kingdoms.support import SupportHex, kingdom_support

DEMO_PASSWORD = "warpost"
DEMO_PLAYER_NAMES = ["alice", "bob", "carol", "dave"]
KINGDOM_NAMES = ["Averland", "Bretonnia", "Carak Varn", "Drakwald", "Estalia", "Fauschlag"]
COLOURS = ["#c0392b", "#2471a3", "#b7950b", "#7d3c98", "#148f77", "#ca6f1e", "#5d6d7e", "#a93226"]
NEUTRAL_NAMES = ["Marienburg Marches", "Grey Vaults", "Sylvan Court", "Mourning Fen"]
RACES = ["Orcs & Goblins", "Dwarfs", "Wood Elves", "Lizardmen"]
# A new campaign's kingdoms, as the demo's: the first army takes what the other leaves (E-14)
ARMIES_PER_KINGDOM = 2
ARMY_NAMES = ["First", "Second", "Third", "Fourth", "Fifth", "Sixth", "Seventh", "Eighth"]


@dataclass
class Demo:
    campaign: Campaign
    gm: User
    players: dict[str, User]
    kingdoms: dict[str, Kingdom]
    turn: Turn
    neutral_kingdoms: list[NeutralKingdom] = field(default_factory=list)


def _users(usernames: list[str]) -> dict[str, User]:
    """The demo's users by name, those missing made with the demo password in one insert.
    The password is hashed once for them all: a hash costs most of a second on purpose,
    which a demo of 1,000 players would pay a thousand times, and these accounts' password
    is printed for anyone to log in with anyway."""
    found = User.objects.filter(username__in=usernames).in_bulk(field_name="username")
    missing = [username for username in usernames if username not in found]
    if missing:
        password = make_password(DEMO_PASSWORD)
        rows_insert(User, (User(username=username, password=password) for username in missing))
        found = User.objects.filter(username__in=usernames).in_bulk(field_name="username")
    return {username: found[username] for username in usernames}


def player_names(count: int) -> list[str]:
    extra = [f"player{n}" for n in range(len(DEMO_PLAYER_NAMES) + 1, count + 1)]
    return (DEMO_PLAYER_NAMES + extra)[:count]


def kingdom_name(index: int) -> str:
    base = KINGDOM_NAMES[index % len(KINGDOM_NAMES)]
    return base if index < len(KINGDOM_NAMES) else f"{base} {index // len(KINGDOM_NAMES) + 1}"


@transaction.atomic
@collector_paused()
def demo_campaign_create(
    *,
    hexes: int = 40,
    players: int = 4,
    seed: str = "demo",
    armies_per_kingdom: int = 2,
    name: str = "The Centretown Campaign",
    modules: Iterable[str] = (),
) -> Demo:
    """A playable campaign: map, a GM, K players with kingdoms and armies, hidden
    neutral kingdoms, and turn 1 open for orders; the optional modules named in
    ``modules`` (their options, rules.modules) switched on over the core rules."""
    neutrals = max(1, players // 4)
    plan = generate_map(hexes=hexes, players=players, neutrals=neutrals, dice=Dice(f"map:{seed}"))
    overrides = preset_overrides("core", modules) if modules else {}
    campaign = Campaign.objects.create(name=name, ruleset_overrides=overrides)
    users = _users(["gm", *player_names(players)])
    gm = users.pop("gm")
    seats, neutral_rows = map_plan_build(
        campaign=campaign, plan=plan, armies_per_kingdom=armies_per_kingdom
    )
    kingdoms = dict(zip(users, seats, strict=True))
    seated = (
        Membership(campaign=campaign, user=users[username], role=Membership.Role.PLAYER, kingdom=k)
        for username, k in kingdoms.items()
    )
    rows_insert(
        Membership, [Membership(campaign=campaign, user=gm, role=Membership.Role.GM), *seated]
    )
    turn = turn_open(campaign=campaign, number=1)
    return Demo(campaign, gm, users, kingdoms, turn, neutral_rows)


@collector_paused()
def map_plan_build(
    *,
    campaign: Campaign,
    plan: MapPlan,
    armies_per_kingdom: int,
    contents: Mapping[Coord, dict] | None = None,
) -> tuple[list[Kingdom], list[NeutralKingdom]]:
    """The campaign's map as the plan lays it out: its hexes, a kingdom with its armies
    for each of the plan's, nobody's yet (the caller seats the players), and its hidden
    neutral kingdoms. ``contents``: what hexes hold besides their terrain (a map taken
    from an export, campaign.transfer.maps), under what the set-up itself gives them."""
    rows = _hexes_create(campaign, plan, contents or {})
    kingdoms = _kingdoms_create(campaign, plan, rows, armies_per_kingdom)
    return kingdoms, _neutrals_create(campaign, plan, rows)


def _hexes_create(
    campaign: Campaign, plan: MapPlan, contents: Mapping[Coord, dict]
) -> dict[Coord, Hex]:
    """Every hex of the plan in one insert, each row then given its id."""
    rows = {
        (q, r): Hex(campaign=campaign, q=q, r=r, terrain=terrain.value, **contents.get((q, r), {}))
        for (q, r), terrain in sorted(plan.terrain.items())
    }
    rows_insert(Hex, rows.values())
    for q, r, pk in Hex.objects.filter(campaign=campaign).values_list("q", "r", "pk"):
        rows[(q, r)].pk = pk
    return rows


def _kingdoms_create(
    campaign: Campaign, plan: MapPlan, rows: Mapping[Coord, Hex], armies_per_kingdom: int
) -> list[Kingdom]:
    """The plan's player kingdoms in one insert, then their land and their armies."""
    ruleset = campaign.ruleset
    starts = []
    for index, kingdom_plan in enumerate(plan.kingdoms):
        land = [rows[coord] for coord in kingdom_plan.hexes]
        kingdom = kingdom_found(
            campaign,
            index,
            rows[kingdom_plan.capital],
            land,
            name=kingdom_plan.name,
            colour=kingdom_plan.colour,
            ruleset=ruleset,
        )
        starts.append((kingdom, land))
    Kingdom.objects.bulk_create([kingdom for kingdom, _ in starts])
    land = [row for _, rows_ in starts for row in rows_]
    rows_update(Hex, ["owner", "explored", "feature"], land)
    starting_armies_create(campaign, starts, armies_per_kingdom)
    return [kingdom for kingdom, _ in starts]


def kingdom_found(
    campaign: Campaign,
    index: int,
    capital: Hex,
    land: Iterable[Hex],
    *,
    name: str = "",
    colour: str = "",
    ruleset: Ruleset | None = None,
) -> Kingdom:
    """A player kingdom nobody plays yet (A-1.2.1): its ``name`` and ``colour`` (a map
    taken from an export keeps them), else the ``index``-th, the starting power of the
    campaign's ruleset (Q19; ``ruleset``, if the caller has read it), its capital a City
    (E-22). Its ``land``, the capital among it, becomes its own and known to its player.
    The caller saves the kingdom, then those rows."""
    kingdom = Kingdom(
        campaign=campaign,
        name=name or kingdom_name(index),
        colour=colour or COLOURS[index % len(COLOURS)],
        capital=capital,
        power=(ruleset or campaign.ruleset).starting_power,  # Q19
    )
    for row in land:
        row.owner, row.explored = kingdom, True  # a player knows his own kingdom
    capital.feature = Feature.CITY.value  # E-22: the capital is a City
    return kingdom


def starting_armies_create(
    campaign: Campaign, starts: Iterable[tuple[Kingdom, list[Hex]]], armies_per_kingdom: int
) -> None:
    """Each kingdom's starting armies on its capital, given with its land: sized from the
    Total Support of that land (§5.6, E-14), each led by a General, the first of them the
    kingdom's Grand Marshall (B 3.4)."""
    ruleset = campaign.ruleset
    armies = []
    for kingdom, land in starts:
        supporting = [
            SupportHex(kingdom.pk, Feature(row.feature) if row.feature else None) for row in land
        ]
        support = kingdom_support(ruleset, supporting, kingdom.pk, 1).support  # §5.6
        armies.extend(_armies(ruleset, kingdom, kingdom.capital, armies_per_kingdom, support))
    Army.objects.bulk_create(armies)  # the Generals below need their ids
    characters = [
        Character(
            kingdom=army.kingdom, army=army, name=f"General of the {army.name}", is_general=True
        )
        for army in armies
    ]
    first_general = {}
    for character in characters:
        first_general.setdefault(character.kingdom.pk, character)
    for character in first_general.values():
        character.is_grand_marshal = True  # B 3.4: one General is the Grand Marshall
    rows_insert(Character, characters)


def _armies(
    ruleset: Ruleset, kingdom: Kingdom, capital: Hex, count: int, support: int
) -> list[Army]:
    """E-14: the first army takes what the others' 1,000-point minimum leaves of Total
    Support (3,000 at most), to invade; the others patrol. A load test asking for more
    armies than the support funds gets them at the minimum all the same. E-32: a new
    army stands on the capital."""
    low, high = ruleset.army_minimum, ruleset.army_maximum
    first = min(high, max(low, support - low * (count - 1)))
    sizes = [first] + [low] * (count - 1)
    return [
        Army(
            kingdom=kingdom,
            name=f"{ARMY_NAMES[i % len(ARMY_NAMES)]} Army{_suffix(i)}",
            allocation=points,
            points=points,
            position=capital,
        )
        for i, points in enumerate(sizes)
    ]


def _suffix(index: int) -> str:
    return "" if index < len(ARMY_NAMES) else f" {index // len(ARMY_NAMES) + 1}"


def _neutrals_create(
    campaign: Campaign, plan: MapPlan, rows: Mapping[Coord, Hex]
) -> list[NeutralKingdom]:
    """The plan's neutral kingdoms in one insert, with their land and their Generals."""
    created, changed = [], []
    for index, neutral in enumerate(plan.neutrals):
        land = [rows[coord] for coord in neutral.hexes]
        capital = rows[neutral.capital]
        created.append(
            neutral_found(
                campaign,
                index,
                capital,
                land,
                neutral.features,
                name=neutral.name,
                race=neutral.race,
            )
        )
        changed.extend(land)
    NeutralKingdom.objects.bulk_create(created)
    rows_update(Hex, ["neutral_kingdom", "home_neutral_kingdom", "feature", "defence"], changed)
    rows_insert(Character, (neutral_general(kingdom) for kingdom in created))
    return created


def neutral_found(
    campaign: Campaign,
    index: int,
    capital: Hex,
    land: Iterable[Hex],
    features: Mapping[Coord, Feature],
    *,
    name: str = "",
    race: str = "",
) -> NeutralKingdom:
    """A hidden neutral kingdom (A-1.4.1): its ``name`` and ``race`` (a map taken from an
    export keeps them), else the ``index``-th, its capital
    behind a Great Fortress (A-1.4.3), its ``land`` (the capital among it) with the
    features ``features`` gives by coordinates (A-1.4.4). The caller saves it, then those
    rows, and makes its General (``neutral_general``)."""
    kingdom = NeutralKingdom(
        campaign=campaign,
        name=name or NEUTRAL_NAMES[index % len(NEUTRAL_NAMES)],
        race=race or RACES[index % len(RACES)],
        capital=capital,
    )
    capital.defence = Defence.GREAT_FORTRESS.value
    for row in land:
        row.neutral_kingdom = row.home_neutral_kingdom = kingdom
        feature = features.get((row.q, row.r))
        row.feature = feature.value if feature else ""
    return kingdom


def neutral_general(kingdom: NeutralKingdom) -> Character:
    """A-1.4.10, E-20: the General of a neutral kingdom's army (XP and Generalship 0, E-11),
    the GM's to rename in the admin."""
    return Character(neutral_kingdom=kingdom, name=f"General of {kingdom.name}", is_general=True)
