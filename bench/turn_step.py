"""Benchmark: a turn step against merely loading and saving the same state.

Standing target: on a 10,000-hex map with 64 kingdoms and 640 armies, a server step
takes at most twice the time of loading and saving that state. Prints figures; never
asserts. Uses DATABASE_URL if set, else a throwaway SQLite file.

    .venv/bin/python bench/turn_step.py [--hexes 10000] [--players 64] [--armies 10]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "campaign.settings")
os.environ.setdefault("SECRET_KEY", "warpost-bench-only-key")  # it signs nothing here
if "DATABASE_URL" not in os.environ:
    os.environ["DATABASE_URL"] = f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3"

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import transaction  # noqa: E402

from campaign.campaigns.setup import demo_campaign_create  # noqa: E402
from campaign.models import Hex, Turn  # noqa: E402
from campaign.pipeline.snapshot import snapshot_load  # noqa: E402
from campaign.pipeline.steps import turn_step_resolve  # noqa: E402
from campaign.turns.services import turn_claim_step  # noqa: E402
from kingdoms.models import Army  # noqa: E402
from kingdoms.orders.models import Order  # noqa: E402
from rules.core import hexgrid  # noqa: E402


def give_orders(demo, snapshot) -> int:
    """Every other army invades a neighbour of its kingdom, the others patrol the capital."""
    world = snapshot.world
    orders = []
    for index, army in enumerate(
        Army.objects.filter(kingdom__campaign=demo.campaign).order_by("id")
    ):
        kingdom = world.kingdoms[army.kingdom_id]
        if index % 2:
            own = {c for c, h in world.hexes.items() if h.owner == army.kingdom_id}
            targets = sorted(
                c
                for o in own
                for c in hexgrid.adjacent(o, {k: h.terrain for k, h in world.hexes.items()})
                if c not in own and world.hexes[c].terrain != "sea"
            )
            target = targets[index % len(targets)]
            orders.append(
                Order(
                    turn=demo.turn,
                    army=army,
                    kind="invade",
                    target=snapshot.hexes[target],
                    origin=snapshot.hexes[kingdom.capital],
                )
            )
        else:
            orders.append(
                Order(
                    turn=demo.turn, army=army, kind="patrol", target=snapshot.hexes[kingdom.capital]
                )
            )
    Order.objects.bulk_create(orders)
    return len(orders)


def load_and_save(demo) -> float:
    """The floor: load the snapshot and write every hex and army back, in one transaction.

    The save is batched: one CASE statement over 10,000 rows is quadratic in PostgreSQL
    and would make the floor, and so the ratio, look far better than it is.
    """
    started = time.perf_counter()
    with transaction.atomic():
        snapshot = snapshot_load(demo.campaign, demo.turn.number)
        Hex.objects.bulk_update(
            list(snapshot.hexes.values()),
            ["owner", "explored", "feature", "is_orphan"],
            batch_size=500,
        )
        Army.objects.bulk_update(
            list(snapshot.armies.values()), ["points", "position"], batch_size=500
        )
        transaction.set_rollback(True)
    return time.perf_counter() - started


def timed_step(turn_id: int) -> float:
    turn = Turn.objects.get(pk=turn_id)
    turn_claim_step(turn=turn, by=None, enqueue=False)
    started = time.perf_counter()
    turn_step_resolve(turn_id=turn_id)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hexes", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=64)
    parser.add_argument("--armies", type=int, default=10, help="armies per kingdom")
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    started = time.perf_counter()
    demo = demo_campaign_create(
        hexes=args.hexes,
        players=args.players,
        seed="bench",
        armies_per_kingdom=args.armies,
        name="bench",
    )
    print(
        f"set-up: {args.hexes} hexes, {args.players} kingdoms, "
        f"{args.players * args.armies} armies in {time.perf_counter() - started:.2f}s"
    )
    print(f"orders given: {give_orders(demo, snapshot_load(demo.campaign, 1))}")
    floor = min(load_and_save(demo) for _ in range(3))
    provisional = timed_step(demo.turn.pk)
    final = timed_step(demo.turn.pk)
    print(f"load + save the state : {floor * 1000:8.1f} ms")
    for name, seconds in (("provisional step", provisional), ("final step", final)):
        ratio = seconds / floor
        verdict = "meets" if ratio <= 2.0 else "MISSES"
        print(
            f"{name:22}: {seconds * 1000:8.1f} ms  ratio {ratio:4.2f}  ({verdict} the 2.0 target)"
        )


if __name__ == "__main__":
    main()
