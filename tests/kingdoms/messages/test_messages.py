"""Players talk (B 7.0): private threads between kingdoms on the pages (HTMX) and the API;
who reads which thread (a stranger to it gets the 404 of a missing one), the GM by the
campaign's option, a substitute in place of the player he replaces; unread counts; an
agreement proposed from a thread (Q23); and each message told to the others."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from campaign.core.access import Access
from campaign.core.errors import Refused
from campaign.core.viewers import membership_for, viewer_for
from campaign.hosting.services import seat_assign
from campaign.models import Campaign, Membership
from kingdoms.agreements.models import Agreement
from kingdoms.messages.models import BODY_LENGTH, Message, Thread
from kingdoms.messages.selectors import inbox
from kingdoms.messages.services import message_post, thread_start
from tests.api_support import api, token_client

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
MISSING = 987654321


def _start(demo, by="alice", to=("bob",), body="Shall we talk?", **extra) -> Thread:
    writer = demo.gm if by == "gm" else demo.players[by]
    return thread_start(
        campaign=demo.campaign,
        by=writer,
        subject="The river border",
        kingdom_ids=[demo.kingdoms[name].pk for name in to],
        body=body,
        **extra,
    )


def _thread_url(demo, thread_id) -> str:
    return reverse("message-thread", args=[demo.campaign.pk, thread_id])


def _logged_in(client, user):
    client.force_login(user)
    return client


def _gm_reads_messages(demo) -> None:
    Campaign.objects.filter(pk=demo.campaign.pk).update(
        ruleset_overrides={"options": {"gm_reads_messages": 1}}
    )
    demo.campaign.refresh_from_db()


def _access(demo, user) -> Access:
    membership = membership_for(user, demo.campaign)
    return Access(demo.campaign, membership, viewer_for(membership))


# Two players talk ----------------------------------------------------------------------


def test_two_players_exchange_messages_on_the_pages(demo, client):
    alice, bob = demo.kingdoms["alice"], demo.kingdoms["bob"]
    _logged_in(client, demo.players["alice"])
    new = reverse("message-thread-new", args=[demo.campaign.pk])
    form = client.get(new).content.decode()
    assert bob.name in form and f'value="{alice.pk}"' not in form, "others, not herself"
    sent = client.post(
        new,
        {
            "thread-subject": "The river border",
            "thread-kingdoms": [bob.pk],
            "thread-body": "Shall the river be our border?",
        },
    )
    thread = Thread.objects.get()
    assert sent.status_code == 302 and sent["Location"] == _thread_url(demo, thread.pk)

    _logged_in(client, demo.players["bob"])
    listed = client.get(reverse("message-inbox", args=[demo.campaign.pk])).content.decode()
    assert "The river border" in listed and f"{alice.name}, {bob.name}" in listed
    assert 'aria-label="unread">1<' in listed
    page = client.get(_thread_url(demo, thread.pk)).content.decode()
    assert "Shall the river be our border?" in page and "<strong>new</strong>" in page
    answered = client.post(
        _thread_url(demo, thread.pk), {"message-body": "Agreed, up to the ford."}, **HTMX
    )
    html = answered.content.decode()
    assert answered.status_code == 200 and "<html" not in html, "the thread's partial"
    assert "Agreed, up to the ford." in html and "Sent." in html
    listed = client.get(reverse("message-inbox", args=[demo.campaign.pk])).content.decode()
    assert 'aria-label="unread"' not in listed, "bob read it all, and wrote the last one"

    _logged_in(client, demo.players["alice"])
    listed = client.get(reverse("message-inbox", args=[demo.campaign.pk])).content.decode()
    assert 'aria-label="unread">1<' in listed
    assert [m.kingdom for m in Message.objects.order_by("id")] == [alice, bob]


def test_two_players_exchange_messages_over_the_api(demo):
    alice, bob = token_client(demo.players["alice"]), token_client(demo.players["bob"])
    made = alice.post(
        api(demo, "messages/"),
        {
            "subject": "Grain",
            "kingdoms": [demo.kingdoms["bob"].pk],
            "body": "Grain for iron?",
        },
        format="json",
    )
    assert made.status_code == 201, made.json()
    thread = made.json()
    assert [m["body"] for m in thread["messages"]] == ["Grain for iron?"]
    assert thread["members"] == [demo.kingdoms["alice"].name, demo.kingdoms["bob"].name]

    inbox_of_bob = bob.get(api(demo, "messages/")).json()
    assert inbox_of_bob["unread"] == 1
    assert [(t["subject"], t["unread"]) for t in inbox_of_bob["threads"]] == [("Grain", 1)]
    read = bob.get(api(demo, f"messages/{thread['id']}/")).json()
    assert [(m["author"], m["unread"], m["mine"]) for m in read["messages"]] == [
        (demo.kingdoms["alice"].name, True, False)
    ]
    answer = bob.post(
        api(demo, f"messages/{thread['id']}/"), {"body": "Iron for grain."}, format="json"
    )
    assert answer.status_code == 201 and answer.json()["mine"]
    assert alice.get(api(demo, "messages/")).json()["unread"] == 1
    assert bob.get(api(demo, "messages/")).json()["unread"] == 0, "bob answered: read"


# Who reads a thread --------------------------------------------------------------------


def test_a_third_kingdoms_player_gets_the_404_of_a_missing_thread(demo, client):
    thread = _start(demo)
    carol = demo.players["carol"]
    _logged_in(client, carol)
    hidden = client.get(_thread_url(demo, thread.pk))
    missing = client.get(_thread_url(demo, MISSING))
    assert (hidden.status_code, hidden.content) == (404, missing.content)
    posted = client.post(_thread_url(demo, thread.pk), {"message-body": "Hello?"})
    assert (posted.status_code, posted.content) == (404, missing.content)
    listed = client.get(reverse("message-inbox", args=[demo.campaign.pk])).content.decode()
    assert "The river border" not in listed

    carols = token_client(carol)
    for path in (f"messages/{thread.pk}/", f"messages/{MISSING}/"):
        assert carols.get(api(demo, path)).status_code == 404
    hidden = carols.get(api(demo, f"messages/{thread.pk}/"))
    missing = carols.get(api(demo, f"messages/{MISSING}/"))
    assert hidden.content == missing.content
    posted = carols.post(api(demo, f"messages/{thread.pk}/"), {"body": "Hi"}, format="json")
    assert (posted.status_code, posted.content) == (404, missing.content)
    read = carols.post(api(demo, f"messages/{thread.pk}/read/"), {}, format="json")
    assert (read.status_code, read.content) == (404, missing.content)
    assert carols.get(api(demo, "messages/")).json() == {"unread": 0, "threads": []}
    assert Message.objects.count() == 1


def test_the_gm_reads_only_his_own_threads_unless_the_campaign_says_so(demo, client):
    """B 7.0, the gm_reads_messages house rule: off by default."""
    between_players = _start(demo)
    to_carol = _start(demo, by="gm", to=("carol",), body="Your envoy is expected.")
    gm = token_client(demo.gm)
    assert [t["id"] for t in gm.get(api(demo, "messages/")).json()["threads"]] == [to_carol.pk]
    assert gm.get(api(demo, f"messages/{between_players.pk}/")).status_code == 404
    carol = token_client(demo.players["carol"]).get(api(demo, f"messages/{to_carol.pk}/"))
    assert carol.json()["members"] == [demo.kingdoms["carol"].name, "The game master"]
    assert carol.json()["messages"][0]["author"] == "The game master"

    _gm_reads_messages(demo)
    threads = gm.get(api(demo, "messages/")).json()["threads"]
    assert {(t["id"], t["member"]) for t in threads} == {
        (between_players.pk, False),
        (to_carol.pk, True),
    }
    assert gm.get(api(demo, f"messages/{between_players.pk}/")).status_code == 200
    refused = gm.post(
        api(demo, f"messages/{between_players.pk}/"), {"body": "Behave."}, format="json"
    )
    assert refused.status_code == 403
    assert "start a thread of your own" in refused.json()["detail"]
    _logged_in(client, demo.gm)
    page = client.get(_thread_url(demo, between_players.pk)).content.decode()
    assert "Shall we talk?" in page and "You read it as the game master" in page
    assert 'name="message-body"' not in page


def test_a_player_may_write_to_the_gm(demo):
    thread = _start(demo, to=(), with_gm=True, body="Is a river a border?")
    assert thread.with_gm and list(thread.kingdoms.all()) == [demo.kingdoms["alice"]]
    gm = token_client(demo.gm).get(api(demo, f"messages/{thread.pk}/")).json()
    assert gm["member"] and gm["messages"][0]["body"] == "Is a river a border?"


def test_a_substitute_reads_his_kingdoms_threads_and_the_player_he_replaces_no_more(demo):
    """Visibility goes through the membership: the thread is the kingdom's."""
    thread = _start(demo)
    message_post(thread=thread, by=demo.players["bob"], body="Seen.")
    substitute = User.objects.create_user("sub")
    Membership.objects.create(campaign=demo.campaign, user=substitute, role="player")
    seat_assign(campaign=demo.campaign, by=demo.gm, kingdom=demo.kingdoms["bob"], player=substitute)
    assert (
        token_client(demo.players["bob"]).get(api(demo, f"messages/{thread.pk}/")).status_code
        == 404
    )
    subs = token_client(substitute).get(api(demo, "messages/")).json()
    assert [(t["id"], t["unread"]) for t in subs["threads"]] == [(thread.pk, 2)], (
        "the read marks were his predecessor's"
    )
    answer = token_client(substitute).post(
        api(demo, f"messages/{thread.pk}/"), {"body": "New hands, same word."}, format="json"
    )
    assert answer.json()["author"] == demo.kingdoms["bob"].name


# Unread counts -------------------------------------------------------------------------


def test_the_inbox_counts_unread_messages_per_thread_and_in_all_in_one_query(demo):
    first = _start(demo, to=("bob",))
    second = _start(demo, to=("bob", "carol"))
    for text in ("One.", "Two."):
        message_post(thread=second, by=demo.players["carol"], body=text)
    access = _access(demo, demo.players["bob"])
    with CaptureQueriesContext(connection) as queries:
        rows = inbox(access)
    assert len(queries) == 2, "the counts in one query, the kingdoms in another"
    assert [(row["id"], row["unread"]) for row in rows] == [(second.pk, 3), (first.pk, 1)]

    bob = token_client(demo.players["bob"])
    last_of_alice = second.messages.order_by("id").first().pk
    marked = bob.post(
        api(demo, f"messages/{second.pk}/read/"), {"up_to": last_of_alice}, format="json"
    )
    assert marked.status_code == 204
    listed = bob.get(api(demo, "messages/")).json()
    assert listed["unread"] == 3
    assert [(t["id"], t["unread"]) for t in listed["threads"]] == [(second.pk, 2), (first.pk, 1)]
    bob.post(api(demo, f"messages/{second.pk}/read/"), {}, format="json")
    assert bob.get(api(demo, "messages/")).json()["unread"] == 1


# Refused by name -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "change, field, reason",
    [
        ({"body": "   "}, "body", "The message needs some words."),
        ({"body": "x" * (BODY_LENGTH + 1)}, "body", f"write at most {BODY_LENGTH:,}"),
        ({"subject": "Line\nbreak"}, "subject", "may not contain control characters (here U+000A)"),
        ({"kingdoms": [MISSING]}, "kingdoms", f"There is no kingdom {MISSING} in this campaign"),
        ({"kingdoms": []}, "kingdoms", "Choose whom you write to"),
    ],
)
def test_bad_input_is_refused_by_name_and_saves_nothing(demo, change, field, reason):
    wanted = {
        "subject": "Grain",
        "kingdom_ids": [demo.kingdoms["bob"].pk],
        "body": "Grain for iron?",
    }
    wanted |= {("kingdom_ids" if k == "kingdoms" else k): v for k, v in change.items()}
    with pytest.raises(Refused) as refused:
        thread_start(campaign=demo.campaign, by=demo.players["alice"], **wanted)
    assert refused.value.field == field and reason in refused.value.message
    assert not Thread.objects.exists()


def test_the_api_and_the_pages_refuse_bad_input_by_its_field(demo, client):
    alice = token_client(demo.players["alice"])
    unknown = alice.post(
        api(demo, "messages/"),
        {"subject": "Hi", "kingdoms": [MISSING], "body": "Hello"},
        format="json",
    )
    assert unknown.status_code == 400 and unknown.json()["field"] == "kingdoms"
    empty = alice.post(
        api(demo, "messages/"),
        {"subject": "Hi", "kingdoms": [demo.kingdoms["bob"].pk], "body": ""},
        format="json",
    )
    assert empty.status_code == 400 and empty.json()["field"] == "body"
    thread = _start(demo)
    too_long = alice.post(
        api(demo, f"messages/{thread.pk}/"), {"body": "x" * (BODY_LENGTH + 1)}, format="json"
    )
    assert too_long.status_code == 400 and too_long.json()["field"] == "body"

    _logged_in(client, demo.players["alice"])
    page = client.post(_thread_url(demo, thread.pk), {"message-body": "  \n "}, **HTMX)
    html = page.content.decode()
    after_field = html.split('class="field body"')[1]
    assert "The message needs some words." in after_field
    assert Message.objects.count() == 1


def test_an_eliminated_kingdom_is_not_written_to(demo):
    demo.kingdoms["carol"].eliminated = True
    demo.kingdoms["carol"].save(update_fields=["eliminated"])
    with pytest.raises(Refused, match="is eliminated: it receives no more messages") as refused:
        _start(demo, to=("bob", "carol"))
    assert refused.value.field == "kingdoms"


# An agreement proposed from a thread (Q23) ---------------------------------------------


def test_a_player_proposes_an_agreement_from_the_thread_and_the_thread_says_so(demo, client):
    thread = _start(demo)
    _logged_in(client, demo.players["alice"])
    page = client.get(_thread_url(demo, thread.pk)).content.decode()
    assert "Propose an agreement" in page
    url = reverse("message-thread-agreement", args=[demo.campaign.pk, thread.pk])
    bob = demo.kingdoms["bob"]
    done = client.post(
        url, {"agreement-kind": "cease_fire", "agreement-partner": bob.pk}, **HTMX
    ).content.decode()
    agreement = Agreement.objects.get()
    assert (agreement.kind, agreement.partner, agreement.state) == ("cease_fire", bob, "proposed")
    assert f"Cease fire proposed to {bob.name}." in done
    said = thread.messages.order_by("id").last()
    assert said.agreement == agreement and said.kingdom == demo.kingdoms["alice"]
    _logged_in(client, demo.players["bob"])
    page = client.get(_thread_url(demo, thread.pk)).content.decode()
    assert f"proposes a cease fire to {bob.name}" in page
    assert f"#agreement-{agreement.pk}" in page


def test_an_agreement_from_a_thread_is_proposed_to_one_of_its_kingdoms_only(demo, client):
    thread = _start(demo)
    _logged_in(client, demo.players["alice"])
    url = reverse("message-thread-agreement", args=[demo.campaign.pk, thread.pk])
    carol = demo.kingdoms["carol"]
    refused = client.post(url, {"agreement-kind": "alliance", "agreement-partner": carol.pk})
    assert refused.status_code == 400
    html = refused.content.decode().split('class="field partner"')[1]
    assert "Select a valid choice" in html
    assert not Agreement.objects.exists() and thread.messages.count() == 1
