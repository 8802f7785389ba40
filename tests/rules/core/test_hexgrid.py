"""Hex maths on the flat-topped axial grid (E-39) and the E-16 relations."""

import pytest

from rules.core.hexgrid import (
    DIRECTIONS,
    adjacent,
    connected_to_capital,
    distance,
    distances_to,
    flood_fill,
    line,
    neighbours,
    orphans,
    ring,
    terrain_map,
    within,
)
from tests.rules.rules_builder import parse_map


def terrain(rows: str):
    return terrain_map(parse_map(rows))


def test_e39_directions_start_north_then_clockwise():
    assert DIRECTIONS == ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
    assert neighbours((2, 3)) == [(2, 2), (3, 2), (3, 3), (2, 4), (1, 4), (1, 3)]


def test_distance_is_grid_distance_e16():
    assert all(distance((0, 0), n) == 1 for n in neighbours((0, 0)))
    assert distance((0, 0), (0, 0)) == 0
    assert distance((0, 0), (3, -1)) == 3
    assert distance((-2, 4), (1, 0)) == distance((1, 0), (-2, 4)) == 4


@pytest.mark.parametrize("radius, count", [(0, 1), (1, 7), (2, 19), (3, 37)])
def test_within_counts_and_is_sorted(radius, count):
    cells = within((4, -2), radius)
    assert len(cells) == count
    assert cells == sorted(cells)
    assert all(distance((4, -2), c) <= radius for c in cells)


@pytest.mark.parametrize("radius, count", [(0, 1), (1, 6), (2, 12), (3, 18), (9, 54)])
def test_ring_counts(radius, count):
    """E-16: a ring is every hex at exactly that distance, once each, sorted."""
    cells = ring((1, 1), radius)
    assert len(cells) == count == len(set(cells))
    assert cells == sorted(cells)
    assert cells == [c for c in within((1, 1), radius) if distance((1, 1), c) == radius]


@pytest.mark.parametrize(
    "sources", [[(0, 0)], [(3, -3), (-2, 1)], [(-5, 0), (0, 5), (5, -5), (1, 1), (2, 1)]]
)
def test_distance_to_the_nearest_of_several_hexes_is_the_plain_distance_e16(sources):
    """E-16: one search from several hexes gives each hex of the map its plain distance
    to the nearest of them, out to the map's rim."""
    found = distances_to(sources, 5)
    assert set(found) == set(within((0, 0), 5))
    assert all(d == min(distance(c, s) for s in sources) for c, d in found.items())


def test_line_straight_down_a_column():
    assert line((0, 0), (0, 3)) == [(0, 0), (0, 1), (0, 2), (0, 3)]
    assert line((2, 2), (2, 2)) == [(2, 2)]


@pytest.mark.parametrize("b", [(3, -1), (-2, 5), (4, 0), (1, 3), (-3, -1)])
def test_line_is_contiguous_with_both_ends(b):
    cells = line((0, 0), b)
    assert cells[0] == (0, 0) and cells[-1] == b
    assert len(cells) == distance((0, 0), b) + 1
    assert all(distance(x, y) == 1 for x, y in zip(cells, cells[1:], strict=False))


def test_flood_fill_stays_in_passable_cells():
    region = {(0, 0), (1, 0), (2, 0), (5, 5)}
    assert flood_fill((0, 0), region.__contains__) == {(0, 0), (1, 0), (2, 0)}
    assert flood_fill((9, 9), region.__contains__) == set()


def test_a_1_1_2_2_one_sea_hex_may_be_crossed_e16():
    t = terrain("F1 ~. F.")
    assert adjacent((0, 0), t) == {(1, 0), (2, 0)}
    assert (0, 0) in adjacent((2, 0), t)


def test_a_1_1_2_2_never_two_sea_hexes():
    t = terrain("F. ~. ~. F.")
    assert (3, 0) not in adjacent((0, 0), t)
    assert adjacent((0, 0), t) == {(1, 0)}


def test_e16_adjacency_never_leaves_the_map():
    t = terrain("F. F.\nF. ~.")
    for c in t:
        assert adjacent(c, t) <= set(t)
    assert adjacent((0, 0), t) == {(1, 0), (0, 1)}


def test_q5_friendly_path_crosses_one_sea_hex():
    t = terrain("F1 ~. F1")
    assert connected_to_capital((0, 0), {(0, 0), (2, 0)}, t) == {(0, 0), (2, 0)}
    assert orphans((0, 0), {(0, 0), (2, 0)}, t) == set()


def test_a_1_3_1_cut_off_hexes_are_orphans():
    t = terrain("F1 F1 F2 F1 F1")
    owned = {(0, 0), (1, 0), (3, 0), (4, 0)}
    assert orphans((0, 0), owned, t) == {(3, 0), (4, 0)}


def test_a_1_3_1_without_a_capital_every_hex_is_an_orphan():
    t = terrain("F1 F1")
    assert orphans(None, {(0, 0), (1, 0)}, t) == {(0, 0), (1, 0)}
    assert orphans((5, 5), {(0, 0), (1, 0)}, t) == {(0, 0), (1, 0)}
