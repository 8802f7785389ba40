"""The peoples module through the pipeline (new-rules §10, E-40): switched on from the
rules page, the next step rolls a neutral kingdom's people (NR-INDEP-1) and keeps it in
the campaign's module state, the GM's secret."""

from __future__ import annotations

import pytest

from campaign.chronicle.selectors import visible_chronicle
from campaign.models import Campaign
from kingdoms.models import NeutralKingdom
from rules.kingdoms.races import Race
from rules.turn.visibility import Viewer
from tests.campaign.turns.test_optional_modules import _provisional, _switch_on

pytestmark = pytest.mark.django_db


def test_a_neutral_kingdom_without_a_race_gets_one_the_gm_alone_sees(demo, client):
    neutral = NeutralKingdom.objects.filter(campaign=demo.campaign).order_by("id").first()
    neutral.race = ""  # none of the supplement's: the module rolls one
    neutral.save(update_fields=["race"])
    campaign = _switch_on(demo, client, "module-peoples", **{"option-peoples": "1"})
    _provisional(campaign)
    state = Campaign.objects.get(pk=campaign.pk).module_state["peoples"]
    assert Race(state["neutral_kingdoms"][str(neutral.pk)])
    alice = Viewer(kingdom_id=demo.kingdoms["alice"].pk)
    seen = [e["kind"] for e in visible_chronicle(campaign, alice)]
    assert "ModuleStateChanged" not in seen
