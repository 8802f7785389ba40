"""Reads of transfer: a campaign as its Warpost export document."""

from __future__ import annotations

import datetime as dt

from django.db.models import Model, Q
from django.utils import timezone

from campaign.models import Campaign
from campaign.transfer.document import FORMAT, TABLES, VERSION, Table, is_person


def campaign_export(campaign: Campaign) -> dict:
    """The whole campaign as a Warpost export (docs/export-format.md): every row of each
    of its tables, in id order."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": timezone.now().isoformat(),
        "tables": {table.label: table_rows(table, campaign) for table in TABLES},
    }


def table_rows(table: Table, campaign: Campaign) -> list[dict]:
    """The campaign's rows of ``table``: a query, and one more per many-to-many field."""
    meta = table.model._meta
    where = Q()
    for lookup in table.campaign:
        where |= Q(**{lookup: campaign.pk})
    rows = (
        table.model._default_manager.filter(where)
        .select_related(*(f.name for f in meta.concrete_fields if is_person(f)))
        .prefetch_related(*(f.name for f in meta.many_to_many))
        .order_by("pk")
    )
    return [_row(row) for row in rows]


def _row(row: Model) -> dict:
    meta = row._meta
    found = {"id": row.pk}
    for field in meta.concrete_fields:
        if not field.primary_key:
            found[field.name] = _value(field, row)
    for field in meta.many_to_many:
        found[field.name] = sorted(other.pk for other in getattr(row, field.name).all())
    return found


def _value(field, row: Model):
    if is_person(field):
        person = getattr(row, field.name)
        return None if person is None else person.get_username()
    value = getattr(row, field.attname)
    if isinstance(value, dt.date):  # a datetime too
        return value.isoformat()
    return value
