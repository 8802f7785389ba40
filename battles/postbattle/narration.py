"""One sentence per post-battle chronicle entry (rules.battles.postbattle_events, §3 step 6c),
in the reader's language (campaign.chronicle.narration).

The entries are private to the character's kingdom (a neutral General's to the GM), so
the narrators name the character from the payload.
"""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from campaign.chronicle.narration import register_narrators
from campaign.chronicle.words import word

# Profile characteristics keep the game's abbreviations, which players know in every language.
_STATS = {"m": "M", "ws": "WS", "bs": "BS", "s": "S", "t": "T", "w": "W", "i": "I", "a": "A",
          "ld": "Ld"}  # fmt: skip
_RESULTS = {
    "dead": gettext_lazy("dead"),
    "injured": gettext_lazy("injured (Table 14)"),
    "full_recovery": gettext_lazy("a full recovery"),
}
_FATES = {"fled": gettext_lazy("fled"), "destroyed": gettext_lazy("destroyed")}
# Table 14
_INJURIES = {
    "grievous_wound": gettext_lazy("a grievous wound"),
    "leg_wound": gettext_lazy("a leg wound"),
    "arm_wound": gettext_lazy("an arm wound"),
    "head_wound": gettext_lazy("a head wound"),
    "eye_wound": gettext_lazy("an eye wound"),
}
# Tables 19-22 (rules.battles.postbattle_tables.SKILL_WORDS, in the reader's language)
_SKILLS = {
    "ws": "+1 WS", "s": "+1 S", "i": "+1 I", "a": "+1 A", "bs": "+1 BS", "ld": "+1 Ld",
    "duellist": gettext_lazy("Duellist (re-roll failed to-hit rolls in challenges)"),
    "hardened": gettext_lazy("Hardened (+1 T)"),
    "quick_shot": gettext_lazy("Quick shot (no penalty for moving and shooting)"),
    "marksman": gettext_lazy("Marksman (ignores the long-range penalty)"),
    "eagle_eye": gettext_lazy('Eagle eye (+6" range to his missile weapon)'),
    "volley_leader": gettext_lazy("Volley leader (his unit re-rolls to-hit 1s when shooting)"),
    "inspiring": gettext_lazy('Inspiring (+3" Leadership radius as General)'),
    "tactician": gettext_lazy("Tactician (+1 on Table 23)"),
    "drillmaster": gettext_lazy("Drillmaster (+1 on his army's Table 12 rolls)"),
    "scoutmaster": gettext_lazy("Scoutmaster (+1 on his army's Table 8 rolls)"),
    "born_leader": gettext_lazy("Born leader (+1 Generalship)"),
    "wizard_level": gettext_lazy("+1 wizard level"),
    "spell_known": gettext_lazy("+1 spell known"),
    "spell_bonus": gettext_lazy("+1 to cast one chosen spell"),
    "channeller": gettext_lazy("Channeller (+1 power die)"),
    "lore_master": gettext_lazy("Lore master (chooses his spells)"),
    "arcane_resilience": gettext_lazy("Arcane resilience (+1 on Table 13)"),
}  # fmt: skip
_TABLES = {
    "fighting": gettext_lazy("fighting"),
    "shooting": gettext_lazy("shooting"),
    "command": gettext_lazy("command"),
    "magic": gettext_lazy("magic"),
}


def _values(p: dict) -> dict:
    """What the sentences of one character's rolls may name."""
    rolls = p.get("rolls") or []
    return {
        "name": p.get("name") or _("A character"),
        "rolled": rolls[0].get("result", "?") if rolls else "?",
        "total": p.get("total", "?"),
        "needed": p.get("needed", "?"),
        "modifiers": ", ".join(p.get("modifiers") or ()),
    }


def _unit_recovered(p: dict, names) -> str:
    values = {**_values(p), "unit": p.get("unit", "?"), "fate": word(_FATES, p.get("fate"), "?")}
    if p.get("returned") and p.get("modifiers"):
        return (
            _(
                "Unit %(unit)s (%(fate)s) rolled %(rolled)s, %(total)s with modifiers "
                "(%(modifiers)s), needing %(needed)s: comes back."
            )
            % values
        )
    if p.get("returned"):
        return (
            _(
                "Unit %(unit)s (%(fate)s) rolled %(rolled)s, %(total)s with modifiers, "
                "needing %(needed)s: comes back."
            )
            % values
        )
    if p.get("modifiers"):
        return (
            _(
                "Unit %(unit)s (%(fate)s) rolled %(rolled)s, %(total)s with modifiers "
                "(%(modifiers)s), needing %(needed)s: is lost."
            )
            % values
        )
    return (
        _(
            "Unit %(unit)s (%(fate)s) rolled %(rolled)s, %(total)s with modifiers, "
            "needing %(needed)s: is lost."
        )
        % values
    )


def _recovery(p: dict, names) -> str:
    values = {**_values(p), "result": word(_RESULTS, p.get("result"), "?")}
    if p.get("modifiers"):
        return (
            _("%(name)s rolled %(rolled)s for recovery, %(total)s (%(modifiers)s): %(result)s.")
            % values
        )
    return _("%(name)s rolled %(rolled)s for recovery, %(total)s: %(result)s.") % values


def _injury(p: dict, names) -> str:
    values = {
        **_values(p),
        "injury": word(_INJURIES, p.get("injury"), _("a wound")),
        "stat": _STATS.get(p.get("stat"), p.get("stat") or "?"),
        "change": p.get("change", "?"),
        "until": p.get("shaken_until"),
    }
    if p.get("shaken_until"):
        return _("%(name)s is shaken: he misses every turn up to turn %(until)s.") % values
    if p.get("injury") == "shaken":
        return _("%(name)s is shaken.") % values
    if p.get("retired"):
        return _("%(name)s took %(injury)s at his last wound and retires.") % values
    if p.get("floored") and not p.get("change"):
        return _("%(name)s took %(injury)s, but his %(stat)s cannot fall lower.") % values
    return _("%(name)s took %(injury)s: %(change)s %(stat)s for good.") % values


def _removed(p: dict, names) -> str:
    if p.get("cause") == "dead":
        return _("%(name)s died of his wounds.") % _values(p)
    return _("%(name)s retired from the field.") % _values(p)


def _appointed(p: dict, names) -> str:
    values = {"name": p.get("name") or _("A new General")}
    if p.get("grand_marshal"):
        return _("%(name)s takes command in his place, and becomes the Grand Marshall.") % values
    return _("%(name)s takes command in his place.") % values


def _marshal(p: dict, names) -> str:
    return _("%(name)s becomes the Grand Marshall.") % {
        "name": p.get("name") or _("Another General")
    }


def _generalship(p: dict, names) -> str:
    values = {**_values(p), "generalship": p.get("generalship", "?")}
    if p.get("outcome") == "draw":
        return _("%(name)s commanded in a draw: no Generalship roll.") % values
    change = p.get("change") or 0
    values["effect"] = (
        _("Generalship %(change)s") % {"change": f"{change:+d}"} if change else _("no change")
    )
    if p.get("outcome") == "won":
        return (
            _(
                "%(name)s rolled %(rolled)s for Generalship after winning (total %(total)s, "
                "needing %(needed)s): %(effect)s, now %(generalship)s."
            )
            % values
        )
    return (
        _(
            "%(name)s rolled %(rolled)s for Generalship after losing (total %(total)s, "
            "needing %(needed)s): %(effect)s, now %(generalship)s."
        )
        % values
    )


def _advance(p: dict, names) -> str:
    values = {
        **_values(p),
        "threshold": p.get("threshold", "?"),
        "skill": word(_SKILLS, p.get("skill"), p.get("words") or "?"),
        "table": word(_TABLES, p.get("table"), "?"),
        "fallbacks": ", ".join(word(_TABLES, t) for t in p.get("fallbacks") or ()),
    }
    if p.get("fallbacks"):
        return (
            _(
                "%(name)s reached %(threshold)s XP and gains %(skill)s from the %(table)s table "
                "(%(fallbacks)s had nothing left)."
            )
            % values
        )
    return _("%(name)s reached %(threshold)s XP and gains %(skill)s from the %(table)s table.") % (
        values
    )


def _advance_lost(p: dict, names) -> str:
    return _("%(name)s reached %(threshold)s XP, but no skill table has anything left.") % {
        **_values(p),
        "threshold": p.get("threshold", "?"),
    }


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
