"""The wilds' roaming forces through a real turn (NR-CHORDE-2, E-12, E-39): a Chaos horde
moves at the start of Provisional Results, everyone reads where it went in his own
language, and the campaign keeps its new place; its state is the GM's."""

from __future__ import annotations

import pytest

from campaign.chronicle.selectors import visible_chronicle
from campaign.models import Campaign, Hex, TurnEvent
from campaign.pipeline.steps import turn_step_resolve
from campaign.turns.services import turn_claim_step
from rules.turn.visibility import Viewer

pytestmark = pytest.mark.django_db
FORCES = "wildlands.chaos_horde.forces"


def test_a_horde_moves_and_everyone_reads_it(demo, client):
    start = Hex.objects.filter(campaign=demo.campaign, terrain="fields", owner=None).first()
    demo.campaign.ruleset_overrides = {"options": {"wildlands": 1}}
    demo.campaign.module_state = {FORCES: {"#1": {"at": list(start.coord), "points": 900}}}
    demo.campaign.save(update_fields=["ruleset_overrides", "module_state"])
    turn_claim_step(turn=demo.turn, by=None, enqueue=False)
    turn_step_resolve(turn_id=demo.turn.pk)
    moved = TurnEvent.objects.get(kind="WildsNews", payload__what="moved")
    assert moved.public
    state = Campaign.objects.get(pk=demo.campaign.pk).module_state[FORCES]["#1"]
    assert state["at"] == moved.payload["hex"]
    viewer = Viewer(kingdom_id=demo.kingdoms["bob"].pk)
    kinds = [e["kind"] for e in visible_chronicle(demo.campaign, viewer)]
    assert "WildsNews" in kinds and "ModuleStateChanged" not in kinds
    client.force_login(demo.players["bob"])
    html = client.get(f"/campaigns/{demo.campaign.pk}/chronicle/").content.decode()
    assert "The Chaos horde roams to hex" in html
