"""The export format leaves nothing out and finds every id (docs/export-format.md): every
model holding a campaign's rows is a table of the document or left out for a reason,
and every place an id is stored outside a foreign key is listed in document.ID_FIELDS,
so that an import renumbers it. A new model, JSON field or event field fails here until
it is listed."""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
import typing
from enum import Enum

import pytest
from django.apps import apps
from django.db.models import JSONField

import rules
from campaign.models import Campaign
from campaign.transfer.document import ID_FIELDS, PAYLOAD, TABLES
from campaign.transfer.selectors import campaign_export
from rules.core.events import Event
from tests.campaign.transfer.support import through_json

# Rows of a campaign the document leaves out, and why.
LEFT_OUT = {
    "hosting.Invitation": "its token is a secret of this server, its link this server's address",
    "notifications.Notification": "a person's inbox, not the campaign's",
    "notifications.Reminder": "which reminders this server sent",
    "notifications.Webhook": "a webhook's address is itself a credential: the GM names it again",
    "notifications.WebhookDelivery": "this server's deliveries to the webhook",
    # new-rules.md §12.4: the chronicle keeps every ruling asked and applied
    "adjudication.GmPrompt": "the GM's questions of a turn: their defaults stand if unanswered",
}

# JSON fields that hold no id: coordinates, names, numbers, rule options, dice.
NO_IDS = {
    ("campaign.Campaign", "ruleset_overrides"),
    ("campaign.TurnEvent", "secret_fields"),
    ("campaign.Hex", "secondary_terrains"),
    ("kingdoms.Kingdom", "fallback_capitals"),
    ("kingdoms.Army", "slots"),
    ("kingdoms.Character", "profile"),
    ("kingdoms.Character", "stat_deltas"),
    ("kingdoms.Character", "skills"),
    ("kingdoms.Order", "sea_cover"),
    ("battles.Battle", "terrain"),
    ("battles.Siege", "events_drawn"),
    ("battles.SiegePlan", "actions"),
}

# The keys of the chronicle's payloads (and of the rows kept from them) whose numbers are
# not ids: counts, points, turns and days, dice, coordinates, a battle's place in its turn.
NUMBERS = {
    # the engine's events (rules/*/events.py)
    "after", "allocation", "allocation_before", "amount", "attacker_points",
    "attacker_total", "balance", "camp_ready_day", "capital", "change", "crowns", "day",
    "defender_points", "defender_total", "engines", "event_total", "gained",
    "garrison_points", "generalship", "hex", "hexes", "industry", "minimum_bid", "mouths",
    "needed", "new", "old", "origin", "points", "points_added", "points_before",
    "points_gained", "points_left", "points_lost", "points_regained", "power",
    "provisions", "provisions_modifier", "restored", "result", "roll", "rolls",
    "shaken_until", "sides", "threshold", "total", "turn", "unrest_from", "unrest_until",
    "vp_margin", "wall_damage", "wall_stages", "xp", "year",
    "facts", "state",  # dicts: their own keys are looked into
    # the services' entries, the scouts' facts, the siege's days and the modules' state
    "battle", "battles", "before", "count", "defender_about", "early_by", "extent",
    "patrol_points", "pending_day", "sea_cover", "target", "turn_number",
    "garrison_initiative_malus", "besieger_levies", "garrison_levies", "surrender_on_day",
    "commander_out_until", "engines_out_until", "ended_turn", "camp_engines",
    "table_roll", "stir", "lair", "at", "woke", "unrest",
    "source", "bridges", "looked",  # the new tiles' (rules.modules.new_tiles)
    "pirate_id", "ships", "kingdom_score", "pirate_score",  # the sea's own (rules.modules.the_sea)
    "horde_id", "tower",  # the wildlands' own ids and a tower's hex
    "seen",  # the Black Orb's armies, dicts whose own keys are looked into
    "retry_turn",  # NR-ADVDIP: a turn (rules.modules.peoples)
}  # fmt: skip


def _rows_of_campaigns() -> set[str]:
    """Every model whose rows belong to a campaign: a chain of foreign keys leads from it
    to Campaign."""
    found = {Campaign._meta.label}
    grew = True
    while grew:
        grew = False
        for model in apps.get_models():
            label = model._meta.label
            if label in found or model._meta.auto_created:
                continue
            if any(
                f.many_to_one or f.one_to_one
                for f in model._meta.concrete_fields
                if f.is_relation and f.related_model._meta.label in found
            ):
                found.add(label)
                grew = True
    return found


def test_every_model_of_a_campaign_is_exported_or_left_out_for_a_reason():
    exported = {table.label for table in TABLES}
    assert _rows_of_campaigns() == exported | set(LEFT_OUT)
    assert not exported & set(LEFT_OUT)


def test_every_json_field_is_known_to_hold_ids_or_none():
    json_fields = {
        (table.label, f.name)
        for table in TABLES
        for f in table.model._meta.concrete_fields
        if isinstance(f, JSONField)
    }
    assert json_fields == {key for key in ID_FIELDS if key in json_fields} | NO_IDS
    assert not NO_IDS & set(ID_FIELDS)
    for label, name in ID_FIELDS:
        assert any(t.label == label for t in TABLES), label
        assert apps.get_model(label)._meta.get_field(name), (label, name)


def _event_types() -> set[type]:
    for module in pkgutil.walk_packages(rules.__path__, "rules."):
        importlib.import_module(module.name)
    found, todo = set(), [Event]
    while todo:
        for subclass in todo.pop().__subclasses__():
            found.add(subclass)
            todo.append(subclass)
    return found


def _holds_numbers(annotation) -> bool:
    if annotation is bool or (isinstance(annotation, type) and issubclass(annotation, Enum)):
        return False
    if annotation is int or annotation is dict or typing.get_origin(annotation) is dict:
        return True
    return any(_holds_numbers(arg) for arg in typing.get_args(annotation))


def _number_fields(cls, seen: set) -> set[str]:
    """The fields of an event (and of the dataclasses in it) that may hold a number."""
    if cls in seen:
        return set()
    seen.add(cls)
    hints = typing.get_type_hints(cls)
    names = set()
    for field in dataclasses.fields(cls):
        if _holds_numbers(hints[field.name]):
            names.add(field.name)
        todo = [hints[field.name]]
        while todo:
            inner = todo.pop()
            if dataclasses.is_dataclass(inner):
                names |= _number_fields(inner, seen)
            todo.extend(typing.get_args(inner))
    return names


def test_every_number_an_engine_event_holds_is_an_id_the_import_renumbers_or_not_an_id():
    seen: set = set()
    names = set().union(*(_number_fields(event, seen) for event in _event_types()))
    assert names - set(PAYLOAD) - NUMBERS == set()
    assert not set(PAYLOAD) & NUMBERS


def _keys_with_numbers(value, found: set) -> None:
    if isinstance(value, list):
        for item in value:
            _keys_with_numbers(item, found)
    elif isinstance(value, dict):
        for key, item in value.items():
            if _numbers_in(item):
                found.add(key)
            _keys_with_numbers(item, found)


def _numbers_in(value) -> bool:
    if isinstance(value, list):
        return any(_numbers_in(item) for item in value)
    return isinstance(value, int) and not isinstance(value, bool)


def _spec_keys(spec) -> set[str]:
    if not isinstance(spec, dict):
        return set()
    return set(spec).union(*(_spec_keys(inner) for inner in spec.values()))


@pytest.mark.django_db
def test_every_number_a_played_campaign_keeps_in_json_is_an_id_or_not_an_id(played):
    """The services' chronicle entries, the scouts' facts, a siege's log, a battle's
    armies and its report, as a campaign of several turns with a siege wrote them."""
    tables = through_json(campaign_export(played.demo.campaign))["tables"]
    for (label, name), spec in ID_FIELDS.items():
        found: set[str] = set()
        _keys_with_numbers([row[name] for row in tables[label]], found)
        assert found - _spec_keys(spec) - NUMBERS == set(), (label, name)
