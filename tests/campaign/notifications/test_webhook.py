"""The campaign's gazette: after each resolved step, its public chronicle entries go to the
webhook the GM names, signed, retried with backoff when the receiver fails, and logged on
the GM's webhook page. A fake receiver runs on a local port (http.server)."""

from __future__ import annotations

import hashlib
import hmac
import json
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer

import pytest
from django.urls import reverse

from campaign.celery import app as celery_app
from campaign.chronicle.narration import Names, narrate
from campaign.models import TurnEvent
from campaign.notifications.models import Webhook, WebhookDelivery
from campaign.notifications.services import webhook_set
from campaign.notifications.webhook import SIGNATURE_HEADER
from rules.turn.visibility import Viewer, entry_view

pytestmark = pytest.mark.django_db


class Receiver:
    """A webhook receiver that answers each post with the next of ``answers`` (then 204)
    and keeps what it got."""

    def __init__(self, answers: list[int]):
        self.answers = list(answers)
        self.posts: list[tuple[dict, bytes]] = []
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"]))
                receiver.posts.append((dict(self.headers), body))
                self.send_response(receiver.answers.pop(0) if receiver.answers else 204)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = HTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}/hook"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def receiver(settings):
    """Starts fake receivers. An in-process task that asks to be retried runs again at
    once, as Celery's eager mode does when it does not hand the task's errors back."""
    settings.WEBHOOK_PRIVATE_ADDRESSES = True  # the fake receiver is on this machine
    propagates = celery_app.conf.task_eager_propagates
    celery_app.conf.task_eager_propagates = False
    made = []

    def start(*answers: int) -> Receiver:
        made.append(Receiver(list(answers)))
        return made[-1]

    yield start
    celery_app.conf.task_eager_propagates = propagates
    for each in made:
        each.close()


def _hooked(demo, url: str) -> Webhook:
    return webhook_set(campaign=demo.campaign, by=demo.gm, url=url)


def test_a_resolved_step_posts_the_public_entries_signed(mailed, step, invade, receiver):
    """Only what everyone may read goes out: the public entries since the webhook was set,
    their secrets removed (rules.turn.visibility.entry_view as for a stranger)."""
    fake = receiver()
    webhook = _hooked(mailed, fake.url)
    invade("alice", "bob")
    turn = step()
    ((headers, body),) = fake.posts
    expected = "sha256=" + hmac.new(webhook.secret.encode(), body, hashlib.sha256).hexdigest()
    assert headers[SIGNATURE_HEADER] == expected
    sent = json.loads(body)
    text = "\n".join(embed["description"] for embed in sent["embeds"])
    assert sent["content"] == f"The gazette of {mailed.campaign.name}"
    assert sent["embeds"][0]["title"] == "Turn 1"
    names = Names(kingdoms={k.pk: k.name for k in mailed.kingdoms.values()})
    hidden = 0
    for entry in TurnEvent.objects.filter(turn=turn, pk__gt=webhook.last_event_id):
        whole = narrate({"kind": entry.kind, "rule": entry.rule, **entry.payload}, names)
        seen = entry_view(
            entry.payload, entry.public, entry.kingdom_ids, entry.secret_fields, Viewer()
        )
        if seen is None or seen != entry.payload:  # private, or with secrets (E-29)
            hidden += 1
            assert whole not in text
        if seen is not None:
            public = narrate({"kind": entry.kind, "rule": entry.rule, **seen}, names)
            assert public in text
    assert hidden, "the turn had something to keep back"
    assert "ordered to invade" not in text
    (delivery,) = WebhookDelivery.objects.all()
    assert (delivery.status, delivery.attempts, delivery.response_status) == ("delivered", 1, 204)


def test_a_failed_post_is_retried_and_the_log_shows_it(mailed, step, invade, receiver, client):
    """A 500 from the receiver: the task tries again (in-process, at once; a worker waits
    30 s, then longer each time), and the GM's page shows the delivery and its attempts."""
    fake = receiver(500)
    _hooked(mailed, fake.url)
    invade("alice")
    step()
    assert len(fake.posts) == 2
    assert fake.posts[0][1] == fake.posts[1][1], "the same gazette again"
    (delivery,) = WebhookDelivery.objects.all()
    assert (delivery.status, delivery.attempts, delivery.response_status) == ("delivered", 2, 204)
    client.force_login(mailed.gm)
    page = client.get(reverse("gm-webhook", args=[mailed.campaign.pk])).content.decode()
    assert "Delivered" in page and fake.url in page
    client.force_login(mailed.players["alice"])
    assert client.get(reverse("gm-webhook", args=[mailed.campaign.pk])).status_code == 403


def test_a_refusing_receiver_is_not_retried(mailed, step, invade, receiver):
    """A 404 (a deleted Discord webhook) will not get better: one attempt, failed."""
    fake = receiver(404)
    _hooked(mailed, fake.url)
    invade("alice")
    step()
    assert len(fake.posts) == 1
    (delivery,) = WebhookDelivery.objects.all()
    assert (delivery.status, delivery.attempts, delivery.error) == ("failed", 1, "HTTP 404")


def test_each_gazette_carries_what_the_last_did_not(mailed, step, invade, receiver):
    fake = receiver()
    _hooked(mailed, fake.url)
    invade("alice")
    step()
    step()
    first, second = (json.loads(body) for _, body in fake.posts)
    first_text = {e["description"] for e in first["embeds"]}
    second_text = {e["description"] for e in second["embeds"]}
    assert not first_text & second_text
    assert "Turn 2" in [e["title"] for e in second["embeds"]], "the next turn's opening"


def test_a_private_address_is_refused_unless_allowed(mailed, step, invade, settings):
    """Lest a GM make the server post into its own network."""
    settings.WEBHOOK_PRIVATE_ADDRESSES = False
    _hooked(mailed, "http://127.0.0.1:9/hook")
    invade("alice")
    step()
    (delivery,) = WebhookDelivery.objects.all()
    assert delivery.status == "failed"
    assert delivery.error == "127.0.0.1 is a private address"


def test_the_gm_sets_renews_and_removes_the_webhook(client, mailed):
    client.force_login(mailed.gm)
    url = reverse("gm-webhook", args=[mailed.campaign.pk])
    bad = client.post(url, {"action": "save", "url": "ftp://example.org/hook"})
    assert bad.status_code == 400 and not Webhook.objects.exists()
    client.post(url, {"action": "save", "url": "https://discord.example/api/webhooks/1/x"})
    secret = Webhook.objects.get().secret
    client.post(url, {"action": "renew"})
    assert Webhook.objects.get().secret != secret
    client.post(url, {"action": "remove"})
    assert not Webhook.objects.exists()
