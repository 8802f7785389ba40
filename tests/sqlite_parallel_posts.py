"""Run as ``python -m tests.sqlite_parallel_posts``, with DATABASE_URL naming a fresh
SQLite file: makes its tables and the demo campaign, and has every player post his
orders and a surgeon (Table 10) at the same moment, one thread each, as a threaded
server would. Prints each answer's status and body as JSON lines.

A subprocess, because the test suite's own SQLite database lives in memory, where
locks work otherwise (tests/campaign/turns/test_sqlite_locking.py runs it)."""

from __future__ import annotations

import json
import threading

import django

django.setup()

from django.apps import apps  # noqa: E402
from django.conf import settings  # noqa: E402
from django.core.management import call_command  # noqa: E402
from rest_framework.authtoken.models import Token  # noqa: E402
from rest_framework.test import APIClient  # noqa: E402

from campaign.campaigns.setup import demo_campaign_create  # noqa: E402


def posts(demo) -> list[tuple[str, str, dict]]:
    """(username, path, body): each army's order and each kingdom's surgeon."""
    base = f"/api/campaigns/{demo.campaign.pk}/"
    wanted = []
    for username, kingdom in demo.kingdoms.items():
        wanted += [
            (username, base + "orders/", {"army": army.pk, "kind": "rest"})
            for army in kingdom.armies.all()
        ]
        wanted.append((username, base + "spending/", {"kind": "surgeon"}))
    return wanted


def main() -> None:
    # The tables straight from the models, as pytest-django's --nomigrations makes them:
    # replaying every migration costs far more, and the schema is the same.
    settings.MIGRATION_MODULES = {app.label: None for app in apps.get_app_configs()}
    call_command("migrate", run_syncdb=True, verbosity=0)
    demo = demo_campaign_create(hexes=40, players=4, seed="parallel")
    tokens = {name: Token.objects.create(user=user).key for name, user in demo.players.items()}
    wanted = posts(demo)
    start = threading.Barrier(len(wanted))
    answers: list[dict] = []

    def post(username: str, path: str, body: dict) -> None:
        client = APIClient(raise_request_exception=False)
        client.credentials(HTTP_AUTHORIZATION=f"Token {tokens[username]}")
        start.wait()
        response = client.post(path, body, format="json")
        answers.append({"status": response.status_code, "body": response.content.decode()[:300]})

    threads = [threading.Thread(target=post, args=args) for args in wanted]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for answer in answers:
        print(json.dumps(answer))


if __name__ == "__main__":
    main()
