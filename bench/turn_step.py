"""Bench: a server step of a turn against the engine alone and the bare I/O of its rows.

Standing target: on a 10,000-hex map with 64 kingdoms and 640 armies, each server step
(provisional, final) takes at most 1.2 times the engine alone on the same snapshot (with
the garbage collector paused, as in the step) plus the I/O floor, in one transaction
committed:

* reading every row the step read (the map, kingdoms, armies and characters, and its
  inputs: orders, battles, agreements…): each of its reading statements run once more,
  its rows fetched as plain tuples, nothing built of them;
* writing every row the step wrote, in any of the project's tables, and no other: the
  rows it deleted (one DELETE of an array of ids a table), changed (one UPDATE a table of
  the columns that changed, joined on an array a column) and inserted (one COPY a table:
  the chronicle, the battles, the next turn).

The bench finds those rows by comparing the tables before and after the step, undoes
them untimed, and lets the floor write them again; the same undoing lets the step run
again from the same rows, so that step, engine and floor are each the best of
``--repeat`` runs. Prints the figures, the number of reading statements, the rows
written by table, and the peak memory of the process; never asserts. The notifications
the step queues are another worker's work, and not timed.

    .venv/bin/python bench/turn_step.py [--hexes 1000 10000] [--moonshot] [--repeat 3]
                                        [--profile PATH]

The figures mean something on PostgreSQL (DATABASE_URL=postgres://…), where the campaign
runs; without DATABASE_URL it works in a throwaway SQLite file under /tmp, removed at
the end.
"""

from __future__ import annotations

import argparse
import cProfile
import resource
import statistics
import time
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, field
from typing import NamedTuple

from common import chosen_sizes, django_database, sizes_argument

TARGET_RATIO = 1.2
# The packages whose models' tables the step may write
PROJECT = {"battles", "campaign", "kingdoms"}


def give_orders(demo, snapshot) -> int:
    """Every other army invades a neighbour of its kingdom, the others patrol the capital."""
    from kingdoms.models import Army
    from kingdoms.orders.models import Order
    from rules.core import hexgrid

    world = snapshot.world
    terrain = {k: h.terrain for k, h in world.hexes.items()}
    owned: dict[int, set] = {}
    for coord, state in world.hexes.items():
        owned.setdefault(state.owner, set()).add(coord)
    orders = []
    for index, army in enumerate(
        Army.objects.filter(kingdom__campaign=demo.campaign).order_by("id")
    ):
        capital = snapshot.hexes[world.kingdoms[army.kingdom_id].capital]
        if index % 2:
            own = owned.get(army.kingdom_id, set())
            targets = sorted(
                c
                for o in own
                for c in hexgrid.adjacent(o, terrain)
                if c not in own and world.hexes[c].terrain != "sea"
            )
            target = snapshot.hexes[targets[index % len(targets)]]
            orders.append(
                Order(turn=demo.turn, army=army, kind="invade", target=target, origin=capital)
            )
        else:
            orders.append(Order(turn=demo.turn, army=army, kind="patrol", target=capital))
    Order.objects.bulk_create(orders)
    return len(orders)


class Reads:
    """The reading statements a step ran, each once, in the order it ran them, with their
    parameters: the floor runs them again and fetches their rows, and builds nothing of
    them. Recorded through Django's execute wrapper, as sent to the database."""

    def __init__(self) -> None:
        self.statements: dict[tuple[str, str], tuple[str, object]] = {}

    def __call__(self, execute, sql, params, many, context):
        result = execute(sql, params, many, context)
        # a WITH that only writes (rows_delete's cascade, one statement) returns no rows
        reads = sql.lstrip().upper().startswith(("SELECT", "WITH"))
        if reads and context["cursor"].description is not None:
            self.statements.setdefault((sql, repr(params)), (sql, params))
        return result

    def __len__(self) -> int:
        return len(self.statements)

    def fetch(self) -> None:
        from django.db import connection

        with connection.cursor() as cursor:
            for sql, params in self.statements.values():
                cursor.execute(sql, params)
                cursor.fetchall()


def project_tables() -> list[str]:
    """Every table of the project's own models (their many-to-many links too), each with
    an integer ``id``: what a step may write."""
    from django.apps import apps

    return sorted(
        model._meta.db_table
        for model in apps.get_models(include_auto_created=True)
        if model.__module__.split(".")[0] in PROJECT and model._meta.pk.column == "id"
    )


def table_rows(tables: list[str]) -> dict[str, dict[int, tuple]]:
    """Every row of ``tables`` by id (the bench's database holds only its own campaigns)."""
    from django.db import connection

    with connection.cursor() as cursor:
        found = {}
        for table in tables:
            cursor.execute(f"SELECT * FROM {table}")
            found[table] = {row[0]: row for row in cursor.fetchall()}
        return found


@dataclass
class Writes:
    """A table's rows to delete (ids), to set to these values (whole rows, of which the
    columns at the positions ``changed`` are written), and to insert."""

    deleted: list[int] = field(default_factory=list)
    updated: list[tuple] = field(default_factory=list)
    inserted: list[tuple] = field(default_factory=list)
    changed: list[int] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.deleted) + len(self.updated) + len(self.inserted)


def step_writes(before: dict, after: dict) -> tuple[dict[str, Writes], dict[str, Writes]]:
    """What the step wrote, table by table, and what undoes it."""
    done, undo = {}, {}
    for table, rows in after.items():
        old = before[table]
        gone, new = old.keys() - rows.keys(), rows.keys() - old.keys()
        changed = sorted(key for key in rows.keys() & old.keys() if rows[key] != old[key])
        # The columns that differ in any of them: the step wrote no others
        positions = sorted(
            {
                i
                for k in changed
                for i, (a, b) in enumerate(zip(old[k], rows[k], strict=True))
                if a != b
            }
        )
        done[table] = Writes(
            sorted(gone), [rows[k] for k in changed], [rows[k] for k in sorted(new)], positions
        )
        undo[table] = Writes(
            sorted(new), [old[k] for k in changed], [old[k] for k in sorted(gone)], positions
        )
    return {t: w for t, w in done.items() if w}, {t: w for t, w in undo.items() if w}


def rows_write(writes: dict[str, Writes], names: dict[str, list[Column]]) -> None:
    """Each table's deletions, updates and inserts with raw SQL: one DELETE by an array
    of ids, one UPDATE of the changed columns joined on an array a column, one COPY."""
    from django.db import connection

    with connection.cursor() as cursor:
        for table, write in writes.items():
            if write.deleted:
                _delete(cursor, table, write.deleted)
            if write.updated:
                _update(cursor, table, names[table], write)
            if write.inserted:
                _insert(cursor, table, [c.name for c in names[table]], write.inserted)


class Floor(NamedTuple):
    """The floor's seconds: its reads, its writes, its commit."""

    reads: float
    writes: float
    commit: float

    @property
    def total(self) -> float:
        return self.reads + self.writes + self.commit


def io_floor(reads: Reads, writes: dict[str, Writes], undo: dict[str, Writes]) -> Floor:
    """Read every row the step read and write every row it wrote, in one transaction
    committed; the seconds each part took. The step's writes are undone before, untimed,
    so that the floor reads what the step read and writes it again, ids and all, leaving
    the database as the step left it."""
    from django.db import transaction

    names = {table: columns(table) for table in writes}
    _undo(undo)
    started = time.perf_counter()
    with transaction.atomic():
        reads.fetch()
        read = time.perf_counter()
        rows_write(writes, names)
        written = time.perf_counter()
    return Floor(read - started, written - read, time.perf_counter() - written)


def _undo(undo: dict[str, Writes]) -> None:
    from django.db import transaction

    with transaction.atomic():
        rows_write(undo, {table: columns(table) for table in undo})


@dataclass(frozen=True)
class Column:
    name: str
    type: str  # PostgreSQL's name of its type; "" on SQLite


def columns(table: str) -> list[Column]:
    """The table's columns in order, with their types on PostgreSQL."""
    from django.db import connection

    with connection.cursor() as cursor:
        if connection.vendor != "postgresql":
            cursor.execute(f"SELECT * FROM {table} WHERE false")
            return [Column(column[0], "") for column in cursor.description]
        cursor.execute(
            "SELECT attname, format_type(atttypid, atttypmod) FROM pg_attribute"
            " WHERE attrelid = %s::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum",
            [table],
        )
        return [Column(name, kind) for name, kind in cursor.fetchall()]


def _delete(cursor, table: str, ids: list[int]) -> None:
    from django.db import connection

    if connection.vendor != "postgresql":  # SQLite: no arrays
        cursor.executemany(f"DELETE FROM {table} WHERE id = %s", [(i,) for i in ids])
        return
    cursor.execute(f"DELETE FROM {table} WHERE id = ANY(%s)", [ids])


def _update(cursor, table: str, names: list[Column], write: Writes) -> None:
    """One UPDATE of the changed columns of every row, joined on one array a column (the
    way the step's own updates go, campaign.core.bulk.rows_update)."""
    from django.db import connection

    changed = [names[i] for i in write.changed]
    sets = ", ".join(f"{c.name} = v.{c.name}" for c in changed)
    values = [[row[0] for row in write.updated]]
    values.extend([row[i] for row in write.updated] for i in write.changed)
    if connection.vendor != "postgresql":  # SQLite, in-process: a statement a row
        marks = ", ".join(f"{c.name} = %s" for c in changed)
        cursor.executemany(
            f"UPDATE {table} SET {marks} WHERE id = %s",
            [(*v[1:], v[0]) for v in zip(*values, strict=True)],
        )
        return
    arrays = ", ".join(f"%s::{c.type}[]" for c in [names[0], *changed])
    aliases = ", ".join(c.name for c in [names[0], *changed])
    cursor.execute(
        f"UPDATE {table} SET {sets} FROM unnest({arrays}) AS v({aliases}) WHERE {table}.id = v.id",
        values,
    )


def _insert(cursor, table: str, names: list[str], rows: list[tuple]) -> None:
    from django.db import connection

    if connection.vendor != "postgresql":
        marks = ", ".join(["%s"] * len(names))
        cursor.executemany(f"INSERT INTO {table} ({', '.join(names)}) VALUES ({marks})", rows)
        return
    _copy(cursor, table, names, rows)


def _copy(cursor, table: str, names: list[str], rows: list[tuple]) -> None:
    with cursor.cursor.copy(f"COPY {table} ({', '.join(names)}) FROM STDIN") as copy:
        for row in rows:
            copy.write_row(row)


def peak_rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux


class Phases:
    """``--phases``: each run of the step timed by phase, around the pipeline function
    that does it (the module attribute the step calls, replaced while the bench times
    it); what no phase holds is the rest: the turn's lock, its new state, the next turn,
    the map's version, the commit and the notifications queued."""

    # (module or class, attribute, phase); an indented phase is part of the one above
    TIMED = (
        ("campaign.pipeline.steps", "snapshot_load", "snapshot loaded"),
        ("campaign.pipeline.snapshot", "rows_read", "  the map's rows read"),
        ("campaign.pipeline.snapshot", "_hexes", "  its hex states built"),
        ("campaign.pipeline.writeback:Writer", "apply", "events applied"),
        ("campaign.pipeline.writeback:Writer", "flush", "rows written"),
        ("campaign.pipeline.writeback", "chronicle_entries_for", "  chronicle entries made"),
    )

    WHOLE = "loaded, resolved and written"  # the function whose return frees its objects

    def __init__(self) -> None:
        self.runs: list[dict[str, float]] = []
        self.floors: list[Floor] = []
        self._ended: dict[str, float] = {}  # when each phase last ended

    def _add(self, phase: str, seconds: float) -> None:
        run = self.runs[-1]
        run[phase] = run.get(phase, 0.0) + seconds

    def _timed(self, function, phase: str):
        def timed(*args, **kwargs):
            started = time.perf_counter()
            try:
                return function(*args, **kwargs)
            finally:
                self._ended[phase] = time.perf_counter()
                self._add(phase, self._ended[phase] - started)

        return timed

    @contextmanager
    def timing(self, engines: dict):
        """The pipeline's functions timed, a new run begun, for the ``with`` block."""
        import importlib

        from campaign.pipeline import steps
        from campaign.pipeline.steps import Engine

        self.runs.append({})
        patched = []
        for where, name, phase in self.TIMED:
            module, _, cls = where.partition(":")
            owner = importlib.import_module(module)
            owner = getattr(owner, cls) if cls else owner
            patched.append((owner, name, getattr(owner, name)))
            setattr(owner, name, self._timed(getattr(owner, name), phase))
        # the objects the step made, freed when its function returns (after the rows)
        resolve_write = steps._load_resolve_write
        patched.append((steps, "_load_resolve_write", resolve_write))
        steps._load_resolve_write = self._timed(resolve_write, self.WHOLE)
        saved = dict(engines)
        for state, engine in saved.items():
            engines[state] = Engine(
                engine.name,
                self._timed(engine.load_inputs, "inputs loaded"),
                self._timed(engine.resolve, "engine"),
            )
        try:
            yield
        finally:
            engines.update(saved)
            for owner, name, original in reversed(patched):
                setattr(owner, name, original)

    def step_ran(self, seconds: float) -> None:
        run = self.runs[-1]
        run["objects freed"] = self._ended[self.WHOLE] - self._ended["rows written"]
        top = [p for _, _, p in self.TIMED if not p.startswith(" ")]
        told = sum(run.get(p, 0.0) for p in [*top, "inputs loaded", "engine", "objects freed"])
        run["the rest"] = seconds - told

    def report(self) -> None:
        """The median of each phase over the runs, then the floor's parts."""
        order = [
            "snapshot loaded", "  the map's rows read", "  its hex states built",
            "inputs loaded", "engine", "events applied", "rows written",
            "  chronicle entries made", "objects freed", "the rest",
        ]  # fmt: skip
        for phase in order:
            median = statistics.median(run.get(phase, 0.0) for run in self.runs)
            print(f"  {'':11}   {phase:28} {median * 1000:6.1f} ms")
        for part in Floor._fields:
            median = statistics.median(getattr(floor, part) for floor in self.floors)
            print(f"  {'':11}   floor: {part:21} {median * 1000:6.1f} ms")


def one_step(
    demo, repeat: int, profile_to: str | None, phases: Phases | None = None
) -> tuple[str, float, float, float, Reads, dict[str, Writes]]:
    """Claim the turn's next step, time the engine alone on its snapshot, the step, and
    the I/O floor of what the step read and wrote: each the best of ``repeat`` rounds of
    the three (the step's writes undone between two of them; a profiled run of the step
    is not counted), each run timed by phase too with ``phases``."""
    from django.db import connection

    from campaign.core.collector import collector_paused
    from campaign.models import Turn
    from campaign.pipeline.snapshot import snapshot_load
    from campaign.pipeline.steps import ENGINES, turn_step_resolve
    from campaign.turns.services import turn_claim_step

    turn = Turn.objects.select_related("campaign").get(pk=demo.turn.pk)
    turn_claim_step(turn=turn, by=None, enqueue=False)
    turn = Turn.objects.select_related("campaign").get(pk=turn.pk)
    engine = ENGINES[turn.state]

    def engine_alone() -> float:
        """The engine on a snapshot and inputs loaded for this run alone, as the step's
        are: a World works out some of what it is asked once (its roster of characters),
        which another run on the same World would find done."""
        snapshot = snapshot_load(turn.campaign, turn.number)
        inputs = engine.load_inputs(turn, snapshot)
        started = time.perf_counter()
        engine.resolve(snapshot.world, inputs, engine.dice(turn))
        return time.perf_counter() - started

    tables = project_tables()
    before = table_rows(tables)
    steps: list[float] = []
    alone: list[float] = []
    floor: list[Floor] = []
    undo: dict[str, Writes] = {}
    reads = Reads()
    # The three in turn, each round from the rows as they were before the step: the
    # machine's speed drifts over seconds, and each of the three sees the same drifts
    for attempt in range(repeat):
        _undo(undo)  # from the second round on, the rows as they were again
        with collector_paused():  # as in the step (campaign.pipeline.steps)
            alone.append(engine_alone())
        profile = cProfile.Profile() if profile_to and not attempt else None
        timing = phases.timing(ENGINES) if phases else nullcontext()
        with connection.execute_wrapper(reads), timing:
            started = time.perf_counter()
            if profile:
                profile.runcall(turn_step_resolve, turn_id=turn.pk)
                profile.dump_stats(f"{profile_to}.{engine.name}")
            else:
                turn_step_resolve(turn_id=turn.pk)
            steps.append(time.perf_counter() - started)
        if phases:
            phases.step_ran(steps[-1])
        writes, undo = step_writes(before, table_rows(tables))
        floor.append(io_floor(reads, writes, undo))
    if phases:
        phases.floors = floor
    step = min(steps[1:] if profile_to and repeat > 1 else steps)
    return engine.name, step, min(alone), min(f.total for f in floor), reads, writes


def run(size, repeat: int, profile_to: str | None, by_phase: bool) -> None:
    from campaign.campaigns.setup import demo_campaign_create
    from campaign.pipeline.snapshot import snapshot_load

    started = time.perf_counter()
    demo = demo_campaign_create(
        hexes=size.hexes,
        players=size.kingdoms,
        seed="bench",
        armies_per_kingdom=size.armies_per_kingdom,
        name=f"bench {size.hexes}",
    )
    orders = give_orders(demo, snapshot_load(demo.campaign, demo.turn.number))
    print(f"\n{size.label}: set up in {time.perf_counter() - started:.1f} s, {orders} orders")
    for _ in range(2):  # provisional, then final
        phases = Phases() if by_phase else None
        name, step, alone, floor, reads, writes = one_step(demo, repeat, profile_to, phases)
        ratio = step / (alone + floor)
        verdict = "meets" if ratio <= TARGET_RATIO else "MISSES"
        print(
            f"  {name:11} step {step * 1000:7.0f} ms | engine {alone * 1000:6.0f} ms"
            f" + I/O floor {floor * 1000:5.0f} ms | ratio {ratio:4.2f} ({verdict} {TARGET_RATIO})"
        )
        print(f"  {'':11} statements read: {len(reads)}; rows written: {_written(writes)}")
        if phases:
            print(f"  {'':11} by phase, the median of {repeat} runs:")
            phases.report()
    print(f"  peak RSS of the process so far: {peak_rss_mib():.0f} MiB")


def _written(writes: dict[str, Writes]) -> str:
    """The rows the step wrote, by table: deleted, updated, inserted."""
    return ", ".join(
        f"{table} {len(w.deleted)}/{len(w.updated)}/{len(w.inserted)}"
        for table, w in sorted(writes.items(), key=lambda item: -len(item[1]))
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sizes_argument(parser)
    parser.add_argument(
        "--repeat", type=int, default=3, help="best of N for step, engine and floor"
    )
    parser.add_argument(
        "--profile", metavar="PATH", help="cProfile each step into PATH.provisional, PATH.final"
    )
    parser.add_argument(
        "--phases", action="store_true", help="print the step's time by phase, and the floor's"
    )
    args = parser.parse_args()
    with django_database():
        from campaign.celery import app

        # As deployed: the step's worker queues the notifications and the gazette for
        # other workers once it commits (here into Celery's in-memory broker, which nobody
        # reads), rather than delivering them itself as the eager mode of a broker-less
        # setup does
        app.conf.task_always_eager = False
        for size in chosen_sizes(args):
            run(size, args.repeat, args.profile, args.phases)


if __name__ == "__main__":
    main()
