"""Start positions side by side (rules.core.fairness): the room each kingdom has to grow,
counted in invasions (A-1.0.1, A-1.0.4, E-16)."""

from __future__ import annotations

from rules.core.fairness import StartRoom, start_room
from rules.core.hexgrid import terrain_map
from rules.core.mapgen import MapParams, generate_from
from rules.core.state import Feature
from tests.rules.rules_builder import parse_map

# (0, 0)–(1, 0) kingdom 1, a sea hex at (3, 0), (5, 0)–(6, 0) kingdom 2, features at
# (4, 0) and (7, 0)
ROW = "R1 F1 F. ~. F. F2 R2 F."


def test_room_is_counted_in_invasions_across_one_sea_hex():
    """E-16: (4, 0) is one invasion from (2, 0) across the sea, so two from kingdom 1;
    kingdom 2's land is three and four away, (7, 0) five: out of reach of the table."""
    hexes = parse_map(ROW)
    kingdoms = [((0, 0), [(0, 0), (1, 0)]), ((6, 0), [(5, 0), (6, 0)])]
    features = {(4, 0): Feature.TOWN, (7, 0): Feature.MINE}
    first, second = start_room(terrain_map(hexes), kingdoms, features)
    assert first == StartRoom(
        capital=(0, 0), hexes=2, land_near=2, land_far=4, features_near=1, features_far=1,
        nearest_rival=3,
    )  # fmt: skip
    assert second == StartRoom(
        capital=(6, 0), hexes=2, land_near=3, land_far=5, features_near=2, features_far=2,
        nearest_rival=3,
    )  # fmt: skip


def test_a_kingdom_nobody_can_reach_has_no_rival():
    hexes = parse_map("R1 F. ~. ~. F. R2")
    kingdoms = [((0, 0), [(0, 0)]), ((5, 0), [(5, 0)])]
    first, _ = start_room(terrain_map(hexes), kingdoms, {})
    assert first.nearest_rival is None and first.land_far == 1


def test_the_table_of_a_pinned_seed():
    """The GM's table for 4 players on the suggested map (A-1.0.2) of the seed "fair":
    one kingdom of four hexes, three of three, each two invasions from a rival, and the
    one neutral kingdom's City and ruins within four invasions of every one."""
    plan = generate_from(MapParams(players=4, radius=3, seed="fair"))
    features = {cell: f for neutral in plan.neutrals for cell, f in neutral.features.items()}
    rooms = start_room(plan.terrain, [(k.capital, k.hexes) for k in plan.kingdoms], features)
    table = [
        (r.capital, r.hexes, r.land_near, r.land_far, r.features_near, r.features_far,
         r.nearest_rival)
        for r in rooms
    ]  # fmt: skip
    assert table == [
        ((3, -2), 4, 15, 29, 1, 2, 2),
        ((-3, 3), 3, 12, 27, 2, 2, 2),
        ((1, 2), 3, 15, 31, 2, 2, 2),
        ((0, -3), 3, 12, 29, 2, 2, 2),
    ]
