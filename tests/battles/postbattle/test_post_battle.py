"""§3 step 6c through the pipeline ("post-battle, as one step the players can
follow roll by roll"): a battle's Table 13 rolls, a dead General replaced (E-03), the
rows written back, and the battle's page listing its post-battle rolls to those who may
read them, in HTML and in JSON: the character's kingdom, the GM for a neutral General
(E-20), nobody outside the battle.

Alice's strongest army invades a neutral kingdom's hex and wins (``SURE_WIN``); every
fall roll is a 1 and every Table 13 roll a 1, so her General (1 - 1 abstract = 0) and
the neutral General (1 - 1 - 1 lost) both die.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaign.models import TurnEvent
from campaign.pipeline import steps
from kingdoms.models import Character
from tests.api_support import api, token_client
from tests.kingdoms.realm.test_neutral_kingdoms import (
    SURE_WIN,
    RiggedDice,
    _foothold,
    _invade,
    _neutral,
    _resolve_turn,
)

pytestmark = pytest.mark.django_db

DOOMED = {**SURE_WIN, "fallen character": 1, "Table 13 character recovery": 1}


@pytest.fixture
def fought(demo, monkeypatch):
    monkeypatch.setattr(
        steps, "_dice", lambda turn, step: RiggedDice(f"{turn.seed}:{step}", DOOMED)
    )
    neutral, _, target = _neutral(demo)
    _foothold(demo, neutral, target)
    army = demo.kingdoms["alice"].armies.order_by("-points").first()
    general = Character.objects.get(army=army, is_general=True)
    neutral_general = Character.objects.get(neutral_kingdom=neutral, is_general=True)
    _invade(demo, target)
    _resolve_turn(demo.turn)
    return army, general, neutral_general


def test_dead_generals_are_written_back_and_replaced(demo, fought):
    army, general, neutral_general = fought
    was_marshal = general.is_grand_marshal
    general.refresh_from_db()
    assert (general.status, general.army, general.is_general, general.xp) == (
        "dead", None, False, 1,
    )  # fmt: skip
    [successor] = Character.objects.filter(army=army, is_general=True)
    assert successor.pk != general.pk and (successor.xp, successor.generalship) == (0, 0)
    neutral_general.refresh_from_db()
    assert neutral_general.status == "dead"
    [heir] = Character.objects.filter(
        neutral_kingdom=neutral_general.neutral_kingdom, is_general=True
    )
    assert heir.name == f"General of {neutral_general.neutral_kingdom.name}"
    [marshal] = Character.objects.filter(kingdom=demo.kingdoms["alice"], is_grand_marshal=True)
    oldest = demo.kingdoms["alice"].armies.order_by("id").first()
    if was_marshal:  # B 3.4, E-03: the General of the kingdom's oldest army
        assert (marshal.army_id, marshal.is_general) == (oldest.pk, True)


def test_each_result_is_private_to_the_characters_kingdom(demo, fought):
    _, general, neutral_general = fought
    alice = demo.kingdoms["alice"]
    mine = TurnEvent.objects.get(kind="CharacterRecoveryRolled", payload__character_id=general.pk)
    assert (mine.public, mine.kingdom_ids, mine.payload["result"]) == (False, [alice.pk], "dead")
    assert mine.payload["rolls"][0]["purpose"].startswith("Table 13 character recovery")
    theirs = TurnEvent.objects.get(
        kind="CharacterRecoveryRolled", payload__character_id=neutral_general.pk
    )
    assert (theirs.public, theirs.kingdom_ids) == (False, [])


def _battles_page(client, demo, user) -> str:
    client.force_login(user)
    response = client.get(reverse("battles", args=[demo.campaign.pk]))
    assert response.status_code == 200
    return response.content.decode()


def test_the_battle_page_lists_the_post_battle_rolls_to_its_participants_only(client, demo, fought):
    _, general, neutral_general = fought
    alice = _battles_page(client, demo, demo.players["alice"])
    assert "After the battle, roll by roll" in alice
    assert f"Table 13 character recovery, {general.name}" in alice
    assert f"{general.name} died of his wounds" in alice
    assert neutral_general.name not in alice, "E-20: the neutral General is the GM's"
    bob = _battles_page(client, demo, demo.players["bob"])
    assert "After the battle" not in bob and general.name not in bob
    gm = _battles_page(client, demo, demo.gm)
    assert f"Table 13 character recovery, {neutral_general.name}" in gm


def test_the_api_gives_a_turns_battles_with_their_post_battle_rolls(demo, fought):
    _, general, neutral_general = fought
    url = api(demo, f"battles/?turn={demo.turn.number}")
    [battle] = token_client(demo.players["alice"]).get(url).json()
    kinds = [step["kind"] for step in battle["post_battle"]]
    assert {
        "CharacterFell",
        "CharacterRecoveryRolled",
        "CharacterRemoved",
        "GeneralAppointed",
    } <= set(kinds)
    recovery = next(s for s in battle["post_battle"] if s["kind"] == "CharacterRecoveryRolled")
    assert recovery["rolls"] == [
        {
            "purpose": f"Table 13 character recovery, {general.name} after the battle at "
            f"({battle['hex']['q']}, {battle['hex']['r']})",
            "sides": 6,
            "result": 1,
        }
    ]
    assert neutral_general.name not in str(battle)
    [outsider] = token_client(demo.players["bob"]).get(url).json()
    assert outsider["post_battle"] == []
    [gm] = token_client(demo.gm).get(url).json()
    assert neutral_general.name in str(gm["post_battle"])
    assert token_client(demo.players["bob"]).get(api(demo, "battles/?turn=99")).status_code == 404
