"""Bench: what one order costs, on maps of each size side by side.

Standing target: an order's cost is independent of the map's size. For each world
(1,000, 10,000 and, with ``--moonshot``, 100,000 hexes) it builds the demo campaign, gives
each player a personal API token, and sends each player's orders one after the other
through ``POST /api/campaigns/<id>/orders/`` in this process (Django's test client: the
whole request, its middleware, authentication and answer, without a network or other
requests competing), the orders bench/orders_load.py sends: a Patrol of the capital, an
Invade of a neighbouring hex, a Patrol of another hex. Prints for each world the p50, p95
and worst time of an order, its queries and the rows they read (least–most), and the p50
against the smallest world's; never asserts. The load of many players at once, through
gunicorn, is bench/orders_load.py's.

    .venv/bin/python bench/order_cost.py [--hexes 1000 10000] [--moonshot] [--players N]

The figures mean something on PostgreSQL (DATABASE_URL=postgres://…); without it the
bench works in a throwaway SQLite file under /tmp, removed at the end.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
import warnings
from dataclasses import dataclass

from common import chosen_sizes, django_database, sizes_argument

# The players whose orders are timed on each map (all of them when fewer): the 100,000-hex
# world has 1,000, whose orders would say no more than 200 players' do
PLAYERS = 200


@dataclass
class Sent:
    """An order's time, its queries and the rows they read."""

    seconds: float
    queries: int
    rows: int | None


@dataclass
class Counter:
    """Django's execute wrapper: the statements an order sends and the rows they read."""

    queries: int = 0
    rows: int | None = 0  # None where the driver does not count them (SQLite's)

    def __call__(self, execute, sql, params, many, context):
        result = execute(sql, params, many, context)
        self.queries += 1
        cursor = context["cursor"]
        if cursor.description is not None and self.rows is not None:  # it returns rows
            self.rows = self.rows + cursor.rowcount if cursor.rowcount >= 0 else None
        return result


def orders_send(size, players: int) -> list[Sent]:
    """Build the world, then send each of ``players`` players' orders, one at a time."""
    from django.db import connection
    from django.test import Client
    from orders_load import campaign_build

    campaign_id, built = campaign_build(size.hexes, size.kingdoms, orders=3, seconds=60)
    client, sent = Client(), []
    path = f"/api/campaigns/{campaign_id}/orders/"
    # One order first, untimed: what a process does once (statements written once, the
    # URL resolver), which the orders of a server's long life do not pay again
    _post(client, path, built[0].token, built[0].orders[0])
    for player in built[:players]:
        for body in player.orders:
            counter = Counter()
            with connection.execute_wrapper(counter):
                started = time.perf_counter()
                _post(client, path, player.token, body)
                seconds = time.perf_counter() - started
            sent.append(Sent(seconds, counter.queries, counter.rows))
    return sent


def _post(client, path: str, token: str, body: dict) -> None:
    answer = client.post(
        path,
        data=json.dumps(body),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Token {token}",
    )
    if answer.status_code not in (200, 201):
        raise SystemExit(f"{path}: {answer.status_code} {answer.content[:300]!r}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sizes_argument(parser)
    parser.add_argument(
        "--players", type=int, default=PLAYERS, help="the players whose orders are timed"
    )
    args = parser.parse_args()
    warnings.filterwarnings("ignore", "No directory at")  # no collectstatic for an API bench
    with django_database():
        smallest = None
        for size in chosen_sizes(args):
            sent = orders_send(size, args.players)
            times = sorted(s.seconds for s in sent)
            p50 = statistics.median(times)
            p95 = statistics.quantiles(times, n=20, method="inclusive")[-1]
            smallest = smallest or p50
            queries = sorted(s.queries for s in sent)
            rows = sorted(s.rows for s in sent if s.rows is not None) or ["?"]
            print(
                f"{size.label}: {len(sent)} orders | p50 {p50 * 1000:5.1f} ms"
                f" ({p50 / smallest:4.2f}× the first world's) p95 {p95 * 1000:5.1f} ms"
                f" worst {times[-1] * 1000:5.1f} ms | queries {queries[0]}–{queries[-1]},"
                f" rows read {rows[0]}–{rows[-1]}"
            )


if __name__ == "__main__":
    main()
