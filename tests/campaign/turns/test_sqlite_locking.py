"""Parallel posts on the SQLite default (``make run``) wait for the write lock instead of
failing with "database is locked" (campaign.settings), and nothing is lost."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def test_parallel_orders_and_spending_on_sqlite_wait_for_the_lock_and_all_are_saved(tmp_path):
    """Q7: every player sends his orders at once, each post on its own thread, against a
    SQLite file as ``make run`` uses: none fails with "database is locked"."""
    database = tmp_path / "warpost.sqlite3"
    environment = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{database}",
        "REDIS_URL": "",  # Celery eager, as in ``make run``
        "PYTHONPATH": str(ROOT),
        "DJANGO_SETTINGS_MODULE": "campaign.settings",
    }
    run = subprocess.run(
        [sys.executable, "-m", "tests.sqlite_parallel_posts"],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    answers = [json.loads(line) for line in run.stdout.splitlines()]
    assert len(answers) == 12  # 4 players: 2 orders and a surgeon each
    assert [a for a in answers if a["status"] != 201] == []
    with sqlite3.connect(database) as saved:
        orders = saved.execute("SELECT count(*) FROM kingdoms_order").fetchone()[0]
        spends = saved.execute("SELECT count(*) FROM kingdoms_powerspend").fetchone()[0]
    assert (orders, spends) == (8, 4)
