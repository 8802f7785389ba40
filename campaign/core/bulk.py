"""Reading, inserting and writing many rows of one table in one statement, without the
ORM's per-row costs: a turn step reads and writes 10,000 hexes, a set-up lays out 100,000.

``rows_load`` reads rows as named tuples, which cost a fraction of a model instance to
build. ``rows_insert`` sends new rows through PostgreSQL's COPY, many times faster than
INSERT statements; SQLite (``make run``) has no COPY, so there one INSERT runs for every
row, prepared once, where bulk_create would send a statement per few dozen rows (SQLite's
limit of 999 parameters a statement). ``Model.objects.bulk_update`` writes one
``CASE WHEN id = … THEN …`` per field and row: Django spends most of a 10,000-row write
building those expressions, and PostgreSQL evaluates each CASE against every row;
``rows_update`` sends the rows as one ``VALUES`` list joined on the primary key instead.
``QuerySet.delete`` fetches the rows it deletes and names each of them in every statement
of its cascade: ``rows_delete`` sends the ids once, as an array, to one statement per
related table.
"""

from __future__ import annotations

import json
from collections import namedtuple
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cache, partial
from itertools import chain
from typing import Any, NamedTuple

import orjson
from django.db import DEFAULT_DB_ALIAS, connections, models, router
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import CASCADE, DO_NOTHING, SET_NULL, Model, QuerySet, signals
from django.db.models.base import DEFERRED
from django.db.models.deletion import get_candidate_relations_to_delete


def rows_load(queryset: QuerySet) -> list[NamedTuple]:
    """The queryset's rows as named tuples of the columns it loads (every one but those it
    defers), named by attribute (``owner_id``, not ``owner``), in the model's field
    order: ``row_instance`` turns one into a model instance without another query."""
    row_type, rows = rows_read(queryset)
    # tuple.__new__ makes each named tuple in C, where its ``_make`` is a Python call a row
    return list(map(partial(tuple.__new__, row_type), rows))


def rows_read(queryset: QuerySet) -> tuple[type, list[Sequence[Any]]]:
    """The queryset's rows as ``rows_load`` reads them, each the sequence of its values,
    and the named tuple type it would make of them: for a caller that names only the
    rows it asks for again, as the snapshot does of a map's 10,000 hexes.

    The SQL and the conversions of the values (JSON, SQLite's booleans) are the ORM's,
    those of the queryset's own model instances (cheaper to compile than values_list's,
    which resolves each column by its name); the rows are fetched at once rather than by
    chunks of 100 through its iterators, a third of the time of 10,000 rows."""
    compiler = queryset.query.get_compiler(queryset.db)
    sql, params = compiler.as_sql()
    names = tuple(column.target.attname for column, _, _ in compiler.select)
    converters = _empty_json_first(
        compiler.get_converters([column for column, _, _ in compiler.select])
    )
    with compiler.connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    if converters:
        rows = list(compiler.apply_converters(rows, converters))
    return _row_type(queryset.model, names), rows


def _empty_json_first(converters: dict) -> dict:
    """The converters, those of JSON columns without a decoder of their own made to
    answer an empty list or object at once: most of a snapshot's JSON values are (a
    hex's secondary terrains, a character's skills), and ``json.loads`` costs a
    10,000-hex snapshot tens of milliseconds for them."""
    quick = {}
    for position, (functions, expression) in converters.items():
        field = expression.output_field
        if isinstance(field, models.JSONField) and field.decoder is None:
            functions = [
                _or_empty(function) if function == field.from_db_value else function
                for function in functions
            ]
        quick[position] = (functions, expression)
    return quick


def _or_empty(from_db_value: Callable) -> Callable:
    def convert(value: Any, expression: Any, connection: BaseDatabaseWrapper) -> Any:
        if value == "[]":
            return []
        if value == "{}":
            return {}
        return from_db_value(value, expression, connection)

    return convert


def row_instance(
    model: type[Model], names: Sequence[str], values: Sequence[Any], using: str = "default"
) -> Model:
    """The model instance of a row ``rows_load`` read (its ``_fields`` and values), as if
    the ORM had loaded it: a column it did not read is a deferred field, read on use."""
    if len(names) == len(model._meta.concrete_fields):
        return model.from_db(using, names, values)
    # Every field given, DEFERRED for a column not read: given fewer, from_db looks each
    # of the model's fields up among the names, and the instance costs half as much again
    values = [DEFERRED if i is None else values[i] for i in _positions(model, tuple(names))]
    return model.from_db(using, _attnames(model), values)


def rows_update(model: type[Model], fields: Sequence[str], rows: Iterable[Any]) -> int:
    """Write ``fields`` of ``rows`` (anything with the fields' attributes and ``pk``) in
    one statement on PostgreSQL, joined on the rows' ids: an ``UPDATE … FROM unnest(…)``
    of one array a column, so the statement has as many parameters for ten thousand rows
    as for one; SQLite has no arrays, and takes an ``UPDATE … FROM (VALUES …)`` a batch
    of rows. A model instance given a related row before that row was saved writes its
    id, as bulk_update would. Returns the number of rows sent; no query when there are
    none."""
    rows = list(rows)
    if not rows:
        return 0
    connection = connections[router.db_for_write(model)]
    columns = [model._meta.pk, *(model._meta.get_field(name) for name in fields)]
    related = [field for field in columns[1:] if field.is_relation]
    if related:
        for row in rows:
            if isinstance(row, Model):
                row._prepare_related_fields_for_save(operation_name="rows_update", fields=related)
    if connection.vendor == "postgresql":
        _update_from_arrays(connection, model, columns, rows)
    else:
        _update_from_values(connection, model, columns, rows)
    return len(rows)


def _update_from_arrays(connection, model: type[Model], columns: list, rows: list) -> None:
    quote = connection.ops.quote_name
    table = quote(model._meta.db_table)
    names = [f"c{index}" for index in range(len(columns))]
    # A JSON column travels as its text, cast back in the assignment: the driver has no
    # array of JSON values to send
    as_json = [type(field) is models.JSONField for field in columns]
    arrays = ", ".join(
        f"%s::{'text' if json_text else field.db_type(connection)}[]"
        for field, json_text in zip(columns, as_json, strict=True)
    )
    assignments = ", ".join(
        f"{quote(field.column)} = v.{name}{'::jsonb' if json_text else ''}"
        for field, name, json_text in zip(columns[1:], names[1:], as_json[1:], strict=True)
    )
    params = [
        [_db_ready(connection, field, _pk_or_value(row, field)) for row in rows]
        for field in columns
    ]
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {table} SET {assignments} FROM unnest({arrays}) AS v({', '.join(names)}) "
            f"WHERE {table}.{quote(model._meta.pk.column)} = v.c0",
            params,
        )


def _update_from_values(connection, model: type[Model], columns: list, rows: list) -> None:
    quote = connection.ops.quote_name
    table = quote(model._meta.db_table)
    # VALUES names its columns column1, column2, …
    assignments = ", ".join(
        f"{quote(field.column)} = v.column{index}"
        for index, field in enumerate(columns[1:], start=2)
    )
    marks = ", ".join(["%s"] * len(columns))
    batch = connection.ops.bulk_batch_size(columns, rows) or len(rows)
    with connection.cursor() as cursor:
        for start in range(0, len(rows), batch):
            chunk = rows[start : start + batch]
            cursor.execute(
                f"UPDATE {table} SET {assignments} FROM (VALUES "
                f"{', '.join([f'({marks})'] * len(chunk))}) AS v "
                f"WHERE {table}.{quote(model._meta.pk.column)} = v.column1",
                [
                    _db_ready(connection, field, _pk_or_value(row, field))
                    for row in chunk
                    for field in columns
                ],
            )


def _db_ready(connection: BaseDatabaseWrapper, field: models.Field, value: Any) -> Any:
    """A value of ``field`` as the database takes it, as a save would send it; a JSON
    value as its text, which both databases parse (the ORM wraps each value for the
    driver to encode later, a third of a chronicle entry's cost)."""
    if type(field) is models.JSONField:
        return None if value is None else json_text_of(field, value)
    if type(value) in PLAIN_VALUES.get(type(field), ()):
        return value
    return field.get_db_prep_save(value, connection)


def _pk_or_value(row: Any, field: models.Field) -> Any:
    return row.pk if field.primary_key else getattr(row, field.attname)


# Fields whose values of these types are what the database takes as they are: their
# preparation, a hundred thousand times over for a large map, is skipped. Exact types,
# so that a field of the project's own that prepares its values is never skipped, and a
# StrEnum member goes through its field's preparation (PostgreSQL casts no int to a
# boolean in an array: a boolean field takes its bools as they are, nothing else).
_NUMBERS, _TEXTS, _BOOLS = (int, type(None)), (str, type(None)), (bool, type(None))
PLAIN_VALUES = {
    models.AutoField: _NUMBERS,
    models.BigAutoField: _NUMBERS,
    models.BigIntegerField: _NUMBERS,
    models.BooleanField: _BOOLS,
    models.CharField: _TEXTS,
    models.ForeignKey: _NUMBERS,
    models.IntegerField: _NUMBERS,
    models.PositiveIntegerField: _NUMBERS,
    models.PositiveSmallIntegerField: _NUMBERS,
    models.SmallIntegerField: _NUMBERS,
    models.TextField: _TEXTS,
}


def rows_insert(model: type[models.Model], rows: Iterable[models.Model]) -> None:
    """Inserts ``rows``, new instances of ``model``, as bulk_create would (each field's
    value or default, auto_now stamps, the ids of saved related rows) but in one statement
    whatever their number, and without reading their ids back: the caller that needs them
    selects them after. No signal is sent, and no query when there are no rows."""
    connection = connections[DEFAULT_DB_ALIAS]
    fields = [field for field in model._meta.concrete_fields if field is not model._meta.auto_field]
    columns = ", ".join(connection.ops.quote_name(field.column) for field in fields)
    table = connection.ops.quote_name(model._meta.db_table)
    values = _values(connection, fields, rows)
    first = next(values, None)
    if first is None:
        return
    values = chain([first], values)
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
    # A field that does not change its value on saving (most but the time stamps) is
    # read as it is, without the call
    stamped = [type(field).pre_save is not models.Field.pre_save for field in fields]
    for row in rows:
        row._prepare_related_fields_for_save(operation_name="rows_insert")
        yield [
            _db_ready(
                connection,
                field,
                field.pre_save(row, True) if stamp else getattr(row, field.attname),
            )
            for field, stamp in zip(fields, stamped, strict=True)
        ]


def json_text_of(field: models.JSONField, value: Any) -> str:
    """A JSON field's value as the text the database stores: orjson's, several times
    faster than the standard library's, where the field has no encoder of its own (an
    object's keys that are not text become text, as ``json.dumps`` makes them)."""
    if field.encoder is not None:
        return json.dumps(value, cls=field.encoder)
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


def rows_delete(model: type[Model], ids: Iterable[int]) -> None:
    """Delete the rows ``ids`` of ``model`` with what ``QuerySet.delete`` would delete or
    clear with them, one statement per table, whatever the number of rows: a step
    destroys hundreds of armies, and the ORM's delete fetched them and sent each id to
    each of its thirteen statements.

    Only the plain cascade is done here: the related rows deleted (when nothing points to
    them in turn) or their link set to NULL. A model with delete signals, or a relation
    that protects, restricts or sets a default, goes through ``QuerySet.delete``, which
    knows those."""
    ids = sorted(set(ids))
    if not ids:
        return
    relations = list(get_candidate_relations_to_delete(model._meta))
    if not _plain_cascade(model, relations):
        model._base_manager.filter(pk__in=ids).delete()
        return
    connection = connections[router.db_for_write(model)]
    quote = connection.ops.quote_name
    with connection.cursor() as cursor:
        for relation in relations:
            field, table = relation.field, quote(relation.related_model._meta.db_table)
            if field.remote_field.on_delete is DO_NOTHING:
                continue
            column = quote(field.column)
            if field.remote_field.on_delete is SET_NULL:
                _each_batch(cursor, f"UPDATE {table} SET {column} = NULL WHERE {column}", ids)
            else:
                _each_batch(cursor, f"DELETE FROM {table} WHERE {column}", ids)
        pk = quote(model._meta.pk.column)
        _each_batch(cursor, f"DELETE FROM {quote(model._meta.db_table)} WHERE {pk}", ids)


def _plain_cascade(model: type[Model], relations: list) -> bool:
    """True if deleting ``model``'s rows asks only what ``rows_delete`` does."""
    related = [relation.related_model for relation in relations]
    if any(
        signals.pre_delete.has_listeners(m) or signals.post_delete.has_listeners(m)
        for m in [model, *related]
    ):
        return False
    for relation in relations:
        on_delete = relation.field.remote_field.on_delete
        if on_delete in (SET_NULL, DO_NOTHING):
            continue
        # a cascade that would go on from the related rows is the ORM's to follow
        if on_delete is not CASCADE or any(
            get_candidate_relations_to_delete(relation.related_model._meta)
        ):
            return False
    return True


def _each_batch(cursor, statement: str, ids: list[int]) -> None:
    """``statement … = ANY(ids)`` on PostgreSQL, one array whatever its length; SQLite
    has no arrays, and takes the ids in batches within its limit of parameters."""
    if cursor.db.vendor == "postgresql":
        cursor.execute(f"{statement} = ANY(%s)", [ids])
        return
    for start in range(0, len(ids), 900):
        batch = ids[start : start + 900]
        cursor.execute(f"{statement} IN ({', '.join(['%s'] * len(batch))})", batch)


@cache
def _attnames(model: type[Model]) -> tuple[str, ...]:
    return tuple(field.attname for field in model._meta.concrete_fields)


@cache
def _positions(model: type[Model], names: tuple[str, ...]) -> tuple[int | None, ...]:
    """The position of each of the model's fields among ``names``, None where absent."""
    position = {name: index for index, name in enumerate(names)}
    return tuple(position.get(name) for name in _attnames(model))


@cache
def _row_type(model: type[Model], names: tuple[str, ...]) -> type:
    return namedtuple(f"{model.__name__}Row", names)
