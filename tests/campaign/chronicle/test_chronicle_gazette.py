"""The chronicle as a gazette (Q22, E-29): each turn's headline counts, "Your turn" for a
player, the entries gathered by battle and by place, each rule a small link beside its
sentence. All of it from the entries the reader may see: a hidden entry counts for nothing."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from campaign.campaigns.setup import demo_campaign_create
from campaign.chronicle.gazette import TERRAIN_NAMES

pytestmark = pytest.mark.django_db


def _page(client, demo, who: str) -> str:
    user = demo.gm if who == "gm" else demo.players[who]
    client.force_login(user)
    response = client.get(reverse("chronicle", args=[demo.campaign.pk]))
    assert response.status_code == 200
    return response.content.decode()


def _summary(page: str, turn: int = 1) -> str:
    article = page.split(f'id="turn-{turn}"', 1)[1].split("</article>", 1)[0]
    match = re.search(r'<p class="gazette-summary">(.*?)</p>', article, re.S)
    return match.group(1) if match else ""


def _your_turn(page: str) -> str:
    match = re.search(r'<section class="your-turn".*?</section>', page, re.S)
    return match.group(0) if match else ""


def _sections(page: str, kind: str) -> list[str]:
    return re.findall(rf'<section class="gazette-group gazette-{kind}">(.*?)</section>', page, re.S)


def _coords(demo, owner: str | None, count: int = 1) -> list[list[int]]:
    hexes = demo.campaign.hexes.filter(
        owner=demo.kingdoms[owner] if owner else None, neutral_kingdom__isnull=True
    ).exclude(terrain="sea")
    return [[h.q, h.r] for h in hexes.order_by("id")[:count]]


def test_the_headline_counts_battles_hexes_that_changed_hands_and_the_eliminated(
    client, closed, record
):
    """E-29: battles, conquests, revolts and an elimination are public: everyone reads
    the same headline."""
    k = closed.kingdoms
    first, second = _coords(closed, "bob", 2)
    for where in (first, second):
        record(
            "BattleDeclared",
            {"hex": where, "defender_kind": "patrol", "attacker_kingdom_id": k["alice"].pk,
             "defender_kingdom_id": k["bob"].pk, "attacker_army_ids": [], "attacker_points": 9},
            rule="A-2.4", public=True, kingdom_ids=[k["alice"].pk, k["bob"].pk],
        )  # fmt: skip
    record("HexConquered", {"hex": first, "kingdom_id": k["alice"].pk,
                            "previous_owner_id": k["bob"].pk}, public=True)  # fmt: skip
    record("HexRevolted", {"hex": second, "kingdom_id": k["bob"].pk, "defender_points": 300},
           rule="E-09", public=True)  # fmt: skip
    record("KingdomEliminated", {"kingdom_id": k["dave"].pk, "hexes": []}, public=True)
    for who in ("alice", "carol", "gm"):
        summary = _summary(_page(client, closed, who))
        assert "2 battles" in summary
        assert "2 hexes changed hands" in summary
        assert "Drakwald eliminated" in summary


def test_a_hidden_entry_counts_for_nothing_in_the_headline(client, closed, record):
    """E-29: entries another kingdom alone reads (here a battle and a conquest of his)
    are neither told nor counted to the others; the GM counts them."""
    k = closed.kingdoms
    [where] = _coords(closed, "carol")
    record(
        "BattleDeclared",
        {"hex": where, "defender_kind": "patrol", "attacker_kingdom_id": k["bob"].pk,
         "defender_kingdom_id": k["carol"].pk, "attacker_army_ids": [], "attacker_points": 9},
        kingdom_ids=[k["bob"].pk, k["carol"].pk],
    )  # fmt: skip
    conquest = {"hex": where, "kingdom_id": k["bob"].pk, "previous_owner_id": k["carol"].pk}
    record("HexConquered", conquest, kingdom_ids=[k["bob"].pk])
    record("HexExplored", {"hex": where, "feature": None, "minor_feature": None,
                           "defender_points": None}, public=True)  # fmt: skip
    alice = _page(client, closed, "alice")
    assert _summary(alice) == "1 hex explored"
    assert "battle" not in alice.split('id="turn-1"')[1].lower().split("seed")[0]
    bob = _summary(_page(client, closed, "bob"))
    assert "1 battle" in bob and "1 hex changed hands" in bob
    gm = _summary(_page(client, closed, "gm"))
    assert "1 battle" in gm and "1 hex changed hands" in gm and "1 hex explored" in gm


def test_your_turn_tells_a_player_his_own_gains_losses_power_and_armies(client, closed, record):
    """Each player reads his own turn: the hexes he won and lost, the power he collected
    and spent (Table 9, Table 10), what his armies did; never another's power or armies."""
    k = closed.kingdoms
    bobs = _coords(closed, "bob", 2)
    [alices] = _coords(closed, "alice")
    alice_army = k["alice"].armies.order_by("id").first()
    bob_army = k["bob"].armies.order_by("id").first()
    record("HexConquered", {"hex": bobs[0], "kingdom_id": k["alice"].pk,
                            "previous_owner_id": k["bob"].pk}, public=True)  # fmt: skip
    record("HexConquered", {"hex": bobs[1], "kingdom_id": k["alice"].pk,
                            "previous_owner_id": k["bob"].pk}, public=True)  # fmt: skip
    record("HexConquered", {"hex": alices, "kingdom_id": k["carol"].pk,
                            "previous_owner_id": k["alice"].pk}, public=True)  # fmt: skip
    for kingdom, gained in (("alice", 4), ("bob", 17)):
        income = {"kingdom_id": k[kingdom].pk, "gained": gained, "power": 9, "industry": 1}
        record("PowerCollected", income, rule="Table 9", kingdom_ids=[k[kingdom].pk])
    record("PowerSpent", {"kingdom_id": k["alice"].pk, "spend_id": 1, "item": "surgeon",
                          "amount": 2}, rule="Table 10", kingdom_ids=[k["alice"].pk])  # fmt: skip
    for army in (alice_army, bob_army):
        record("ArmyMoved", {"army_id": army.pk, "hex": bobs[0]}, kingdom_ids=[army.kingdom_id])

    alice = _your_turn(_page(client, closed, "alice"))
    assert "2 hexes won" in alice and "1 hex lost" in alice
    assert "4 power collected" in alice and "2 power spent" in alice
    assert f"Averland&#x27;s {alice_army.name} now stands" in alice
    assert "17 power" not in alice and "Bretonnia&#x27;s" not in alice

    bob = _your_turn(_page(client, closed, "bob"))
    assert "2 hexes lost" in bob and "17 power collected" in bob
    assert "4 power" not in bob and "Averland&#x27;s" not in bob
    assert f"Bretonnia&#x27;s {bob_army.name} now stands" in bob
    assert _your_turn(_page(client, closed, "gm")) == ""  # the GM has no kingdom of his own


def test_a_battle_is_told_under_one_heading_and_its_outcome_in_each_sides_turn(
    client, closed, record, battle_at
):
    """A-2.4: a battle's declaration, decision, fight, losses and result under one
    heading that names its place in plain words, with the other battle of the hex two
    invaders contest (P-C3); the winner of each reads a battle won, the loser a battle
    lost."""
    k = closed.kingdoms
    [where] = _coords(closed, "bob")
    battle = battle_at(where)
    alice_army = k["alice"].armies.order_by("id").first()
    insiders = [k["alice"].pk, k["bob"].pk]
    record(
        "BattleDeclared",
        {"hex": where, "defender_kind": "patrol", "attacker_kingdom_id": k["alice"].pk,
         "defender_kingdom_id": k["bob"].pk, "attacker_army_ids": [alice_army.pk],
         "attacker_points": 1500},
        rule="A-2.4", public=True, kingdom_ids=insiders, secret=["attacker_points"],
    )  # fmt: skip
    record("BattleDecision", {"battle_id": battle.pk, "role": "defender", "decision": "fight"},
           rule="A-2.4 E-24", kingdom_ids=[k["bob"].pk])  # fmt: skip
    record("BattleFought", {"battle_key": battle.pk, "hex": where, "result": "solid",
                            "winner": "attacker", "attacker_total": 9, "defender_total": 4},
           rule="Table 25", public=True, kingdom_ids=insiders)  # fmt: skip
    record("ArmyLosses", {"battle_key": battle.pk, "army_id": alice_army.pk, "points_lost": 120},
           rule="Table 25", kingdom_ids=insiders)  # fmt: skip
    record("BattleWon", {"battle_key": battle.pk, "hex": where, "winner": "attacker"},
           public=True)  # fmt: skip
    second = battle_at(where, seq=2)  # P-C3: Carak Varn invaded it too
    record(
        "BattleDeclared",
        {"hex": where, "defender_kind": "patrol", "attacker_kingdom_id": k["carol"].pk,
         "defender_kingdom_id": k["bob"].pk, "attacker_army_ids": [], "attacker_points": 900},
        rule="A-2.4", public=True, kingdom_ids=[k["carol"].pk, k["bob"].pk],
    )  # fmt: skip
    record("BattleWon", {"battle_key": second.pk, "hex": where, "winner": "defender"},
           public=True)  # fmt: skip
    terrain = closed.campaign.hexes.get(q=where[0], r=where[1]).terrain

    bob = _page(client, closed, "bob")
    [told] = _sections(bob, "battle")
    assert "Battle at " in told and f"held by Bretonnia ({where[0]}, {where[1]})" in told
    assert terrain[:4].lower() in told.lower()
    for words in ("invaded", "chose to fight", "was fought", "lost 120 points", "won at"):
        assert words in told, words
    assert "2 battles" in _summary(bob)
    assert "1 battle won" in _your_turn(bob) and "1 battle lost" in _your_turn(bob)
    alice = _page(client, closed, "alice")
    assert "1 battle won" in _your_turn(alice) and "battle lost" not in _your_turn(alice)
    assert "1 battle lost" in _your_turn(_page(client, closed, "carol"))
    [seen] = _sections(_page(client, closed, "dave"), "battle")  # public: declared, fought, won
    assert "invaded" in seen and "won at" in seen
    assert "chose to fight" not in seen and "lost 120" not in seen  # the sides' own (E-29)


def test_entries_of_one_place_are_told_together_under_its_name(client, closed, record):
    """A-1.0.9: a hex's exploration and what followed there, under the hex's terrain and
    holder; entries of no place go under the rest."""
    [where] = _coords(closed, None)
    record("HexExplored", {"hex": where, "feature": "town", "minor_feature": None,
                           "defender_points": 200}, rule="A-1.0.5", public=True)  # fmt: skip
    record("DefenderAppeared", {"hex": where, "points": 200}, rule="E-09", public=True)
    record("CampaignEndRoll", {"turn": 1, "result": 3, "ends": False}, rule="A-3.0.2", public=True)
    page = _page(client, closed, "alice")
    places = _sections(page, "place")
    [told] = [p for p in places if f"({where[0]}, {where[1]})</h3>" in p]
    assert "Explorers entered" in told and "neutral army of 200 points" in told
    [rest] = _sections(page, "rest")
    assert "end-of-campaign roll" in rest
    terrain = closed.campaign.hexes.get(q=where[0], r=where[1]).terrain
    heading = re.search(r"<h3>(.*?)</h3>", told).group(1)
    assert heading == f"{TERRAIN_NAMES[terrain]} ({where[0]}, {where[1]})"  # nobody holds it


def test_a_place_is_named_with_its_holder_of_that_turn(client, closed, record, battle_at):
    """A-1.0.9: a hex Averland took from Bretonnia in turn 2 is Bretonnia's in turn 1's
    headings, Averland's in turn 2's, but for the battle of turn 2, fought for it while
    Bretonnia held it."""
    k = closed.kingdoms
    closed.campaign.turns.filter(number=2).update(state="closed")
    closed.campaign.turns.create(number=3)
    row = k["bob"].hexes.exclude(pk=k["bob"].capital_id).order_by("id").first()
    row.owner = k["alice"]
    row.save(update_fields=["owner"])
    where = [row.q, row.r]
    record("DefenderRecovered", {"hex": where, "points_gained": 10, "points": 90}, public=True)
    conquest = {"hex": where, "kingdom_id": k["alice"].pk, "previous_owner_id": k["bob"].pk}
    record("HexConquered", conquest, turn=2, public=True)
    attack = {
        "hex": where,
        "defender_kind": "patrol",
        "attacker_kingdom_id": k["alice"].pk,
        "defender_kingdom_id": k["bob"].pk,
        "attacker_army_ids": [],
        "attacker_points": 9,
    }
    battle_at(where, turn=2)
    record("BattleDeclared", attack, turn=2, rule="A-2.4", public=True)
    page = _page(client, closed, "carol")
    turn_two, turn_one = page.split('id="turn-2"', 1)[1].split('id="turn-1"', 1)
    terrain = TERRAIN_NAMES[row.terrain]
    assert f"<h3>{terrain} held by Averland ({row.q}, {row.r})</h3>" in turn_two
    assert f"<h3>{terrain} held by Bretonnia ({row.q}, {row.r})</h3>" in turn_one
    # the battle was fought for Bretonnia's land: its heading names the holder of before
    [battle] = _sections(turn_two, "battle")
    assert f"<h3>Battle at {terrain} held by Bretonnia ({row.q}, {row.r})</h3>" in battle


def test_each_rule_is_a_link_beside_its_sentence_never_in_it(client, closed, record):
    """Rule IDs are not words of a sentence: the gazette's lines carry none, each entry's
    rule is a small link into the rulebook."""
    [where] = _coords(closed, None)
    record("HexExplored", {"hex": where, "feature": None, "minor_feature": None,
                           "defender_points": None}, rule="A-1.0.5", public=True)  # fmt: skip
    page = _page(client, closed, "alice")
    [line] = re.findall(r'<li class="entry kind-HexExplored">(.*?)</li>', page, re.S)
    sentence, _, link = line.partition("<small")
    assert "A-1.0.5" not in sentence and "[" not in sentence
    assert 'class="rule-ref"><a href="/rulebook/campaign/#A-1.0.5"' in "<small" + link
    for heading in re.findall(r"<h3[^>]*>(.*?)</h3>", page):
        assert not re.search(r"\b[A-Z]-\d", heading), heading
    assert not re.search(r"\b[A-Z]-\d", _summary(page))
    assert not re.search(r"\b[A-Z]-\d", re.sub(r"<small.*?</small>", "", _your_turn(page)))


def _queries(client, demo, record_entries) -> int:
    record_entries(demo)
    client.force_login(demo.players["alice"])
    with CaptureQueriesContext(connection) as queries:
        assert client.get(reverse("chronicle", args=[demo.campaign.pk])).status_code == 200
    return len(queries)


def test_the_gazette_costs_as_many_queries_on_a_big_map_as_on_a_small_one(client, closed, record):
    """The page reads the entries, the names and the places in a fixed number of
    queries, whatever the size of the map or the number of its entries."""

    def entries(demo):
        from campaign.chronicle.services import chronicle_record

        turn = demo.campaign.turns.get(number=1)
        for h in demo.campaign.hexes.exclude(terrain="sea").order_by("id")[:12]:
            found = {"hex": [h.q, h.r], "feature": None, "minor_feature": None}
            chronicle_record(turn, "HexExplored", found, public=True)

    small = _queries(client, closed, entries)
    big = demo_campaign_create(hexes=120, players=4, seed="bigger", name="Bigger")
    big.campaign.turns.filter(number=1).update(state="closed")
    big.campaign.turns.create(number=2)
    assert _queries(client, big, entries) == small
