"""Where a planned map leaves the rules' set-up defaults (§3 "Campaign set-up").

The rules describe the usual start: the players' kingdoms spread over a map of about ten
hexes a player (A-1.0.1, A-1.0.2), each a capital with a few hexes next to it (A-1.2.1,
Q19), and neutral kingdoms of three hexes with a Great Fortress capital and a major
feature (A-1.4.1–4). A GM may choose otherwise, so each finding is a warning, never a
refusal: a ``rules.core.problems.Problem`` naming the rule, the part of the map at fault
and why. The same checks read a generated map (``rules.core.mapgen.generate_from``) and
one the GM draws.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from rules.core import hexgrid
from rules.core.mapgen import HEXES_PER_PLAYER, PLAYERS, KingdomPlan, MapPlan, NeutralPlan
from rules.core.problems import Problem
from rules.core.state import Defence

CAPITALS_APART = 3  # closer, two capitals share the land between them (Q19)
KINGDOM_NEIGHBOURS = 3  # Q19: the capital and up to three hexes next to it
NEUTRAL_HEXES = 3


def setup_warnings(plan: MapPlan) -> list[Problem]:
    """Every way ``plan`` departs from the set-up defaults, in the rules' order: the
    players and the map (A-1.0.1, A-1.0.2), each player kingdom (A-1.2.1, Q19), the
    neutral kingdoms (A-1.4.1–4). An empty list: the map starts as the rules suggest."""
    return [
        *_players(plan),
        *_spread(plan),
        *_size(plan),
        *(w for kingdom in plan.kingdoms for w in _kingdom(kingdom)),
        *_neutral_count(plan),
        *(w for neutral in plan.neutrals for w in _neutral(neutral)),
    ]


def _name(kingdom: KingdomPlan | NeutralPlan) -> str:
    return kingdom.name or "the kingdom at ({}, {})".format(*kingdom.capital)


def _players(plan: MapPlan) -> Iterator[Problem]:
    """A-1.0.1: a kingdom for each player of a campaign's 2 to 12."""
    low, high = PLAYERS
    count = len(plan.kingdoms)
    if low <= count <= high:
        return
    has = f"{count} player kingdom{'s' * (count != 1)}" if count else "no player kingdom yet"
    yield Problem(
        "A-1.0.1",
        "kingdoms",
        f"the map has {has}: a campaign has {low} to {high} players, each with his kingdom",
    )


def _spread(plan: MapPlan) -> Iterator[Problem]:
    """A-1.0.1: the starting kingdoms spread over the map, capitals apart."""
    for first, second in combinations(plan.kingdoms, 2):
        apart = hexgrid.distance(first.capital, second.capital)
        if apart < CAPITALS_APART:
            yield Problem(
                "A-1.0.1",
                "kingdoms",
                f"the capitals of {_name(first)} and {_name(second)} are {apart} "
                f"hex{'es' * (apart != 1)} apart: the rules spread the kingdoms over the "
                f"map, {CAPITALS_APART} or more apart",
            )


def _size(plan: MapPlan) -> Iterator[Problem]:
    """A-1.0.2: about ten hexes a player (40 for 4)."""
    players, hexes = len(plan.kingdoms), len(plan.terrain)
    if not players:
        return
    fewest, most = (n * players for n in HEXES_PER_PLAYER)
    if not fewest <= hexes <= most:
        yield Problem(
            "A-1.0.2",
            "hexes",
            f"the map has {hexes} hexes for {players} player kingdoms: the rules suggest "
            f"about 10 a player, between {fewest} and {most}",
        )


def _kingdom(kingdom: KingdomPlan) -> Iterator[Problem]:
    """A-1.2.1: a few hexes, one of them the capital; Q19: the capital and up to three
    hexes next to it."""
    others = [cell for cell in kingdom.hexes if cell != kingdom.capital]
    if not others:
        yield Problem(
            "A-1.2.1",
            "kingdoms",
            f"{_name(kingdom)} starts with its capital alone: each player starts with a few "
            "hexes around his capital",
        )
    if len(others) > KINGDOM_NEIGHBOURS:
        yield Problem(
            "Q19",
            "kingdoms",
            f"{_name(kingdom)} starts with {len(kingdom.hexes)} hexes: a capital and up to "
            f"{KINGDOM_NEIGHBOURS} hexes next to it",
        )
    apart = [cell for cell in others if cell not in hexgrid.neighbours(kingdom.capital)]
    if apart:
        cells = ", ".join("({}, {})".format(*cell) for cell in sorted(apart))
        yield Problem(
            "Q19",
            "kingdoms",
            f"{cells} of {_name(kingdom)} {'is' if len(apart) == 1 else 'are'} not next to "
            "its capital: a kingdom starts with hexes next to its capital",
        )


def _neutral_count(plan: MapPlan) -> Iterator[Problem]:
    """A-1.4.1: the GM places neutral kingdoms before the campaign."""
    if not plan.neutrals:
        yield Problem(
            "A-1.4.1",
            "neutral_kingdoms",
            "the map has no neutral kingdom: the rules hide some on the map before the "
            "campaign starts",
        )


def _neutral(neutral: NeutralPlan) -> Iterator[Problem]:
    """A-1.4.2: three hexes; A-1.4.3: a Great Fortress at the capital; A-1.4.4: a major
    feature (the capital itself counts as a City, E-22, so one more)."""
    if len(neutral.hexes) != NEUTRAL_HEXES:
        yield Problem(
            "A-1.4.2",
            "neutral_kingdoms",
            f"{_name(neutral)} has {len(neutral.hexes)} hex{'es' * (len(neutral.hexes) != 1)}: "
            f"a neutral kingdom usually has {NEUTRAL_HEXES}",
        )
    if neutral.defence is not Defence.GREAT_FORTRESS:
        yield Problem(
            "A-1.4.3",
            "neutral_kingdoms",
            f"the capital of {_name(neutral)} has no Great Fortress: a neutral kingdom's "
            "capital stands behind one",
        )
    if not any(cell != neutral.capital for cell in neutral.features):
        yield Problem(
            "A-1.4.4",
            "neutral_kingdoms",
            f"{_name(neutral)} holds no major feature beside its capital: a neutral kingdom "
            "usually holds one",
        )
