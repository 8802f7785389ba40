"""The rules engine's refusals in the reader's language.

The engine (``rules``) speaks English and knows nothing of Django: a ``Problem`` carries
an English template and the values that fill it (``rules.core.problems``). Here the
template is translated with the catalogs and then filled in, the engine's own words among
the values (a terrain, an order's kind, a slot) translated too. Every page that shows a
refusal of the engine reads it through :func:`problem_sentence` or :func:`problem_text`;
the API, whose requests run in English (campaign.accounts.middleware), reads the same.
"""

from __future__ import annotations

import logging

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from campaign.core import words
from campaign.core.errors import Refused
from rules.core.problems import Phrase, Problem, as_sentence, is_list
from rules.core.state import EdictKind, Structure
from rules.kingdoms.armies import SLOT_NAMES
from rules.kingdoms.edicts import STRUCTURE_WORDS
from rules.kingdoms.spending_state import SPEND_LABELS, SpendKind

logger = logging.getLogger(__name__)

# The engine's words, keyed by the English (or the value) it uses: in its sentences, and as
# the labels of its terrains and features on the pages. Only these values of a sentence are
# translated: a kingdom's or an army's name is the player's own.
ENGINE_WORDS = {
    **words.TERRAINS,
    **words.FEATURES,
    **words.DEFENCES,  # "fortress" is also an edict's STRUCTURE_WORDS
    # The engine's sentences name an order as its button does: "Invade"
    **{kind.capitalize(): name for kind, name in words.ORDER_KINDS.items()},
    EdictKind.LOOT.value: _("loot"),
    EdictKind.RAZE.value: _("raze"),
    **words.ROLES,
    STRUCTURE_WORDS[Structure.FEATURE]: _("major feature"),
    STRUCTURE_WORDS[Structure.GREAT_FORTRESS]: _("great fortress"),
    STRUCTURE_WORDS[Structure.WATCHTOWER]: _("watchtower"),
    SLOT_NAMES["lord"]: _("Lord"),
    SLOT_NAMES["hero"]: _("Hero"),
    SLOT_NAMES["special"]: _("Special"),
    SLOT_NAMES["rare"]: _("Rare"),
    SLOT_NAMES["magic_items"]: _("magic-item points"),
    **{SPEND_LABELS[SpendKind(kind)]: name for kind, name in words.SPENDS.items()},
}


def _value(value: object) -> object:
    if isinstance(value, Phrase):
        return problem_text(value)
    if isinstance(value, str):
        return str(ENGINE_WORDS.get(value, value))
    if is_list(value):  # rules.core.problems.words
        return ", ".join(str(_value(item)) for item in value)
    return value


def problem_text(phrase: Phrase) -> str:
    """The engine's words (a Problem, or a Phrase within one) in the active language."""
    params = {name: _value(value) for name, value in phrase.params.items()}
    translated = gettext(phrase.template)
    try:
        return translated.format_map(params)
    except (KeyError, IndexError, ValueError):
        # A translation whose placeholders do not match its English (the catalogs' check
        # in tests/campaign/core/test_translations.py catches it) must not fail the page.
        logger.warning("Translation of %r does not fit its values", phrase.template)
        return phrase.template.format_map(params)


def stored_text(stored: str | dict) -> str:
    """Words the engine stored as JSON (a Phrase's ``plain()``, in an event's payload or a
    prompt) in the active language; plain words stored before the engine kept its
    phrases are shown as they are."""
    if isinstance(stored, dict):
        return problem_text(Phrase.from_plain(stored))
    return stored


def problem_refusal(problem: Problem) -> Refused:
    """The engine's refusal as a service raises it and a page shows it: its sentence in
    the active language, its field, and its rule, which shows beside it as a link."""
    return Refused(problem_sentence(problem), field=problem.field, rule=problem.rule)


def problem_sentence(phrase: Phrase) -> str:
    """:func:`problem_text` standing alone, as a refusal shows it: capitalised, with a
    full stop."""
    return as_sentence(problem_text(phrase))
