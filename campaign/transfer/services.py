"""Writes of transfer: a campaign imported from a Warpost export, and a new campaign set up
from an export's map."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import DatabaseError, transaction
from django.db.models import Field, JSONField, Model
from django.utils.translation import gettext as _

from campaign.campaigns.setup import map_plan_build
from campaign.core.errors import Refused
from campaign.hosting.services import ARMIES_PER_KINGDOM, campaign_set_up
from campaign.models import Campaign
from campaign.transfer.document import (
    ID_FIELDS,
    TABLES,
    Table,
    document_tables,
    is_person,
    spec_labels,
)
from campaign.transfer.ids import IdMap, remapped
from campaign.transfer.maps import MapImport

CAMPAIGN = Campaign._meta.label


@dataclass(frozen=True)
class Imported:
    campaign: Campaign
    new_people: list[str]  # the usernames this server lacked: new accounts, inactive


def campaign_import(*, document: dict) -> Imported:
    """A Warpost export as a new campaign of this server, the same in every field but the
    ids, which are new, with every reference to them (document.ID_FIELDS); the seeds as
    they were, so that the dice replay. A person is found by his username; one this
    server lacks gets an account of that name, inactive and without a password
    (docs/export-format.md). Refused, with nothing saved, for a file of another version or
    a broken one."""
    try:
        return _campaign_write(document)
    except (DatabaseError, TypeError, ValueError, KeyError, AttributeError) as error:
        # what the checks of each row let through: a value of the wrong shape in JSON,
        # two rows the database takes for one
        raise Refused(_("This Warpost export is broken: %(error)r.") % {"error": error}) from None


@transaction.atomic
def _campaign_write(document: dict) -> Imported:
    tables = document_tables(document, [table.label for table in TABLES])
    if len(tables[CAMPAIGN]) != 1:
        raise Refused(_("This Warpost export is broken: it holds no campaign, or more than one."))
    people, new_people = _people(tables)
    writer = _Writer(people)
    for table in TABLES:
        writer.write(table, tables[table.label])
    writer.finish()
    campaign = Campaign.objects.get(pk=writer.ids.row(CAMPAIGN, tables[CAMPAIGN][0]["id"]))
    return Imported(campaign, new_people)


def _people(tables: dict[str, list[dict]]) -> tuple[dict[str, User], list[str]]:
    """Everyone the document names, by username; the new accounts' names."""
    names = set()
    for table in TABLES:
        fields = [f.name for f in table.model._meta.concrete_fields if is_person(f)]
        names |= {row.get(f) for row in tables[table.label] for f in fields} - {None}
    username = User._meta.get_field("username")
    for name in names:
        try:
            username.clean(name if isinstance(name, str) else None, None)
        except ValidationError:
            raise Refused(
                _("This Warpost export is broken: %(name)r is no username.") % {"name": name}
            ) from None
    people = {user.username: user for user in User.objects.filter(username__in=names)}
    new = sorted(names - set(people))
    for name in new:
        people[name] = _inactive(name)
    return people, new


def _inactive(username: str) -> User:
    """An account for a person of the campaign this server lacks: nobody can log in to it
    until the admin gives it an e-mail address and activates it, or the GM gives its seat
    to another player (campaign.hosting)."""
    user = User(username=username, is_active=False)
    user.set_unusable_password()
    user.save()
    return user


class _Writer:
    """Writes the document's tables in order, one bulk insert each, renumbering as it
    goes; ``finish`` sets what pointed forwards and the many-to-many links."""

    def __init__(self, people: dict[str, User]):
        self.people = people
        self.ids = IdMap()
        self.written: set[str] = set()
        self.later: list[tuple[Table, list[Model], list[dict], list[Field]]] = []
        self.links: list[tuple[Table, list[Model], list[dict]]] = []

    def write(self, table: Table, rows: list[dict]) -> None:
        fields = [f for f in table.model._meta.concrete_fields if not f.primary_key]
        _check(table, rows, fields)
        later = [f for f in fields if self._later(table, f)]
        now = [f for f in fields if f not in later]
        objects = [self._object(table, row, now, exclude=later) for row in rows]
        table.model._default_manager.bulk_create(objects)
        for row, created in zip(rows, objects, strict=True):
            self.ids.add(table.label, row["id"], created.pk)
        self.written.add(table.label)
        # bulk_create stamps auto_now fields with the time of the import: set them again
        stamped = [
            f for f in now if getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False)
        ]
        if later or stamped:
            self.later.append((table, objects, rows, later + stamped))
        if table.model._meta.many_to_many:
            self.links.append((table, objects, rows))

    def finish(self) -> None:
        for table, objects, rows, fields in self.later:
            for created, row in zip(objects, rows, strict=True):
                self._set(created, table, row, fields)
            table.model._default_manager.bulk_update(objects, [f.name for f in fields])
        for table, objects, rows in self.links:
            for field in table.model._meta.many_to_many:
                self._link(field, objects, rows)

    def _later(self, table: Table, field: Field) -> bool:
        """Whether ``field`` names rows not yet written: a foreign key pointing forwards
        (or to its own table), ids in JSON of tables still to come."""
        if is_person(field):
            return False
        if field.is_relation:
            return field.related_model._meta.label not in self.written
        spec = ID_FIELDS.get((table.label, field.name))
        return spec is not None and not spec_labels(spec) <= self.written

    def _object(self, table: Table, row: dict, fields: list[Field], exclude) -> Model:
        created = table.model()
        self._set(created, table, row, fields)
        unchecked = [f.name for f in exclude] + [
            f.name for f in fields if f.is_relation or isinstance(f, JSONField)
        ]
        try:
            created.clean_fields(exclude=unchecked)
        except ValidationError as error:
            raise _broken(table, row, error) from None
        return created

    def _set(self, created: Model, table: Table, row: dict, fields: Iterable[Field]) -> None:
        for field in fields:
            if field.name in row:
                try:
                    value = self._value(table, field, row[field.name])
                except ValidationError as error:
                    raise _broken(table, row, error, field.name) from None
                setattr(created, field.attname, value)

    def _value(self, table: Table, field: Field, value):
        if is_person(field):
            return None if value is None else self.people[value].pk
        if field.is_relation:
            return self.ids.row(field.related_model._meta.label, value)
        spec = ID_FIELDS.get((table.label, field.name))
        if spec is not None:
            value = remapped(spec, value, self.ids)
        return value if isinstance(field, JSONField) else field.to_python(value)

    def _link(self, field, objects: list[Model], rows: list[dict]) -> None:
        through = field.remote_field.through
        source = through._meta.get_field(field.m2m_field_name()).attname
        target = through._meta.get_field(field.m2m_reverse_field_name()).attname
        label = field.related_model._meta.label
        through.objects.bulk_create(
            through(**{source: created.pk, target: self.ids.row(label, old)})
            for created, row in zip(objects, rows, strict=True)
            for old in row.get(field.name, ())
        )


def _check(table: Table, rows: list[dict], fields: list[Field]) -> None:
    """Every row has an id of its own and no field this server does not know."""
    known = {"id"} | {f.name for f in fields} | {f.name for f in table.model._meta.many_to_many}
    seen = set()
    for row in rows:
        pk = row.get("id")
        if not isinstance(pk, int) or isinstance(pk, bool) or pk in seen:
            raise Refused(
                _("This Warpost export is broken: a row of %(table)s has no id of its own.")
                % {"table": table.label}
            )
        seen.add(pk)
        unknown = sorted(set(row) - known)
        if unknown:
            raise Refused(
                _(
                    "This Warpost export is broken: %(table)s has no field %(fields)s on "
                    "this server."
                )
                % {"table": table.label, "fields": ", ".join(unknown)}
            )


def _broken(table: Table, row: dict, error: ValidationError, field: str = "") -> Refused:
    """The refusal of a row with a value the model refuses, by field."""
    errors = error.message_dict if hasattr(error, "error_dict") else {field: error.messages}
    what = "; ".join(f"{name}: {' '.join(messages)}" for name, messages in errors.items())
    return Refused(
        _("This Warpost export is broken: %(table)s %(id)s, %(what)s")
        % {"table": table.label, "id": row.get("id"), "what": what}
    )


@transaction.atomic
def campaign_create_from_map(
    *,
    by: User,
    name: str,
    description: str,
    preset: str,
    modules: Iterable[str],
    imported: MapImport,
) -> Campaign:
    """A new campaign in set-up on a map taken from an export (the New campaign wizard's
    "Import a map"): its creator its GM, a free seat for each of the map's kingdoms, each
    with the armies a new kingdom gets, its neutral kingdoms hidden again."""
    campaign = campaign_set_up(
        by=by,
        name=name,
        description=description,
        preset=preset,
        modules=modules,
        players=len(imported.plan.kingdoms),
    )
    map_plan_build(
        campaign=campaign,
        plan=imported.plan,
        armies_per_kingdom=ARMIES_PER_KINGDOM,
        contents=imported.contents,
    )
    return campaign
