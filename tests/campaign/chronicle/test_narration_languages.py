"""Every chronicle sentence is written in the reader's language: each narrator (the
NARRATORS registry, every domain's) speaks through gettext in whole sentences, and the rule
an entry cites is shown beside its sentence by the page, never inside it.

The catalogs are made later, so the test reads through a pseudo-translation: every message
that passes through gettext comes back with its letters masked (its placeholders kept), so a
letter left in a sentence is one that no translation could reach."""

from __future__ import annotations

import re
from contextlib import contextmanager

import pytest
from django.utils import translation
from django.utils.translation import trans_real

from battles.models import SiegePlan
from campaign.chronicle.narration import NARRATORS, Names, narrate
from campaign.turns.narration import DEADLINE_NARRATORS
from rules.modules.random_events import RandomEvent
from rules.sieges.state import (
    BesiegerAction,
    EngineKind,
    GarrisonAction,
    Place,
    SiegeBattleKind,
    SiegeStatus,
)
from rules.sieges.tables import SiegeEvent

pytestmark = pytest.mark.django_db

# Reader-visible names and the players' own words, in letters no English literal uses.
NAMES = Names(
    kingdoms={1: "Αλβα", 2: "Βρετον"},
    neutral_kingdoms={5: "Νεκρα"},
    armies={1: "Στρατος", 2: "Φρουρα"},
)
WORDS = "λογος"
FULL = {
    "turn": 3, "deadline": "2030-07-01T18:00:00+00:00", "army_id": 1, "army": WORDS,
    "order": "invade", "target": [1, 2], "role": "attacker", "decision": "fight", "hex": [2, -1],
    "feature": "city", "minor_feature": "ford", "neutral_kingdom_id": 5, "defender_points": 1500,
    "level": "report", "total": 5, "kingdom_id": 1, "attacker_kingdom_id": 1,
    "attacker_points": 2500, "defender_kind": "patrol", "defender_kingdom_id": 2,
    "attacker_total": 7, "defender_total": 4, "result": "solid", "winner": "attacker",
    "by_default": True, "points_lost": 250, "points_left": 750, "unrest": True,
    "unrest_until": 5, "xp": 2, "previous_owner_id": 2, "orphan": True, "ends": True,
    "gained": 3, "power": 12, "industry": 4, "crowns": 30, "balance": -5, "year": 2,
    "winner_ids": [1, 2], "scores": [[1, 25], [2, 25]], "new": [0, 1], "hexes": [[0, 1], [1, 1]],
    "points": 1000, "text": WORDS, "special": True, "minimum_bid": 5, "name": WORDS,
    "ordered": False, "ready": True, "rolls": [{"result": 2, "purpose": WORDS, "sides": 6}],
    "needed": 4, "points_gained": 100, "capital": [4, 4], "choice": "sworn_enemies",
    "previous_protector_id": 2, "edict": "raze", "structure_before": "fortress",
    "structure_after": "watchtower", "modifiers": [WORDS], "reason": WORDS,
    "changes": [WORDS], "thing": WORDS, "terrain": "forest", "secondary_terrains": ["river"],
    "facts": {
        "feature": "town", "minor_feature": "shrine", "defender_points": 1000,
        "defender_race": WORDS, "patrol_points": 500, "neutral_kingdom": True,
        "capital": [3, 3], "extent": [[3, 3], [3, 4]], "defence": "fortress", "watchtower": True,
    },
    "unit": WORDS, "fate": "fled", "returned": True, "injury": "leg_wound", "stat": "t",
    "change": -1, "floored": False, "cause": "dead", "grand_marshal": True, "outcome": "allied",
    "payload_kind": "assault", "generalship": 2, "threshold": 10, "skill": "duellist",
    "table": "fighting", "fallbacks": ["magic"], "after": 1, "if_won": "attacker",
    "army_ids": [1, 2],
    "battles": [1, 2], "battle": 1, "vp_margin": 300, "pieces": [{"piece": WORDS}],
    "ruling": WORDS, "until": "2030-07-02T18:00:00+00:00", "place": "city",
    "besieger_kingdom_id": 1, "provisions": 10, "day": 3, "event": "poison",
    "initiative": "garrison", "action": "sortie", "what": [WORDS], "why": WORDS,
    "status": "taken", "state": {"day": 3, "status": "ongoing"}, "lift": True, "tabletop": True,
    "kind_of_battle": "assault", "agreement_kind": "alliance", "kingdom_ids": [1, 2], "by": 2,
    "partner_id": 2, "beneficiary_id": 1, "overlord_id": 2, "vassal_id": 1, "item": "fortress",
    "build": "watchtower", "amount": 4, "source": "recruit", "points_added": 200, "won": True,
    "recipient_id": 2, "credited": True, "success": True, "target_owner_id": 2,
    "breaks_agreement": WORDS, "allocation": 1500, "before": 1000, "allocation_before": 2000,
    "general": WORDS, "approved": False, "slots": {"hero": 2, "rare": 1}, "module": WORDS,
    "player": WORDS, "ready_count": 2,
}  # fmt: skip
# The other branch of each sentence that chooses between whole sentences.
OTHER = {
    "order": "rest", "role": "defender", "level": "glimpse", "defender_kind": "undefended",
    "result": "draw", "winner": None, "by_default": False, "unrest": False, "orphan": False,
    "ends": False, "balance": 12, "winner_ids": [1], "special": False, "ordered": True,
    "ready": False, "choice": "quick_friendship", "edict": "loot", "structure_after": None,
    "modifiers": [], "returned": False, "injury": "shaken", "shaken_until": 4, "cause": "retired",
    "grand_marshal": False, "outcome": "draw", "fallbacks": [], "if_won": "nobody",
    "status": "lifted", "lift": False, "tabletop": False, "agreement_kind": "combined_assault",
    "source": "mercenary", "won": False, "credited": False, "success": False, "approved": True,
    "slots": {}, "facts": {"major_feature": True}, "change": 2, "retired": False,
}  # fmt: skip
PAYLOADS = {"nothing known": {}, "everything known": FULL, "the other way": {**FULL, **OTHER}}
# Keys whose value differs in kind between entries: the end-of-campaign roll's result is a
# number, not a battle's.
OF_KIND = {
    "CampaignEndRoll": {"result": 4},
    "EdictResolved": {"result": "revolt"},
    "AgreementEnded": {"reason": "turn_over"},
    "DiplomacyRolled": {"action": "ally", "outcome": "failed"},
    "PacifyRolled": {"result": "pacified"},
    "CharacterRecoveryRolled": {"result": "injured"},
    "WildsNews": {"site": "brigands", "what": "daemons"},  # rules.modules.wildlands
    **{
        kind: {"result": "victory"}
        for kind in ("TabletopBattleFought", "BattleReported", "BattleReportConfirmed",
                     "BattleReportSettled")
    },
    **{
        kind: {"payload_kind": "siege_tower"}
        for kind in ("EngineCaptured", "EngineDestroyed", "SiegeEngineBuilt")
    },
    "PirateNews": {"what": "raided"},  # NR-PIRATE (rules.modules.the_sea)
    "NavalBattle": {"result": "sink_one"},
    "SeaVoyage": {"what": "becalmed"},
    "BeastNews": {"what": "slain"},  # App G (rules.modules.beast)
    "RandomEventRolled": {"event": "plague"},  # §5.12 Table 31 (rules.modules.random_events)
}  # fmt: skip
# The deadlines' sentences are campaign.turns.narration's, made translatable on their own.
ELSEWHERE = set(DEADLINE_NARRATORS)
# What stays in any language: the game's profile abbreviations, a zone's abbreviation.
UNTRANSLATED = re.compile(r"\b(?:WS|BS|Ld|[MSTWIA]|UTC)\b")
RULE_ID = re.compile(r"\b(?:[AE]-\d|Q\d|P-C\d|NR-|SG-|App G|§)")
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%%")


def _masked(message: str) -> str:
    """The message with its letters masked and its placeholders kept."""
    parts = PLACEHOLDER.split(message)
    kept = PLACEHOLDER.findall(message)
    masked = [re.sub(r"[A-Za-z]", "·", part) for part in parts]
    return "".join(m + k for m, k in zip(masked, [*kept, ""], strict=True))


class _Masking:
    """A translation that masks what it translates; the rest is the language's own."""

    def __init__(self, language: trans_real.DjangoTranslation):
        self.language = language

    def gettext(self, message: str) -> str:
        return _masked(message)

    def ngettext(self, singular: str, plural: str, number: int) -> str:
        return _masked(singular if number == 1 else plural)

    def __getattr__(self, name: str):
        return getattr(self.language, name)


@contextmanager
def _pseudo_translated(language: str):
    with translation.override(language):
        trans_real._active.value = _Masking(trans_real._active.value)
        yield


def _of_kind(kind: str, payload: dict) -> dict:
    own = OF_KIND.get(kind, {}) if payload else {}
    return {**own, "kind": kind, "rule": "E-27 A-1.4.12"}


def _sentences(language: str) -> list[tuple[str, str, str]]:
    return [
        (kind, case, narrate({**payload, **_of_kind(kind, payload)}, NAMES))
        for kind in NARRATORS
        if kind not in ELSEWHERE
        for case, payload in PAYLOADS.items()
    ]


@pytest.mark.parametrize("language", ["it", "es"])
def test_every_narrator_speaks_only_through_gettext(language):
    """Every registered narrator, with nothing known, everything known and each sentence's
    other branch: no letter of its sentence escapes translation (names, the players' own
    words and the game's abbreviations aside)."""
    with _pseudo_translated(language):
        sentences = _sentences(language)
    assert len(sentences) >= 3 * 100
    escaped = [
        (kind, case, sentence)
        for kind, case, sentence in sentences
        if re.search(r"[A-Za-z]", UNTRANSLATED.sub("", _without_names(sentence)))
    ]
    assert escaped == []


def _without_names(sentence: str) -> str:
    for name in [*NAMES.kingdoms.values(), *NAMES.neutral_kingdoms.values(), WORDS]:
        sentence = sentence.replace(name, "")
    return sentence


@pytest.mark.parametrize("language", ["it", "es"])
def test_no_sentence_carries_its_rule_id(language):
    """The entry's rule is the page's to show as a link beside the sentence: no narrator
    writes it into the sentence, and each says something even with nothing known (E-29)."""
    with translation.override(language):
        sentences = _sentences(language)
    cited = [s for s in sentences if RULE_ID.search(s[2]) or len(s[2]) <= 10]
    assert cited == []


def test_numbers_read_with_the_readers_grouping():
    """A sentence's numbers are the reader's: 2,500 in English, 2.500 in Italian."""
    entry = {"kind": "DefenderAppeared", "hex": [1, 0], "points": 2500}
    assert "2,500 points" in narrate(entry, NAMES)
    with translation.override("it"):
        assert "2.500" in narrate(entry, NAMES)


HOUSE_RULES = {
    "kind": "RulesetChanged",
    "changes": [
        {"option": "patrol_radius", "before": 1, "after": 2},
        {"table": "table-7-fields"},
    ],
}


def test_the_gms_house_rules_change_reads_in_the_readers_language():
    """§7 house rules: the announcement keeps the changes as data, and each reader reads
    them in his language, numbers grouped as he groups them."""
    assert narrate(HOUSE_RULES, NAMES) == (
        "The GM changed the rules: Patrol radius: 1 → 2; Exploring fields: table changed."
    )
    with translation.override("it"):
        assert narrate(HOUSE_RULES, NAMES) == (
            "Il master ha cambiato le regole: Raggio di pattuglia: 1 → 2; "
            "Esplorare la pianura: tabella modificata."
        )


def test_an_older_house_rules_announcement_reads_as_it_was_written():
    """§7 house rules: an entry written before the changes were data kept its words; an
    option the rules no longer know reads by its name."""
    older = {"kind": "RulesetChanged", "changes": ["Patrol radius: 1 → 2"]}
    gone = {"kind": "RulesetChanged", "changes": [{"option": "gone", "before": 1, "after": 2}]}
    with translation.override("it"):
        assert narrate(older, NAMES) == "Il master ha cambiato le regole: Patrol radius: 1 → 2."
        assert narrate(gone, NAMES) == "Il master ha cambiato le regole: gone: 1 → 2."


# Each value the engine may write into a siege's (or a module's news') payload, by the entry
# and key that hold it: the full payload above carries one value a key, so a value without
# its word would pass.
ENGINE_VALUES = [
    ("SiegeBegan", "place", list(Place)),
    ("SiegeDay", "event", list(SiegeEvent)),
    ("SiegeDay", "initiative", list(SiegePlan.Role)),
    ("SiegeDay", "action", [*BesiegerAction, *GarrisonAction]),
    ("SiegeBattleDeclared", "payload_kind", list(SiegeBattleKind)),
    ("SiegeBattleNotFought", "payload_kind", list(SiegeBattleKind)),
    ("SiegeEnded", "status", list(SiegeStatus)),
    ("EngineCaptured", "payload_kind", list(EngineKind)),
    ("SiegePlanSet", "role", list(SiegePlan.Role)),
    ("RandomEventRolled", "event", list(RandomEvent)),  # §5.12 Table 31
    ("BeastNews", "what", ["lair", "moved", "woke", "ravaged", "slain", "slept"]),  # App G
]


@pytest.mark.parametrize(("kind", "key", "values"), ENGINE_VALUES)
def test_e37_every_siege_and_module_value_is_said_in_the_readers_words(kind, key, values):
    """E-37, NR-SIEGE: each place, event, side, action, battle, state and engine of a siege
    reaches the sentence as a translated word, never as the engine's value; so does each
    row of Table 31 (§5.12) and each of the Beast's news (App G)."""
    with _pseudo_translated("it"):
        sentences = {
            value: narrate({**FULL, key: str(value), "kind": kind, "rule": "E-37"}, NAMES)
            for value in values
        }
    escaped = {
        value: sentence
        for value, sentence in sentences.items()
        if re.search(r"[A-Za-z]", UNTRANSLATED.sub("", _without_names(sentence)))
    }
    assert escaped == {}


def test_e37_every_siege_state_the_record_keeps_is_said_in_the_readers_words():
    """§12.2: the GM's record of a siege names its state in the reader's words."""
    with _pseudo_translated("it"):
        sentences = [
            narrate({"kind": "SiegeRecorded", "state": {"day": 3, "status": status.value}}, NAMES)
            for status in SiegeStatus
        ]
    assert [s for s in sentences if re.search(r"[A-Za-z]", s)] == []
