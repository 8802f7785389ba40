"""Comparing Warpost exports whatever their servers' ids."""

from __future__ import annotations

import json

from campaign.transfer.document import ID_FIELDS, TABLES, is_person
from campaign.transfer.ids import IdMap, remapped


def through_json(document: dict) -> dict:
    """The document as a file gives it back."""
    return json.loads(json.dumps(document))


def normalised(document: dict) -> dict:
    """The document's tables with each table's ids numbered 1, 2, … in order and every
    reference renumbered alike, the ids in JSON too: two exports of the same campaign
    from two servers (or twice from one) are then equal. The export's time is left out."""
    tables = document["tables"]
    ids = IdMap(
        {t.label: {row["id"]: n for n, row in enumerate(tables[t.label], 1)} for t in TABLES}
    )
    return {t.label: [_row(t, row, ids) for row in tables[t.label]] for t in TABLES}


def _row(table, row: dict, ids: IdMap) -> dict:
    meta = table.model._meta
    found = {"id": ids.row(table.label, row["id"])}
    for field in meta.concrete_fields:
        if field.primary_key:
            continue
        value = row[field.name]
        spec = ID_FIELDS.get((table.label, field.name))
        if field.is_relation and not is_person(field):
            value = ids.row(field.related_model._meta.label, value)
        elif spec is not None:
            value = remapped(spec, value, ids)
        found[field.name] = value
    for field in meta.many_to_many:
        found[field.name] = [ids.row(field.related_model._meta.label, o) for o in row[field.name]]
    return found
