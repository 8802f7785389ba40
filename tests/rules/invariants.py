"""The engine's invariants, one home for every test that plays turns: the property tests
of the pure engine (tests/rules/test_engine_properties.py) and campaigns played through
the services (tests/campaign/campaigns/test_all_modules_campaign.py).

Each check answers a list of problems in words, empty when all is well. The world's
checks take a World (the engine's, or the database's through its snapshot); the
events' checks take the turn's events as their ``to_dict()`` (what a chronicle row keeps:
``{"type": row.kind, **row.payload}``), so that both kinds of test read them alike.
No Django here: the engine's tests run without it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from rules.core.state import Terrain, World
from rules.kingdoms.agreements import is_vassal
from rules.sieges.state import ongoing

# --- the world ----------------------------------------------------------------------------


def ownership_problems(world: World) -> list[str]:
    """A-1.0.4, A-1.2.2, A-1.4.14, E-18, E-27: a hex is a player kingdom's, a neutral
    kingdom's or nobody's; its owner is in play; no sea hex is owned; a kingdom in play
    holds its capital, unless it fell to its overlord (Q20, E-19)."""
    problems = []
    for coord, h in world.hexes.items():
        if h.owner is not None and h.neutral_kingdom is not None:
            problems.append(f"{coord} is kingdom {h.owner}'s and neutral {h.neutral_kingdom}'s")
        if h.owner is not None and (
            h.owner not in world.kingdoms or world.kingdoms[h.owner].eliminated
        ):
            problems.append(f"{coord} is owned by kingdom {h.owner}, not in play")
        if h.neutral_kingdom is not None and h.neutral_kingdom not in world.neutral_kingdoms:
            problems.append(f"{coord} is in neutral kingdom {h.neutral_kingdom}, unknown")
        if h.terrain is Terrain.SEA and (h.owner or h.neutral_kingdom):
            problems.append(f"{coord} is a sea hex with an owner")
    for k in world.kingdoms.values():
        holds = k.capital is not None and world.hexes[k.capital].owner == k.id
        if not (k.eliminated or holds or is_vassal(world, k.id)):
            problems.append(f"kingdom {k.id} does not hold its capital {k.capital}")
    return problems


def army_problems(world: World) -> list[str]:
    """E-32, E-37, E-27: every army stands on one land hex of the map, belongs to a
    kingdom in play and is held by one siege at most."""
    problems = []
    for army in world.armies.values():
        h = world.hexes.get(army.position)
        if h is None or h.terrain is Terrain.SEA:
            problems.append(f"army {army.id} stands on {army.position}, not a land hex")
        kingdom = world.kingdoms.get(army.kingdom_id)
        if kingdom is None or kingdom.eliminated:
            problems.append(f"army {army.id}'s kingdom {army.kingdom_id} is not in play")
    held = Counter(a for s in ongoing(world) for a in s.armies)
    problems += [f"army {a} is in {n} sieges" for a, n in held.items() if n > 1]
    return problems


def purse_problems(world: World) -> list[str]:
    """Table 9, Table 10, E-25, E-30, E-31: no kingdom's power, industry or crown ledger
    below 0."""
    return [
        f"kingdom {k.id} has power {k.power}, industry {k.industry}, crowns {k.crowns}"
        for k in world.kingdoms.values()
        if min(k.power, k.industry, k.crowns) < 0
    ]


def world_problems(world: World) -> list[str]:
    """Every check of the world above."""
    return ownership_problems(world) + army_problems(world) + purse_problems(world)


# --- a turn's events ----------------------------------------------------------------------

Entry = Mapping  # an event's to_dict(): its "type" and its fields


def _of(entries: Iterable[Entry], *types: str) -> list[Entry]:
    return [e for e in entries if e["type"] in types]


def conquest_problems(entries: Iterable[Entry]) -> list[str]:
    """P-C3: a hex changes hands at most once a turn (a contested hex has one winner)."""
    conquered = Counter(tuple(e["hex"]) for e in _of(entries, "HexConquered"))
    return [f"{c} was conquered {n} times" for c, n in conquered.items() if n > 1]


def battle_problems(entries: Iterable[Entry]) -> list[str]:
    """Table 5, E-07: an army invades one hex a turn and never stands on both sides of a
    battle."""
    problems = []
    targets: dict[int, set] = {}
    for e in _of(entries, "BattleDeclared"):
        both = set(e["attacker_army_ids"]) & set(e["defender_army_ids"])
        if both:
            problems.append(f"armies {both} on both sides at {e['hex']}")
        for army_id in e["attacker_army_ids"]:
            targets.setdefault(army_id, set()).add(tuple(e["hex"]))
    problems += [f"army {a} invades {t}" for a, t in targets.items() if len(t) > 1]
    return problems


def income_problems(entries: Iterable[Entry]) -> list[str]:
    """Table 9, App G, Table 31, E-31: no income, gain or loss leaves a kingdom's power
    or crowns below 0."""
    power = [e for e in _of(entries, "PowerCollected", "PowerAdjusted") if e["power"] < 0]
    crowns = [e for e in _of(entries, "CrownsCollected") if e["balance"] < 0]
    return [f"{e['type']} leaves kingdom {e['kingdom_id']} below 0: {e}" for e in power + crowns]


def event_problems(entries: Iterable[Entry]) -> list[str]:
    """Every check of a turn's events above."""
    entries = list(entries)
    return conquest_problems(entries) + battle_problems(entries) + income_problems(entries)
