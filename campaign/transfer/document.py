"""The Warpost export format (docs/export-format.md): its version, the tables a
campaign's document holds in the order an import writes them, and every place an id is
stored outside a foreign key.

A row is its model's concrete fields by name: a foreign key as the id of the row it
names (a person as his username), a many-to-many field as the sorted list of ids. The
ids are the exporting server's; an import gives every row a new one and renumbers every
reference, those in ``ID_FIELDS`` included."""

from __future__ import annotations

import json
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db.models import Model
from django.utils.translation import gettext as _

from battles.models import (
    Battle,
    BattleReport,
    BattleSide,
    Siege,
    SiegeBattle,
    SiegeEngine,
    SiegePlan,
)
from campaign.bulletin.models import MercenaryOffer, Rumour
from campaign.core.errors import Refused
from campaign.models import Campaign, Hex, Membership, Turn, TurnEvent
from kingdoms.messages.models import Message, PressRelease, ReadMark, Thread
from kingdoms.models import (
    Agreement,
    Army,
    Character,
    CrownEntry,
    Edict,
    Kingdom,
    NeutralKingdom,
    Order,
    OrderSet,
    PowerSpend,
    ScoutReport,
)

FORMAT = "warpost-campaign"
# One more whenever a table, a field or the meaning of a value changes: a server reads
# its own version only.
VERSION = 1


@dataclass(frozen=True)
class Table:
    """A model whose rows belong to a campaign, found from it by any of ``campaign``'s
    lookups."""

    model: type[Model]
    campaign: tuple[str, ...]

    @property
    def label(self) -> str:
        return self.model._meta.label


# In dependency order: a row's foreign keys name rows of the tables before it, but for a
# few that point forwards (a hex's owner, a battle's ``after``), which an import sets
# once every row exists. The chronicle is last: its entries name everything.
TABLES: tuple[Table, ...] = (
    Table(Campaign, ("pk",)),
    Table(Hex, ("campaign",)),
    Table(Kingdom, ("campaign",)),
    Table(NeutralKingdom, ("campaign",)),
    Table(Membership, ("campaign",)),
    Table(Turn, ("campaign",)),
    Table(Army, ("kingdom__campaign",)),
    Table(Character, ("kingdom__campaign", "neutral_kingdom__campaign")),
    Table(Rumour, ("turn__campaign",)),
    Table(MercenaryOffer, ("turn__campaign",)),
    Table(Order, ("turn__campaign",)),
    Table(OrderSet, ("turn__campaign",)),
    Table(ScoutReport, ("kingdom__campaign",)),
    Table(Edict, ("turn__campaign",)),
    Table(PowerSpend, ("turn__campaign",)),
    Table(Agreement, ("campaign",)),
    Table(Thread, ("campaign",)),
    Table(Message, ("thread__campaign",)),
    Table(ReadMark, ("thread__campaign",)),
    Table(PressRelease, ("turn__campaign",)),
    Table(CrownEntry, ("kingdom__campaign",)),
    Table(Battle, ("turn__campaign",)),
    Table(BattleSide, ("battle__turn__campaign",)),
    Table(BattleReport, ("battle__turn__campaign",)),
    Table(Siege, ("campaign",)),
    Table(SiegeBattle, ("siege__campaign",)),
    Table(SiegePlan, ("siege__campaign",)),
    Table(SiegeEngine, ("kingdom__campaign",)),
    Table(TurnEvent, ("campaign",)),
)
MAP_TABLES = (Hex._meta.label, Kingdom._meta.label, NeutralKingdom._meta.label)


# Where ids hide outside the foreign keys: in JSON, and in the siege battles' keys.


@dataclass(frozen=True)
class Ids:
    """The value is an id of ``label``'s rows, or a list of them (a number only: a
    username in the same place stays as it is)."""

    label: str


@dataclass(frozen=True)
class Pairs:
    """A list of pairs whose first item is an id of ``label``'s rows."""

    label: str


@dataclass(frozen=True)
class BattleKeys:
    """The engine's battle keys: a battle's id, or below zero a siege battle's,
    -(the siege's id × 100 + its day) (rules.sieges.siege_battles.siege_battle_key)."""


# A dict spec applies to a JSON value at any depth: a key it names takes that key's
# spec, any other key keeps looking with the same spec.
Spec = Ids | Pairs | BattleKeys | dict

KINGDOM = Ids(Kingdom._meta.label)
NEUTRAL = Ids(NeutralKingdom._meta.label)
ARMY = Ids(Army._meta.label)
CHARACTER = Ids(Character._meta.label)
BATTLE = Ids(Battle._meta.label)
SIEGE = Ids(Siege._meta.label)

# The keys of the chronicle's payloads (the engine's events, rules/*/events.py, and the
# services' entries) and of the rows kept from them that hold ids.
PAYLOAD: dict[str, Spec] = {
    **dict.fromkeys(
        (
            "kingdom_id", "kingdom_ids", "attacker_kingdom_id", "defender_kingdom_id",
            "besieger_kingdom_id", "garrison_kingdom_id", "explorer_kingdom_ids",
            "beneficiary_id", "overlord_id", "vassal_id", "partner_id", "recipient_id",
            "previous_kingdom_id", "previous_owner_id", "previous_protector_id",
            "target_owner_id", "winner_ids",
            "by",  # an agreement's: the kingdom that acted; elsewhere a username, text
        ),
        KINGDOM,
    ),
    **dict.fromkeys(
        (
            "neutral_kingdom_id", "attacker_neutral_kingdom_id", "defender_neutral_kingdom_id",
            "garrison_neutral_kingdom_id",
        ),
        NEUTRAL,
    ),
    **dict.fromkeys(
        (
            "army_id", "army_ids", "attacker_army_ids", "defender_army_ids", "to_army_id",
            "besieger_army_ids", "garrison_army_ids", "replaced_army_ids",
        ),
        ARMY,
    ),
    "character_id": CHARACTER,
    "replaced_id": CHARACTER,  # the General or Grand Marshall who fell (Table 13)
    "battle_id": BATTLE,
    "battle_key": BattleKeys(),
    "siege_id": SIEGE,
    "siege_key": SIEGE,
    "agreement_id": Ids(Agreement._meta.label),
    "agreement_ids": Ids(Agreement._meta.label),
    "spend_id": Ids(PowerSpend._meta.label),
    "offer_id": Ids(MercenaryOffer._meta.label),
    "engine_id": Ids(SiegeEngine._meta.label),
    "scores": Pairs(Kingdom._meta.label),  # CampaignWon: (kingdom, score)
    "origins": Pairs(Army._meta.label),  # a siege's: (army, where it came from)
}  # fmt: skip

# Every field holding ids besides the foreign keys, by (table, field); every other JSON
# field holds none (tests/campaign/transfer/test_document.py lists them).
ID_FIELDS: dict[tuple[str, str], Spec] = {
    (Campaign._meta.label, "module_state"): PAYLOAD,  # a random event's kingdom
    (TurnEvent._meta.label, "payload"): PAYLOAD,
    (TurnEvent._meta.label, "kingdom_ids"): KINGDOM,
    (ScoutReport._meta.label, "facts"): PAYLOAD,
    (BattleSide._meta.label, "armies_seen"): {
        "id": ARMY,
        "kingdom": KINGDOM,
        "characters": {"id": CHARACTER},
    },
    (BattleReport._meta.label, "casualties"): {"army": ARMY},
    (BattleReport._meta.label, "removed"): {"character": CHARACTER},
    (BattleReport._meta.label, "kills"): {"character": CHARACTER},
    (Siege._meta.label, "besieger_army_ids"): ARMY,
    (Siege._meta.label, "garrison_army_ids"): ARMY,
    (Siege._meta.label, "origins"): Pairs(Army._meta.label),
    (Siege._meta.label, "log"): PAYLOAD,
    (SiegeBattle._meta.label, "key"): BattleKeys(),
}


def spec_labels(spec: Spec) -> set[str]:
    """The tables whose ids ``spec`` may name."""
    if isinstance(spec, Ids | Pairs):
        return {spec.label}
    if isinstance(spec, BattleKeys):
        return {Battle._meta.label, Siege._meta.label}
    return set().union(*(spec_labels(inner) for inner in spec.values()))


# The document as a file


def document_dumps(document: dict) -> str:
    return json.dumps(document, indent=1, ensure_ascii=False)


def document_loads(text: str | bytes) -> dict:
    """The document in ``text``; refused unless it is JSON."""
    try:
        return json.loads(text)
    except (ValueError, UnicodeDecodeError):
        raise Refused(_("This file is not a Warpost export: it is not JSON.")) from None


def document_tables(document: dict, labels) -> dict[str, list[dict]]:
    """The rows of each of the tables ``labels`` in ``document``, by table; refused
    unless it is a Warpost export of this version holding those tables, each a list of
    rows."""
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise Refused(_("This file is not a Warpost export."))
    version = document.get("version")
    if version != VERSION:
        raise Refused(
            _(
                "This file is a Warpost export of format version %(version)s; this "
                "server reads version %(supported)s only."
            )
            % {"version": version, "supported": VERSION}
        )
    tables = document.get("tables")
    if not isinstance(tables, dict):
        raise Refused(_("This Warpost export is broken: it has no tables."))
    found = {}
    for label in labels:
        rows = tables.get(label)
        if not isinstance(rows, list) or not all(isinstance(row, dict) for row in rows):
            raise Refused(
                _("This Warpost export is broken: its table %(label)s is missing.")
                % {"label": label}
            )
        found[label] = rows
    return found


def is_person(field) -> bool:
    """A foreign key to a person: the document names him by his username."""
    return field.is_relation and field.related_model is get_user_model()
