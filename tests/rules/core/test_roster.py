"""The characters a battle's sides bring, looked up by army and by neutral kingdom in a
Roster (rules.core.state): Table 23's General and Grand Marshal, the fall rolls, Table
16's commanding General (E-28), a neutral kingdom's General (E-20). They must be those
a reading of every character finds, also once post-battle's ledger has moved one to
another army, or one died or retired and left his army (Table 13, E-03)."""

from __future__ import annotations

import msgspec
import pytest

from rules.core.state import CharacterState, Roster, Side
from tests.rules.rules_builder import build, character

SIDES = (
    Side(points=2000, kingdom_id=1, army_ids=(1,)),
    Side(points=4000, kingdom_id=1, army_ids=(1, 2)),  # E-28: a combined force
    Side(points=2000, kingdom_id=2, army_ids=(3,)),
    Side(points=2500, neutral_kingdom_id=7),  # E-20
    Side(points=800),  # a feature's neutral army: nobody leads it
)
PEOPLE = (
    character(10, 1, 1, is_general=True),
    character(11, 1, 1, xp=4),
    character(12, 1, 2, is_general=True),
    character(13, 2, 3),
    character(90, None, None, neutral_kingdom_id=7, is_general=True),
)


def _scan(characters: dict[int, CharacterState], side: Side) -> list[CharacterState]:
    """Every character read in turn, by id."""
    return [
        c
        for c in sorted(characters.values(), key=lambda c: c.id)
        if (side.army_ids and c.army_id in side.army_ids)
        or (not side.army_ids and side.neutral_kingdom_id is not None
            and c.neutral_kingdom_id == side.neutral_kingdom_id)
    ]  # fmt: skip


def test_a_world_s_roster_finds_each_side_s_characters_as_a_scan_does():
    world = build("F1 F1 F2", characters=PEOPLE)
    for side in SIDES:
        assert world.roster.on(side) == _scan(world.characters, side)
    assert [c.id for c in world.roster.on(SIDES[1])] == [10, 11, 12]
    assert world.roster.on(SIDES[4]) == []


@pytest.mark.parametrize(
    "changes",
    [
        {11: {"army_id": 3}},  # moved to another kingdom's army
        {13: {"army_id": 4}},  # moved to an army nobody was with
        {10: {"status": "dead", "army_id": None, "is_general": False}},  # Table 13 Dead
        {90: {"status": "retired", "is_general": False}},  # E-03: a neutral General
        {11: {"xp": 6, "is_general": True}, 12: {"status": "dead", "army_id": None}},
    ],
)
def test_the_ledger_files_a_character_anew_when_he_changes_army_or_dies(changes):
    characters = {c.id: c for c in PEOPLE}
    ledger = Roster(characters)
    for character_id, fields in changes.items():
        characters[character_id] = msgspec.structs.replace(characters[character_id], **fields)
        ledger[character_id] = characters[character_id]
    for side in SIDES:
        assert ledger.on(side) == _scan(characters, side)
    for army_id in (1, 2, 3, 4):
        assert ledger.with_army(army_id) == _scan(characters, Side(points=0, army_ids=(army_id,)))
    assert ledger.of_neutral(7) == _scan(characters, SIDES[3])
