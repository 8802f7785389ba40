"""Neutral kingdoms through the whole pipeline: discovery (A-1.4.19), the
conquest of a capital under either choice (A-1.4.16, A-1.4.17, E-18, E-23), and what
each player sees of it (A-1.4.18–20, E-29).

The turn's dice stay the seeded ones except the rolls a test names: ``rigged`` makes
the battle at the neutral hex a sure win (the neutral's Assault against the default
Hold, 6 against 1) and the discovery roll a 6, whatever the seed.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from battles.decisions.services import battle_decide
from battles.models import Battle, BattleSide
from campaign.models import Hex, Turn, TurnEvent
from campaign.pipeline import steps
from campaign.pipeline.steps import turn_step_resolve
from campaign.turns.services import turn_claim_step
from kingdoms.models import NeutralKingdom
from kingdoms.orders.models import Order
from rules.core import hexgrid
from rules.core.dice import Dice, Roll
from rules.core.state import Terrain
from tests.api_support import api, token_client

pytestmark = pytest.mark.django_db

SURE_WIN = {
    "E-24 neutral strategy": 1,  # Assault, which the attacker's default Hold beats
    "Table 25 outcome roll, attacker": 6,
    "Table 25 outcome roll, defender": 1,
    "discovery roll": 6,
}


class RiggedDice(Dice):
    """The turn's seeded dice, except that a roll whose purpose contains one of
    ``wanted``'s keys shows its value."""

    def __init__(self, seed: str, wanted: dict[str, int]):
        super().__init__(seed)
        self.wanted = wanted

    def roll(self, sides: int, purpose: str) -> Roll:
        for piece, result in self.wanted.items():
            if piece in purpose:
                roll = Roll(purpose=purpose, sides=sides, result=result)
                self.rolls.append(roll)
                return roll
        return super().roll(sides, purpose)


@pytest.fixture
def rigged(monkeypatch):
    monkeypatch.setattr(
        steps, "_dice", lambda turn, step: RiggedDice(f"{turn.seed}:{step}", SURE_WIN)
    )


def _resolve_turn(turn) -> None:
    for _ in range(2):
        turn.refresh_from_db()
        turn_claim_step(turn=turn, by=None, enqueue=False)
        turn_step_resolve(turn_id=turn.pk)


def _foothold(demo, neutral: NeutralKingdom, target: Hex, player="alice") -> Hex:
    """A free land hex next to ``target`` (E-16) made the player's, and his army there
    strong (3,000), so that he may invade ``target`` from it."""
    hexes = list(demo.campaign.hexes.all())
    terrain = {h.coord: Terrain(h.terrain) for h in hexes}
    near = hexgrid.adjacent(target.coord, terrain)
    foothold = next(
        h
        for h in sorted(hexes, key=lambda h: h.coord)
        if h.coord in near and h.owner_id is None and h.neutral_kingdom_id is None
        and h.terrain != Terrain.SEA
    )  # fmt: skip
    Hex.objects.filter(pk=foothold.pk).update(owner=demo.kingdoms[player], explored=True)
    army = demo.kingdoms[player].armies.order_by("-points").first()
    army.points = army.allocation = 3000
    army.save()
    return foothold


def _invade(demo, target: Hex, player="alice", **extra) -> dict:
    army = demo.kingdoms[player].armies.order_by("-points").first()
    body = {"army": army.pk, "kind": "invade", "target": list(target.coord), **extra}
    response = token_client(demo.players[player]).post(api(demo, "orders/"), body, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def _map(demo, player) -> dict:
    body = token_client(demo.players[player]).get(api(demo, "map/")).json()
    return {(h["q"], h["r"]): h for h in body["hexes"]}


def _chronicle(demo, player) -> list[dict]:
    return token_client(demo.players[player]).get(api(demo, "chronicle/")).json()


def _page(client, demo, player, name="campaign-detail") -> str:
    client.force_login(demo.players[player])
    response = client.get(reverse(name, args=[demo.campaign.pk]))
    assert response.status_code == 200
    return response.content.decode()


def _neutral(demo) -> tuple[NeutralKingdom, Hex, Hex]:
    """The demo's neutral kingdom, its capital and another of its hexes."""
    neutral = demo.neutral_kingdoms[0]
    other = neutral.hexes.exclude(pk=neutral.capital_id).order_by("q", "r").first()
    return neutral, neutral.capital, other


def test_a_1_4_19_discovery_reaches_only_the_discoverers_map_and_api(client, demo, rigged):
    """Alice fights (and wins) in a neutral kingdom's hex; her discovery roll of 6 teaches
    her the kingdom: its id and name on her map (JSON and HTML) and in her chronicle,
    nowhere on Bob's."""
    neutral, _, target = _neutral(demo)
    _foothold(demo, neutral, target)
    _invade(demo, target)
    _resolve_turn(demo.turn)

    alice = demo.kingdoms["alice"]
    assert list(neutral.known_by.all()) == [alice]
    [learned] = TurnEvent.objects.filter(turn=demo.turn, kind="NeutralKingdomDiscovered")
    assert learned.rule == "A-1.4.19 §3-6d" and learned.kingdom_ids == [alice.pk]
    left = {h.coord for h in neutral.hexes.all()}
    assert target.coord not in left, "A-1.4.14: the hex she took left the kingdom"
    alice_map, bob_map = _map(demo, "alice"), _map(demo, "bob")
    assert {c for c, h in alice_map.items() if h["neutral_kingdom"] == neutral.pk} == left
    assert all(h["neutral_kingdom"] is None for h in bob_map.values())
    alice_entries = [
        e for e in _chronicle(demo, "alice") if e["kind"] == "NeutralKingdomDiscovered"
    ]
    assert [e["neutral_kingdom_id"] for e in alice_entries] == [neutral.pk]
    bob_entries = _chronicle(demo, "bob")
    assert "NeutralKingdomDiscovered" not in {e["kind"] for e in bob_entries}
    assert not [e for e in bob_entries if e.get("neutral_kingdom_id") is not None]
    assert f"land of {neutral.name}" in _page(client, demo, "alice")
    assert neutral.name not in _page(client, demo, "bob")
    chronicle = _page(client, demo, "alice", "chronicle")
    assert f"learned the extent and capital of {neutral.name}" in chronicle
    assert neutral.name not in _page(client, demo, "bob", "chronicle")


def test_a_1_4_17_sworn_enemies_through_the_pipeline(client, demo, rigged):
    """The default choice (E-23): every hex of the kingdom is Alice's, its capital a Town
    behind a fortress (Q3, E-22), +3 power (Table 9); everyone reads of it."""
    neutral, capital, _ = _neutral(demo)
    land = set(neutral.hexes.values_list("pk", flat=True))
    _foothold(demo, neutral, capital)
    order = _invade(demo, capital)
    assert order["neutral_conquest"] == "sworn_enemies"
    alice = demo.kingdoms["alice"]
    power_before = alice.power
    _resolve_turn(demo.turn)

    assert set(Hex.objects.filter(owner=alice, pk__in=land).values_list("pk", flat=True)) == land
    assert not Hex.objects.filter(neutral_kingdom=neutral).exists()
    capital.refresh_from_db()
    assert (capital.feature, capital.defence) == ("town", "fortress")
    neutral.refresh_from_db()
    assert neutral.protector is None and list(neutral.known_by.all()) == [alice]
    conquest = TurnEvent.objects.get(turn=demo.turn, kind="NeutralKingdomConquered")
    assert conquest.public and conquest.payload["choice"] == "sworn_enemies"
    assert conquest.payload["power"] == 3
    income = TurnEvent.objects.get(turn=demo.turn, kind="PowerCollected", kingdom_ids=[alice.pk])
    assert income.payload["gained"] >= 1 + 3
    alice.refresh_from_db()
    assert alice.power == power_before + income.payload["gained"]
    [seen] = [e for e in _chronicle(demo, "bob") if e["kind"] == "NeutralKingdomConquered"]
    assert seen["neutral_kingdom_id"] is None, "Bob never learned which kingdom it was"
    assert len(seen["hexes"]) == len(land), "its land is Alice's now: public borders"
    assert "executed its monarch" in _page(client, demo, "bob", "chronicle")


def test_a_1_4_17_quick_friendship_protector_standings_and_refusal_e18(client, demo, rigged):
    """Quick Friendship, chosen on the API order (E-23): the kingdom keeps its land with
    Alice as its protector; the standings count its hexes for her (Q10); the next turn
    her own invasion of it is refused with the reason (E-18), by the API and the form,
    and nothing is saved."""
    neutral, capital, _ = _neutral(demo)
    land = set(neutral.hexes.values_list("pk", flat=True))
    _foothold(demo, neutral, capital)
    order = _invade(demo, capital, neutral_conquest="quick_friendship")
    assert order["neutral_conquest"] == "quick_friendship"
    alice = demo.kingdoms["alice"]
    standings_before = {
        row["kingdom"]: row for row in token_client(demo.players["bob"]).get(
            api(demo, "standings/")).json()
    }  # fmt: skip
    _resolve_turn(demo.turn)

    neutral.refresh_from_db()
    assert neutral.protector == alice
    assert set(neutral.hexes.values_list("pk", flat=True)) == land
    assert not Hex.objects.filter(pk__in=land, owner__isnull=False).exists()
    capital.refresh_from_db()
    assert capital.defence == "great_fortress", "the capital is left intact"
    conquest = TurnEvent.objects.get(turn=demo.turn, kind="NeutralKingdomConquered")
    assert conquest.payload["choice"] == "quick_friendship"
    [seen] = [e for e in _chronicle(demo, "bob") if e["kind"] == "NeutralKingdomConquered"]
    assert "hexes" not in seen, "the kingdom's extent stays secret from Bob"
    [own] = [e for e in _chronicle(demo, "alice") if e["kind"] == "NeutralKingdomConquered"]
    assert len(own["hexes"]) == len(land)

    rows = {
        row["kingdom"]: row
        for row in token_client(demo.players["bob"]).get(api(demo, "standings/")).json()
    }
    assert rows[alice.pk]["protected_hexes"] == len(land)
    assert rows[alice.pk]["hexes"] == standings_before[alice.pk]["hexes"] + len(land)
    assert rows[alice.pk]["land_score"] > standings_before[alice.pk]["land_score"] + len(land) - 1
    assert rows[demo.kingdoms["bob"].pk]["protected_hexes"] == 0

    turn = Turn.objects.get(campaign=demo.campaign, number=2)
    army = alice.armies.order_by("-points").first()
    body = {"army": army.pk, "kind": "invade", "target": list(capital.coord)}
    response = token_client(demo.players["alice"]).post(api(demo, "orders/"), body, format="json")
    assert response.status_code == 400
    assert "under your protection (Quick Friendship): you may not invade it" in str(response.json())
    client.force_login(demo.players["alice"])
    url = reverse("order-form", args=[demo.campaign.pk, army.pk])
    post = {f"army-{army.pk}-kind": "invade", f"army-{army.pk}-target_q": capital.q,
            f"army-{army.pk}-target_r": capital.r}  # fmt: skip
    html = client.post(url, post, HTTP_HX_REQUEST="true").content.decode()
    assert "you may not invade it" in html
    assert not Order.objects.filter(turn=turn).exists()


def test_e23_the_order_form_takes_the_choice_for_a_neutral_capital(client, demo):
    """E-23: the map's hex panel offers the optional choice with an invasion of an
    unowned hex; an invasion saves it, and other orders keep the default."""
    neutral, capital, _ = _neutral(demo)
    _foothold(demo, neutral, capital)
    army = demo.kingdoms["alice"].armies.order_by("-points").first()
    client.force_login(demo.players["alice"])
    url = reverse("order-form", args=[demo.campaign.pk, army.pk])
    panel = reverse("hex-panel", args=[demo.campaign.pk, capital.q, capital.r])
    html = client.get(panel, HTTP_HX_REQUEST="true").content.decode()
    assert f'name="army-{army.pk}-neutral_conquest"' in html and "Quick Friendship" in html
    post = {f"army-{army.pk}-kind": "invade", f"army-{army.pk}-target_q": capital.q,
            f"army-{army.pk}-target_r": capital.r,
            f"army-{army.pk}-neutral_conquest": "quick_friendship"}  # fmt: skip
    html = client.post(url, post, HTTP_HX_REQUEST="true").content.decode()
    assert "Order saved." in html and "Quick Friendship if it takes a neutral capital" in html
    assert army.orders.get().neutral_conquest == "quick_friendship"
    post |= {f"army-{army.pk}-kind": "rest"}
    client.post(url, post, HTTP_HX_REQUEST="true")
    assert army.orders.get().neutral_conquest == "sworn_enemies"


def test_e23_the_api_refuses_an_unknown_choice(demo):
    neutral, capital, _ = _neutral(demo)
    _foothold(demo, neutral, capital)
    army = demo.kingdoms["alice"].armies.order_by("-points").first()
    body = {"army": army.pk, "kind": "invade", "target": list(capital.coord),
            "neutral_conquest": "vassals"}  # fmt: skip
    response = token_client(demo.players["alice"]).post(api(demo, "orders/"), body, format="json")
    assert response.status_code == 400 and "neutral_conquest" in str(response.json())
    assert not army.orders.exists()


def test_e18_quick_friendship_takes_back_the_conquerors_earlier_hexes(demo, rigged):
    """E-18 through the pipeline: Alice had taken one of the kingdom's hexes in an
    earlier turn; under Quick Friendship its original borders are restored, so that hex
    goes back to the kingdom, unowned, and leaves Alice's land."""
    neutral, capital, other = _neutral(demo)
    alice = demo.kingdoms["alice"]
    Hex.objects.filter(pk=other.pk).update(owner=alice, neutral_kingdom=None, explored=True)
    _foothold(demo, neutral, capital)
    _invade(demo, capital, neutral_conquest="quick_friendship")
    _resolve_turn(demo.turn)

    other.refresh_from_db()
    assert other.owner is None and other.neutral_kingdom == neutral
    assert other.home_neutral_kingdom == neutral
    conquest = TurnEvent.objects.get(turn=demo.turn, kind="NeutralKingdomConquered")
    assert conquest.payload["restored"] == [list(other.coord)]
    [seen] = [e for e in _chronicle(demo, "bob") if e["kind"] == "NeutralKingdomConquered"]
    assert "restored" not in seen, "which hexes the kingdom holds stays secret from Bob"


def test_outsiders_learn_neither_the_neutral_army_nor_its_strength_a_1_4_18(demo, monkeypatch):
    """A-1.4.18–20, E-29: Alice invades a neutral kingdom's hex and fails her discovery
    roll. She fought the kingdom's army, so she reads its 2,500 points and that it is a
    neutral kingdom's (though not which). Bob, who fought nothing, reads in the chronicle
    and the battle list only that a neutral defender held it, without its strength;
    Carol, who discovered the kingdom earlier, reads that it is its army, not its
    strength."""
    no_discovery = {**SURE_WIN, "discovery roll": 1}
    monkeypatch.setattr(
        steps, "_dice", lambda turn, step: RiggedDice(f"{turn.seed}:{step}", no_discovery)
    )
    neutral, _, target = _neutral(demo)
    neutral.known_by.add(demo.kingdoms["carol"])
    _foothold(demo, neutral, target)
    _invade(demo, target)
    _resolve_turn(demo.turn)
    assert not neutral.known_by.filter(pk=demo.kingdoms["alice"].pk).exists()

    def read(player) -> tuple[dict, dict, str]:
        entries = {
            e["kind"]: e for e in _chronicle(demo, player) if e.get("hex") == [*target.coord]
        }
        client = token_client(demo.players[player])
        [battle] = client.get(api(demo, "battles/"), {"turn": 1}).json()
        return entries["HexExplored"], entries["BattleDeclared"], battle["defender_kind"]

    explored, declared, kind = read("alice")
    assert explored["defender_points"] == 2500 and explored["neutral_kingdom_id"] is None
    assert declared["defender_kind"] == kind == "neutral_kingdom"
    explored, declared, kind = read("bob")
    assert "defender_points" not in explored
    assert declared["defender_kind"] == kind == "neutral"
    explored, declared, kind = read("carol")
    assert "defender_points" not in explored and explored["neutral_kingdom_id"] == neutral.pk
    assert declared["defender_kind"] == kind == "neutral_kingdom"


def test_a_1_4_19_20_a_contested_neutral_hex_teaches_both_invaders_then_everyone(demo, rigged):
    """Alice and Bob both invade the same hex of the hidden kingdom: they fight each
    other there (P-C3), the attacker wins (the rigged 6 against 1) and then retreats
    from the kingdom's own army. Both fought a battle in its hex, though never against
    its army, so both roll at step 6d (A-1.4.19); the next turn Carol and Dave, who
    fought nothing, roll at step 3a (A-1.4.20). The rigged 6s teach each of them the
    kingdom, on his own map."""
    neutral, _, target = _neutral(demo)
    _foothold(demo, neutral, target, "alice")
    _foothold(demo, neutral, target, "bob")
    _invade(demo, target, "alice")
    _invade(demo, target, "bob")
    turn = demo.turn
    turn_claim_step(turn=turn, by=None, enqueue=False)
    turn_step_resolve(turn_id=turn.pk)
    [contested] = Battle.objects.filter(turn=turn, defender_kind="invader", hex=target)
    [follow_up] = BattleSide.objects.filter(
        battle__after=contested, battle__if_won="attacker", role="attacker"
    )
    winner = next(p for p, k in demo.kingdoms.items() if k.pk == follow_up.kingdom_id)
    battle_decide(side=follow_up, by=demo.players[winner], decision="retreat")
    turn.refresh_from_db()
    turn_claim_step(turn=turn, by=None, enqueue=False)
    turn_step_resolve(turn_id=turn.pk)

    contested.refresh_from_db()
    assert contested.winner == "attacker"
    fought = Battle.objects.filter(turn=turn, result__in=["marginal", "solid", "massacre"])
    assert list(fought) == [contested], "the kingdom's army never fought"
    invaders = {demo.kingdoms["alice"].pk, demo.kingdoms["bob"].pk}
    learned = TurnEvent.objects.filter(turn=turn, kind="NeutralKingdomDiscovered")
    assert sorted(e.kingdom_ids[0] for e in learned) == sorted(invaders)
    assert {e.rule for e in learned} == {"A-1.4.19 §3-6d"}

    second = Turn.objects.get(campaign=demo.campaign, number=2)
    _resolve_turn(second)
    later = TurnEvent.objects.filter(turn=second, kind="NeutralKingdomDiscovered")
    others = {demo.kingdoms["carol"].pk, demo.kingdoms["dave"].pk}
    assert sorted(e.kingdom_ids[0] for e in later) == sorted(others)
    assert {e.rule for e in later} == {"A-1.4.20 Q4 §3-3a"}
    for player in ("alice", "bob", "carol", "dave"):
        known = {c for c, h in _map(demo, player).items() if h["neutral_kingdom"] == neutral.pk}
        assert target.coord in known, player


def test_a_1_4_18_an_outsider_reads_a_neutral_kingdoms_battle_as_a_plain_neutrals(
    demo, monkeypatch
):
    """A-1.4.18–20: Alice invades an explored hex of the hidden kingdom and Carol an
    explored hex held by a plain neutral army (A-1.5.1) of the same strength; neither
    learns the kingdom. Dave, who fought in neither, reads both battles' chronicle
    entries alike: the same kinds, the same fields and the same rule citations (a
    plain neutral defender's, A-1.5.1, never the kingdom's A-1.4.8 or E-06)."""
    no_discovery = {**SURE_WIN, "discovery roll": 1}
    monkeypatch.setattr(
        steps, "_dice", lambda turn, step: RiggedDice(f"{turn.seed}:{step}", no_discovery)
    )
    neutral, _, kingdom_hex = _neutral(demo)
    Hex.objects.filter(pk=kingdom_hex.pk).update(explored=True)
    alice_foothold = _foothold(demo, neutral, kingdom_hex, "alice")
    taken = {kingdom_hex.pk, alice_foothold.pk}
    plain_hex = next(
        h
        for h in demo.campaign.hexes.filter(owner=None, neutral_kingdom=None).order_by("r", "q")
        if h.pk not in taken and h.terrain != Terrain.SEA
        and hexgrid.distance(h.coord, kingdom_hex.coord) > 2
    )  # fmt: skip
    Hex.objects.filter(pk=plain_hex.pk).update(
        explored=True, defender_points=2500, defender_original_points=2500
    )
    _foothold(demo, neutral, plain_hex, "carol")
    _invade(demo, kingdom_hex, "alice")
    _invade(demo, plain_hex, "carol")
    _resolve_turn(demo.turn)
    assert not neutral.known_by.exists()

    def shape(target: Hex) -> list[tuple]:
        # whether the conquered hex reaches its conqueror's capital is about
        # the conqueror's land, not the defender
        entries = [
            e for e in _chronicle(demo, "dave")
            if e.get("hex") == [*target.coord] and e["kind"] != "OrphanChanged"
        ]  # fmt: skip
        return [(e["kind"], e["rule"], sorted(set(e) - {"id"})) for e in entries]

    kingdom_battle, plain_battle = shape(kingdom_hex), shape(plain_hex)
    assert [kind for kind, *_ in plain_battle][:2] == ["BattleDeclared", "BattleFought"]
    assert kingdom_battle == plain_battle
