"""Fixtures of the browser tests: Debian's Chromium driven by Playwright against
pytest-django's live server.

Celery runs eagerly here thanks to tests/conftest.py's autouse ``eager_celery`` (CI sets
REDIS_URL, which would otherwise send a step to a worker these tests do not start).
"""

from __future__ import annotations

import os
import threading

import pytest
from django.core.signals import request_finished, request_started
from django.db import connections

from tests.browser.chromium import CHROMIUM

# Playwright's sync API runs an event loop in this thread; the test's ORM calls are
# still plain synchronous ones.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

# Seconds a test's end waits for the live server to answer what its pages last asked.
LAST_ANSWERS = 10


class RequestsUnderWay:
    """The live server's requests begun and not yet finished while a test runs, counted
    by Django's signals in the server's threads. A request still running when a test ends
    holds its tables while the test database is emptied (TRUNCATE), and PostgreSQL may
    call that a deadlock."""

    def __init__(self):
        self.count = 0
        self.changed = threading.Condition()
        request_started.connect(self.started, weak=False)
        request_finished.connect(self.finished, weak=False)

    def started(self, **kwargs):
        with self.changed:
            self.count += 1

    def finished(self, **kwargs):
        with self.changed:
            self.count -= 1
            self.changed.notify_all()

    def wait_until_none(self, timeout: float) -> None:
        with self.changed:
            self.changed.wait_for(lambda: self.count <= 0, timeout)
        request_started.disconnect(self.started)
        request_finished.disconnect(self.finished)


@pytest.fixture(scope="module")
def chromium():
    """One Chromium for a test module's tests: starting Playwright and the browser cost a
    test two seconds. Each test still opens contexts of its own (their own cookies and
    storage), which ``browser`` closes after it."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        launched = p.chromium.launch(
            executable_path=str(CHROMIUM),
            headless=True,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
            ],
        )
        yield launched
        launched.close()


@pytest.fixture
def browser(chromium):
    """The module's Chromium, left after the test as the test found it: without the
    contexts (so the pages, the cookies) the test opened, and the live server done with
    what they asked (pytest-django empties the database after this teardown)."""
    under_way = RequestsUnderWay()
    yield chromium
    for context in chromium.contexts:
        context.close()
    under_way.wait_until_none(LAST_ANSWERS)
    # Under Playwright the test's ORM calls run in a greenlet context with its own
    # database connection; close it here, or it outlives the test database.
    connections.close_all()


@pytest.fixture
def log_in(browser, live_server):
    """A new browser context (its own cookies) logged in as ``username``; its page."""

    def log_in(username: str, **context_options):
        page = browser.new_context(**context_options).new_page()
        page.set_default_timeout(10_000)
        page.goto(f"{live_server.url}/login/")
        page.fill("input[name=login]", username)
        page.fill("input[name=password]", "warpost")
        page.click("button[type=submit]")
        page.wait_for_url(f"{live_server.url}/")
        return page

    return log_in


@pytest.fixture
def played_campaign(transactional_db, demo):
    """The demo one turn on: turn 1 resolved by the GM's two steps (the chronicle has a
    resolved turn, with its seed) and turn 2 at fight or retreat, Alice's army invading
    a hex Bob's army holds (a battle awaiting a decision, A-2.4). Built through the
    services, as the GM's console would."""
    from dataclasses import replace

    from campaign.turns.selectors import current_turn
    from campaign.turns.services import turn_claim_step
    from tests.api_support import battle_in_bobs_hex

    turn_claim_step(turn=demo.turn, by=demo.gm)  # provisional results
    turn_claim_step(turn=demo.turn, by=demo.gm)  # final results; turn 2 opens
    played = replace(demo, turn=current_turn(demo.campaign))
    assert played.turn.number == 2
    battle_in_bobs_hex(played)
    return played
