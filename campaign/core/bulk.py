"""Writing many rows at once, for a set-up that lays out a world of 100,000 hexes.

PostgreSQL takes new rows many times faster through COPY than through INSERT statements.
SQLite (``make run``) has no COPY: there one INSERT statement runs for every row, prepared
once, where bulk_create would send a statement per few dozen rows (SQLite's limit of 999
parameters a statement)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from django.db import DEFAULT_DB_ALIAS, connections, models
from django.db.backends.base.base import BaseDatabaseWrapper

# Fields whose value, an int, a str, a bool or None, is what the database takes as it is:
# their preparation, a hundred thousand times over for a large map, is skipped. Exact
# types, so that a field of the project's own that prepares its values is never skipped.
PLAIN_FIELDS = {
    models.BigIntegerField,
    models.BooleanField,
    models.CharField,
    models.ForeignKey,
    models.IntegerField,
    models.PositiveIntegerField,
    models.PositiveSmallIntegerField,
    models.SmallIntegerField,
    models.TextField,
}
PLAIN_VALUES = (int, str, bool, type(None))


def rows_insert(model: type[models.Model], rows: Iterable[models.Model]) -> None:
    """Inserts ``rows``, new instances of ``model``, as bulk_create would (each field's
    value or default, auto_now stamps, the ids of saved related rows) but in one statement
    whatever their number, and without reading their ids back: the caller that needs them
    selects them after. No signal is sent."""
    connection = connections[DEFAULT_DB_ALIAS]
    fields = [field for field in model._meta.concrete_fields if field is not model._meta.auto_field]
    columns = ", ".join(connection.ops.quote_name(field.column) for field in fields)
    table = connection.ops.quote_name(model._meta.db_table)
    values = _values(connection, fields, rows)
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            with cursor.cursor.copy(f"COPY {table} ({columns}) FROM STDIN") as copy:
                for row in values:
                    copy.write_row(row)
        else:
            marks = ", ".join(["%s"] * len(fields))
            cursor.executemany(f"INSERT INTO {table} ({columns}) VALUES ({marks})", values)


def _values(
    connection: BaseDatabaseWrapper, fields: list[models.Field], rows: Iterable[models.Model]
) -> Iterator[list]:
    """Each row's values as the database takes them, as a save would write them."""
    plain = [type(field) in PLAIN_FIELDS for field in fields]
    for row in rows:
        row._prepare_related_fields_for_save(operation_name="rows_insert")
        values = []
        for field, as_is in zip(fields, plain, strict=True):
            value = field.pre_save(row, True)
            if not (as_is and type(value) in PLAIN_VALUES):
                value = field.get_db_prep_save(value, connection)
            values.append(value)
        yield values
