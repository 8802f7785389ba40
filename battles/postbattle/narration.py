"""One sentence per post-battle chronicle entry (rules.battles.postbattle_events, §3 step 6c).

The entries are private to the character's kingdom (a neutral General's to the GM), so
the narrators name the character from the payload.
"""

from __future__ import annotations

from collections.abc import Callable

from campaign.chronicle.narration import register_narrators
from rules.battles.postbattle_tables import SKILL_WORDS

_STATS = {"m": "M", "ws": "WS", "bs": "BS", "s": "S", "t": "T", "w": "W", "i": "I", "a": "A",
          "ld": "Ld"}  # fmt: skip
_RESULTS = {"dead": "dead", "injured": "injured (Table 14)", "full_recovery": "a full recovery"}


def _name(p: dict) -> str:
    return p.get("name") or "A character"


def _modifiers(p: dict) -> str:
    return f" ({', '.join(p['modifiers'])})" if p.get("modifiers") else ""


def _first_roll(p: dict) -> str:
    rolls = p.get("rolls") or []
    return f"rolled {rolls[0]['result']}" if rolls else "rolled"


def _unit_recovered(p: dict, names) -> str:
    verb = "comes back" if p.get("returned") else "is lost"
    return (
        f"Unit {p.get('unit', '?')} ({p.get('fate', '?')}) {_first_roll(p)}, "
        f"{p.get('total')} with modifiers{_modifiers(p)}, needing {p.get('needed')}: {verb}."
    )


def _recovery(p: dict, names) -> str:
    result = _RESULTS.get(p.get("result"), str(p.get("result")))
    return f"{_name(p)} {_first_roll(p)} for recovery, {p.get('total')}{_modifiers(p)}: {result}."


def _injury(p: dict, names) -> str:
    injury = str(p.get("injury", "a wound")).replace("_", " ")
    if p.get("shaken_until"):
        return f"{_name(p)} is shaken: he misses every turn up to turn {p['shaken_until']}."
    if p.get("injury") == "shaken":
        return f"{_name(p)} is shaken."
    stat = _STATS.get(p.get("stat"), p.get("stat"))
    if p.get("retired"):
        return f"{_name(p)} took a {injury} at his last wound and retires."
    if p.get("floored") and not p.get("change"):
        return f"{_name(p)} took a {injury}, but his {stat} cannot fall lower."
    return f"{_name(p)} took a {injury}: {p.get('change')} {stat} for good."


def _removed(p: dict, names) -> str:
    what = "died of his wounds" if p.get("cause") == "dead" else "retired from the field"
    return f"{_name(p)} {what}."


def _appointed(p: dict, names) -> str:
    text = f"{p.get('name', 'A new General')} takes command in his place"
    if p.get("grand_marshal"):
        text += ", and becomes the Grand Marshall"
    return text + "."


def _marshal(p: dict, names) -> str:
    return f"{p.get('name', 'Another General')} becomes the Grand Marshall."


def _generalship(p: dict, names) -> str:
    if p.get("outcome") == "draw":
        return f"{_name(p)} commanded in a draw: no Generalship roll."
    change = p.get("change") or 0
    effect = f"Generalship {'+' if change > 0 else ''}{change}" if change else "no change"
    after = "winning" if p.get("outcome") == "won" else "losing"
    return (
        f"{_name(p)} {_first_roll(p)} for Generalship after {after} (total {p.get('total')}, "
        f"needing {p.get('needed')}): {effect}, now {p.get('generalship')}."
    )


def _advance(p: dict, names) -> str:
    skill = SKILL_WORDS.get(p.get("skill"), p.get("words") or p.get("skill"))
    fallback = ""
    if p.get("fallbacks"):
        fallback = f" ({', '.join(p['fallbacks'])} had nothing left)"
    return (
        f"{_name(p)} reached {p.get('threshold')} XP and gains {skill} from the "
        f"{p.get('table', '?')} table{fallback}."
    )


def _advance_lost(p: dict, names) -> str:
    return f"{_name(p)} reached {p.get('threshold')} XP, but no skill table has anything left."


POST_BATTLE_NARRATORS: dict[str, Callable] = {
    "UnitRecovered": _unit_recovered,
    "CharacterRecoveryRolled": _recovery,
    "InjuryTaken": _injury,
    "CharacterRemoved": _removed,
    "GeneralAppointed": _appointed,
    "GrandMarshalPassed": _marshal,
    "GeneralshipRolled": _generalship,
    "AdvanceGained": _advance,
    "AdvanceLost": _advance_lost,
}
POST_BATTLE_KINDS = ("CharacterFell", "ExperienceGained", *POST_BATTLE_NARRATORS)
"""What a battle's page lists as its post-battle step, roll by roll
(battles.decisions.selectors)."""


def register() -> None:
    register_narrators(POST_BATTLE_NARRATORS)
