"""A hex a player may not see answers as an empty one (A-1.0.9, E-29, A-1.4.18–20).

Every endpoint that takes a hex, in the API and in the HTML forms, is asked by Alice
about one unexplored hex that is nobody's, twice: once as it is, unremarkable (no
feature, no defenders), once with something hidden in it: the land of a neutral kingdom
she has not discovered, a feature held by defenders, or contents only a scout rolled.
The two answers must be the same, byte for byte: status and body. Each question is
asked inside a savepoint rolled back afterwards, so an accepted one leaves nothing
behind for the next, and at the same frozen moment, so an accepted one's time matches.
Two things are normalised: the page's CSRF token, new on every request, and the id of
an accepted request's new row, which PostgreSQL's sequences do not roll back.

To cover a new endpoint, add an ``Ask`` to ``API`` or ``PAGES``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import pytest
import time_machine
from django.db import transaction
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from campaign.models import Hex
from kingdoms.models import Army, Kingdom
from rules.core import hexgrid
from rules.core.state import Terrain
from tests.api_support import api, token_client

pytestmark = pytest.mark.django_db

Coord = tuple[int, int]


@dataclass(frozen=True)
class Probe:
    """What a question needs: the demo, Alice's strongest army, Bob's kingdom, Alice's
    capital and a free hex next to her kingdom that is not the one asked about."""

    demo: object
    army: Army
    bob: Kingdom
    capital: Coord
    elsewhere: Coord

    @property
    def campaign_id(self) -> int:
        return self.demo.campaign.pk


@dataclass(frozen=True)
class Ask:
    """One endpoint asked about hex ``(q, r)``: returns the status and the body."""

    name: str
    ask: Callable[[Probe, Coord], tuple[int, bytes]]

    def __str__(self) -> str:
        return self.name


# --- the questions ----------------------------------------------------------------------


def _api(method: str, path: str, body: Callable[[Probe, Coord], dict]) -> Callable:
    """An API call; ``path`` may name the hex as {q} and {r}."""

    def ask(probe: Probe, coord: Coord) -> tuple[int, bytes]:
        client = token_client(probe.demo.players["alice"])
        url = api(probe.demo, path.format(q=coord[0], r=coord[1]))
        response = getattr(client, method)(url, body(probe, coord), format="json")
        return response.status_code, response.content

    return ask


def _page(name: str, fields: Callable[[Probe, Coord], dict]) -> Callable:
    def ask(probe: Probe, coord: Coord) -> tuple[int, bytes]:
        client = Client()
        client.force_login(probe.demo.players["alice"])
        response = client.post(reverse(name, args=[probe.campaign_id]), fields(probe, coord))
        return response.status_code, response.content

    return ask


def _order_page(kind: str) -> Callable:
    def ask(probe: Probe, coord: Coord) -> tuple[int, bytes]:
        client = Client()
        client.force_login(probe.demo.players["alice"])
        prefix = f"army-{probe.army.pk}"
        fields = {f"{prefix}-kind": kind, **_pair(f"{prefix}-", "target", coord)}
        url = reverse("order-form", args=[probe.campaign_id, probe.army.pk])
        response = client.post(url, fields)
        return response.status_code, response.content

    return ask


def _read(name: str, args: Callable[[Probe, Coord], list]) -> Callable:
    """A page read by HTMX: the map's hex panel, the hexes lit for an army."""

    def ask(probe: Probe, coord: Coord) -> tuple[int, bytes]:
        client = Client()
        client.force_login(probe.demo.players["alice"])
        response = client.get(reverse(name, args=args(probe, coord)), HTTP_HX_REQUEST="true")
        return response.status_code, response.content

    return ask


def _order(kind: str, **extra) -> Callable[[Probe, Coord], dict]:
    return lambda p, c: {"army": p.army.pk, "kind": kind, "target": list(c), **extra}


def _spend(kind: str, **extra) -> Callable[[Probe, Coord], dict]:
    return lambda p, c: {"kind": kind, "hex": list(c), **extra}


def _assault(p: Probe, c: Coord) -> dict:
    me = p.demo.kingdoms["alice"].pk
    return {"kind": "combined_assault", "partner": p.bob.pk, "target": list(c), "beneficiary": me}


def _pair(prefix: str, name: str, coord: Coord) -> dict:
    """A TargetField's two boxes (kingdoms.orders.forms.TargetWidget)."""
    return {f"{prefix}{name}_q": coord[0], f"{prefix}{name}_r": coord[1]}


API = [
    Ask("orders: invade", _api("post", "orders/", _order("invade"))),
    Ask("orders: scout", _api("post", "orders/", _order("scout"))),
    Ask("orders: patrol base", _api("post", "orders/", _order("patrol"))),
    Ask(
        "orders: invade from",
        _api("post", "orders/", lambda p, c: {**_order("invade")(p, p.elsewhere), "origin": c}),
    ),
    Ask(
        "orders: patrol's sea cover",
        _api("post", "orders/", lambda p, c: {**_order("patrol")(p, p.capital), "sea_cover": [c]}),
    ),
    Ask("spending: pacify", _api("post", "spending/", _spend("pacify", amount=1))),
    Ask("spending: pacify, 3 power", _api("post", "spending/", _spend("pacify", amount=3))),
    Ask("spending: incite", _api("post", "spending/", _spend("incite", amount=2))),
    Ask("spending: watchtower", _api("post", "spending/", _spend("watchtower"))),
    Ask("spending: fortress", _api("post", "spending/", _spend("fortress"))),
    Ask("spending: great fortress", _api("post", "spending/", _spend("great_fortress"))),
    Ask("edicts: loot", _api("post", "edicts/", lambda p, c: {"hex": list(c), "kind": "loot"})),
    Ask(
        "edicts: raze",
        _api(
            "post", "edicts/", lambda p, c: {"hex": list(c), "kind": "raze", "structure": "feature"}
        ),
    ),
    Ask("edicts: withdraw", _api("delete", "edicts/", lambda p, c: {"hex": list(c)})),
    Ask(
        "fallback capitals",
        _api("put", "kingdom/fallback-capitals/", lambda p, c: {"hexes": [list(c)]}),
    ),
    Ask("agreements: combined assault", _api("post", "agreements/", _assault)),
    Ask("hexes: secondary terrains", _api("patch", "hexes/{q}/{r}/", lambda p, c: {})),
]

PAGES = [
    Ask("order form: invade", _order_page("invade")),
    Ask("order form: scout", _order_page("scout")),
    Ask("order form: patrol", _order_page("patrol")),
    Ask(
        "spending form: pacify",
        _page(
            "kingdom-spending", lambda p, c: {"kind": "pacify", "amount": 1, **_pair("", "hex", c)}
        ),
    ),
    Ask(
        "spending form: watchtower",
        _page("kingdom-spending", lambda p, c: {"kind": "watchtower", **_pair("", "hex", c)}),
    ),
    Ask(
        "edict form: raze",
        _page(
            "edicts",
            lambda p, c: {
                "edict-kind": "raze",
                "edict-structure": "feature",
                **_pair("edict-", "hex", c),
            },
        ),
    ),
    Ask("edict form: withdraw", _page("edicts", lambda p, c: {"withdraw": f"{c[0]},{c[1]}"})),
    Ask(
        "fallback capitals form",
        _page("kingdom-fallback-capitals", lambda p, c: {"fallback-hexes": f"{c[0]},{c[1]}"}),
    ),
    Ask(
        "agreements form: combined assault",
        _page(
            "agreements",
            lambda p, c: {
                "agreement-kind": "combined_assault",
                "agreement-partner": p.bob.pk,
                "agreement-beneficiary": "me",
                **_pair("agreement-", "target", c),
            },
        ),
    ),
    Ask("GM hex terrain form", _page("gm-hex-terrain", lambda p, c: {"q": c[0], "r": c[1]})),
    Ask("map: hex panel", _read("hex-panel", lambda p, c: [p.campaign_id, *c])),
    Ask("map: an army's lit hexes", _read("army-targets", lambda p, c: [p.campaign_id, p.army.pk])),
]


# --- the hidden things --------------------------------------------------------------------


@dataclass(frozen=True)
class Hidden:
    """What Alice sees of the hex (``seen``, in both questions) and what hides in it
    (``hide``, in the second only)."""

    seen: Callable[[object, Hex], None]
    hide: Callable[[object, Hex], None]


def _unexplored(demo, row: Hex) -> None:
    """Nobody invaded it: Alice sees its terrain and that it is nobody's."""


def _neutral_land(demo, row: Hex) -> None:
    """A-1.4.18: the land of the demo's neutral kingdom, which nobody has discovered."""
    neutral = demo.neutral_kingdoms[0]
    assert not neutral.known_by.exists()
    row.neutral_kingdom = row.home_neutral_kingdom = neutral


def _defended_feature(demo, row: Hex) -> None:
    """Table 7: a town with a fortress and a watchtower, held by 800 neutral points."""
    row.feature, row.minor_feature, row.defence, row.watchtower = "town", "shrine", "fortress", True
    row.defender_points = row.defender_original_points = 800


def _scouted_contents(demo, row: Hex) -> None:
    """§5.4, E-29: a scout rolled its contents (a city held by 1,200): secret until invaded."""
    row.explored, row.scouted_only, row.feature = True, True, "city"
    row.defender_points = row.defender_original_points = 1200


def _explored_town(demo, row: Hex) -> None:
    """A-1.0.9: someone invaded it and everyone saw a town, with no defender left."""
    row.explored, row.feature = True, "town"


HIDDEN = {
    "a neutral kingdom's land": Hidden(_unexplored, _neutral_land),
    "a defended feature": Hidden(_unexplored, _defended_feature),
    "contents only a scout rolled": Hidden(_unexplored, _scouted_contents),
    "an explored town of a neutral kingdom": Hidden(_explored_town, _neutral_land),
}


# --- the hexes asked about ------------------------------------------------------------------


def _land(demo) -> tuple[dict[Coord, Terrain], set[Coord]]:
    hexes = list(demo.campaign.hexes.all())
    terrain = {h.coord: Terrain(h.terrain) for h in hexes}
    alice = demo.kingdoms["alice"].pk
    return terrain, {h.coord for h in hexes if h.owner_id == alice}


def _plain(demo, coords) -> list[Coord]:
    rows = Hex.objects.filter(campaign=demo.campaign, owner=None, neutral_kingdom=None)
    free = {h.coord for h in rows if h.terrain != Terrain.SEA}
    return sorted(c for c in coords if c in free)


def _free_next_to_alice(demo) -> list[Coord]:
    terrain, own = _land(demo)
    return _plain(demo, {c for cell in own for c in hexgrid.adjacent(cell, terrain)})


def next_to_alice(demo) -> Coord:
    """A free land hex next to Alice's kingdom: she may invade and pacify it."""
    return _free_next_to_alice(demo)[0]


def far_from_alice(demo) -> Coord:
    """A free land hex three or more hexes from her kingdom, as a map-wide probe meets."""
    terrain, own = _land(demo)
    far = {c for c in terrain if min(hexgrid.distance(c, o) for o in own) >= 3}
    return _plain(demo, far)[0]


WHERE = {"next to her kingdom": next_to_alice, "far from her kingdom": far_from_alice}


def _answer(ask: Ask, probe: Probe, coord: Coord) -> tuple[int, str]:
    """The answer, with nothing the question changed kept; the CSRF token and a new row's
    id normalised."""
    with transaction.atomic():
        status, body = ask.ask(probe, coord)
        transaction.set_rollback(True)
    text = re.sub(r"[A-Za-z0-9]{64}", "<csrf token>", body.decode())
    if status == 201:
        text = re.sub(r'^\{"id":\d+,', '{"id":"<new row>",', text)
    return status, text


def _answers(ask: Ask, probe: Probe, coord: Coord, hidden: Hidden) -> list[tuple[int, str]]:
    """The answers about the hex without, then with, the hidden thing; the hex as it was
    afterwards."""
    row = Hex.objects.get(campaign=probe.demo.campaign, q=coord[0], r=coord[1])
    assert not row.explored and row.feature == "" and row.defender_points is None
    with transaction.atomic():
        hidden.seen(probe.demo, row)
        row.save()
        answers = [_answer(ask, probe, coord)]
        hidden.hide(probe.demo, row)
        row.save()
        answers.append(_answer(ask, probe, coord))
        transaction.set_rollback(True)
    return answers


@pytest.mark.parametrize("ask", [*API, *PAGES], ids=str)
def test_a_hidden_hex_answers_like_an_empty_one(demo, ask):
    """A-1.0.9, E-29, A-1.4.18–20, Table 11: whatever a hex hides from the player, the
    answer about it is the one it gets without: the refusal (or the acceptance) depends
    on nothing he may not see. Asked of a hex next to his kingdom and of one far away."""
    alice = demo.kingdoms["alice"]
    Kingdom.objects.filter(pk=alice.pk).update(power=8)  # enough for any spend
    army = alice.armies.order_by("-points").first()
    capital = (alice.capital.q, alice.capital.r)
    probe = Probe(demo, army, demo.kingdoms["bob"], capital, _free_next_to_alice(demo)[1])
    told = []
    with time_machine.travel(timezone.now(), tick=False):
        for where, find in WHERE.items():
            for name, hidden in HIDDEN.items():
                without, with_it = _answers(ask, probe, find(demo), hidden)
                if with_it != without:
                    told.append(f"{name}, {where}: {with_it} instead of {without}")
    assert not told, "\n".join(told)


def test_probing_the_whole_map_with_pacify_finds_no_hidden_neutral_kingdom(demo):
    """Table 11, A-1.4.18–20, E-29: Alice asks to pacify every hex she has not explored,
    her neutral kingdom's three hexes among them; every refusal is the same but for the
    hex it names, so no answer maps the kingdom she has not discovered."""
    neutral = demo.neutral_kingdoms[0]
    client = token_client(demo.players["alice"])
    refusals = set()
    unexplored = Hex.objects.filter(campaign=demo.campaign, owner=None, explored=False)
    for row in unexplored:
        body = {"kind": "pacify", "hex": [row.q, row.r], "amount": 1}
        response = client.post(api(demo, "spending/"), body, format="json")
        named = f"({row.q}, {row.r})"
        refusals.add((response.status_code, response.content.decode().replace(named, "(q, r)")))
    assert neutral.hexes.filter(explored=False).count() == 3
    assert refusals == {
        (400, '{"detail":"(q, r) has not been explored: its defender is not known.",'
         '"field":"hex","rule":"Table 11"}')
    }  # fmt: skip
