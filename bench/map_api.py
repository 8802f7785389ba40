"""Bench: the map API on a 10,000-hex campaign against a bare json.dumps of its hexes.

The standing target: a full GET /api/campaigns/{id}/map/ (auth, viewer, query, visibility,
encoding, ETag) takes at most twice a bare ``json.dumps`` of the same list of hex dicts.
It prints the figures and never asserts: run it on demand (``make bench``).

    .venv/bin/python bench/map_api.py [--hexes 10000] [--players 64] [--repeat 7]

Without DATABASE_URL it works in a throwaway SQLite file under /tmp, removed at the end.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET_RATIO = 2.0


def best_of(repeat: int, action: Callable[[], object]) -> float:
    """The fastest of ``repeat`` runs, in seconds: the least disturbed by the machine."""
    timings = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        timings.append(time.perf_counter() - start)
    return min(timings)


def setup_django() -> Path | None:
    """Django on DATABASE_URL, or on a fresh SQLite file that the caller removes."""
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "campaign.settings")
    os.environ.setdefault("DEBUG", "0")  # as deployed: no query log slowing the requests
    os.environ.setdefault("SECRET_KEY", "warpost-bench-only-key")  # it signs nothing here
    os.environ.setdefault("SECURE_SSL_REDIRECT", "false")  # its test client speaks plain HTTP
    throwaway = None
    if "DATABASE_URL" not in os.environ:
        handle, name = tempfile.mkstemp(prefix="warpost-bench-", suffix=".sqlite3", dir="/tmp")
        os.close(handle)
        throwaway = Path(name)
        os.environ["DATABASE_URL"] = f"sqlite:///{throwaway}"
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    return throwaway


def run(hexes: int, players: int, repeat: int) -> None:
    from django.test import Client
    from rest_framework.authtoken.models import Token

    from campaign.campaigns.setup import demo_campaign_create
    from campaign.core.viewers import membership_for, viewer_for
    from campaign.map.selectors import visible_map

    start = time.perf_counter()
    demo = demo_campaign_create(hexes=hexes, players=players, seed="bench")
    print(
        f"campaign: {demo.campaign.hexes.count():,} hexes, {players} players, "
        f"built in {time.perf_counter() - start:.1f} s"
    )
    url = f"/api/campaigns/{demo.campaign.pk}/map/"
    player = next(iter(demo.players.values()))
    print(f"best of {repeat}, target: endpoint <= {TARGET_RATIO:.1f} x bare json.dumps\n")
    for label, user in (("player", player), ("GM", demo.gm)):
        viewer = viewer_for(membership_for(user, demo.campaign))
        hex_dicts = visible_map(demo.campaign, viewer)
        token = Token.objects.get_or_create(user=user)[0].key
        client = Client(HTTP_AUTHORIZATION=f"Token {token}")
        response = client.get(url)
        if response.status_code != 200:
            print(f"{label}: the endpoint answered {response.status_code}, skipped")
            continue
        bare = best_of(repeat, lambda hex_dicts=hex_dicts: json.dumps(hex_dicts))
        selector = best_of(repeat, lambda viewer=viewer: visible_map(demo.campaign, viewer))
        full = best_of(repeat, lambda client=client: client.get(url))
        etag = response["ETag"]
        revalidate = best_of(repeat, lambda c=client, e=etag: c.get(url, HTTP_IF_NONE_MATCH=e))
        ratio = full / bare
        api_ratio = (full - selector) / bare
        verdict = "meets" if ratio <= TARGET_RATIO else "misses"
        print(f"{label}:")
        print(f"  bare json.dumps        {bare * 1000:8.1f} ms  ({len(response.content):,} bytes)")
        print(f"  selector visible_map   {selector * 1000:8.1f} ms")
        print(f"  GET map (200)          {full * 1000:8.1f} ms")
        print(f"  GET map (304 by ETag)  {revalidate * 1000:8.1f} ms")
        print(f"  ratio GET / bare       {ratio:8.2f}     {verdict} the target {TARGET_RATIO:.1f}")
        print(f"  ratio (GET - selector) / bare {api_ratio:5.2f}  the API layer alone\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hexes", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=64)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    throwaway = setup_django()
    try:
        run(args.hexes, args.players, args.repeat)
    finally:
        if throwaway is not None:
            throwaway.unlink(missing_ok=True)


if __name__ == "__main__":
    main()
