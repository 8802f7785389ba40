"""Advancement and skills (§5.9 Tables 18–22, with E-11's rulings).

A character rolls once each time his total XP reaches one of Table 18's totals (2, 4, 7,
10, 14, 19, 25, then every 6 more by the rulebook; ruleset options). The d6 on Table 18
picks the skill table; the skill table's d6 picks the skill. E-11:

* each row of a table is one result, taken at most once (Table 20's two "+1 BS" rows
  give +2 BS in all); a capped result (Hardened, Born leader, +1 wizard level) is
  unavailable once at its cap;
* a result he cannot take is re-rolled, but only while the table still has one he can
  take; a table with nothing left (or Magic, for a non-wizard: "Fighting or Command
  instead") sends the advance to the next table of Fighting → Command → Shooting →
  Magic (wizards only), round from the one rolled; with none left there is no advance,
  and it is logged. So no roll can loop for ever on an exhausted table.
* injuries and skills are stored as deltas on the Character (the GM applies them to
  the army list); Generalship starts at 0.
"""

from __future__ import annotations

from collections.abc import Iterator

import msgspec

from rules.battles.postbattle_events import AdvanceGained, AdvanceLost
from rules.battles.postbattle_tables import (
    FALLBACK_ORDER,
    SKILL_TABLE_KEYS,
    SKILL_WORDS,
    STAT_SKILLS,
    SkillTable,
)
from rules.core.dice import Dice, Roll
from rules.core.dicetable import DiceTable
from rules.core.ruleset import table
from rules.core.state import CharacterState, Ruleset


def thresholds(ruleset: Ruleset) -> Iterator[int]:
    """Table 18: the XP totals that bring an advance, for ever (the listed seven, then
    one every ``advance_xp_every``)."""
    listed = [getattr(ruleset, f"advance_xp_{n}") for n in range(1, 8)]
    yield from listed
    total = listed[-1]
    while True:
        total += ruleset.advance_xp_every
        yield total


def thresholds_crossed(ruleset: Ruleset, before: int, after: int) -> list[int]:
    """The Table 18 totals reached when his XP went from ``before`` to ``after``, each
    one roll (E-04: XP is counted battle by battle, so this is called per battle)."""
    crossed = []
    for total in thresholds(ruleset):
        if total > after:
            return crossed
        if total > before:
            crossed.append(total)
    raise AssertionError("unreachable: thresholds never end")


def available(ruleset: Ruleset, character: CharacterState, kind: SkillTable) -> list[str]:
    """The results of ``kind``'s table in force that ``character`` may still take (E-11),
    one entry a row: a result he holds as often as its rows is gone, and so is a capped
    one at its cap. Magic is for wizards only (Table 22)."""
    if kind is SkillTable.MAGIC and not character.is_wizard:
        return []
    rows = [result for _, _, result in _table(ruleset, kind).rows]
    free = []
    for result in dict.fromkeys(rows):
        left = rows.count(result) - character.skills.count(result)
        if left > 0 and not _capped(ruleset, character, result):
            free += [result] * left
    return free


def _capped(ruleset: Ruleset, character: CharacterState, skill: str) -> bool:
    """E-11: Hardened at most +1 T over the profile, Born leader up to Generalship 3, a
    wizard up to level 4 (ruleset options); Tactician is held once (the flag)."""
    if skill == "hardened":
        return character.skills.count("hardened") >= ruleset.hardened_max
    if skill == "born_leader":
        return character.generalship >= ruleset.generalship_max
    if skill == "wizard_level":
        return character.wizard_level >= ruleset.wizard_level_max
    if skill == "tactician":
        return character.tactician
    return False


def _table(ruleset: Ruleset, kind: SkillTable) -> DiceTable:
    return table(ruleset, SKILL_TABLE_KEYS[kind])


def fallback_tables(rolled: SkillTable) -> list[SkillTable]:
    """E-11: the table rolled, then the next ones of Fighting → Command → Shooting →
    Magic, round from it (Magic → Fighting → Command: Table 18's "Fighting or Command
    instead" for a non-wizard)."""
    start = FALLBACK_ORDER.index(rolled)
    return [FALLBACK_ORDER[(start + i) % len(FALLBACK_ORDER)] for i in range(len(FALLBACK_ORDER))]


def roll_advance(
    ruleset: Ruleset,
    character: CharacterState,
    threshold: int,
    dice: Dice,
    *,
    battle_key: int,
    kingdom_id: int | None,
) -> tuple[AdvanceGained | AdvanceLost, CharacterState]:
    """Table 18 and the skill tables for one advance (E-11); the event with every roll,
    and the character with the skill gained."""
    name = character.name
    rolls: list[Roll] = []
    roll = dice.d6(f"Table 18 advancement, {name} at {threshold} XP")
    rolls.append(roll)
    rolled = table(ruleset, "table-18").lookup(roll.result)
    tried: list[str] = []
    for kind in fallback_tables(rolled):
        free = available(ruleset, character, kind)
        if not free:
            tried.append(kind.value)
            continue
        skills = _table(ruleset, kind)
        while True:  # E-11: re-roll only while unavailable; ``free`` is not empty
            roll = dice.d6(f"{skills.title}, {name} at {threshold} XP")
            rolls.append(roll)
            skill = skills.lookup(roll.result)
            if skill in free:
                break
        gained = gain(ruleset, character, skill)
        return (
            AdvanceGained(
                rule="Table 18 E-11",
                rolls=tuple(rolls),
                battle_key=battle_key,
                kingdom_id=kingdom_id,
                character_id=character.id,
                name=name,
                threshold=threshold,
                table=kind.value,
                skill=skill,
                words=SKILL_WORDS.get(skill, skill),
                stat=STAT_SKILLS.get(skill),
                fallbacks=tuple(tried),
            ),
            gained,
        )
    return (
        AdvanceLost(
            rule="Table 18 E-11",
            rolls=tuple(rolls),
            battle_key=battle_key,
            kingdom_id=kingdom_id,
            character_id=character.id,
            name=name,
            threshold=threshold,
        ),
        character,
    )


def gain(ruleset: Ruleset, character: CharacterState, skill: str) -> CharacterState:
    """The character with ``skill`` (E-11: a stat skill is a +1 delta; Born leader,
    +1 wizard level and Tactician change what they name)."""
    changes: dict = {"skills": (*character.skills, skill)}
    stat = STAT_SKILLS.get(skill)
    if stat is not None:
        changes["deltas"] = {**character.deltas, stat: character.deltas.get(stat, 0) + 1}
    if skill == "born_leader":
        changes["generalship"] = min(
            ruleset.generalship_max, character.generalship + ruleset.born_leader_generalship
        )
    if skill == "wizard_level":
        changes["wizard_level"] = min(ruleset.wizard_level_max, character.wizard_level + 1)
    if skill == "tactician":
        changes["tactician"] = True
    return msgspec.structs.replace(character, **changes)
