"""Order legality (Table 5, A-1.0.4, A-1.1.2, A-1.3.2, E-07, E-14, E-16)."""

import pytest

from rules.core.state import Order, OrderKind
from rules.turn.orders import aimed_order, invasion_origin, legal_targets, why_illegal
from tests.rules.rules_builder import army, build

INVADE, PATROL, REST = OrderKind.INVADE, OrderKind.PATROL, OrderKind.REST

MAP = """
F1 F1 ~. F.
F1 F. F. F2
F. F. F. F.
"""


@pytest.fixture
def world():
    return build(
        MAP,
        armies=(army(1, 1), army(2, 1), army(3, 1, points=900), army(7, 2)),
        hexes={(0, 1): {"orphan": True}},
    )


def invade(target, origin=None, army_id=1):
    return Order(army_id=army_id, kind=INVADE, target=target, origin=origin)


def test_table_5_plain_invasion_is_legal(world):
    assert why_illegal(world, 1, invade((1, 1))) is None


def test_a_1_1_2_2_invasion_across_one_sea_hex_is_legal(world):
    assert why_illegal(world, 1, invade((3, 0))) is None
    assert why_illegal(world, 1, invade((3, 0), origin=(1, 0))) is None
    assert invasion_origin(world, 1, (3, 0)) == (1, 0)


def test_e07_default_origin_is_the_lowest_non_orphan_adjacent_hex(world):
    assert invasion_origin(world, 1, (1, 1)) == (1, 0)
    assert invasion_origin(world, 1, (0, 2)) is None  # only the orphan (0, 1) touches it


@pytest.mark.parametrize(
    "order, message",
    [
        (invade((2, 0)), "(2, 0) is a sea hex: sea hexes cannot be invaded"),
        (invade((9, 9)), "(9, 9) is not on the map"),
        (invade(None), "a Invade order needs a hex"),
        (invade((1, 0)), "(1, 0) is already your hex"),
        (
            invade((3, 2)),
            "(3, 2) is not adjacent to any of your non-orphan hexes",
        ),
        (
            invade((0, 2)),
            "(0, 2) is not adjacent to any of your non-orphan hexes",
        ),
        (
            invade((1, 1), origin=(2, 1)),
            "(2, 1) is not your hex: an invasion starts from one",
        ),
        (
            invade((1, 1), origin=(0, 1)),
            "(0, 1) is an orphan hex: no invasion may start from it",
        ),
        (invade((1, 1), origin=(0, 0)), "(0, 0) is not adjacent to (1, 1)"),
        (invade((1, 1), army_id=7), "army 7 is not yours"),
        (invade((1, 1), army_id=99), "army 99 does not exist"),
        (
            invade((1, 1), army_id=3),
            "army 3 has 900 points: an army below 1,000 points may only Rest",
        ),
    ],
)
def test_invade_reasons(world, order, message):
    assert why_illegal(world, 1, order).message == message


def test_e14_a_weak_army_may_still_rest(world):
    assert why_illegal(world, 1, Order(army_id=3, kind=REST)) is None


def patrol(base, army_id=1, sea_cover=()):
    return Order(army_id=army_id, kind=PATROL, target=base, sea_cover=sea_cover)


ACROSS = ((3, 0),)  # A-1.1.2.4: (1, 0)'s radius takes in the sea hex (2, 0); name 1 of 2


def test_table_5_patrol_on_an_own_hex_is_legal(world):
    assert why_illegal(world, 1, patrol((1, 0), sea_cover=ACROSS), [patrol((1, 0))]) is None


@pytest.mark.parametrize(
    "order, message",
    [
        (patrol((2, 1)), "(2, 1) is not your hex: a patrol base must be one"),
        (patrol((0, 1)), "(0, 1) is an orphan hex: it cannot be a patrol base"),
        (patrol((2, 0)), "(2, 0) is a sea hex: a patrol base must be a land hex"),
        (patrol(None), "a Patrol order needs a hex"),
    ],
)
def test_patrol_reasons(world, order, message):
    assert why_illegal(world, 1, order).message == message


def test_table_5_one_patrol_per_base_hex(world):
    others = [patrol((0, 0), army_id=2), invade((1, 1), army_id=3)]
    assert why_illegal(world, 1, patrol((0, 0)), others).message == (
        "(0, 0) already has a patrol (army 2): one per base hex"
    )
    assert why_illegal(world, 1, patrol((1, 0), sea_cover=ACROSS), others) is None


def test_table_5_legal_targets_are_what_why_illegal_allows(world):
    """Table 5, A-1.1.2.2, E-16: the map lights the hexes an order may aim at: an
    invasion across one sea hex, never the sea nor an own hex; patrols on own
    non-orphan hexes; scouts within 2."""
    targets = legal_targets(world, 1, 1)
    assert (3, 0) in targets[INVADE] and (1, 1) in targets[INVADE]
    assert (2, 0) not in targets[INVADE]  # A-1.1.2.1: the sea
    assert (0, 1) not in targets[INVADE]  # already its own (an orphan)
    assert targets[PATROL] == [(0, 0), (1, 0)]  # not the orphan
    assert (2, 1) in targets[OrderKind.SCOUT] and (2, 0) not in targets[OrderKind.SCOUT]
    for kind, cells in targets.items():
        orders = [aimed_order(world, 1, kind, cell) for cell in cells]
        assert all(why_illegal(world, 1, order) is None for order in orders)


def test_e14_a_weak_army_has_no_targets(world):
    """E-14: below the smallest army an army may only Rest: the map lights nothing."""
    assert not any(legal_targets(world, 1, 3).values())


def test_table_5_a_base_with_a_patrol_is_not_lit_for_another_army(world):
    taken = [patrol((0, 0), army_id=2)]
    assert legal_targets(world, 1, 1, taken)[PATROL] == [(1, 0)]
