"""Turning the engine's events into rows, with bulk writes.

The Writer knows no event type: each event goes to the applier its domain registered
(campaign.pipeline.registry), which changes the snapshot's rows through the Writer (so
that they are saved) or its domain's step state. ``flush`` then writes the rows whose
fields differ from those loaded, in one statement per table (campaign.core.bulk), the
chronicle, and each step state at its phase, so the number of queries does not grow with
the map.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter
from typing import TypeVar, cast

from django.db.models import Model

from battles.models import Battle
from campaign.chronicle.services import chronicle_entries_for
from campaign.core.bulk import columns_insert, rows_update_all
from campaign.models import Hex, Turn, TurnEvent
from campaign.pipeline.registry import APPLIERS, STEP_STATES, Phase, StepState
from campaign.pipeline.snapshot import Mapped, Rows, Snapshot
from kingdoms.models import Army, Character, Kingdom, NeutralKingdom
from rules.core.events import Event
from rules.core.state import Coord
from rules.turn.visibility import Context

S = TypeVar("S", bound=StepState)

# The fields of the loaded rows that a step's events may change, whichever domain's
# applier changes them: each table is saved in one statement.
HEX_FIELDS = [
    "owner",
    "neutral_kingdom",
    "explored",
    "scouted_only",
    "feature",
    "minor_feature",
    "defender_points",
    "defender_original_points",
    "is_orphan",
    "defence",
    "watchtower",  # a Raze (Table 4)
    "looted_turn",  # §5.3 edicts: the hex's history (rules.kingdoms.edicts)
    "edict_turn",
    "unrest_from",
    "unrest_until",
]
ARMY_FIELDS = ["points", "position", "rested"]
CHARACTER_FIELDS = [  # §3 6c, Tables 12–16, 18–22 (battles.postbattle.writeback)
    "status",
    "army",
    "is_general",
    "is_grand_marshal",
    "generalship",
    "tactician",
    "stat_deltas",
    "skills",
    "wizard_level",
    "shaken_until_turn",
]
KINGDOM_FIELDS = ["power", "industry", "capital", "eliminated", "fallback_capitals"]
BATTLE_FIELDS = ["resolved", "result", "winner", "mode"]
NEUTRAL_FIELDS = ["protector", "ally"]


class Writer:
    """One step's writes: the snapshot's rows the appliers changed, and each registered
    domain's step state."""

    def __init__(self, snapshot: Snapshot, turn: Turn):
        self.snapshot = snapshot
        self.turn = turn
        self.hexes: set[Hex] = set()
        self.army_ids: set[int] = set()
        self.character_ids: set[int] = set()
        self.battle_ids: set[int] = set()
        self.kingdom_ids: set[int] = set()
        self.neutral_ids: set[int] = set()
        self._states: dict[type[StepState], StepState] = {kind: kind(self) for kind in STEP_STATES}

    def state(self, kind: type[S]) -> S:
        """The step state ``kind`` its domain registered."""
        return cast(S, self._states[kind])

    def apply(self, events: Sequence[Event]) -> None:
        for event in events:
            APPLIERS[type(event)](self, event)

    # The rows an applier changes, marked to be saved by ``flush``.

    def hex(self, coord: Coord) -> Hex:
        row = self.snapshot.hexes[tuple(coord)]
        self.hexes.add(row)
        return row

    def army(self, army_id: int) -> Army:
        self.army_ids.add(army_id)
        return self.snapshot.armies[army_id]

    def character(self, character_id: int) -> Character:
        self.character_ids.add(character_id)
        return self.snapshot.characters[character_id]

    def kingdom(self, kingdom_id: int) -> Kingdom:
        self.kingdom_ids.add(kingdom_id)
        return self.snapshot.kingdoms[kingdom_id]

    def battle(self, key: int) -> Battle:
        self.battle_ids.add(key)
        return self.snapshot.battles[key]

    def neutral(self, neutral_id: int) -> NeutralKingdom:
        self.neutral_ids.add(neutral_id)
        return self.snapshot.neutrals[neutral_id]

    def flush(self, events: Sequence[Event]) -> None:
        """Write every changed row, then the chronicle, in a fixed number of statements."""
        self._flush(Phase.BEFORE_ROWS)
        self._save_rows()
        context = self._context()
        self._flush(Phase.CREATE)
        self._flush(Phase.LINK)
        # nothing reads the entries' ids back: one COPY rather than an INSERT returning them
        columns_insert(TurnEvent, chronicle_entries_for(self.turn, events, context))
        self._flush(Phase.AFTER_CHRONICLE)
        self._flush(Phase.LAST)
        # Each state holds the Writer, which holds the snapshot: dropped here, the step's
        # hundred thousand objects are freed as soon as it returns, instead of waiting, in
        # a cycle, for the garbage collector to find them (most of 100 ms at 10,000 hexes)
        self._states.clear()

    def _flush(self, phase: Phase) -> None:
        for kind, spec in STEP_STATES.items():
            for when, flush in spec.flushes:
                if when == phase:
                    flush(self._states[kind])

    def _save_rows(self) -> None:
        """The rows changed, of every table in one statement (``rows_update_all``)."""
        snapshot = self.snapshot
        rows_update_all(
            [
                _changed(snapshot.hexes, sorted((h.q, h.r) for h in self.hexes), HEX_FIELDS),
                _changed(snapshot.armies, sorted(self.army_ids), ARMY_FIELDS),
                _changed(
                    snapshot.characters, sorted(self.character_ids), ["xp", *CHARACTER_FIELDS]
                ),
                _changed(snapshot.kingdoms, sorted(self.kingdom_ids), KINGDOM_FIELDS),
                (Battle, BATTLE_FIELDS, [snapshot.battles[i] for i in sorted(self.battle_ids)]),
                _changed(snapshot.neutrals, sorted(self.neutral_ids), NEUTRAL_FIELDS),
            ]
        )

    def _context(self) -> Context:
        battle_kingdoms = {
            key: frozenset(side.kingdom_id for side in sides if side.kingdom_id is not None)
            # E-28: a combined assault's partner fights with his armies on another's side
            | {kingdom_id for side in sides for kingdom_id, _ in side.armies}
            for key, sides in self.snapshot.sides.items()
        }
        # The rows as loaded: a step moves no army or character to another kingdom. Read
        # when an event asks: dicts of every army and character cost 2 ms a step at
        # 100,000 hexes
        return Context(
            army_kingdom=Mapped(self.snapshot.armies.read, attrgetter("kingdom_id")),
            battle_kingdoms=battle_kingdoms,
            character_neutral_kingdom=Mapped(  # E-20: the GM's alone
                self.snapshot.characters.read, attrgetter("neutral_kingdom_id")
            ),
        )


def _changed(rows: Rows, keys: list, fields: list[str]) -> tuple[type[Model], list[str], list]:
    """The update of the rows marked whose ``fields`` differ from the rows as loaded."""
    attnames = [rows.model._meta.get_field(name).attname for name in fields]
    return rows.model, fields, rows.changed(keys, attnames)
