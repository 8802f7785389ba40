"""Power: income at Final Results (Table 9), effective power (Table 1), the winner (A-3.1).

Effective power is counted in half-points (×2) so that a major feature's 1.5 stays an
integer, as §3's implementation tip says. Every value is the campaign's ruleset's
(rules.core.table_options: Table 1 in half-points, Table 9).
"""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence

import msgspec

from rules.core.events import CampaignWon, Event, PowerCollected
from rules.core.state import Coord, Feature, HexState, Ruleset, World
from rules.kingdoms.diplomacy import alliance_income, alliances
from rules.kingdoms.edicts import idle, looted_in
from rules.kingdoms.neutrals import protected_hexes, protected_kingdoms, protectorates
from rules.turn.minor_features import monument_halves


def hex_value_halves(ruleset: Ruleset, feature: Feature | None) -> int:
    """Table 1 (Q11): a hex scores 2 with a mega-feature, 1.5 with another major
    feature, 1 otherwise (in halves: 4, 3, 2). The capital counts as a City (E-22)."""
    if feature is None:
        return ruleset.score_plain_hex
    return ruleset.score_mega_hex if feature.is_mega else ruleset.score_major_hex


def land_score_halves(
    ruleset: Ruleset,
    features: Iterable[Feature | None],
    looted: int = 0,
    minor_features: Iterable[str | None] = (),
) -> int:
    """Table 1's hex part for the features of a kingdom's hexes (orphans count, Q11), and
    the ``looted`` hexes, looted this turn, which score 0 (Source A) whatever they hold;
    with the optional Monument rule, +0.5 for each of the scoring hexes'
    ``minor_features`` that is a Monument (Table 17, rules.turn.minor_features)."""
    land = sum(hex_value_halves(ruleset, feature) for feature in features)
    return land + looted * ruleset.score_looted_hex + monument_halves(ruleset, minor_features)


def kingdom_features(world: World, kingdom_id: int) -> list[Feature | None]:
    """The features of the kingdom's hexes and, at their normal values, of the hexes of
    the neutral kingdoms it protects (Quick Friendship: Q10, E-18). A hex looted this
    turn scores 0 in Table 1 (Source A, rules.kingdoms.edicts), so it is left out."""
    return [h.feature for h in scoring_hexes(world, kingdom_id)]


def scoring_hexes(world: World, kingdom_id: int) -> list[HexState]:
    """The hexes that score for the kingdom in Table 1 at their values (see
    ``kingdom_features``)."""
    own = [
        h for h in world.hexes.values() if h.owner == kingdom_id and not looted_in(h, world.turn)
    ]
    return own + [world.hexes[c] for c in protected_hexes(world, kingdom_id)]


def looted_hexes(world: World, kingdom_id: int) -> int:
    """Table 1: how many of the kingdom's hexes were looted this turn."""
    return sum(h.owner == kingdom_id and looted_in(h, world.turn) for h in world.hexes.values())


def income(
    world: World,
    kingdom_id: int,
    own: Iterable[tuple[Coord, HexState]] | None = None,
    protected: Sequence[int] | None = None,
    allied: Sequence[int] | None = None,
) -> tuple[int, int]:
    """Table 9 (§3 step 6g): the power gained and the industry left over; ``own`` is the
    kingdom's hexes with their coords, ``protected`` and ``allied`` the neutral kingdoms it
    protects and is allied to, where the caller has sorted them out already
    (``collect_power``), else they are picked from the whole map and all the neutral
    kingdoms.

    The own capital gives +1 (Source A), and in all only 1 although it is a City (E-22);
    each other mega-feature +1; each non-mega major feature +1 industry, and every 3
    industry convert to 1 power with the remainder kept. Orphan hexes pay too (A-1.3.5);
    a hex looted last turn or under Unrest pays nothing (Table 9, rules.kingdoms.edicts.idle).
    Each neutral kingdom it protects pays +1 tribute (A-1.4.7, Q2, E-18), and nothing
    else (unless the ruleset's answer to Q2 adds an ally's +1): its hexes are not the
    kingdom's. Each neutral ally by diplomacy pays +1
    (A-1.4.12, rules.kingdoms.diplomacy).
    """
    rules = world.ruleset
    kingdom = world.kingdoms[kingdom_id]
    capital = kingdom.capital
    power, industry_now = 0, kingdom.industry
    if own is None:
        own = ((c, h) for c, h in world.hexes.items() if h.owner == kingdom_id)
    for coord, hex_ in own:
        if idle(hex_, world.turn):
            continue
        if coord == capital:
            power += rules.capital_power
        elif hex_.feature is not None and hex_.feature.is_mega:
            power += rules.mega_feature_power
        elif hex_.feature is not None:
            industry_now += rules.major_feature_industry
    converted, left = divmod(industry_now, rules.industry_per_power)
    per_protected = rules.tribute_power + (rules.alliance_power if rules.tribute_as_ally else 0)
    if protected is None:
        protected = protected_kingdoms(world, kingdom_id)
    tribute = per_protected * len(protected)
    return power + converted + tribute + alliance_income(world, kingdom_id, allied), left


def collect_power(world: World, bonus: Mapping[int, int] | None = None) -> list[PowerCollected]:
    """§3 step 6g for every kingdom still in play, in id order; ``bonus`` adds one-off
    gains by kingdom id (A-1.4.16: +3 for a neutral capital taken this turn)."""
    events = []
    # Each kingdom's hexes and neutral kingdoms sorted out once, not the whole map and all
    # the neutral kingdoms read again for each kingdom
    owned: dict[int, list[tuple[Coord, HexState]]] = defaultdict(list)
    for coord, hex_ in world.hexes.items():
        owned[hex_.owner].append((coord, hex_))
    protected, allied = protectorates(world), alliances(world)
    for kingdom in sorted(world.kingdoms.values(), key=lambda k: k.id):
        if kingdom.eliminated:
            continue
        gained, left = income(
            world,
            kingdom.id,
            owned[kingdom.id],
            protected.get(kingdom.id, []),
            allied.get(kingdom.id, []),
        )
        gained += (bonus or {}).get(kingdom.id, 0)
        events.append(
            PowerCollected(
                rule="Table 9 §3-6g",
                kingdom_id=kingdom.id,
                gained=gained,
                power=kingdom.power + gained,
                industry=left,
            )
        )
    return events


def effective_power_halves(world: World, kingdom_id: int, power: int) -> int:
    """Table 1 (A-3.1): 1 per unspent power point plus the hexes' values, in halves
    (with the optional Monument rule, Table 17)."""
    ruleset = world.ruleset
    scoring = scoring_hexes(world, kingdom_id)
    land = land_score_halves(
        ruleset,
        [h.feature for h in scoring],
        looted_hexes(world, kingdom_id),
        [h.minor_feature for h in scoring],
    )
    return ruleset.score_unspent_power * power + land


def campaign_won(world: World, powers: Mapping[int, int], rule: str) -> Event:
    """A-3.1, E-27: the highest effective power among ``powers`` wins; a tie gives
    co-winners. With one kingdom left standing, it alone is scored and wins."""
    scores = sorted(
        ((kingdom_id, effective_power_halves(world, kingdom_id, power))
         for kingdom_id, power in powers.items()),
        key=lambda pair: (-pair[1], pair[0]),
    )  # fmt: skip
    best = scores[0][1] if scores else 0
    return CampaignWon(
        rule=rule,
        winner_ids=tuple(kingdom_id for kingdom_id, score in scores if score == best),
        scores=tuple(scores),
    )


def owners_applied(world: World, owners: Mapping[Coord, int | None]) -> World:
    """The world with this turn's conquests on the map, for the steps that follow 6b."""
    hexes = {
        coord: h if h.owner == owners[coord] else msgspec.structs.replace(h, owner=owners[coord])
        for coord, h in world.hexes.items()
    }
    return dataclasses.replace(world, hexes=hexes)
