"""A lost capital (§3 step 6e, A-3.2, E-23, E-27) and the last kingdom standing (A-3.1)."""

import dataclasses

from rules.core.dice import ForcedDice
from rules.core.events import (
    ArmyDestroyed,
    CampaignWon,
    CapitalMoved,
    DefenderAppeared,
    HexConquered,
    KingdomEliminated,
    OrphanChanged,
)
from rules.core.state import BattleState, DefenderKind, Feature, Side
from rules.kingdoms.capitals import fallback_capital, fallback_list_problem
from rules.turn.final import resolve_final
from tests.rules.rules_builder import army, build, of_type

# K2's capital (1, 0) is taken by K1 as a lost cause. K2 keeps (2, 0)–(3, 0), joined,
# and (0, 1), which touches (1, 0) but neither (2, 0) nor (3, 0) (flat-topped grid).
MAP = """
F1 F2 F2 R2 F3
F2 F. F. F. F3
"""


def world(**features):
    hexes = {coord: {"feature": f} for coord, f in features.get("features", {}).items()}
    return build(
        MAP,
        turn=1,
        armies=(army(1, 1, position=(0, 0)), army(20, 2, position=(1, 0))),
        hexes=hexes,
        capitals={2: (1, 0), 3: (4, 0)},
    )


def take_capital(w, dice_results):
    battle = BattleState(
        key=1,
        hex=(1, 0),
        defender_kind=DefenderKind.LOST_CAUSE,
        attacker=Side(points=2000, kingdom_id=1, army_ids=(1,)),
        defender=None,
    )
    dice = ForcedDice(dice_results)
    events = resolve_final(w, [battle], dice).events
    assert dice.unused == []
    return events


def test_a_3_2_the_capital_moves_to_a_city_and_orphans_follow_it_e_23():
    events = take_capital(world(features={(3, 0): Feature.CITY, (1, 0): Feature.CITY}), [])
    assert [(e.kingdom_id, e.old, e.new) for e in of_type(events, CapitalMoved)] == [
        (2, (1, 0), (3, 0))
    ]
    # (0, 1) has no path to (3, 0) any more: an orphan
    assert [(e.hex, e.orphan) for e in of_type(events, OrphanChanged)] == [((0, 1), True)]
    # E-32: K2's army on the lost capital falls back on the new one
    assert any(e.type == "ArmyMoved" and e.army_id == 20 and e.hex == (3, 0) for e in events)


def test_e_23_the_city_with_most_connected_hexes_is_chosen():
    w = world(features={(3, 0): Feature.CITY, (0, 1): Feature.CITY})
    (moved,) = of_type(take_capital(w, []), CapitalMoved)
    assert moved.new == (3, 0), "(3, 0) reaches (2, 0) too; (0, 1) stands alone"


def test_e_23_a_tie_goes_to_the_lowest_coordinates():
    w = world(features={(3, 0): Feature.CITY, (2, 0): Feature.CITY})
    (moved,) = of_type(take_capital(w, []), CapitalMoved)
    assert moved.new == (2, 0)


def test_a_3_2_no_city_means_elimination_e_27():
    """The armies go; the land is unowned and explored; a feature hex gets a defender."""
    events = take_capital(world(features={(2, 0): Feature.MINE}), [5])  # §5.5 d6: 1,500
    (eliminated,) = of_type(events, KingdomEliminated)
    assert eliminated.kingdom_id == 2 and eliminated.hexes == ((0, 1), (2, 0), (3, 0))
    assert [e.army_id for e in of_type(events, ArmyDestroyed)] == [20]
    assert [(e.hex, e.points) for e in of_type(events, DefenderAppeared)] == [((2, 0), 1500)]
    assert [e.kingdom_id for e in events if e.type == "PowerCollected"] == [1, 3]
    assert of_type(events, HexConquered)[0].hex == (1, 0)


def test_a_3_1_the_last_kingdom_standing_wins_at_once():
    w = world()
    w.kingdoms[3] = dataclasses.replace(w.kingdoms[3], eliminated=True)
    events = take_capital(w, [])
    (won,) = of_type(events, CampaignWon)
    assert won.winner_ids == (1,) and won.rule == "A-3.1"
    assert not [e for e in events if e.type == "CampaignEndRoll"], "no end roll needed"


# --- E-23: the fallback-capital list ----------------------------------------------------


def _listing(w, *coords):
    kingdom = dataclasses.replace(w.kingdoms[2], fallback_capitals=tuple(coords))
    return dataclasses.replace(w, kingdoms={**w.kingdoms, 2: kingdom})


def test_e_23_the_first_listed_city_still_held_is_the_new_capital():
    """(0, 1) stands alone, so the default would take (3, 0); the list says (0, 1)."""
    w = world(features={(3, 0): Feature.CITY, (0, 1): Feature.CITY})
    (moved,) = of_type(take_capital(_listing(w, (0, 1), (3, 0)), []), CapitalMoved)
    assert moved.new == (0, 1)


def test_e_23_entries_lost_or_no_longer_cities_are_skipped_then_the_default():
    """(1, 0) is the capital just taken, (2, 0) a Town now, (4, 0) another kingdom's:
    none serves, so the next listed City, or else E-23's default."""
    w = world(features={(3, 0): Feature.CITY, (0, 1): Feature.CITY, (2, 0): Feature.TOWN})
    (moved,) = of_type(take_capital(_listing(w, (1, 0), (2, 0), (4, 0), (0, 1)), []), CapitalMoved)
    assert moved.new == (0, 1)
    (moved,) = of_type(take_capital(_listing(w, (1, 0), (2, 0), (4, 0)), []), CapitalMoved)
    assert moved.new == (3, 0)


def test_e_23_a_list_cannot_save_a_kingdom_without_a_city():
    w = world(features={(2, 0): Feature.TOWN})
    assert fallback_capital(_listing(w, (2, 0)), 2) is None


def test_e_23_a_new_list_holds_own_cities_each_once_not_the_capital():
    own = {(1, 0): Feature.CITY, (2, 0): Feature.TOWN, (3, 0): Feature.CITY, (0, 1): None}
    assert fallback_list_problem([], own, (1, 0)) is None
    assert fallback_list_problem([(3, 0)], own, (1, 0)) is None
    cases = [
        ([(3, 0), (3, 0)], 1, "on the list twice"),
        ([(3, 0), (4, 0)], 1, "(4, 0) is not one of your hexes"),
        ([(2, 0)], 0, "(2, 0) holds no City"),
        ([(0, 1)], 0, "holds no City"),
        ([(1, 0)], 0, "is your capital already"),
    ]
    for wanted, index, reason in cases:
        found = fallback_list_problem(wanted, own, (1, 0))
        assert found is not None and found[0] == index and reason in found[1].message, wanted
