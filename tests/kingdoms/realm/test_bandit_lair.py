"""Table 17 Bandit lair through the pipeline (§5.10, Table 3): the owner's d6 at the
start of Provisional Results, logged; on a 1 the hex is under Unrest this turn, which
the owner's kingdom page counts among the hexes that give nothing, and the chronicle
tells everyone; a quiet roll is the owner's alone."""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaign.models import Hex, TurnEvent
from campaign.pipeline import steps
from campaign.pipeline.steps import turn_step_resolve
from campaign.turns.services import turn_claim_step
from tests.api_support import api, token_client
from tests.kingdoms.realm.test_neutral_kingdoms import RiggedDice

pytestmark = pytest.mark.django_db


def _lair(demo, player="alice") -> Hex:
    """One of the player's hexes, not his capital, given a Bandit lair."""
    kingdom = demo.kingdoms[player]
    hex_ = Hex.objects.filter(owner=kingdom).exclude(pk=kingdom.capital_id).order_by("q", "r")[0]
    hex_.minor_feature = "bandit_lair"
    hex_.save(update_fields=["minor_feature"])
    return hex_


def _provisional(demo, monkeypatch, roll: int) -> None:
    wanted = {"Table 17 bandit lair": roll}
    monkeypatch.setattr(
        steps, "_dice", lambda turn, step: RiggedDice(f"{turn.seed}:{step}", wanted)
    )
    turn_claim_step(turn=demo.turn, by=None, enqueue=False)
    turn_step_resolve(turn_id=demo.turn.pk)


def _kinds(demo, player) -> list[dict]:
    body = token_client(demo.players[player]).get(api(demo, "chronicle/")).json()
    return [e for e in body if e["kind"] == "BanditLairRolled"]


def test_a_1_puts_the_lair_under_unrest_and_the_pages_show_it(client, demo, monkeypatch):
    lair = _lair(demo)
    _provisional(demo, monkeypatch, 1)

    lair.refresh_from_db()
    number = demo.turn.number
    assert (lair.unrest_from, lair.unrest_until) == (number, number)
    entry = TurnEvent.objects.get(turn=demo.turn, kind="BanditLairRolled")
    assert entry.public and entry.rule == "Table 17 Table 3 §5.10"
    assert entry.payload["rolls"][0]["result"] == 1, "the roll is logged"
    [mine] = _kinds(demo, "alice")
    assert mine["unrest"] and mine["rolls"]
    [theirs] = _kinds(demo, "bob")
    assert theirs["hex"] == [lair.q, lair.r] and "rolls" not in theirs, "the die is Alice's"
    client.force_login(demo.players["alice"])
    page = client.get(reverse("kingdom", args=[demo.campaign.pk])).content.decode()
    assert "looted last turn or in unrest" in page
    chronicle = client.get(reverse("chronicle", args=[demo.campaign.pk])).content.decode()
    assert f"Bandits from the lair in hex ({lair.q}, {lair.r}) stir up Unrest" in chronicle


def test_a_quiet_roll_is_the_owners_alone(demo, monkeypatch):
    lair = _lair(demo)
    _provisional(demo, monkeypatch, 4)

    lair.refresh_from_db()
    assert lair.unrest_from is None
    [mine] = _kinds(demo, "alice")
    assert mine["unrest"] is False
    assert _kinds(demo, "bob") == []
