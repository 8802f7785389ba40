"""Writing back post-battle bookkeeping (rules.battles.postbattle, §3 step 6c): the
characters' experience, injuries, deaths and advances, and the new Generals.

The characters' rows change in place. The characters who changed are saved with the
XP, in the core writer's one statement (campaign.pipeline.writeback.CHARACTER_FIELDS);
those who are gone are saved before it and the new Generals created after it, so that
the uniqueness of a General per army and of a Grand Marshall per kingdom (B 3.3, B 3.4)
holds after every row. A turn without a death or a retirement costs no query more.
"""

from __future__ import annotations

from campaign.core.bulk import rows_insert, rows_update
from campaign.pipeline.registry import (
    Phase,
    register_appliers,
    register_chronicle_only,
    register_state,
)
from campaign.pipeline.writeback import CHARACTER_FIELDS, Writer
from kingdoms.models import Character
from rules.battles import postbattle_events as pev
from rules.core import events as ev
from rules.modules.wildlands.spring import SpringNews


class PostBattle:
    """The characters who are gone and the new Generals of the step."""

    def __init__(self, writer: Writer):
        self.writer = writer
        self.gone: set[int] = set()
        self.new: list[Character] = []

    def flush_gone(self) -> None:
        """Before the core writer saves the characters: those who are gone (no query if
        none)."""
        characters = self.writer.snapshot.characters
        gone = [characters[i] for i in sorted(self.gone)]
        rows_update(Character, CHARACTER_FIELDS, gone)

    def flush_new(self) -> None:
        """After it: the new Generals (no query if none), in one COPY on PostgreSQL:
        nothing reads their ids back."""
        rows_insert(Character, self.new)


def _experience(writer: Writer, event: ev.ExperienceGained) -> None:
    writer.character(event.character_id).xp += event.xp


def _injured(writer: Writer, event: pev.InjuryTaken) -> None:
    """Table 14, E-03: the stat's delta, or Shaken until a turn."""
    row = writer.character(event.character_id)
    if event.stat:
        deltas = dict(row.stat_deltas or {})
        deltas[event.stat] = deltas.get(event.stat, 0) + event.change
        row.stat_deltas = deltas
    if event.shaken_until is not None:
        row.shaken_until_turn = event.shaken_until


def _removed(writer: Writer, event: pev.CharacterRemoved) -> None:
    """Table 13 Dead, E-03 retired: kept for the chronicle, out of every army; saved
    before the others (PostBattle.flush_gone)."""
    writer.state(PostBattle).gone.add(event.character_id)
    row = writer.snapshot.characters[event.character_id]
    row.status, row.army_id = event.cause, None
    row.is_general = row.is_grand_marshal = False


def _appointed(writer: Writer, event: pev.GeneralAppointed) -> None:
    if event.character_id is not None:
        row = writer.character(event.character_id)
        row.is_general = True
        row.is_grand_marshal = row.is_grand_marshal or event.grand_marshal
        return
    writer.state(PostBattle).new.append(
        Character(
            kingdom_id=event.kingdom_id,
            neutral_kingdom_id=event.neutral_kingdom_id,
            army_id=event.army_id,
            name=event.name,
            is_general=True,
            is_grand_marshal=event.grand_marshal,
        )
    )


def _unit_back(writer: Writer, event: pev.UnitRecovered) -> None:
    """Table 12: a unit that recovers brings its points back to its army (P-C6)."""
    army = writer.snapshot.armies.get(event.army_id)
    if event.returned and event.points and army is not None:
        army.points = min(army.allocation, army.points + event.points)
        writer.army_ids.add(event.army_id)


def _marshal(writer: Writer, event: pev.GrandMarshalPassed) -> None:
    writer.character(event.character_id).is_grand_marshal = True


def _generalship(writer: Writer, event: pev.GeneralshipRolled) -> None:
    writer.character(event.character_id).generalship = event.generalship


def _advanced(writer: Writer, event: pev.AdvanceGained) -> None:
    """E-11: the skill in the list; a stat skill as a +1 delta; Born leader, a wizard
    level and Tactician on their own fields."""
    row = writer.character(event.character_id)
    row.skills = [*(row.skills or []), event.skill]
    if event.stat:
        deltas = dict(row.stat_deltas or {})
        deltas[event.stat] = deltas.get(event.stat, 0) + 1
        row.stat_deltas = deltas
    ruleset = writer.snapshot.world.ruleset
    if event.skill == "born_leader":
        row.generalship = min(
            ruleset.generalship_max, row.generalship + ruleset.born_leader_generalship
        )
    elif event.skill == "wizard_level":
        row.wizard_level = min(ruleset.wizard_level_max, row.wizard_level + 1)
    elif event.skill == "tactician":
        row.tactician = True


def _spring(writer: Writer, event: SpringNews) -> None:
    """NR-SPRING-1: a dead hero the mystic spring restored lives again in the army that
    carried his body; its other news change no row."""
    if event.what == "restored":
        row = writer.character(event.character_id)
        row.status, row.army_id = "active", event.army_id


def register() -> None:
    register_state(
        PostBattle,
        {Phase.BEFORE_ROWS: PostBattle.flush_gone, Phase.AFTER_CHRONICLE: PostBattle.flush_new},
    )
    register_appliers(
        {
            ev.ExperienceGained: _experience,
            pev.InjuryTaken: _injured,
            pev.CharacterRemoved: _removed,
            pev.GeneralAppointed: _appointed,
            pev.GrandMarshalPassed: _marshal,
            pev.GeneralshipRolled: _generalship,
            pev.AdvanceGained: _advanced,
            pev.UnitRecovered: _unit_back,
            SpringNews: _spring,  # NR-SPRING-1
        }
    )
    register_chronicle_only(ev.CharacterFell, pev.CharacterRecoveryRolled, pev.AdvanceLost)
