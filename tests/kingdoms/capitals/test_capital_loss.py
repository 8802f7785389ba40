"""A captured capital through the whole pipeline (A-3.2, §3 step 6e, E-27)."""

import pytest

from campaign.models import Hex, TurnEvent
from campaign.pipeline.steps import turn_step_resolve
from campaign.turns.services import turn_claim_step
from kingdoms.models import Army
from kingdoms.orders.services import order_submit
from rules.core import hexgrid

pytestmark = pytest.mark.django_db


def _resolve_turn(turn) -> None:
    for _ in range(2):
        turn.refresh_from_db()
        turn_claim_step(turn=turn, by=None, enqueue=False)
        turn_step_resolve(turn_id=turn.pk)


def test_a_kingdom_without_a_city_is_eliminated_when_its_capital_falls(demo, client):
    alice, bob = demo.kingdoms["alice"], demo.kingdoms["bob"]
    capital = alice.capital
    # Give bob a foothold next to alice's capital; nobody patrols it, a lost cause (P-C2).
    around = set(hexgrid.neighbours(capital.coord))
    land = Hex.objects.filter(campaign=demo.campaign).exclude(terrain="sea")
    foothold = next(h for h in land if h.coord in around)
    foothold.owner, foothold.explored = bob, True
    foothold.save()
    army = bob.armies.order_by("-points").first()
    order_submit(army=army, by=demo.players["bob"], kind="invade", target=capital.coord)
    _resolve_turn(demo.turn)

    alice.refresh_from_db()
    assert alice.eliminated and alice.power == 0
    assert not Army.objects.filter(kingdom=alice).exists(), "E-27: the armies are gone"
    assert not Hex.objects.filter(owner=alice).exists()
    assert Hex.objects.get(pk=capital.pk).owner == bob
    entry = TurnEvent.objects.get(turn=demo.turn, kind="KingdomEliminated")
    assert entry.public and entry.rule == "A-3.2 E-27"
    client.force_login(demo.players["alice"])
    page = client.get(f"/campaigns/{demo.campaign.pk}/chronicle/").content.decode()
    assert "is eliminated" in page
