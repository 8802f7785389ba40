"""Reading queries whose SQL the ORM writes once a process, run again with other values.

A turn step sends the same twenty reading queries every time, the campaign's or the
turn's id all that differs. Writing one (building its QuerySet, resolving each lookup,
compiling it to SQL) costs Django 0.2 to 1 ms, often more than PostgreSQL takes to
answer it: a fifth of a 10,000-hex step's time outside the rules engine went there.

``@written_once`` makes a Statement of a function that builds a queryset from ids and
texts (its arguments annotated ``int`` or ``str``). Its first run builds the queryset
for stand-in values and keeps the SQL, the parameters and how the columns' values are
converted; every run sends that SQL with the stand-ins replaced by its own values. So
the function may only compare an argument with a column (``turn_id=turn_id``), never
compute with it (``number - 2`` is the caller's to compute and pass) or make the query
depend on it otherwise: a stand-in that does not come out of the ORM as it went in is
refused on the first run, and every test that runs the query fails.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import update_wrapper
from typing import Any, NamedTuple

from django.db import connections, models
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import Model, QuerySet

# Values that only compile (no stand-in is ever sent), told from a query's constants by
# being unlike any: an integer within an integer column's range (out of a column's range
# the ORM writes no parameter but a query that finds nothing: compared with a small
# integer column, an argument fails its first run on PostgreSQL), and a text no query names
_STAND_IN_INT = 2_147_000_000
_STAND_IN_TEXT = "(stand-in {})"


class Slot(NamedTuple):
    """A parameter that stands in for a statement's argument: the argument's position,
    and the type the ORM gave the stand-in (on PostgreSQL an integer compared with an
    integer column goes to the driver as its Int4, and the argument's value must too)."""

    index: int
    type: type


@dataclass(frozen=True)
class Compiled:
    """A reading query's SQL and parameters as the ORM writes them, its model, the
    attribute name of each column it reads (empty for one that is no model field: an
    annotation, a related row's), and the converters of their values."""

    model: type[Model]
    using: str
    sql: str
    params: tuple
    names: tuple[str, ...]
    converters: tuple

    def run(self, params: Sequence[Any]) -> list[Sequence[Any]]:
        """The rows, each value as the ORM gives it (JSON parsed, SQLite's flags)."""
        connection = connections[self.using]
        with connection.cursor() as cursor:
            cursor.execute(self.sql, params)
            rows = cursor.fetchall()
        if not self.converters:
            return rows
        converted = []
        for row in rows:
            row = list(row)
            for position, functions, expression in self.converters:
                value = row[position]
                for function in functions:
                    value = function(value, expression, connection)
                row[position] = value
            converted.append(row)
        return converted


def compiled(queryset: QuerySet) -> Compiled:
    """What running ``queryset`` sends, and what is done to the values it reads back:
    the ORM's conversions, those of JSON columns made to answer an empty list or object
    at once (``_or_empty``)."""
    compiler = queryset.query.get_compiler(queryset.db)
    sql, params = compiler.as_sql()
    select = [column for column, _, _ in compiler.select[: compiler.col_count]]
    converters = compiler.get_converters(select)
    return Compiled(
        model=queryset.model,
        using=queryset.db,
        sql=sql,
        params=tuple(params),
        names=tuple(getattr(getattr(c, "target", None), "attname", "") for c in select),
        converters=tuple(
            (position, _empty_json_first(functions, expression), expression)
            for position, (functions, expression) in converters.items()
        ),
    )


class Statement:
    """A queryset built by a function of ids and texts, compiled once a process for
    stand-ins; ``statement(*values)`` is the same query for these values."""

    def __init__(self, build: Callable[..., QuerySet]):
        update_wrapper(self, build)
        self.build = build
        self.parameters = list(inspect.signature(build, eval_str=True).parameters.values())
        unknown = [p.name for p in self.parameters if p.annotation not in (int, str)]
        if unknown:
            raise TypeError(f"{build.__name__}: annotate {', '.join(unknown)} int or str")
        self._compiled: tuple[Compiled, tuple[Slot | None, ...]] | None = None

    def __call__(self, *values: int | str) -> Bound:
        if len(values) != len(self.parameters):
            raise TypeError(
                f"{self.build.__name__} takes {len(self.parameters)} values, not {len(values)}"
            )
        return Bound(self, values)

    def compiled(self) -> tuple[Compiled, tuple[Slot | None, ...]]:
        """The query for stand-ins, and for each of its parameters where to find the
        value it stands in for (None: a constant of the query, sent as it is)."""
        if self._compiled is None:
            self._compiled = self._compile()
        return self._compiled

    def _compile(self) -> tuple[Compiled, tuple[Slot | None, ...]]:
        stand_ins = tuple(
            _STAND_IN_INT + index if p.annotation is int else _STAND_IN_TEXT.format(index)
            for index, p in enumerate(self.parameters)
        )
        query = compiled(self.build(*stand_ins))
        found = {(type(value), value): index for index, value in enumerate(stand_ins)}
        slots = tuple(_slot(param, found) for param in query.params)
        reached = {slot[0] for slot in slots if slot is not None}
        lost = [p.name for i, p in enumerate(self.parameters) if i not in reached]
        if lost:
            raise ValueError(
                f"{self.build.__name__}: {', '.join(lost)} did not reach the SQL as given; "
                "compare an argument with a column, and compute nothing with it"
            )
        return query, slots


@dataclass(frozen=True)
class Bound:
    """A statement with its values."""

    statement: Statement
    values: tuple

    def query(self) -> tuple[Compiled, list]:
        """The compiled query, and its parameters with these values."""
        query, slots = self.statement.compiled()
        params = [
            param if slot is None else slot.type(self.values[slot.index])
            for param, slot in zip(query.params, slots, strict=True)
        ]
        return query, params

    def rows(self) -> list[Sequence[Any]]:
        """The rows, each value as the ORM's ``values_list`` gives it."""
        query, params = self.query()
        return query.run(params)


def written_once(build: Callable[..., QuerySet]) -> Statement:
    """``build`` as a Statement (see the module's docstring)."""
    return Statement(build)


def _slot(param: Any, found: dict[tuple[type, Any], int]) -> Slot | None:
    """The argument a query's parameter stands in for, None for a constant."""
    if isinstance(param, bool) or not isinstance(param, (int, str)):
        return None
    kind = int if isinstance(param, int) else str
    index = found.get((kind, kind(param)))
    return None if index is None else Slot(index, type(param))


def _empty_json_first(functions: list, expression: Any) -> list:
    """A JSON column's converters, its field's made to answer an empty list or object at
    once when it has no decoder of its own: most of a snapshot's JSON values are (a
    hex's secondary terrains, a character's skills), and ``json.loads`` costs a
    10,000-hex snapshot tens of milliseconds for them."""
    field = getattr(expression, "output_field", None)
    if not isinstance(field, models.JSONField) or field.decoder is not None:
        return functions
    return [
        _or_empty(function) if function == field.from_db_value else function
        for function in functions
    ]


def _or_empty(from_db_value: Callable) -> Callable:
    def convert(value: Any, expression: Any, connection: BaseDatabaseWrapper) -> Any:
        if value == "[]":
            return []
        if value == "{}":
            return {}
        return from_db_value(value, expression, connection)

    return convert
