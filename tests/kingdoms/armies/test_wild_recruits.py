"""The wilds' recruits in the rows (T-CULT's loyal sect, T-BANDIT's bandits of the army's
race): the points join the army and its allocation grows to hold them (E-14); the news
and the forces' state are saved as the other modules' are."""

from __future__ import annotations

import pytest

from campaign.models import Campaign
from campaign.pipeline.snapshot import snapshot_load
from campaign.pipeline.writeback import Writer
from rules.core.events import ModuleStateChanged
from rules.modules.wildlands.actors import WildsNews
from rules.modules.wildlands.points import ArmyStrengthened
from tests.api_support import first_army

pytestmark = pytest.mark.django_db


def test_recruits_raise_the_points_and_the_allocation(demo):
    army = first_army(demo, "alice")
    total = army.allocation + 300
    writer = Writer(snapshot_load(demo.campaign, demo.turn.number), demo.turn)
    events = [
        ArmyStrengthened(
            rule="T-CULT",
            army_id=army.pk,
            kingdom_id=army.kingdom_id,
            points_gained=300,
            points_left=total,
        ),
        WildsNews(rule="T-CULT", site="cultists", what="loyal", text="A loyal sect joins."),
        ModuleStateChanged(
            rule="NR-CHORDE-2", module="wildlands.chaos_horde.forces", state={"#1": {"at": [0, 0]}}
        ),
    ]
    writer.apply(events)
    writer.flush(events)
    army.refresh_from_db()
    assert (army.points, army.allocation) == (total, total)
    state = Campaign.objects.get(pk=demo.campaign.pk).module_state
    assert state["wildlands.chaos_horde.forces"] == {"#1": {"at": [0, 0]}}
