"""The ruins, tombs, necropolis and undead horde through the turn pipeline (new-rules.md
§5, optional module wildlands): a search's finds are written back to the army and read
by its owner alone; the horde's moves are everyone's news; the hidden state is the GM's."""

from __future__ import annotations

import pytest

from campaign.chronicle.selectors import visible_chronicle
from campaign.models import Hex, TurnEvent
from campaign.pipeline.steps import turn_step_resolve
from campaign.turns.services import turn_claim_step
from rules.turn.visibility import Viewer
from tests.api_support import first_army

pytestmark = pytest.mark.django_db


def _seen(demo, player: str) -> list[str]:
    viewer = Viewer(kingdom_id=demo.kingdoms[player].pk)
    return [e["kind"] for e in visible_chronicle(demo.campaign, viewer)]


def test_a_resting_army_searches_a_necropolis_and_the_horde_moves(demo):
    """Alice's army rests on a necropolis whose table the GM made all heroes' tombs: its
    magic arms join it (points and, past it, allocation). A horde elsewhere moves: its
    news is public; the modules' state is the GM's alone."""
    army = first_army(demo, "alice")
    here = Hex.objects.filter(campaign=demo.campaign, owner=army.kingdom).first()
    army.position = here
    army.save(update_fields=["position"])
    elsewhere = Hex.objects.filter(campaign=demo.campaign, owner=None).first()
    demo.campaign.ruleset_overrides = {
        "options": {"wildlands": 1},
        "tables": {"t-necro": "2-12 hero_tomb"},
    }
    demo.campaign.module_state = {
        "wildlands.necropolis": {f"{here.q},{here.r}": {"searches": {}, "maps": [], "hoards": []}},
        "wildlands.undead_horde": {
            "hordes": [{"id": 1, "at": [elsewhere.q, elsewhere.r], "points": 1000}]
        },
    }
    demo.campaign.save(update_fields=["ruleset_overrides", "module_state"])
    before = army.points
    turn_claim_step(turn=demo.turn, by=None, enqueue=False)
    turn_step_resolve(turn_id=demo.turn.pk)
    gain = TurnEvent.objects.get(kind="ArmyStrengthened", payload__army_id=army.pk)
    army.refresh_from_db()
    assert army.points == before + gain.payload["points_gained"] > before
    assert army.allocation >= army.points
    assert "NecropolisNews" in _seen(demo, "alice") and "NecropolisNews" not in _seen(demo, "bob")
    assert "ArmyStrengthened" not in _seen(demo, "bob")
    assert "UndeadHordeNews" in _seen(demo, "bob") and "ModuleStateChanged" not in _seen(
        demo, "bob"
    )
    demo.campaign.refresh_from_db()
    searches = demo.campaign.module_state["wildlands.necropolis"][f"{here.q},{here.r}"]["searches"]
    assert searches[str(army.pk)] == 1
    assert demo.campaign.module_state["wildlands.undead_horde"]["hordes"][0]["at"] != [
        elsewhere.q,
        elsewhere.r,
    ]
