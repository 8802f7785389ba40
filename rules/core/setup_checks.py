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
from rules.core.problems import Phrase, Problem, translatable
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


def _name(kingdom: KingdomPlan | NeutralPlan) -> str | Phrase:
    return kingdom.name or Phrase("the kingdom at {capital}", capital=tuple(kingdom.capital))


def _players(plan: MapPlan) -> Iterator[Problem]:
    """A-1.0.1: a kingdom for each player of a campaign's 2 to 12."""
    low, high = PLAYERS
    count = len(plan.kingdoms)
    if low <= count <= high:
        return
    if not count:
        has = Phrase("no player kingdom yet")
    elif count == 1:
        has = Phrase("{count} player kingdom", count=count)
    else:
        has = Phrase("{count} player kingdoms", count=count)
    yield Problem(
        "A-1.0.1",
        "kingdoms",
        "the map has {has}: a campaign has {low} to {high} players, each with his kingdom",
        has=has,
        low=low,
        high=high,
    )


def _spread(plan: MapPlan) -> Iterator[Problem]:
    """A-1.0.1: the starting kingdoms spread over the map, capitals apart."""
    for first, second in combinations(plan.kingdoms, 2):
        apart = hexgrid.distance(first.capital, second.capital)
        if apart < CAPITALS_APART:
            yield Problem(
                "A-1.0.1",
                "kingdoms",
                translatable(
                    "the capitals of {first} and {second} are {apart} hex apart: the rules "
                    "spread the kingdoms over the map, {capitals_apart} or more apart"
                )
                if apart == 1
                else translatable(
                    "the capitals of {first} and {second} are {apart} hexes apart: the "
                    "rules spread the kingdoms over the map, {capitals_apart} or more apart"
                ),
                first=_name(first),
                second=_name(second),
                apart=apart,
                capitals_apart=CAPITALS_APART,
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
            "the map has {hexes} hexes for {players} player kingdoms: the rules "
            "suggest about 10 a player, between {fewest} and {most}",
            hexes=hexes,
            players=players,
            fewest=fewest,
            most=most,
        )


def _kingdom(kingdom: KingdomPlan) -> Iterator[Problem]:
    """A-1.2.1: a few hexes, one of them the capital; Q19: the capital and up to three
    hexes next to it."""
    others = [cell for cell in kingdom.hexes if cell != kingdom.capital]
    if not others:
        yield Problem(
            "A-1.2.1",
            "kingdoms",
            "{kingdom} starts with its capital alone: each player starts with a "
            "few hexes around his capital",
            kingdom=_name(kingdom),
        )
    if len(others) > KINGDOM_NEIGHBOURS:
        yield Problem(
            "Q19",
            "kingdoms",
            "{kingdom} starts with {count} hexes: a capital and up to "
            "{kingdom_neighbours} hexes next to it",
            kingdom=_name(kingdom),
            count=len(kingdom.hexes),
            kingdom_neighbours=KINGDOM_NEIGHBOURS,
        )
    apart = [cell for cell in others if cell not in hexgrid.neighbours(kingdom.capital)]
    if apart:
        cells = ", ".join("({}, {})".format(*cell) for cell in sorted(apart))
        yield Problem(
            "Q19",
            "kingdoms",
            translatable(
                "{cells} of {kingdom} is not next to its capital: a kingdom starts with "
                "hexes next to its capital"
            )
            if len(apart) == 1
            else translatable(
                "{cells} of {kingdom} are not next to its capital: a kingdom starts with "
                "hexes next to its capital"
            ),
            cells=cells,
            kingdom=_name(kingdom),
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
            translatable("{neutral} has {count} hex: a neutral kingdom usually has {neutral_hexes}")
            if len(neutral.hexes) == 1
            else translatable(
                "{neutral} has {count} hexes: a neutral kingdom usually has {neutral_hexes}"
            ),
            neutral=_name(neutral),
            count=len(neutral.hexes),
            neutral_hexes=NEUTRAL_HEXES,
        )
    if neutral.defence is not Defence.GREAT_FORTRESS:
        yield Problem(
            "A-1.4.3",
            "neutral_kingdoms",
            "the capital of {neutral} has no Great Fortress: a neutral kingdom's "
            "capital stands behind one",
            neutral=_name(neutral),
        )
    if not any(cell != neutral.capital for cell in neutral.features):
        yield Problem(
            "A-1.4.4",
            "neutral_kingdoms",
            "{neutral} holds no major feature beside its capital: a neutral "
            "kingdom usually holds one",
            neutral=_name(neutral),
        )
