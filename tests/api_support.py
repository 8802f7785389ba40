"""Helpers shared by the REST API tests (test_api.py, test_visibility_api.py)."""

from __future__ import annotations

import datetime as dt

from django.http import HttpRequest
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from battles.models import Battle, BattleSide
from campaign.campaigns.setup import DEMO_PASSWORD
from campaign.models import Hex, Turn
from campaign.pipeline.snapshot import snapshot_load
from rules.core import hexgrid
from rules.core.state import DefenderKind, Terrain
from rules.turn.orders import sea_swap


def token_client(user) -> APIClient:
    """A client that sends the user's API token, as a script would."""
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    return client


def session_client(user) -> APIClient:
    """A client logged in with a session cookie, as the browser would be."""
    client = APIClient()
    # The log-in lockout (django-axes) needs a request to count attempts against.
    assert client.login(request=HttpRequest(), username=user.username, password=DEMO_PASSWORD)
    return client


def api(demo, path: str = "") -> str:
    return f"/api/campaigns/{demo.campaign.pk}/{path}"


def first_army(demo, player: str):
    """The player's strongest army: strong enough to invade (E-14)."""
    return demo.kingdoms[player].armies.order_by("-points").first()


def battle_between_alice_and_bob(demo) -> Battle:
    """Alice invades a hex of Bob's that his patrol covers; the turn takes decisions (A-2.4)."""
    Turn.objects.filter(pk=demo.turn.pk).update(state=Turn.State.DECISIONS)
    alice, bob = demo.kingdoms["alice"], demo.kingdoms["bob"]
    hex_row = Hex.objects.filter(owner=bob).first()
    battle = Battle.objects.create(
        turn=demo.turn, hex=hex_row, seq=1, defender_kind=DefenderKind.PATROL
    )
    for role, kingdom, points in (("attacker", alice, 1500), ("defender", bob, 1000)):
        side = BattleSide.objects.create(battle=battle, role=role, kingdom=kingdom, points=points)
        side.armies.set(kingdom.armies.all()[:1])
    return battle


def battle_in_bobs_hex(demo, hours: int = 48) -> Battle:
    """Alice's strongest army invades one of Bob's hexes that Bob's strongest army holds:
    the turn at fight or retreat (A-2.4), as Provisional Results leave it, for ``hours``."""
    alice, bob = demo.kingdoms["alice"], demo.kingdoms["bob"]
    Turn.objects.filter(pk=demo.turn.pk).update(
        state=Turn.State.DECISIONS, decisions_deadline=timezone.now() + dt.timedelta(hours=hours)
    )
    hex_row = Hex.objects.filter(owner=bob).exclude(pk=bob.capital_id).order_by("q", "r").first()
    battle = Battle.objects.create(
        turn=demo.turn, hex=hex_row, seq=1, defender_kind=DefenderKind.PATROL
    )
    for role, kingdom in (("attacker", alice), ("defender", bob)):
        army = kingdom.armies.order_by("-points", "pk").first()
        side = BattleSide.objects.create(
            battle=battle, role=role, kingdom=kingdom, points=army.points
        )
        side.armies.set([army])
    return battle


def sea_next_to_the_capital(demo) -> tuple[tuple[int, int], int, list]:
    """Turn one neighbour of alice's capital into sea, so that her patrol on the capital
    takes in a sea hex with several land hexes beyond it; returns the capital, k and the
    candidates."""
    kingdom = demo.kingdoms["alice"]
    capital = kingdom.capital.coord
    on_map = set(Hex.objects.filter(campaign=demo.campaign).values_list("q", "r"))
    for cell in hexgrid.neighbours(capital):
        beyond = [c for c in hexgrid.neighbours(cell) if hexgrid.distance(c, capital) == 2]
        if cell in on_map and all(c in on_map for c in beyond):
            break
    Hex.objects.filter(campaign=demo.campaign, q=cell[0], r=cell[1]).update(
        terrain=Terrain.SEA, owner=None, feature="", neutral_kingdom=None
    )
    world = snapshot_load(demo.campaign, demo.turn.number).world
    k, candidates = sea_swap(world, capital)
    assert len(candidates) > k  # the player has a choice to make
    return capital, k, candidates
