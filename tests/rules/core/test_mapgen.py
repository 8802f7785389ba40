"""The map a GM generates for a new campaign (rules.core.mapgen): whatever he chooses within
the wizard's bounds, the rules' set-up defaults hold (A-1.0.1, A-1.0.2, A-1.1.1, A-1.2.1,
A-1.4.2–4, Q19)."""

from __future__ import annotations

import dataclasses
import hashlib

import pytest

from rules.core import hexgrid
from rules.core.dice import Dice
from rules.core.mapgen import (
    PLAYERS,
    TERRAIN_MIXES,
    MapParams,
    generate_from,
    generate_map,
    hexes_within,
    map_params_problem,
    radii,
    suggested_radius,
)
from rules.core.state import BASE_TERRAINS, Feature, Terrain

SEEDS = ("a", "b", "c", "d", "e")
MIXES = list(TERRAIN_MIXES)


def _choices(seed: str):
    """Every number of players with each map size it allows, the sea, the land and the
    neutral kingdoms varied along."""
    for players in range(PLAYERS[0], PLAYERS[1] + 1):
        for n, radius in enumerate(radii(players)):
            yield MapParams(
                players=players,
                radius=radius,
                seed=seed,
                sea_tenths=(players + n) % 5,
                mix=MIXES[(players + n) % len(MIXES)],
                players_per_neutral=1 + (players * 3 + n) % 8,
            )


@pytest.mark.parametrize("modules", [(), ("new_tiles",)])
@pytest.mark.parametrize("seed", SEEDS)
def test_set_up_defaults_hold_on_every_map_the_wizard_allows(seed, modules):
    """A-1.0.1: one kingdom a player, apart; A-1.0.2: the map has the size chosen;
    A-1.1.1: every terrain appears; A-1.2.1, Q19: a capital (a City's River, E-22) and 2
    or 3 land hexes next to it; A-1.4.2–4: each neutral kingdom asked for, three land
    hexes side by side with a City capital and a major feature, touching no player. With
    the new tiles on (new-rules.md §2) all of it holds as well."""
    for params in _choices(seed):
        params = dataclasses.replace(params, modules=modules)
        assert map_params_problem(params) is None
        plan = generate_from(params)
        assert len(plan.terrain) == params.hexes
        assert set(BASE_TERRAINS) <= set(plan.terrain.values()), params
        if not modules:
            assert set(plan.terrain.values()) == set(BASE_TERRAINS), params
        assert len(plan.kingdoms) == params.players
        held = [cell for kingdom in plan.kingdoms for cell in kingdom.hexes]
        assert len(held) == len(set(held)), ("two kingdoms share a hex", params)
        for kingdom in plan.kingdoms:
            capital, *around = kingdom.hexes
            assert capital == kingdom.capital and 2 <= len(around) <= 3, params
            assert set(around) <= set(hexgrid.neighbours(capital))
            assert plan.terrain[capital] is Terrain.RIVER
            assert all(plan.terrain[cell] is not Terrain.SEA for cell in kingdom.hexes)
        assert len(plan.neutrals) == params.neutrals, params
        neutral = [cell for plan_ in plan.neutrals for cell in plan_.hexes]
        assert len(neutral) == len(set(neutral)) and not set(neutral) & set(held)
        for kingdom in plan.neutrals:
            capital, *around = kingdom.hexes
            assert len(around) == 2 and set(around) <= set(hexgrid.neighbours(capital))
            assert all(plan.terrain[cell] is not Terrain.SEA for cell in kingdom.hexes)
            assert kingdom.features[capital] is Feature.CITY
            assert len(kingdom.features) == 2, "A-1.4.4: a major feature besides"


def test_the_same_choices_give_the_same_map_and_a_new_seed_another():
    params = MapParams(players=4, radius=3, seed="same")
    assert generate_from(params) == generate_from(params)
    other = generate_from(MapParams(players=4, radius=3, seed="other"))
    assert other.terrain != generate_from(params).terrain


def test_the_suggested_map_is_the_rules_size_a_1_0_2():
    """About 40 hexes for 4 players: the whole hexagon of radius 3, 37 hexes."""
    assert hexes_within(3) == 37
    assert suggested_radius(4) == 3
    assert all(8 * p <= hexes_within(suggested_radius(p)) <= 30 * p for p in range(2, 13))


def test_more_sea_chosen_gives_more_sea():
    def sea(tenths: int) -> int:
        plan = generate_from(MapParams(players=4, radius=5, seed="sea", sea_tenths=tenths))
        return sum(t is Terrain.SEA for t in plan.terrain.values())

    assert sea(0) == 1, "A-1.1.1: the one sea hex every map shows"
    assert sea(0) < sea(1) < sea(4)


def test_a_mix_of_land_changes_the_land():
    def mountains(mix: str) -> int:
        plan = generate_from(MapParams(players=4, radius=5, seed="mix", mix=mix))
        return sum(t is Terrain.MOUNTAIN for t in plan.terrain.values())

    assert mountains("open") < mountains("balanced") < mountains("wild")


@pytest.mark.parametrize(
    ("params", "field", "words"),
    [
        (MapParams(players=1, radius=3, seed="x"), "players", "2 to 12 players"),
        (MapParams(players=4, radius=2, seed="x"), "radius", "not 2 (19 hexes)"),
        (MapParams(players=4, radius=9, seed="x"), "radius", "a radius of 3 (37 hexes)"),
        (MapParams(players=4, radius=3, seed="x", sea_tenths=5), "sea_tenths", "40%"),
        (MapParams(players=4, radius=3, seed="x", mix="lava"), "mix", "'lava'"),
        (MapParams(players=4, radius=3, seed="x", players_per_neutral=0), "players_per_neutral",
         "1 to 8"),
    ],
)  # fmt: skip
def test_choices_the_generator_cannot_lay_out_are_refused_by_field(params, field, words):
    problem = map_params_problem(params)
    assert problem is not None and problem.field == field and words in problem.message


def test_kingdoms_close_together_never_share_a_hex():
    """Q19 on a crowded map (7 players on 37 hexes, below the wizard's bounds): capitals
    close together share what lies between them, and each keeps a hex besides."""
    for seed in SEEDS:
        plan = generate_map(hexes=37, players=7, neutrals=0, dice=Dice(f"map:{seed}"))
        held = [cell for kingdom in plan.kingdoms for cell in kingdom.hexes]
        assert len(held) == len(set(held))
        assert all(len(kingdom.hexes) >= 2 for kingdom in plan.kingdoms)


# new-rules.md §2: where each new tile may stand, by the hex's terrain on the map without it
FITS = {
    Terrain.DELTA: (Terrain.RIVER,),
    Terrain.ROCKY_COAST: (Terrain.MOUNTAIN,),
    Terrain.VOLCANO: (Terrain.MOUNTAIN,),
    Terrain.PLATEAU: (Terrain.MOUNTAIN,),
    Terrain.CHASM: (Terrain.FIELDS,),
    Terrain.FAULT: (Terrain.FIELDS,),
    Terrain.ROCKY_PROMONTORY: (Terrain.FIELDS,),
    Terrain.SANDBANKS: (Terrain.SEA,),
    Terrain.COASTAL_ISLAND: (Terrain.FIELDS, Terrain.SEA),
}


@pytest.mark.parametrize("seed", SEEDS)
def test_the_new_tiles_take_a_few_free_hexes_only_when_their_module_is_on(seed):
    """new-rules.md §2: with the module on, the map is the one without it but for a small
    share of the hexes no kingdom holds, each turned into a tile that fits it (a delta
    was a river by the sea, a volcano a mountain, …); every tile comes up on some map."""
    seen = set()
    for params in _choices(seed):
        plain = generate_from(params)
        tiled = generate_from(dataclasses.replace(params, modules=("new_tiles",)))
        held = {c for k in [*plain.kingdoms, *plain.neutrals] for c in k.hexes}
        assert tiled.kingdoms == plain.kingdoms and tiled.neutrals == plain.neutrals
        changed = {c: t for c, t in tiled.terrain.items() if t != plain.terrain[c]}
        assert not set(changed) & held, params
        assert all(plain.terrain[c] in FITS[t] for c, t in changed.items()), params
        assert len(changed) <= len(plain.terrain) // 4, params
        seen |= set(changed.values())
    assert seen == set(FITS)


@pytest.mark.parametrize("seed", SEEDS)
def test_spare_plateaus_hold_independent_kingdoms_with_the_peoples_on(seed):
    """NR-INDEP-1, E-40: with the peoples and the new tiles on, each free plateau with
    room for it (NR-PLATEAU-2, a spare capital site) holds an independent kingdom beyond
    the neutral kingdoms asked for: three land hexes, a City capital on the plateau and a
    major feature, touching no other kingdom; the map under it is the same."""
    made = 0
    for params in _choices(seed):
        tiles = generate_from(dataclasses.replace(params, modules=("new_tiles",)))
        plan = generate_from(dataclasses.replace(params, modules=("new_tiles", "peoples")))
        assert plan.terrain == tiles.terrain and plan.neutrals[: params.neutrals] == tiles.neutrals
        others = {c for k in [*plan.kingdoms, *tiles.neutrals] for c in k.hexes}
        for independent in plan.neutrals[params.neutrals :]:
            capital, *around = independent.hexes
            assert plan.terrain[capital] is Terrain.PLATEAU
            assert len(around) == 2 and set(around) <= set(hexgrid.neighbours(capital))
            assert independent.features[capital] is Feature.CITY
            assert len(independent.features) == 2
            touching = {n for c in independent.hexes for n in (c, *hexgrid.neighbours(c))}
            assert not touching & others
            others |= set(independent.hexes)
            made += 1
    assert made, "some map of the wizard's has a spare plateau"


def _digest(plan, dice: Dice | None = None) -> str:
    """A short fingerprint of a map: every hex's terrain, the kingdoms and neutral kingdoms
    with their hexes and features, and the rolls that made it."""
    parts = [
        sorted((c, t.value) for c, t in plan.terrain.items()),
        [(k.capital, k.hexes) for k in plan.kingdoms],
        [(n.capital, n.hexes, sorted((c, f.value) for c, f in n.features.items()))
         for n in plan.neutrals],
    ]  # fmt: skip
    if dice is not None:
        parts.append([(roll.purpose, roll.result) for roll in dice.rolls])
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:16]


@pytest.mark.parametrize(
    ("hexes", "players", "neutrals", "seed", "digest"),
    [
        (40, 4, 1, "demo", "327684c3f934d670"),  # the demo campaign's
        (37, 7, 3, "a", "cd7080a1aea07bfc"),  # crowded: neutral kingdoms touch the players
        (28, 4, 6, "b", "dbc2f060decf02dc"),  # no room for every neutral kingdom asked for
        (500, 12, 40, "c", "fa9abcdca49897d7"),
        (1000, 16, 4, "d", "b5aae364a360ec01"),
        (3000, 40, 10, "e", "4caf772127464147"),
        (7, 9, 2, "f", "0e35445df975ba3a"),  # more capitals than hexes
        (61, 0, 3, "g", "2d32ea95c56572d7"),  # neutral kingdoms only
    ],
)
def test_a_seed_gives_the_map_it_always_gave(hexes, players, neutrals, seed, digest):
    """A-1.0.2, A-1.2.1, A-1.4.2: a campaign's seed names its map for good: the capitals
    spread, the neutral kingdoms placed away from the players, the sea and the rolls are
    the ones this seed has always given, however the generator computes them."""
    dice = Dice(f"map:{seed}")
    plan = generate_map(hexes=hexes, players=players, neutrals=neutrals, dice=dice)
    assert _digest(plan, dice) == digest


@pytest.mark.parametrize(
    ("seed", "modules", "digest"),
    [
        ("a", (), "b6aebeb30c53020b"),
        ("a", ("new_tiles", "peoples"), "253c5338ab413622"),
        ("b", (), "6613c4e028ad5e02"),
        ("b", ("new_tiles", "peoples"), "c858582d19be5b20"),
    ],
)
def test_every_map_the_wizard_allows_is_the_one_its_seed_always_gave(seed, modules, digest):
    """A-1.0.2, A-1.4.2, NR-INDEP-1: the wizard's every choice of players, size, sea, land
    and neutral kingdoms, with the modules that place tiles and independent kingdoms on or
    off, gives the map it always gave for the seed."""
    together = hashlib.sha256()
    for params in _choices(seed):
        together.update(
            _digest(generate_from(dataclasses.replace(params, modules=modules))).encode()
        )
    assert together.hexdigest()[:16] == digest
