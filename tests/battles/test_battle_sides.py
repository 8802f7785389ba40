"""A battle's sides as the turn step reads and writes them (battles.models.SideRow): read
as values (battles.writeback.turn_sides), they are what the ORM gives of the same rows,
their armies in the order of ``BattleSide.armies``; the Writer finds each battle's
kingdoms in them (E-28)."""

from __future__ import annotations

import dataclasses

import pytest

from battles.models import Battle, BattleSide, SideRow
from battles.writeback import battles_load, turn_sides
from campaign.models import Hex
from campaign.pipeline.snapshot import snapshot_load
from campaign.pipeline.writeback import Writer
from kingdoms.models import Army
from rules.core.state import DefenderKind

pytestmark = pytest.mark.django_db


@pytest.fixture
def battles(demo) -> list[Battle]:
    """Alice invades one of Bob's hexes held by his army, with one of her armies and one
    of Carol's, her partner (E-28); Dave invades another, undefended. Alice's army is
    one of Dave's given to her, with the highest id: the order of the attacker's armies
    by kingdom, then id, is not their order by id."""
    alice, bob, carol, dave = (demo.kingdoms[name] for name in ("alice", "bob", "carol", "dave"))
    given = dave.armies.order_by("-pk").first()
    Army.objects.filter(pk=given.pk).update(kingdom=alice)
    hexes = Hex.objects.filter(owner=bob).exclude(pk=bob.capital_id).order_by("q", "r")
    contested = Battle.objects.create(
        turn=demo.turn, hex=hexes[0], seq=1, defender_kind=DefenderKind.PATROL
    )
    taken = Battle.objects.create(
        turn=demo.turn, hex=hexes[1], seq=2, defender_kind=DefenderKind.UNDEFENDED
    )
    sides = [
        (contested, "attacker", alice, [carol.armies.order_by("pk").first().pk, given.pk]),
        (contested, "defender", bob, [bob.armies.order_by("pk").first().pk]),
        (taken, "attacker", dave, [dave.armies.order_by("pk").first().pk]),
    ]
    for battle, role, kingdom, army_ids in sides:
        side = BattleSide.objects.create(battle=battle, role=role, kingdom=kingdom, points=300)
        side.armies.set(army_ids)
    return [contested, taken]


def _orm_sides(battle: Battle) -> list[tuple]:
    """The battle's sides as the ORM gives them, with their armies in its order."""
    return [
        (
            side.pk,
            side.battle_id,
            side.role,
            side.kingdom_id,
            side.neutral_kingdom_id,
            side.points,
            side.decision,
            side.strategy,
            side.rank,
            tuple((army.kingdom_id, army.pk) for army in side.armies.all()),
            None,
        )
        for side in battle.sides.order_by("pk")
    ]


def test_the_sides_read_as_values_are_the_orms(demo, battles):
    read = turn_sides(demo.turn.pk)
    assert set(read) == {battle.pk for battle in battles}
    for battle in battles:
        assert [dataclasses.astuple(side) for side in read[battle.pk]] == _orm_sides(battle)
    partnered = read[battles[0].pk][0]
    assert partnered.army_ids != sorted(partnered.army_ids)  # the order is the kingdoms'


def test_a_side_made_in_the_step_is_the_side_read_back(demo, battles):
    """A siege battle's sides, made while its outcome is written (battles.sieges), are
    kept as if read from their rows."""
    read = turn_sides(demo.turn.pk)
    for side in BattleSide.objects.filter(battle__in=battles):
        # given in any order, as the siege's events name them
        armies = [(army.kingdom_id, army.pk) for army in side.armies.order_by("-pk")]
        [loaded] = [row for row in read[side.battle_id] if row.pk == side.pk]
        assert dataclasses.astuple(SideRow.of(side, armies)) == dataclasses.astuple(loaded)


def test_the_writer_finds_each_battles_kingdoms_in_its_sides(demo, battles):
    """E-28: a battle's kingdoms are its sides' and those of the armies on them."""
    snapshot = snapshot_load(demo.campaign, demo.turn.number)
    states = battles_load(demo.turn, snapshot)
    assert [state.key for state in states] == [battle.pk for battle in battles]
    context = Writer(snapshot, demo.turn)._context()
    assert context.battle_kingdoms == {
        battle.pk: frozenset(side.kingdom_id for side in battle.sides.all())
        | {army.kingdom_id for side in battle.sides.all() for army in side.armies.all()}
        for battle in battles
    }
    attacker = states[0].attacker
    assert attacker.army_ids == tuple(sorted(attacker.army_ids))  # as the engine takes them
    assert len(attacker.army_ids) == 2
