"""The wilds' roaming forces through a real turn (NR-CHORDE-2, E-12, E-39): a Chaos horde
moves at the start of Provisional Results, everyone reads where it went in his own
language, and the campaign keeps its new place; its state is the GM's."""

from __future__ import annotations

import pytest

from campaign.chronicle.selectors import visible_chronicle
from campaign.models import Campaign, Hex, Turn, TurnEvent
from campaign.pipeline.steps import turn_step_resolve
from campaign.turns.services import turn_claim_step
from rules.core.wildlands_options import COLUMN_NAMES
from rules.turn.visibility import Viewer
from tests.api_support import first_army
from tests.kingdoms.orders.test_examine import _barren, order_post

pytestmark = pytest.mark.django_db
FORCES = "wildlands.chaos_horde.forces"
COLUMNS = COLUMN_NAMES.values()


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


def test_a_horde_found_falls_upon_its_finder_through_both_steps(demo):
    """AMB-30: the examining army meets the horde in a battle of Phase 4 (fight or
    retreat, as a patrol meets the Beast), fought at Final Results; then the horde is
    either slain and gone, or it sacked the hex and stays."""
    every_roll_a_horde = {f"t-wild-{c}": "1-100 chaos_horde" for c in COLUMNS}
    demo.campaign.ruleset_overrides = {"options": {"wildlands": 1}, "tables": every_roll_a_horde}
    demo.campaign.save(update_fields=["ruleset_overrides"])
    army = first_army(demo, "alice")
    _barren(demo, army)
    assert order_post(demo, "alice", {"army": army.pk, "kind": "examine"}).status_code == 201
    turn_claim_step(turn=demo.turn, by=None, enqueue=False)
    turn_step_resolve(turn_id=demo.turn.pk)
    declared = TurnEvent.objects.get(kind="BattleDeclared")
    assert declared.payload["defender_army_ids"] == [army.pk]
    assert declared.payload["attacker_kingdom_id"] is None
    turn = Turn.objects.get(pk=demo.turn.pk)
    turn_claim_step(turn=turn, by=None, enqueue=False)
    turn_step_resolve(turn_id=turn.pk)
    won = TurnEvent.objects.get(kind="BattleWon")
    forces = Campaign.objects.get(pk=demo.campaign.pk).module_state[FORCES]
    assert (forces == {}) is (won.payload["winner"] == "defender")
    assert demo.campaign.turns.filter(number=turn.number + 1).exists()
