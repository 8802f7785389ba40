"""A played-out turn for the chronicle's tests: turn 1 closed with its entries, written as
the pipeline writes them (campaign.chronicle.services), turn 2 open."""

from __future__ import annotations

import pytest

from battles.models import Battle
from campaign.chronicle.services import chronicle_record
from campaign.models import Turn


@pytest.fixture
def closed(demo):
    """Turn 1 closed and turn 2 open: the chronicle's tests write turn 1's entries."""
    Turn.objects.filter(pk=demo.turn.pk).update(state=Turn.State.CLOSED)
    demo.turn.refresh_from_db()
    Turn.objects.create(campaign=demo.campaign, number=2)
    return demo


@pytest.fixture
def record(closed):
    """``record(kind, payload, turn=1, **audience)``: one chronicle entry of that turn."""

    def write(kind: str, payload: dict, turn: int = 1, **audience):
        return chronicle_record(closed.campaign.turns.get(number=turn), kind, payload, **audience)

    return write


@pytest.fixture
def battle_at(closed):
    """``battle_at(coord, seq, turn=1)``: that turn's battle there, as step 3e makes it."""

    def make(coord, seq: int = 1, turn: int = 1) -> Battle:
        hex_row = closed.campaign.hexes.get(q=coord[0], r=coord[1])
        return Battle.objects.create(
            turn=closed.campaign.turns.get(number=turn),
            hex=hex_row,
            seq=seq,
            defender_kind="patrol",
        )

    return make
