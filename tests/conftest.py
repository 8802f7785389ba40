"""Shared fixtures: a demo campaign built the way `make run` builds it.

The pure rules tests also run without Django (``pytest -p no:django``): the Django
modules are imported inside the fixtures, and the autouse fixtures that set Django up
for a test do nothing when pytest-django is off, nor for the tests of tests/rules/,
which never touch Django (setting it up for each of them cost a run a second).
"""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from rules.core import hexgrid
from rules.core.state import Coord, Terrain

if TYPE_CHECKING:
    from campaign.campaigns.setup import Demo


RULES_TESTS = Path(__file__).parent / "rules"


def _with_django(request) -> bool:
    """Whether this test may touch Django: pytest-django is on and the test is not one of
    the pure engine's."""
    on = request.config.pluginmanager.hasplugin("django")
    return on and RULES_TESTS not in request.node.path.parents


@pytest.fixture(autouse=True)
def pinned_seeds(request, monkeypatch):
    """Dice are seeded: every turn a test opens gets the next of a fixed list of seeds,
    so a test sees the same rolls on every run."""
    if _with_django(request):
        counter = itertools.count(1)
        monkeypatch.setattr("campaign.models.new_seed", lambda: f"pinned-seed-{next(counter)}")


@pytest.fixture(autouse=True)
def own_cache(request):
    """Each test starts on an empty in-memory cache, so that the API throttles'
    counts (kept in the cache, per user) do not carry from test to test, and with no map
    kept from another test (campaign.map.selectors.shared_map). The integration tests
    keep the real Redis, which their worker shares; nothing here clears it."""
    if request.node.get_closest_marker("integration") or not _with_django(request):
        return
    from django.core.cache import cache

    settings = request.getfixturevalue("settings")
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "warpost-tests",
        }
    }
    cache.clear()
    from campaign.map.selectors import shared_maps_forget

    shared_maps_forget()


@pytest.fixture(autouse=True)
def fast_passwords(request):
    """The demo's users get real passwords; hashing them the slow, safe way costs
    seconds a test."""
    if _with_django(request):
        settings = request.getfixturevalue("settings")
        settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def demo(db) -> Demo:
    """The default demo: ~40 hexes, 4 players, one hidden neutral kingdom, turn 1 open."""
    from campaign.campaigns.setup import demo_campaign_create

    return demo_campaign_create(hexes=40, players=4, seed="test")


def _invasion_targets(kingdom) -> list[Coord]:
    hexes = list(kingdom.campaign.hexes.all())
    terrain = {h.coord: Terrain(h.terrain) for h in hexes}
    own = {h.coord for h in hexes if h.owner_id == kingdom.pk and not h.is_orphan}
    reachable = {c for cell in own for c in hexgrid.adjacent(cell, terrain)}
    return sorted(c for c in reachable - own if terrain[c] != Terrain.SEA)


@pytest.fixture
def invasion_targets():
    """Land hexes a kingdom may invade (A-1.0.4, E-16), sorted: for tests that need one."""
    return _invasion_targets


@pytest.fixture(autouse=True)
def eager_celery(request):
    """Tests run server steps in-process, except the integration tests, which use the
    real worker (CI sets REDIS_URL, which would otherwise send every task to Redis)."""
    if request.node.get_closest_marker("integration") or not _with_django(request):
        yield
        return
    from campaign.celery import app as celery_app

    previous = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = previous
