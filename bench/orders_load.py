"""Load benchmark: players giving their orders at once, through gunicorn and PostgreSQL.

Standing target: on a 10,000-hex map, 200 players each giving 3 orders within one minute
(600 orders through the REST API) get their answers with a p95 of at most 200 ms and a
p99 of at most 500 ms, no error, and no order lost: each player's last acknowledged order
is the one stored. Prints figures next to the targets; never asserts.

    .venv/bin/python bench/orders_load.py [--hexes 10000] [--players 200] [--orders 3]
        [--seconds 60] [--workers 3]

It makes a throwaway database on the PostgreSQL server of POSTGRES_URL (by default
postgres://postgres@127.0.0.1:5432/postgres) and drops it at the end, builds the demo
campaign there, gives each player a personal API token (as a script would once: the
token endpoint lets an address ask 20 times an hour), and starts gunicorn as the image
does (``--workers 3``, persistent database connections as docker-compose.yml sets them).
Each player is a thread that sends its orders for one army one after the other at random
moments of the minute (seeded), each waiting for the answer of the one before, as a
browser would; the first changes the army's order to a Patrol of its capital, the others
alternate an Invade of a neighbouring hex and a Patrol of another of its hexes.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import ROOT, setup_django  # noqa: E402

TARGET_P95 = 0.200
TARGET_P99 = 0.500
POSTGRES_URL = os.environ.get("POSTGRES_URL", "postgres://postgres@127.0.0.1:5432/postgres")


@dataclass
class Player:
    """One player's army, token and orders to send, and what the server answered."""

    name: str
    token: str
    army_id: int
    orders: list[dict]
    moments: list[float]
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    acknowledged: dict | None = None


def throwaway_database() -> tuple[str, str]:
    """A new empty database on the server of POSTGRES_URL: its URL and its name."""
    import psycopg

    name = f"warpost_orders_load_{os.getpid()}"
    with psycopg.connect(POSTGRES_URL, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    parts = urlsplit(POSTGRES_URL)
    return urlunsplit(parts._replace(path=f"/{name}")), name


def drop_database(name: str) -> None:
    import psycopg

    with psycopg.connect(POSTGRES_URL, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def campaign_build(hexes: int, players: int, orders: int, seconds: float) -> tuple[int, list]:
    """The demo campaign, and each player's army, token and orders."""
    from campaign.campaigns.setup import demo_campaign_create
    from campaign.pipeline.snapshot import snapshot_load
    from campaign.tokens.models import PersonalToken
    from campaign.tokens.services import token_create
    from kingdoms.models import Army
    from rules.core.hexgrid import adjacent, terrain_map

    demo = demo_campaign_create(hexes=hexes, players=players, seed="orders-load")
    world = snapshot_load(demo.campaign, demo.turn.number).world
    terrain = terrain_map(world.hexes)
    dice = random.Random("orders-load")  # the schedule only: no rule rolls here
    built = []
    for username, user in demo.players.items():
        kingdom = demo.kingdoms[username]
        army = Army.objects.filter(kingdom=kingdom).order_by("id").first()
        own = sorted(
            c
            for c, h in world.hexes.items()
            if h.owner == kingdom.pk and not h.orphan and not h.terrain.is_sea
        )
        capital = world.kingdoms[kingdom.pk].capital
        border = sorted(  # nobody's land next to the kingdom's: a legal Invade (Table 5)
            c
            for c in {c for home in own for c in adjacent(home, terrain)}
            if world.hexes[c].owner is None
            and world.hexes[c].neutral_kingdom is None
            and not terrain[c].is_sea
        )
        others = [c for c in own if c != capital] or [capital]
        sent = [patrol(world, army.pk, capital)]
        for index in range(1, orders):
            if index % 2 and border:
                sent.append(
                    {"army": army.pk, "kind": "invade", "target": list(dice.choice(border))}
                )
            else:
                sent.append(patrol(world, army.pk, dice.choice(others)))
        _row, key = token_create(user=user, name="orders load", scope=PersonalToken.Scope.WRITE)
        moments = sorted(dice.uniform(0, seconds) for _ in range(orders))
        built.append(Player(username, key, army.pk, sent, moments))
    return demo.campaign.pk, built


def patrol(world, army_id: int, base) -> dict:
    """A Patrol order naming the land hexes across the sea the map would offer
    (A-1.1.2.4)."""
    from rules.turn.orders import default_sea_cover

    cover = [list(cell) for cell in default_sea_cover(world, base)]
    return {"army": army_id, "kind": "patrol", "target": list(base), "sea_cover": cover}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def gunicorn_start(database_url: str, port: int, workers: int) -> subprocess.Popen:
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "DB_CONN_MAX_AGE": "60",
        "DEBUG": "0",
        "ALLOWED_HOSTS": "127.0.0.1",
        "PYTHONWARNINGS": "ignore:No directory at",  # no collectstatic for an API bench
    }
    return subprocess.Popen(
        [
            str(ROOT / ".venv" / "bin" / "gunicorn"),
            "campaign.wsgi:application",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(workers),
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
    )


def request(port: int, method: str, path: str, token: str, body: dict | None = None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    try:
        payload = json.dumps(body) if body is not None else None
        headers = {"Authorization": f"Token {token}", "Content-Type": "application/json"}
        connection.request(method, path, body=payload, headers=headers)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def wait_until_up(port: int, campaign_id: int, player: Player, server: subprocess.Popen) -> None:
    """Until gunicorn answers; then each worker is asked a few times, so that the load
    finds them warm (their first request imports the views)."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit("gunicorn stopped")
        try:
            status, _ = request(port, "GET", f"/api/campaigns/{campaign_id}/turn/", player.token)
            if status == 200:
                break
        except OSError:
            time.sleep(0.5)
    for _ in range(12):
        request(port, "GET", f"/api/campaigns/{campaign_id}/orders/", player.token)


def play(port: int, campaign_id: int, player: Player, start: float) -> None:
    """The player's orders, each at its moment or as soon as the one before is answered."""
    path = f"/api/campaigns/{campaign_id}/orders/"
    for moment, order in zip(player.moments, player.orders, strict=True):
        time.sleep(max(0.0, start + moment - time.monotonic()))
        began = time.perf_counter()
        try:
            status, body = request(port, "POST", path, player.token, order)
        except OSError as error:
            player.errors.append(f"{type(error).__name__}: {error}")
            continue
        player.latencies.append(time.perf_counter() - began)
        if status == 201:
            player.acknowledged = {k: v for k, v in order.items() if k != "sea_cover"}
        else:
            player.errors.append(f"{status}: {body[:200].decode(errors='replace')}")


def lost(campaign_id: int, players: list[Player]) -> list[str]:
    """The players whose stored order is not the last one the server acknowledged."""
    from kingdoms.orders.models import Order

    stored = {
        o.army_id: {"army": o.army_id, "kind": o.kind, "target": [o.target.q, o.target.r]}
        for o in Order.objects.filter(turn__campaign_id=campaign_id).select_related("target")
    }
    return [p.name for p in players if p.acknowledged and stored.get(p.army_id) != p.acknowledged]


def percentile(values: list[float], share: float) -> float:
    return statistics.quantiles(values, n=1000, method="inclusive")[int(share * 1000) - 1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hexes", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--orders", type=int, default=3, help="orders each player gives")
    parser.add_argument("--seconds", type=float, default=60.0, help="the time they take")
    parser.add_argument("--workers", type=int, default=3, help="gunicorn's workers")
    args = parser.parse_args()

    database_url, database = throwaway_database()
    os.environ["DATABASE_URL"] = database_url
    server = None
    try:
        setup_django()
        began = time.perf_counter()
        campaign_id, players = campaign_build(args.hexes, args.players, args.orders, args.seconds)
        print(
            f"{args.hexes:,} hexes, {args.players} players: campaign built in "
            f"{time.perf_counter() - began:.0f} s"
        )
        from django.db import connections

        connections.close_all()  # the database is gunicorn's now
        port = free_port()
        server = gunicorn_start(database_url, port, args.workers)
        wait_until_up(port, campaign_id, players[0], server)
        start = time.monotonic() + 1
        threads = [
            threading.Thread(target=play, args=(port, campaign_id, p, start)) for p in players
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.monotonic() - start
        report(args, players, lost(campaign_id, players), elapsed)
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=30)
        from django.db import connections

        connections.close_all()
        drop_database(database)


def report(args: argparse.Namespace, players: list[Player], missing: list[str], elapsed: float):
    latencies = [t for p in players for t in p.latencies]
    errors = [e for p in players for e in p.errors]
    sent = sum(len(p.orders) for p in players)
    print(f"{sent} orders from {len(players)} players in {elapsed:.0f} s, {args.workers} workers")
    if latencies:
        p50, p95, p99 = (percentile(latencies, s) for s in (0.50, 0.95, 0.99))
        print(f"  p50 {p50 * 1000:7.0f} ms")
        print(f"  p95 {p95 * 1000:7.0f} ms   target <= {TARGET_P95 * 1000:.0f} ms")
        print(f"  p99 {p99 * 1000:7.0f} ms   target <= {TARGET_P99 * 1000:.0f} ms")
        print(f"  max {max(latencies) * 1000:7.0f} ms")
    print(f"  errors {len(errors):5d}      target 0")
    print(f"  lost   {len(missing):5d}      target 0")
    for error in errors[:5]:
        print(f"    {error}")
    for name in missing[:5]:
        print(f"    lost: {name}'s last acknowledged order")


if __name__ == "__main__":
    main()
