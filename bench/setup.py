"""Bench: setting up a campaign, from the seed to turn 1 open, at each size side by side.

The standing target: the 100,000-hex world with 1,000 kingdoms and 10,000 armies set up in
under 2 minutes by a worker under 2 GB. Each size is set up in a process of its own, so its
peak resident memory is its own. The figures: the map's generation alone (the rules
engine), the whole set-up (that generation, the rows' writing, turn 1 opened: the
transaction that the target is about), and after it, apart, the turn-1 notifications the
players get once it commits (a Celery task in a worker; in this process without Redis).
Prints figures; never asserts.

    .venv/bin/python bench/setup.py [--moonshot] [--hexes 1000 10000 ...]

Without DATABASE_URL it works in a throwaway SQLite file under /tmp, removed at the end;
with it (PostgreSQL, as deployed) the rows go in through COPY.
"""

from __future__ import annotations

import argparse
import multiprocessing
import resource
import time

from common import Size, chosen_sizes, django_database, sizes_argument

TARGET_SECONDS = 120
TARGET_MB = 2048


def set_up(hexes: int, players: int, armies: int, results) -> None:
    """One size, in a forked process: its figures put on ``results``. The map is generated
    once alone to time it, then again within the set-up, as the set-up does."""
    from django.db import transaction

    from campaign.campaigns.setup import demo_campaign_create
    from rules.core.dice import Dice
    from rules.core.mapgen import generate_map, neutral_count

    start = time.perf_counter()
    generate_map(
        hexes=hexes, players=players, neutrals=neutral_count(players, 4), dice=Dice("map:b")
    )
    generated = time.perf_counter()
    with transaction.atomic():  # its notifications go when this commits
        demo_campaign_create(hexes=hexes, players=players, armies_per_kingdom=armies, seed="b")
        built = time.perf_counter()
    done = time.perf_counter()
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    results.put((generated - start, built - generated, done - built, peak_mb))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sizes_argument(parser)
    args = parser.parse_args()
    with django_database():
        set_up_each(chosen_sizes(args))


def set_up_each(sizes: list[Size]) -> None:
    """Each world set up in a process of its own, its figures printed as it ends."""
    from django.db import connection, connections

    print(f"database: {connection.vendor}; target: set up in under {TARGET_SECONDS} s with a peak")
    print(f"of under {TARGET_MB:,} MB; then, apart, the turn-1 notifications the players get\n")
    print(f"{'world':<48} {'map':>7} {'set-up':>8} {'peak':>9}  {'':<22} {'notifications':>13}")
    fork = multiprocessing.get_context("fork")
    for size in sizes:
        connections.close_all()  # each process opens its own
        results = fork.Queue()
        worker = fork.Process(
            target=set_up, args=(size.hexes, size.kingdoms, size.armies_per_kingdom, results)
        )
        worker.start()
        worker.join()
        if worker.exitcode:
            print(f"{size.label:<48} failed (exit code {worker.exitcode})")
            continue
        generate, build, notify, peak_mb = results.get()
        verdict = "meets" if build < TARGET_SECONDS and peak_mb < TARGET_MB else "misses"
        print(
            f"{size.label:<48} {generate:6.1f}s {build:7.1f}s {peak_mb:6,.0f} MB  "
            f"{verdict + ' the target':<22} {notify:12.1f}s"
        )


if __name__ == "__main__":
    main()
