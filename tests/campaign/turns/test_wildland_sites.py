"""The magic towers in a real turn (new-rules.md §5, rules.modules.wildlands.towers): the
forced reaction at the end of the turn writes the army's gain back and tells its owner
alone; the GM's edited T-WIZARD forces the result."""

from __future__ import annotations

import pytest

from campaign.chronicle.selectors import visible_chronicle
from campaign.models import Campaign, Turn
from campaign.pipeline.steps import turn_step_resolve
from campaign.turns.services import turn_claim_step
from kingdoms.models import Army
from rules.turn.visibility import Viewer

pytestmark = pytest.mark.django_db


def _step(campaign: Campaign) -> None:
    turn = Turn.objects.filter(campaign=campaign).order_by("-number").first()
    turn_claim_step(turn=turn, by=None, enqueue=False)
    turn_step_resolve(turn_id=turn.pk)


def test_a_wizards_gift_is_written_back_and_told_to_its_army_owner_alone(demo):
    alice = demo.kingdoms["alice"]
    army = Army.objects.filter(kingdom=alice, position__isnull=False).order_by("pk").first()
    q, r = army.position.coord
    allocation = army.allocation  # with no orders it rests back to it (Q7), then gains
    campaign = demo.campaign
    campaign.ruleset_overrides = {"options": {"wildlands": 1}, "tables": {"t-wizard": "2-12 item"}}
    tower = {"kingdom_id": alice.pk, "army_id": army.pk, "turn": 0}
    campaign.module_state = {"wildlands.magic_tower": {f"{q},{r}": tower}}
    campaign.save(update_fields=["ruleset_overrides", "module_state"])
    _step(campaign)  # Provisional Results
    _step(campaign)  # Final Results: the forced reaction, an item of 100 points
    army.refresh_from_db()
    assert army.points == army.allocation == allocation + 100
    kinds = [e["kind"] for e in visible_chronicle(campaign, Viewer(kingdom_id=alice.pk))]
    assert "TowerNews" in kinds and "ArmyBolstered" in kinds
    bob = Viewer(kingdom_id=demo.kingdoms["bob"].pk)
    assert "TowerNews" not in [e["kind"] for e in visible_chronicle(campaign, bob)]
