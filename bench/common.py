"""What every bench shares: Django on a throwaway database, the campaign sizes they compare,
and the best-of timer.

Each bench measures the same three worlds side by side, so the growth of every cost with the
map is visible: 1,000 and 10,000 hexes always, 100,000 hexes (the moonshot) with
``--moonshot`` (``make bench MOONSHOT=1``). Benches print figures next to their targets and
never fail.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Size:
    """One world a bench builds: its hexes, kingdoms, and armies per kingdom."""

    hexes: int
    kingdoms: int
    armies_per_kingdom: int = 10

    @property
    def armies(self) -> int:
        return self.kingdoms * self.armies_per_kingdom

    @property
    def label(self) -> str:
        return f"{self.hexes:,} hexes / {self.kingdoms:,} kingdoms / {self.armies:,} armies"


SIZES = (Size(1_000, 16), Size(10_000, 64))
MOONSHOT = Size(100_000, 1_000)


def sizes_argument(parser: argparse.ArgumentParser) -> None:
    """``--moonshot`` adds the 100,000-hex world; ``--hexes N ...`` picks sizes by hexes."""
    parser.add_argument("--moonshot", action="store_true", help="add the 100,000-hex world")
    parser.add_argument("--hexes", type=int, nargs="+", help="only these sizes, by hexes")


def chosen_sizes(args: argparse.Namespace) -> list[Size]:
    every = (*SIZES, MOONSHOT)
    if args.hexes:
        known = {size.hexes: size for size in every}
        return [known.get(h, Size(h, max(4, h // 160))) for h in args.hexes]
    return [*SIZES, *((MOONSHOT,) if args.moonshot else ())]


def setup_django() -> Path | None:
    """Django on DATABASE_URL, as deployed (no DEBUG query log), or on a fresh SQLite file;
    returns that file for the caller to remove, or None."""
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "campaign.settings")
    os.environ.setdefault("DEBUG", "0")
    os.environ.setdefault("SECRET_KEY", "warpost-bench-only-key")  # it signs nothing here
    os.environ.setdefault("SECURE_SSL_REDIRECT", "false")  # the test client speaks plain HTTP
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


@contextmanager
def django_database() -> Iterator[None]:
    """Django set up as ``setup_django`` sets it up for the ``with`` block, its throwaway
    SQLite file, if it made one, removed at the end."""
    throwaway = setup_django()
    try:
        yield
    finally:
        if throwaway is not None:
            throwaway.unlink(missing_ok=True)


def best_of(repeat: int, action: Callable[[], object]) -> float:
    """The fastest of ``repeat`` runs, in seconds: the least disturbed by the machine."""
    timings = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        timings.append(time.perf_counter() - start)
    return min(timings)
