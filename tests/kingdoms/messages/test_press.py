"""Public press (B 7.0): a player's press release for the current turn is his kingdom's and
the GM's until the turn is resolved; then the gazette, the turn's public chronicle, prints
it for everyone."""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaign.core.errors import Refused
from campaign.models import Turn, TurnEvent
from campaign.pipeline.steps import turn_step_resolve
from campaign.turns.services import turn_claim_step
from kingdoms.messages.models import PRESS_LENGTH, PressRelease
from kingdoms.messages.services import press_release_write
from tests.api_support import api, token_client

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
WORDS = "Averland wants peace <and> the river."


def _resolve(turn: Turn) -> None:
    for _ in range(2):
        turn.refresh_from_db()
        turn_claim_step(turn=turn, by=None, enqueue=False)
        turn_step_resolve(turn_id=turn.pk)


def _chronicle(client, demo) -> str:
    return client.get(reverse("chronicle", args=[demo.campaign.pk])).content.decode()


def test_the_gazette_prints_a_press_release_only_once_its_turn_is_resolved(demo, client):
    client.force_login(demo.players["alice"])
    written = client.post(reverse("press", args=[demo.campaign.pk]), {"press-text": WORDS}, **HTMX)
    assert "The gazette prints it when turn 1 is resolved." in written.content.decode()
    bob = token_client(demo.players["bob"])
    assert bob.get(api(demo, "press/")).json() == []
    alices = token_client(demo.players["alice"]).get(api(demo, "press/")).json()
    assert [(r["text"], r["printed"]) for r in alices] == [(WORDS, False)]
    assert [r["text"] for r in token_client(demo.gm).get(api(demo, "press/")).json()] == [WORDS]
    client.force_login(demo.players["bob"])
    assert "press release" not in _chronicle(client, demo)
    assert not TurnEvent.objects.filter(kind="PressReleased").exists()

    _resolve(demo.turn)

    entry = TurnEvent.objects.get(kind="PressReleased")
    assert entry.public and entry.turn == demo.turn
    assert entry.payload == {"kingdom_id": demo.kingdoms["alice"].pk, "text": WORDS}
    page = _chronicle(client, demo)
    assert (
        f"{demo.kingdoms['alice'].name}&#x27;s press release: \u201cAverland wants peace "
        "&lt;and&gt; the river.\u201d" in page
    )
    assert [(r["text"], r["printed"]) for r in bob.get(api(demo, "press/")).json()] == [
        (WORDS, True)
    ]
    assert (
        WORDS.replace("<", "&lt;").replace(">", "&gt;")
        in client.get(reverse("press", args=[demo.campaign.pk])).content.decode()
    )


def test_writing_again_replaces_the_turns_press_release(demo):
    alice = token_client(demo.players["alice"])
    for text in ("First draft.", "Final word."):
        assert alice.post(api(demo, "press/"), {"text": text}, format="json").status_code == 201
    assert list(PressRelease.objects.values_list("text", flat=True)) == ["Final word."]
    _resolve(demo.turn)
    printed = TurnEvent.objects.filter(kind="PressReleased")
    assert [e.payload["text"] for e in printed] == ["Final word."]


@pytest.mark.parametrize(
    "text, reason",
    [
        ("  ", "The press release needs some words."),
        ("x" * (PRESS_LENGTH + 1), f"write at most {PRESS_LENGTH:,}"),
        ("Bell\x07", "may not contain control characters (here U+0007)"),
    ],
)
def test_bad_press_is_refused_by_its_field(demo, text, reason):
    with pytest.raises(Refused) as refused:
        press_release_write(campaign=demo.campaign, by=demo.players["alice"], text=text)
    assert refused.value.field == "text" and reason in refused.value.message
    assert not PressRelease.objects.exists()


def test_the_gm_and_a_turn_being_resolved_take_no_press_release(demo):
    gm = token_client(demo.gm).post(api(demo, "press/"), {"text": "Hear ye."}, format="json")
    assert gm.status_code == 403
    assert gm.json()["detail"] == "Only a player with a kingdom writes press releases."
    Turn.objects.filter(pk=demo.turn.pk).update(state=Turn.State.PROVISIONAL)
    running = token_client(demo.players["alice"]).post(
        api(demo, "press/"), {"text": "Peace."}, format="json"
    )
    assert running.status_code == 400
    assert "Turn 1 is being resolved" in running.json()["detail"]
    assert not PressRelease.objects.exists()
