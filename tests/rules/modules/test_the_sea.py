"""rules.modules.the_sea: the coast pirates sail (NR-PIRATE-3, NR-PIRATE-4, AMB-32) and the
sea hex an invasion crosses (A-1.1.2.2, NR-SEA-2); the turns are scenario cases
(tests/scenarios/modules/the_sea/)."""

from __future__ import annotations

from rules.modules.the_sea import pirates_seen
from rules.modules.the_sea.coast import coast_step, crossed_sea, is_coastal
from tests.rules.rules_builder import parse_map

# A bay: sea in the middle of row 1, land around it.
BAY = parse_map(
    """
    F. F. F. F.
    F. ~. ~. F.
    F. F. F. F.
    """
)


def test_up_the_coast_keeps_the_sea_on_the_left_and_down_on_the_right_amb_32():
    # (1, 0) has the bay's sea to its south: one way round the shore is up, the other down
    up = coast_step(BAY, (1, 0), up=True)
    down = coast_step(BAY, (1, 0), up=False)
    assert up != down and is_coastal(BAY, up) and is_coastal(BAY, down)
    assert coast_step(BAY, down, up=True) == (1, 0)  # up undoes down along one shore


def test_a_step_off_the_map_is_none_nr_pirate_6():
    strait = parse_map("F. F.\n~. ~.")
    assert coast_step(strait, (0, 0), up=True) is None


def test_the_crossed_sea_hex_is_shared_by_origin_and_target_a_1_1_2_2():
    strait = parse_map("F1 ~. F.")
    assert crossed_sea(strait, (0, 0), (2, 0)) == (1, 0)
    assert crossed_sea(strait, (0, 0), (1, 0)) is None  # neighbours: no crossing


def test_the_map_reads_where_the_pirates_are_nr_pirate():
    state = {"the_sea": {"pirates": {"2": {"at": [3, 0]}, "1": {"at": [1, 2]}}}}
    assert pirates_seen(state) == [(1, 2), (3, 0)]
    assert pirates_seen({}) == []
