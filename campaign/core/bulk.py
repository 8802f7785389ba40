"""Writing many rows at once, for a set-up that lays out a world of 100,000 hexes.

PostgreSQL takes new rows many times faster through COPY than through INSERT statements;
SQLite (``make run``) has no COPY, and there Django's bulk_create does."""

from __future__ import annotations

from collections.abc import Iterable

from django.db import connection
from django.db.models import Model


def rows_insert(model: type[Model], rows: Iterable[Model]) -> None:
    """Inserts ``rows``, new instances of ``model``, as bulk_create would (each field's
    value or default, auto_now stamps, the ids of saved related rows) but without reading
    their ids back: the caller that needs them selects them after. No signal is sent."""
    if connection.vendor != "postgresql":
        model.objects.bulk_create(rows, batch_size=2000)
        return
    fields = [field for field in model._meta.concrete_fields if field is not model._meta.auto_field]
    columns = ", ".join(connection.ops.quote_name(field.column) for field in fields)
    table = connection.ops.quote_name(model._meta.db_table)
    with (
        connection.cursor() as cursor,
        cursor.cursor.copy(f"COPY {table} ({columns}) FROM STDIN") as copy,
    ):
        for row in rows:
            row._prepare_related_fields_for_save(operation_name="rows_insert")
            copy.write_row(
                [field.get_db_prep_save(field.pre_save(row, True), connection) for field in fields]
            )
