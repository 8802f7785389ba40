"""Writing back post-battle bookkeeping (rules.battles.postbattle, §3 step 6c): the appliers
``Writer`` adds to its own, and one flush.

The characters' rows change in place. The characters who changed are saved with the
XP, in the core writer's one statement (``CHARACTER_FIELDS``); those who are gone are
saved before it and the new Generals created after it, so that the uniqueness of a
General per army and of a Grand Marshall per kingdom (B 3.3, B 3.4) holds after every
row. A turn without a death or a retirement costs no query more.
"""

from __future__ import annotations

from collections.abc import Callable

from kingdoms.models import Character
from rules.battles import postbattle_events as pev

CHARACTER_FIELDS = [
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


def post_battle_appliers(writer) -> dict[type, Callable]:
    state = _State(writer)
    writer.post_battle = state
    return {
        pev.InjuryTaken: state.injured,
        pev.CharacterRemoved: state.removed,
        pev.GeneralAppointed: state.appointed,
        pev.GrandMarshalPassed: state.marshal,
        pev.GeneralshipRolled: state.generalship,
        pev.AdvanceGained: state.advanced,
        pev.UnitRecovered: state.unit_back,
    }


class _State:
    def __init__(self, writer):
        self.writer = writer
        self.gone: set[int] = set()
        self.new: list[Character] = []

    def _character(self, character_id: int, gone: bool = False) -> Character:
        (self.gone if gone else self.writer.character_ids).add(character_id)
        return self.writer.snapshot.characters[character_id]

    def injured(self, event: pev.InjuryTaken) -> None:
        """Table 14, E-03: the stat's delta, or Shaken until a turn."""
        row = self._character(event.character_id)
        if event.stat:
            deltas = dict(row.stat_deltas or {})
            deltas[event.stat] = deltas.get(event.stat, 0) + event.change
            row.stat_deltas = deltas
        if event.shaken_until is not None:
            row.shaken_until_turn = event.shaken_until

    def removed(self, event: pev.CharacterRemoved) -> None:
        """Table 13 Dead, E-03 retired: kept for the chronicle, out of every army."""
        row = self._character(event.character_id, gone=True)
        row.status, row.army_id = event.cause, None
        row.is_general = row.is_grand_marshal = False

    def appointed(self, event: pev.GeneralAppointed) -> None:
        if event.character_id is not None:
            row = self._character(event.character_id)
            row.is_general = True
            row.is_grand_marshal = row.is_grand_marshal or event.grand_marshal
            return
        self.new.append(
            Character(
                kingdom_id=event.kingdom_id,
                neutral_kingdom_id=event.neutral_kingdom_id,
                army_id=event.army_id,
                name=event.name,
                is_general=True,
                is_grand_marshal=event.grand_marshal,
            )
        )

    def unit_back(self, event: pev.UnitRecovered) -> None:
        """Table 12: a unit that recovers brings its points back to its army (P-C6)."""
        army = self.writer.snapshot.armies.get(event.army_id)
        if event.returned and event.points and army is not None:
            army.points = min(army.allocation, army.points + event.points)
            self.writer.army_ids.add(event.army_id)

    def marshal(self, event: pev.GrandMarshalPassed) -> None:
        self._character(event.character_id).is_grand_marshal = True

    def generalship(self, event: pev.GeneralshipRolled) -> None:
        self._character(event.character_id).generalship = event.generalship

    def advanced(self, event: pev.AdvanceGained) -> None:
        """E-11: the skill in the list; a stat skill as a +1 delta; Born leader, a
        wizard level and Tactician on their own fields."""
        row = self._character(event.character_id)
        row.skills = [*(row.skills or []), event.skill]
        if event.stat:
            deltas = dict(row.stat_deltas or {})
            deltas[event.stat] = deltas.get(event.stat, 0) + 1
            row.stat_deltas = deltas
        ruleset = self.writer.snapshot.world.ruleset
        if event.skill == "born_leader":
            row.generalship = min(
                ruleset.generalship_max, row.generalship + ruleset.born_leader_generalship
            )
        elif event.skill == "wizard_level":
            row.wizard_level = min(ruleset.wizard_level_max, row.wizard_level + 1)
        elif event.skill == "tactician":
            row.tactician = True


def post_battle_flush_gone(writer) -> None:
    """Before the core writer saves the characters: those who are gone (no query if none)."""
    characters = writer.snapshot.characters
    gone = [characters[i] for i in sorted(writer.post_battle.gone)]
    Character.objects.bulk_update(gone, CHARACTER_FIELDS)


def post_battle_flush(writer) -> None:
    """After it: the new Generals (no query if none)."""
    Character.objects.bulk_create(writer.post_battle.new)
