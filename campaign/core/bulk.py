"""Reading, inserting and writing many rows of one table in one statement, without the
ORM's per-row costs: a turn step reads and writes 10,000 hexes, a set-up lays out 100,000.

``rows_load`` reads rows as named tuples, which cost a fraction of a model instance to
build. ``rows_insert`` sends new rows through PostgreSQL's COPY, many times faster than
INSERT statements; SQLite (``make run``) has no COPY, so there one INSERT runs for every
row, prepared once, where bulk_create would send a statement per few dozen rows (SQLite's
limit of 999 parameters a statement); ``columns_insert`` takes their values column by
column, from a caller that makes them without a model instance each (a step's
chronicle). ``rows_create`` inserts rows whose ids the caller needs, in one ``INSERT …
RETURNING`` of an array a column, without bulk_create's preparation of each value.
``Model.objects.bulk_update`` writes one
``CASE WHEN id = … THEN …`` per field and row: Django spends most of a 10,000-row write
building those expressions, and PostgreSQL evaluates each CASE against every row;
``rows_update`` sends the rows as one ``VALUES`` list joined on the primary key instead,
and ``rows_update_all`` the updates of several tables as one statement.
``QuerySet.delete`` fetches the rows it deletes and names each of them in every statement
of its cascade: ``rows_delete`` sends the ids once, as an array, in one statement that
clears or deletes the related rows of each table and the rows (one statement a table on
SQLite).
"""

from __future__ import annotations

import json
from collections import namedtuple
from collections.abc import Iterable, Mapping, Sequence
from functools import cache, partial
from itertools import chain
from operator import attrgetter
from typing import Any, NamedTuple

import orjson
from django.db import DEFAULT_DB_ALIAS, connections, models, router
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import CASCADE, DO_NOTHING, SET_NULL, Model, QuerySet, signals
from django.db.models.base import ModelState
from django.db.models.deletion import get_candidate_relations_to_delete

from campaign.core.statements import Bound, Compiled, compiled


def rows_load(source: QuerySet | Bound) -> list[NamedTuple]:
    """The queryset's rows as named tuples of the columns it loads (every one but those it
    defers), named by attribute (``owner_id``, not ``owner``), in the model's field
    order: ``row_instance`` turns one into a model instance without another query."""
    row_type, rows = rows_read(source)
    # tuple.__new__ makes each named tuple in C, where its ``_make`` is a Python call a row
    return list(map(partial(tuple.__new__, row_type), rows))


def rows_read(source: QuerySet | Bound) -> tuple[type, list[Sequence[Any]]]:
    """The rows of a queryset or a statement (campaign.core.statements) as ``rows_load``
    reads them, each the sequence of its values, and the named tuple type it would make
    of them: for a caller that names only the rows it asks for again, as the snapshot
    does of a map's 10,000 hexes.

    The SQL and the conversions of the values (JSON, SQLite's booleans) are the ORM's,
    those of the queryset's own model instances (cheaper to compile than values_list's,
    which resolves each column by its name); the rows are fetched at once rather than by
    chunks of 100 through its iterators, a third of the time of 10,000 rows."""
    query, params = _query(source)
    return _row_type(query.model, query.names), query.run(params)


def instances_load(source: QuerySet | Bound) -> list[Model]:
    """The rows of a queryset or a statement as model instances, each built as
    ``row_instance`` builds it (no related row of ``select_related``: a statement's
    query reads one table's columns)."""
    query, params = _query(source)
    return [row_instance(query.model, query.names, row) for row in query.run(params)]


def _query(source: QuerySet | Bound) -> tuple[Compiled, Sequence[Any]]:
    if isinstance(source, Bound):
        return source.query()
    query = compiled(source)
    return query, query.params


def row_instance(
    model: type[Model], names: Sequence[str], values: Sequence[Any], using: str = "default"
) -> Model:
    """The model instance of a row ``rows_load`` read (its ``_fields`` and values), as if
    the ORM had loaded it: a column it did not read is a deferred field, read on use.

    Its attributes go straight into its ``__dict__``, as the model's ``__init__`` would
    set them, which costs three times as much (a step builds a thousand rows): the same
    instance, but without the pre_init and post_init signals, which no model here has
    (tests/campaign/core/test_bulk.py)."""
    if len(names) == len(model._meta.concrete_fields):
        attributes = dict(zip(_attnames(model), values, strict=True))  # as from_db: in order
    else:
        positions = zip(_attnames(model), _positions(model, tuple(names)), strict=True)
        attributes = {name: values[i] for name, i in positions if i is not None}
    row = model.__new__(model)
    row.__dict__ = attributes
    row._state = ModelState()
    row._state.adding, row._state.db = False, using
    return row


def rows_update(model: type[Model], fields: Sequence[str], rows: Iterable[Any]) -> int:
    """Write ``fields`` of ``rows`` (anything with the fields' attributes and ``pk``) in
    one statement on PostgreSQL, joined on the rows' ids: an ``UPDATE … FROM unnest(…)``
    of one array a column, so the statement has as many parameters for ten thousand rows
    as for one; SQLite has no arrays, and takes an ``UPDATE … FROM (VALUES …)`` a batch
    of rows. A model instance given a related row before that row was saved writes its
    id, as bulk_update would. Returns the number of rows sent; no query when there are
    none."""
    rows = list(rows)
    rows_update_all([(model, fields, rows)])
    return len(rows)


def rows_update_all(updates: Iterable[tuple[type[Model], Sequence[str], Iterable[Any]]]) -> None:
    """The ``rows_update`` of each (model, fields, rows), each of another table, in one
    statement on PostgreSQL: a step saves its hexes, armies, characters, kingdoms and
    battles waiting once for the database rather than once a table. SQLite takes them in
    turn. No query for an update without rows."""
    listed = [(model, fields, list(rows)) for model, fields, rows in updates]
    writes = [(model, fields, rows) for model, fields, rows in listed if rows]
    tables = [model._meta.db_table for model, _, _ in writes]
    if len(set(tables)) < len(tables):
        # in one statement, of two changes to one row one would be lost
        raise ValueError(f"rows_update_all writes each table once, not {tables}")
    statements: dict[str, list[tuple[str, list]]] = {}  # by database
    for model, fields, rows in writes:
        connection = connections[router.db_for_write(model)]
        columns, values = _update_columns(connection, model, fields, rows)
        if connection.vendor == "postgresql":
            statement = _update_from_arrays(connection, model, columns, values)
            statements.setdefault(connection.alias, []).append(statement)
        else:
            _update_from_values(connection, model, columns, values)
    for alias, parts in statements.items():
        with connections[alias].cursor() as cursor:
            cursor.execute(
                _as_one([sql for sql, _ in parts]),
                [param for _, params in parts for param in params],
            )


def _update_columns(
    connection: BaseDatabaseWrapper, model: type[Model], fields: Sequence[str], rows: list
) -> tuple[list[models.Field], list[Sequence[Any]]]:
    """The columns ``rows_update`` writes, the primary key first, and their values as the
    database takes them."""
    columns = [model._meta.pk, *(model._meta.get_field(name) for name in fields)]
    related = [field for field in columns[1:] if field.is_relation]
    _related_saved(rows, "rows_update", related, fields=related)
    read = [
        [row.pk for row in rows],
        *(list(map(attrgetter(f.attname), rows)) for f in columns[1:]),
    ]
    values = [_column_ready(connection, f, column) for f, column in zip(columns, read, strict=True)]
    return columns, values


def _as_one(statements: Sequence[str]) -> str:
    """``statements``, each of which writes another table, as one PostgreSQL statement:
    all but the last a part of its WITH. The parts run on one snapshot in no set order,
    which Django's foreign keys allow (DEFERRABLE INITIALLY DEFERRED, checked at the
    commit), and none sees what another wrote: for statements that read nothing another
    writes."""
    *parts, last = statements
    if not parts:
        return last
    return f"WITH {', '.join(f'p{index} AS ({sql})' for index, sql in enumerate(parts))} {last}"


def _related_saved(
    rows: list, operation: str, related: list[models.Field], fields: list | None = None
) -> None:
    """The ORM's ``_prepare_related_fields_for_save`` (of ``fields``, or all) for each
    model instance among ``rows`` that holds a related instance in one of ``related``:
    one given a related row before that row was saved writes its id, one never saved is
    refused. The others, a step's rows given ids rather than instances, are left alone:
    the ORM's call does nothing for them, but compares each of their fields with
    ``fields`` first, most of the Python time of a step's updates."""
    if not related:
        return
    for row in rows:
        if isinstance(row, Model) and any(field.is_cached(row) for field in related):
            row._prepare_related_fields_for_save(operation_name=operation, fields=fields)


def _update_from_arrays(
    connection, model: type[Model], columns: list, values: list
) -> tuple[str, list]:
    """The statement of a ``rows_update`` on PostgreSQL, and its parameters."""
    quote = connection.ops.quote_name
    table = quote(model._meta.db_table)
    names = [f"c{index}" for index in range(len(columns))]
    arrays = [
        _array(connection, field, column) for field, column in zip(columns, values, strict=True)
    ]
    assignments = ", ".join(
        f"{quote(field.column)} = v.{name}"
        for field, name in zip(columns[1:], names[1:], strict=True)
    )
    return (
        f"UPDATE {table} SET {assignments} "
        f"FROM unnest({', '.join(sql for sql, _ in arrays)}) AS v({', '.join(names)}) "
        f"WHERE {table}.{quote(model._meta.pk.column)} = v.c0",
        [param for _, param in arrays],
    )


# The values of JSON texts, and texts cast to the column's type, in the order given
_JSON_ELEMENTS = (
    "ARRAY(SELECT NULLIF(e, 'null') FROM jsonb_array_elements(%s::jsonb) "
    "WITH ORDINALITY AS a(e, n) ORDER BY n)"
)
_TEXT_ELEMENTS = (
    "ARRAY(SELECT e FROM jsonb_array_elements_text(%s::jsonb) WITH ORDINALITY AS a(e, n) "
    "ORDER BY n)::{}[]"
)
# What a JSON text carries exactly, and PostgreSQL reads back as any column's type does:
# numbers, texts, flags, and the members of enumerations of them (a battle's role, a
# hex's feature), which orjson writes by value as the driver would
_AS_JSON = (int, str, type(None))


def _array(connection, field: models.Field, column: Sequence[Any]) -> tuple[str, Any]:
    """A column of an update's values as an array, in SQL and its parameter. A column
    of JSON texts, ids, numbers, texts or flags (most) travels as one JSON text, which
    the driver passes on as it is and the server splits: as an array, the driver
    formatted it value by value (a microsecond a value, several for a JSON text quoted
    character by character), about a tenth of a 10,000-hex step's updates. Other
    values (times, decimals) go as an array of their own type."""
    if type(field) is models.JSONField:  # its texts (None as null, read back as NULL)
        return _JSON_ELEMENTS, f"[{','.join('null' if t is None else t for t in column)}]"
    kind = _element_type(field, connection.alias)
    if all(issubclass(each, _AS_JSON) for each in set(map(type, column))):
        return _TEXT_ELEMENTS.format(kind), orjson.dumps(column).decode()
    return f"%s::{kind}[]", column


@cache
def _element_type(field: models.Field, alias: str) -> str:
    """The type an array of the field's values is cast to. Texts stay ``text``: cast to
    ``varchar(n)`` they would be cut to its length without a word, where assigned to the
    column a text too long for it is refused, as the ORM's save refuses it. Once a
    field: a foreign key's type is its target's, for which Django builds a field anew."""
    if isinstance(field, (models.CharField, models.TextField)):
        return "text"
    return field.db_type(connections[alias])


def _update_from_values(connection, model: type[Model], columns: list, values: list) -> None:
    quote = connection.ops.quote_name
    table = quote(model._meta.db_table)
    # VALUES names its columns column1, column2, …
    assignments = ", ".join(
        f"{quote(field.column)} = v.column{index}"
        for index, field in enumerate(columns[1:], start=2)
    )
    marks = ", ".join(["%s"] * len(columns))
    rows = list(zip(*values, strict=True))
    batch = connection.ops.bulk_batch_size(columns, rows) or len(rows)
    with connection.cursor() as cursor:
        for start in range(0, len(rows), batch):
            chunk = rows[start : start + batch]
            cursor.execute(
                f"UPDATE {table} SET {assignments} FROM (VALUES "
                f"{', '.join([f'({marks})'] * len(chunk))}) AS v "
                f"WHERE {table}.{quote(model._meta.pk.column)} = v.column1",
                list(chain.from_iterable(chunk)),
            )


def _column_ready(
    connection: BaseDatabaseWrapper, field: models.Field, values: Sequence[Any]
) -> Sequence[Any]:
    """The values of ``field`` in many rows as the database takes them, as a save would
    send each: a JSON value as its text, which both databases parse (the ORM wraps each
    value for the driver to encode later, a third of a chronicle entry's cost). A column
    at a time, so that a column of plain values (ids, texts, flags: most of them) is
    taken as it is after one look at its types, without a call a value."""
    if type(field) is models.JSONField:
        return _json_texts(field, values)
    plain = PLAIN_VALUES.get(type(field), frozenset())
    kinds = set(map(type, values))
    if kinds <= plain:
        return values
    if len(kinds) == 1 and values.count(values[0]) == len(values):
        # one value in every row (the time a batch is written): prepared once
        return [field.get_db_prep_save(values[0], connection)] * len(values)
    return [
        value if type(value) in plain else field.get_db_prep_save(value, connection)
        for value in values
    ]


# Fields whose values of these types are what the database takes as they are: their
# preparation, a hundred thousand times over for a large map, is skipped. Exact types,
# so that a field of the project's own that prepares its values is never skipped, and a
# StrEnum member goes through its field's preparation (PostgreSQL casts no int to a
# boolean in an array: a boolean field takes its bools as they are, nothing else).
_NUMBERS = frozenset({int, type(None)})
_TEXTS = frozenset({str, type(None)})
_BOOLS = frozenset({bool, type(None)})
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
    selects them after, or calls ``rows_create``. No signal is sent, and no query when
    there are no rows."""
    rows = list(rows)
    columns_insert(model, _saved_columns(model, rows, "rows_insert"))


def rows_create(model: type[Model], rows: Iterable[Model]) -> list[Model]:
    """Inserts ``rows``, new instances of ``model``, as ``rows_insert`` does, and sets
    their ids, which the rows that point to them need: on PostgreSQL one ``INSERT …
    SELECT … FROM unnest(…) RETURNING`` of an array a column, where bulk_create's compiler
    sends every value of every row through its field's preparation and checks, most of
    the cost of inserting a hundred rows. SQLite takes bulk_create. No signal is sent, and
    no query when there are no rows. Returns the rows."""
    rows = list(rows)
    if not rows:
        return rows
    connection = connections[router.db_for_write(model)]
    if connection.vendor != "postgresql":
        return model._default_manager.bulk_create(rows)
    fields = _inserted_fields(model)
    columns = _saved_columns(model, rows, "rows_create")
    arrays = [
        _array(connection, field, _column_ready(connection, field, columns[field.attname]))
        for field in fields
    ]
    quote = connection.ops.quote_name
    names = [f"c{index}" for index in range(len(fields))]
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {quote(model._meta.db_table)} "
            f"({', '.join(quote(field.column) for field in fields)}) "
            f"SELECT {', '.join(f'v.{name}' for name in names)} "
            f"FROM unnest({', '.join(sql for sql, _ in arrays)}) AS v({', '.join(names)}) "
            f"RETURNING {quote(model._meta.pk.column)}",
            [param for _, param in arrays],
        )
        ids = [pk for (pk,) in cursor.fetchall()]
    # As bulk_create leaves them: saved, in the order given (PostgreSQL returns the rows
    # of an INSERT … SELECT from unnest in the arrays' order, which bulk_create relies on too)
    for row, pk in zip(rows, ids, strict=True):
        row.pk = pk
        row._state.adding = False
        row._state.db = connection.alias
    return rows


def _saved_columns(model: type[Model], rows: list[Model], operation: str) -> dict[str, list]:
    """The values of new ``rows`` by attribute name, column by column, as a save would
    write them: each field's value or default, auto_now stamps, the ids of saved related
    rows."""
    meta = model._meta
    related = [
        field for field in [*meta.concrete_fields, *meta.private_fields] if field.is_relation
    ]
    _related_saved(rows, operation, related)
    return {
        # A field that does not change its value on saving (most but the time stamps) is
        # read as it is, without the call
        field.attname: (
            [field.pre_save(row, True) for row in rows]
            if type(field).pre_save is not models.Field.pre_save
            else list(map(attrgetter(field.attname), rows))
        )
        for field in _inserted_fields(model)
    }


def columns_insert(model: type[models.Model], columns: Mapping[str, Sequence[Any]]) -> None:
    """Inserts rows of ``model`` given column by column: ``columns`` holds, for each of
    its fields but the auto id, by attribute name (``turn_id``), the rows' values as
    they are saved (time stamps stamped), as many in each. One statement whatever their
    number, no ids read back, no signal, no query when there are no rows.

    A caller that makes many rows from data of its own (the chronicle, hundreds of
    entries a step) gives their values without a model instance each, which would cost
    as much as the COPY itself."""
    fields = _inserted_fields(model)
    if columns.keys() != {field.attname for field in fields}:
        raise ValueError(f"{model.__name__}'s columns are {[f.attname for f in fields]}")
    connection = connections[DEFAULT_DB_ALIAS]
    values = [_column_ready(connection, field, columns[field.attname]) for field in fields]
    if not values[0]:
        return
    names = ", ".join(connection.ops.quote_name(field.column) for field in fields)
    table = connection.ops.quote_name(model._meta.db_table)
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            with cursor.cursor.copy(f"COPY {table} ({names}) FROM STDIN") as copy:
                for row in zip(*values, strict=True):
                    copy.write_row(row)
        else:
            marks = ", ".join(["%s"] * len(fields))
            cursor.executemany(
                f"INSERT INTO {table} ({names}) VALUES ({marks})", zip(*values, strict=True)
            )


def _inserted_fields(model: type[models.Model]) -> list[models.Field]:
    return [field for field in model._meta.concrete_fields if field is not model._meta.auto_field]


def _json_texts(field: models.JSONField, values: Sequence[Any]) -> list[str | None]:
    """A JSON field's values as the texts the database stores (None as NULL): orjson's,
    several times faster than the standard library's, where the field has no encoder of
    its own (an object's keys that are not text become text, as ``json.dumps`` makes
    them)."""
    if field.encoder is not None:
        return [None if v is None else json.dumps(v, cls=field.encoder) for v in values]
    dumps, keys = orjson.dumps, orjson.OPT_NON_STR_KEYS
    return [None if value is None else dumps(value, option=keys).decode() for value in values]


def rows_delete(model: type[Model], ids: Iterable[int]) -> None:
    """Delete the rows ``ids`` of ``model`` with what ``QuerySet.delete`` would delete or
    clear with them, in one statement on PostgreSQL whatever the number of rows: a step
    destroys hundreds of armies, and the ORM's delete fetched them and sent each id to
    each of its thirteen statements. SQLite takes one statement per table.

    Only the plain cascade is done here: the related rows deleted (when nothing points to
    them in turn) or their link set to NULL. A model with delete signals, or a relation
    that protects, restricts or sets a default, goes through ``QuerySet.delete``, which
    knows those."""
    ids = sorted(set(ids))
    if not ids:
        return
    if not _plain_cascade(model, _relations(model)):
        model._base_manager.filter(pk__in=ids).delete()
        return
    connection = connections[router.db_for_write(model)]
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            # The ids as the text of one array: psycopg would format a list of them
            # again for each part of the statement, at a microsecond an id
            statement = _cascade_at_once(model, connection.alias)
            cursor.execute(statement, {"ids": f"{{{','.join(map(str, ids))}}}"})
            return
        for statement in _cascade(model, connection):
            _each_batch(cursor, statement, ids)


@cache
def _relations(model: type[Model]) -> list:
    """The relations that point to ``model``, which the ORM's delete follows: the
    models', which never change in a process."""
    return list(get_candidate_relations_to_delete(model._meta))


def _cascade(model: type[Model], connection: BaseDatabaseWrapper) -> list[str]:
    """The statements of a ``rows_delete``, each to end with the rows' ids: each table
    that points to ``model`` cleared or deleted (but where nothing is to be done), then
    the rows."""
    quote = connection.ops.quote_name
    statements = []
    for relation in _relations(model):
        field, table = relation.field, quote(relation.related_model._meta.db_table)
        column = quote(field.column)
        if field.remote_field.on_delete is SET_NULL:
            statements.append(f"UPDATE {table} SET {column} = NULL WHERE {column}")
        elif field.remote_field.on_delete is not DO_NOTHING:
            statements.append(f"DELETE FROM {table} WHERE {column}")
    pk = quote(model._meta.pk.column)
    return [*statements, f"DELETE FROM {quote(model._meta.db_table)} WHERE {pk}"]


@cache
def _cascade_at_once(model: type[Model], alias: str) -> str:
    """``_cascade`` as one PostgreSQL statement that takes the ids once (``_as_one``:
    no part reads what another writes), made once a model."""
    connection = connections[alias]
    ids = f"ANY(%(ids)s::{model._meta.pk.rel_db_type(connection)}[])"
    return _as_one([f"{sql} = {ids}" for sql in _cascade(model, connection)])


def _plain_cascade(model: type[Model], relations: list) -> bool:
    """True if deleting ``model``'s rows asks only what ``rows_delete`` does."""
    related = [relation.related_model for relation in relations]
    if any(
        signals.pre_delete.has_listeners(m) or signals.post_delete.has_listeners(m)
        for m in [model, *related]
    ):
        return False
    # The parts of rows_delete's one statement run on one snapshot: of two changes to
    # one row (a model that points to itself, or twice to ``model``), one would be lost
    written = [model._meta.db_table] + [
        relation.related_model._meta.db_table
        for relation in relations
        if relation.field.remote_field.on_delete is not DO_NOTHING
    ]
    if len(set(written)) < len(written):
        return False
    for relation in relations:
        on_delete = relation.field.remote_field.on_delete
        if on_delete in (SET_NULL, DO_NOTHING):
            continue
        # a cascade that would go on from the related rows is the ORM's to follow
        if on_delete is not CASCADE or _relations(relation.related_model):
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
