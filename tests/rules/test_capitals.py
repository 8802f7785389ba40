"""A lost capital (§3 step 6e, A-3.2, E-23, E-27) and the last kingdom standing (A-3.1)."""

import dataclasses

from rules.dice import ForcedDice
from rules.events import (
    ArmyDestroyed,
    CampaignWon,
    CapitalMoved,
    DefenderAppeared,
    HexConquered,
    KingdomEliminated,
    OrphanChanged,
)
from rules.final import resolve_final
from rules.state import BattleState, DefenderKind, Feature, Side
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
