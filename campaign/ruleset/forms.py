"""One section of the house-rules form, as the GM posts it, turned into the campaign's
overrides: a switch is a checkbox (absent when off), a number is checked against its
bounds with the reason in plain words, and the other sections keep what they hold."""

from __future__ import annotations

from collections.abc import Mapping

from django.http import QueryDict
from django.utils.translation import gettext as _

from campaign.ruleset.labels import is_switch, option_words
from campaign.ruleset.sections import Section
from rules.core.ruleset import OPTIONS, RulesetError, overrides_from_form


def posted_section(post: QueryDict, section: Section) -> tuple[dict[str, str], dict[str, str]]:
    """The section's options and tables as the GM wrote them; a switch left off is not
    posted by the browser, which means 0."""
    options = {
        name: post.get(f"option-{name}", "0" if is_switch(name) else "") for name in section.options
    }
    tables = {key: post.get(f"table-{key}", "") for key in section.tables}
    return options, tables


def _check_number(name: str, written: str) -> None:
    """The GM's number, refused in his language with the option's plain label."""
    label = option_words(name).label
    low, high = OPTIONS[name].metadata["range"]
    text = written.strip()
    digits = text.removeprefix("-")
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 9:
        raise RulesetError(name, _("%(label)s must be a whole number") % {"label": label})
    value = int(text)
    if not low <= value <= high:
        raise RulesetError(
            name,
            _("%(label)s must be between %(low)s and %(high)s, not %(value)s")
            % {"label": label, "low": low, "high": high, "value": value},
        )


def section_overrides(
    current: Mapping, section: Section, options: Mapping[str, str], tables: Mapping[str, str]
) -> dict:
    """The campaign's overrides after saving ``section``: its own fields as posted, every
    other section's overrides as they stand."""
    for name, written in options.items():
        _check_number(name, written)
    fresh = overrides_from_form(options, tables)
    kept_options = {
        name: value for name, value in (current.get("options") or {}).items() if name not in options
    }
    kept_tables = {
        key: text for key, text in (current.get("tables") or {}).items() if key not in tables
    }
    return {
        "options": kept_options | fresh["options"],
        "tables": kept_tables | fresh["tables"],
    }
