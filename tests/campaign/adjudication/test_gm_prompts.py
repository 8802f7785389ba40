"""The GM's prompts through real turns (new-rules.md §12.4, BASE-16): the wyvern that
wakes asks him whether it rages; the default applies at once, his answer by the
fight-or-retreat deadline replaces it at Final Results, and with none, or one too late,
the default stands: the turn never waits for him. His alone, on the API as anywhere."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import translation

from campaign.accounts.models import Profile
from campaign.adjudication.models import GmPrompt
from campaign.adjudication.services import prompt_answer
from campaign.campaigns.setup import demo_campaign_create
from campaign.chronicle.narration import Names, narrate
from campaign.core.access import Access
from campaign.core.errors import Hidden, Refused
from campaign.core.viewers import membership_for, viewer_for
from campaign.models import Campaign, Turn, TurnEvent
from campaign.notifications.content import Reader, gm_prompts
from campaign.notifications.models import Kind, Notification
from campaign.pipeline.steps import turn_step_resolve
from campaign.turns.deadlines import decisions_due_turns, resolve_early_gaps
from campaign.turns.services import turn_claim_step
from rules.core.wildlands_options import COLUMN_NAMES
from tests.api_support import api, first_army, token_client
from tests.kingdoms.orders.test_examine import _barren, order_post

pytestmark = pytest.mark.django_db
FORCES = "wildlands.wyvern.forces"
NAMES = Names(kingdoms={}, armies={})


def _step(demo) -> Turn:
    turn = Turn.objects.get(pk=demo.turn.pk)
    turn_claim_step(turn=turn, by=None, enqueue=False)
    turn_step_resolve(turn_id=turn.pk)
    return Turn.objects.get(pk=demo.turn.pk)


def _wyvern_woke(demo) -> None:
    """Alice's army is ordered to examine a barren hex where every T-WILD roll is the
    wyvern (NR-WYVERN-1): at Provisional Results it destroys her army and wakes."""
    every_roll_a_wyvern = {f"t-wild-{c}": "1-100 wyvern" for c in COLUMN_NAMES.values()}
    demo.campaign.ruleset_overrides = {"options": {"wildlands": 1}, "tables": every_roll_a_wyvern}
    demo.campaign.save(update_fields=["ruleset_overrides"])
    army = first_army(demo, "alice")
    _barren(demo, army)
    assert order_post(demo, "alice", {"army": army.pk, "kind": "examine"}).status_code == 201


@pytest.fixture
def woken(demo, django_capture_on_commit_callbacks) -> GmPrompt:
    """The wyvern woke at Provisional Results, which asked the GM."""
    _wyvern_woke(demo)
    with django_capture_on_commit_callbacks(execute=True):
        assert _step(demo).state == Turn.State.DECISIONS
    return GmPrompt.objects.get(campaign=demo.campaign)


def _access(demo, user) -> Access:
    membership = membership_for(user, demo.campaign)
    return Access(demo.campaign, membership, viewer_for(membership))


def _forces(demo) -> dict:
    return Campaign.objects.get(pk=demo.campaign.pk).module_state[FORCES]


def test_base16_the_wyvern_asks_the_gm_and_the_default_already_stands(demo, woken):
    """BASE-16: one prompt, in plain words, the default "rages" already applied (the
    wyvern is on the map); the GM hears of it, and its question is his alone."""
    assert woken.rule == "BASE-16 E-39" and woken.default == "rages" and woken.answer == ""
    assert "does it rage?" in woken.question
    assert [value for value, _words in woken.choices] == ["rages", "sleeps"]
    assert _forces(demo)["#1"]["points"] == 2000
    told = Notification.objects.get(kind=Kind.GM_PROMPTS)
    assert told.user == demo.gm and "does it rage?" in " ".join(told.lines)
    asked = TurnEvent.objects.get(kind="RulingAsked")
    assert not asked.public and asked.kingdom_ids == []


def test_base16_the_gms_answer_puts_the_wyvern_to_sleep_at_final_results(demo, woken):
    """His "sleeps" by the deadline: Final Results take the wyvern off the map, everyone
    reads why, and the prompt is closed."""
    prompt_answer(access=_access(demo, demo.gm), prompt_id=woken.pk, answer="sleeps", by=demo.gm)
    assert _step(demo).state == Turn.State.CLOSED
    assert _forces(demo) == {}
    applied = TurnEvent.objects.get(kind="RulingApplied")
    assert applied.public
    sentence = narrate(applied.payload | {"kind": "RulingApplied"}, NAMES)
    assert sentence.startswith("By the game master's ruling: The wyvern at (")
    assert sentence.endswith(") sleeps again.")
    with translation.override("it"):
        italian = narrate(applied.payload | {"kind": "RulingApplied"}, NAMES)
    assert italian.endswith(") torna a dormire.") and "La Viverna in (" in italian
    woken.refresh_from_db()
    assert woken.answer == "sleeps" and woken.closed_at is not None
    answered = TurnEvent.objects.get(kind="RulingAnswered")
    assert not answered.public and answered.kingdom_ids == []
    assert narrate(answered.payload | {"kind": "RulingAnswered"}, NAMES) == (
        "The game master ruled: It goes back to sleep in its lair and leaves the map."
    )


def test_base16_unanswered_the_default_stands_and_the_prompt_closes(demo, woken):
    assert _step(demo).state == Turn.State.CLOSED
    assert "#1" in _forces(demo)
    assert not TurnEvent.objects.filter(kind="RulingApplied").exists()
    woken.refresh_from_db()
    assert woken.closed_at is not None and woken.standing == "rages"


def test_base16_at_the_deadline_the_default_stands_and_no_answer_is_taken(
    demo, woken, time_machine
):
    """The deadline does not wait for the GM: the step is due, his late answer is
    refused with the reason, and Final Results keep the default."""
    deadline = Turn.objects.get(pk=demo.turn.pk).decisions_deadline
    time_machine.move_to(deadline + dt.timedelta(minutes=1), tick=False)
    assert demo.turn.pk in [t.pk for t in decisions_due_turns()]
    with pytest.raises(Refused, match="deadline has passed: the default stands"):
        prompt_answer(
            access=_access(demo, demo.gm), prompt_id=woken.pk, answer="sleeps", by=demo.gm
        )
    _step(demo)
    assert "#1" in _forces(demo)


def test_base16_bad_answers_are_refused_with_the_reason(demo, woken):
    access = _access(demo, demo.gm)
    with pytest.raises(Refused, match="not one of this ruling's choices: rages, sleeps") as bad:
        prompt_answer(access=access, prompt_id=woken.pk, answer="flies away", by=demo.gm)
    assert bad.value.field == "answer"
    _step(demo)
    with pytest.raises(Refused, match="already applied"):
        prompt_answer(access=access, prompt_id=woken.pk, answer="sleeps", by=demo.gm)


def test_base16_a_player_is_answered_as_if_there_were_no_prompt(demo, woken):
    """Not the GM: the same Hidden (404) as a prompt id that does not exist."""
    bob = demo.players["bob"]
    with pytest.raises(Hidden):
        prompt_answer(access=_access(demo, bob), prompt_id=woken.pk, answer="sleeps", by=bob)
    with pytest.raises(Hidden):
        prompt_answer(
            access=_access(demo, demo.gm), prompt_id=woken.pk + 999, answer="x", by=demo.gm
        )


def test_base16_the_api_lists_and_answers_for_the_gm_alone(demo, woken):
    gm, bob = token_client(demo.gm), token_client(demo.players["bob"])
    listed = gm.get(api(demo, "gm/prompts/"))
    assert listed.status_code == 200
    [row] = listed.json()
    assert row["state"] == "open" and row["default"] == "rages" and row["rule"] == "BASE-16 E-39"
    assert row["deadline"] is not None
    missing = bob.get(api(demo, "gm/prompts/"))
    absent = bob.get(f"/api/campaigns/{demo.campaign.pk + 999}/gm/prompts/")
    assert missing.status_code == absent.status_code == 404
    assert missing.json() == absent.json()
    url = api(demo, f"gm/prompts/{woken.pk}/")
    assert bob.post(url, {"answer": "sleeps"}, format="json").json() == missing.json()
    refused = gm.post(url, {"answer": "nap"}, format="json")
    assert refused.status_code == 400 and refused.json()["field"] == "answer"
    answered = gm.post(url, {"answer": "sleeps"}, format="json")
    assert answered.status_code == 200 and answered.json()["standing"] == "sleeps"


def test_base16_final_results_wait_for_the_gm_until_he_answers_or_the_deadline(demo, woken):
    """No battle side left to decide: before, the step was due at once; now it waits for
    his answer, and is due as soon as he gives it."""
    assert demo.turn.pk not in [t.pk for t in decisions_due_turns()]
    prompt_answer(access=_access(demo, demo.gm), prompt_id=woken.pk, answer="rages", by=demo.gm)
    assert demo.turn.pk in [t.pk for t in decisions_due_turns()]


def test_base16_the_gms_early_button_says_his_ruling_is_unanswered(demo, woken):
    turn = Turn.objects.get(pk=demo.turn.pk)
    gaps = resolve_early_gaps(turn, _access(demo, demo.gm).viewer)
    assert "1 ruling of yours not answered (its default stands)" in gaps


def test_base16_the_console_shows_the_ruling_in_plain_words_and_answers_it_by_htmx(
    demo, woken, client
):
    """ "Your rulings" on the GM console: the question, its choices with the default
    marked, the rule as a link into the rulebook; the HTMX form answers it, and a bad
    answer shows its reason beside the prompt."""
    client.force_login(demo.gm)
    page = client.get(f"/campaigns/{demo.campaign.pk}/gm/").content.decode()
    assert "Your rulings" in page and "does it rage?" in page
    assert 'href="/rulebook/supplement/#BASE-16"' in page
    assert "(the default)" in page
    url = f"/campaigns/{demo.campaign.pk}/gm/prompts/{woken.pk}/"
    bad = client.post(url, {"answer": "nap"}, HTTP_HX_REQUEST="true")
    assert "is not one of this ruling&#x27;s choices" in bad.content.decode()
    good = client.post(url, {"answer": "sleeps"}, HTTP_HX_REQUEST="true")
    assert good.status_code == 200 and "Your answer is in" in good.content.decode()
    woken.refresh_from_db()
    assert woken.answer == "sleeps"


def test_base16_an_italian_gm_reads_the_ruling_in_italian_the_api_in_english(demo, woken, client):
    """new-rules.md §12.4, BASE-16: the question and its choices are the engine's phrases,
    said in the GM's language on his console, in the chronicle and in his notification;
    the API speaks English."""
    Profile.objects.update_or_create(user=demo.gm, defaults={"language": "it"})
    client.force_login(demo.gm)
    page = client.get(f"/campaigns/{demo.campaign.pk}/gm/").content.decode()
    assert "l&#x27;ira dei draghi: si scatena?" in page and "does it rage?" not in page
    assert "Torna a dormire nella sua tana e lascia la mappa" in page
    assert "(the default)" not in page  # the console's own words are Italian too
    with translation.override("it"):
        asked = TurnEvent.objects.get(kind="RulingAsked")
        told = narrate(asked.payload | {"kind": "RulingAsked"}, NAMES)
        gm = membership_for(demo.gm, demo.campaign)
        reader = Reader(demo.campaign, gm, viewer_for(gm))
        mailed = gm_prompts(reader, {"turn_id": demo.turn.pk})
    assert told.startswith("Una decisione spetta al master: ")
    assert ": La Viverna. Il supplemento lascia a te l'ira dei draghi: si scatena?" in told
    assert "si scatena?" in " ".join(mailed.lines)
    listed = token_client(demo.gm).get(api(demo, "gm/prompts/")).json()[0]
    assert listed["question"].endswith("does it rage?")
    assert listed["choices"][1] == [
        "sleeps",
        "It goes back to sleep in its lair and leaves the map",
    ]


def test_base16_a_prompt_stored_before_its_phrases_reads_in_english(demo, woken, client):
    """A prompt the engine asked before it kept its phrases shows its English words."""
    GmPrompt.objects.filter(pk=woken.pk).update(question_phrase=None, choice_phrases={})
    Profile.objects.update_or_create(user=demo.gm, defaults={"language": "it"})
    client.force_login(demo.gm)
    page = client.get(f"/campaigns/{demo.campaign.pk}/gm/").content.decode()
    assert "does it rage?" in page and "It goes back to sleep in its lair" in page


def test_base16_a_player_never_sees_the_rulings_nor_answers_them(demo, woken, client):
    client.force_login(demo.players["bob"])
    assert client.get(f"/campaigns/{demo.campaign.pk}/gm/").status_code == 403
    url = f"/campaigns/{demo.campaign.pk}/gm/prompts/{woken.pk}/"
    missing = f"/campaigns/{demo.campaign.pk}/gm/prompts/{woken.pk + 999}/"
    answered, absent = client.post(url, {"answer": "sleeps"}), client.post(missing, {})
    assert answered.status_code == absent.status_code == 404
    assert answered.content == absent.content
    woken.refresh_from_db()
    assert woken.answer == ""


def _monster_lair_answered(answer: str) -> dict:
    """AMB-27 through both steps of a demo campaign: alice's army finds ruins whose
    search meets a creature's lair (every T-WILD, T-RUIN and T-MONSTER roll made so);
    the GM answers ``answer``; the BattleFought payload of its fight."""
    demo = demo_campaign_create(hexes=40, players=4, seed="test")
    Turn.objects.filter(pk=demo.turn.pk).update(seed="amb-27")  # the same dice each time
    tables = {f"t-wild-{c}": "1-100 ruins_tomb" for c in COLUMN_NAMES.values()}
    tables |= {"t-ruin": "1-6 monster_lair", "t-monster": "1-6 beastmen"}
    demo.campaign.ruleset_overrides = {"options": {"wildlands": 1}, "tables": tables}
    demo.campaign.save(update_fields=["ruleset_overrides"])
    army = first_army(demo, "alice")
    _barren(demo, army)
    assert order_post(demo, "alice", {"army": army.pk, "kind": "examine"}).status_code == 201
    _step(demo)
    prompt = GmPrompt.objects.get(campaign=demo.campaign, rule__startswith="AMB-27")
    assert prompt.army_id == army.pk and "Monsters (Beastmen) fall upon" in prompt.question
    with translation.override("it"):  # AMB-27 in the GM's language, the foe's name too
        assert "Dei mostri (Beastmen) piombano su" in prompt.question_text
    with translation.override("es"):
        assert "Unos monstruos (Hombres Bestia) caen sobre" in prompt.question_text
    prompt_answer(access=_access(demo, demo.gm), prompt_id=prompt.pk, answer=answer, by=demo.gm)
    _step(demo)
    applied = TurnEvent.objects.get(campaign=demo.campaign, kind="RulingApplied")
    assert applied.kingdom_ids == [army.kingdom_id]
    return TurnEvent.objects.get(campaign=demo.campaign, kind="BattleFought").payload


def test_amb27_the_battle_is_fought_with_the_strength_the_gm_ruled(db):
    """The same seed, the same creature: halved, the army's Table 23 total beats the one
    it has against the creature doubled (the points ratio, E-21)."""
    halved, doubled = _monster_lair_answered("halved"), _monster_lair_answered("doubled")
    assert halved["attacker_strategy"] == doubled["attacker_strategy"]
    assert halved["defender_total"] > doubled["defender_total"]
