"""The catalogs (locale/{it,es}/LC_MESSAGES/django.po and djangojs.po) are complete: every
text the site shows has its Italian and Spanish, none is a guess (fuzzy), and each
translation keeps the placeholders its English has, so that the values still fill it.

Fails with the first entries at fault; ``make messages`` gathers new texts, translators
fill them (CONTRIBUTING.md, "Translating Warpost")."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from django.conf import settings

LANGUAGES = ("it", "es")
DOMAINS = ("django", "djangojs")
SHOWN = 20  # entries listed when a check fails
ROOT = Path(settings.BASE_DIR)
# What makemessages leaves out (the Makefile's `messages` target ignores the same)
NOT_SCANNED = (".git", ".venv", "staticfiles", "node_modules", "tests", "test-artifacts")
VENDORED = "static/vendor"  # others' scripts, translated (or not) by their authors


@dataclass
class Entry:
    msgid: str = ""
    plural: str = ""
    msgstrs: list[str] = field(default_factory=list)
    flags: set[str] = field(default_factory=set)
    line: int = 0

    def __str__(self) -> str:
        return f"line {self.line}: {self.msgid!r}"


def _unquote(text: str) -> str:
    return text.strip()[1:-1].encode("raw_unicode_escape").decode("unicode_escape")


def parse_po(path: Path) -> list[Entry]:
    """The catalog's live entries (the header and obsolete ``#~`` ones left out)."""
    entries, entry, target = [], Entry(), None
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            entry, target = _close(entries, entry), None
        elif line.startswith("#,"):
            entry.flags |= {flag.strip() for flag in line[2:].split(",")}
        elif line.startswith("#"):
            continue
        elif line.startswith('"') and target is not None:
            setattr_or_append(entry, target, _unquote(line))
        else:
            keyword, _, value = line.partition(" ")
            if keyword == "msgid":
                entry.line = number
            target = {"msgid": "msgid", "msgid_plural": "plural"}.get(keyword, keyword)
            if target.startswith("msgstr"):
                entry.msgstrs.append("")
            setattr_or_append(entry, target, _unquote(value))
    _close(entries, entry)
    return entries


def setattr_or_append(entry: Entry, target: str, text: str) -> None:
    if target.startswith("msgstr"):
        entry.msgstrs[-1] += text
    elif target in ("msgid", "plural"):
        setattr(entry, target, getattr(entry, target) + text)


def _close(entries: list[Entry], entry: Entry) -> Entry:
    if entry.msgid:  # the header's msgid is empty
        entries.append(entry)
    return Entry()


def _catalog(language: str, domain: str) -> Path:
    return ROOT / "locale" / language / "LC_MESSAGES" / f"{domain}.po"


def _committed(gathered: Path, language: str, domain: str) -> Path:
    """The committed catalog, which must exist once makemessages finds a text of its
    domain (the scripts may have none to translate yet)."""
    path = _catalog(language, domain)
    if not path.exists() and not (gathered / path.relative_to(ROOT)).exists():
        pytest.skip(f"no text of the {domain} domain to translate")
    assert path.exists(), f"{path.relative_to(ROOT)} is missing: run make messages"
    return path


def _failing(what: str, faults: list) -> str:
    listed = "\n  ".join(str(fault) for fault in faults[:SHOWN])
    more = f"\n  … and {len(faults) - SHOWN} more" if len(faults) > SHOWN else ""
    return f"{len(faults)} {what}:\n  {listed}{more}"


CATALOGS = [(language, domain) for language in LANGUAGES for domain in DOMAINS]


@pytest.fixture(scope="module")
def gathered(tmp_path_factory) -> Path:
    """A copy of the project whose catalogs makemessages has brought up to date, as
    ``make messages`` would: what it finds that the committed catalogs lack is new."""
    copy = tmp_path_factory.mktemp("project") / "warpost"
    shutil.copytree(ROOT, copy, ignore=shutil.ignore_patterns(*NOT_SCANNED, "__pycache__", "*.mo"))
    env = {**os.environ, "DEBUG": "true", "PYTHONPATH": str(copy)}
    for domain in DOMAINS:
        subprocess.run(
            [sys.executable, "manage.py", "makemessages", "--no-obsolete", "-d", domain]
            + [f"-l{language}" for language in LANGUAGES]
            + [f"--ignore={name}" for name in (*NOT_SCANNED, VENDORED)],
            cwd=copy,
            env=env,
            check=True,
            capture_output=True,
        )
    return copy


@pytest.mark.parametrize(("language", "domain"), CATALOGS)
def test_makemessages_finds_no_text_the_catalog_lacks(gathered, language, domain):
    committed = _committed(gathered, language, domain)
    known = {(e.msgid, e.plural) for e in parse_po(committed)}
    found = parse_po(gathered / committed.relative_to(ROOT))
    new = [entry for entry in found if (entry.msgid, entry.plural) not in known]
    assert not new, _failing(f"texts not in {committed.relative_to(ROOT)} (make messages)", new)


@pytest.mark.parametrize(("language", "domain"), CATALOGS)
def test_every_text_is_translated_and_none_is_fuzzy(gathered, language, domain):
    path = _committed(gathered, language, domain)
    entries = parse_po(path)
    untranslated = [e for e in entries if not all(e.msgstrs)]
    assert not untranslated, _failing(f"untranslated in {path.relative_to(ROOT)}", untranslated)
    fuzzy = [e for e in entries if "fuzzy" in e.flags]
    assert not fuzzy, _failing(f"fuzzy in {path.relative_to(ROOT)}", fuzzy)


PERCENT = re.compile(r"%(?:\((\w+)\))?[-#0 +]*\d*(?:\.\d+)?[sdifeEgGxXrc%]")
BRACES = re.compile(r"(?<!\{)\{(\w*)[^{}]*\}(?!\})")


def placeholders(text: str, flags: set[str]) -> list[str]:
    """The placeholders a value fills, by name (or by kind, for an unnamed ``%s``)."""
    if "python-brace-format" in flags:
        return sorted(BRACES.findall(text.replace("{{", "").replace("}}", "")))
    if "python-format" in flags or "javascript-format" in flags:
        found = (m.group(1) or m.group(0)[-1] for m in PERCENT.finditer(text))
        return sorted(name for name in found if name != "%")
    return []


def _mismatches(entry: Entry) -> list[str]:
    sources = [entry.msgid] + ([entry.plural] if entry.plural else [])
    wanted = {name for text in sources for name in placeholders(text, entry.flags)}
    wrong = []
    for index, msgstr in enumerate(entry.msgstrs):
        have = placeholders(msgstr, entry.flags)
        # a plural form may leave out the count ("un esercito"), never add a placeholder
        fits = (
            set(have) <= wanted if entry.plural else have == placeholders(entry.msgid, entry.flags)
        )
        if msgstr and not fits:
            wrong.append(f"{entry}: msgstr[{index}] has {have}, the English {sorted(wanted)}")
    return wrong


@pytest.mark.parametrize(("language", "domain"), CATALOGS)
def test_each_translation_keeps_the_placeholders_of_its_english(gathered, language, domain):
    path = _committed(gathered, language, domain)
    wrong = [fault for entry in parse_po(path) for fault in _mismatches(entry)]
    assert not wrong, _failing(
        f"translations in {path.relative_to(ROOT)} unlike their English", wrong
    )


def test_the_catalog_reader_sees_flags_plurals_and_continued_lines(tmp_path):
    """The check's own reader, on a catalog of each shape makemessages writes."""
    po = tmp_path / "django.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n"Language: it\\n"\n\n'
        "#: rules/turn/orders.py:1\n#, python-brace-format\n"
        'msgid ""\n"{coord} is not "\n"on the map"\nmsgstr "{coord} non è sulla mappa"\n\n'
        '#, fuzzy, python-format\nmsgid "%(count)s army"\nmsgid_plural "%(count)s armies"\n'
        'msgstr[0] "un esercito"\nmsgstr[1] "%(count)s eserciti"\n\n'
        '#~ msgid "gone"\n#~ msgstr "andato"\n',
        encoding="utf-8",
    )
    coord, armies = parse_po(po)
    assert (coord.msgid, coord.msgstrs) == (
        "{coord} is not on the map",
        ["{coord} non è sulla mappa"],
    )
    assert _mismatches(coord) == []
    assert armies.plural == "%(count)s armies" and "fuzzy" in armies.flags
    assert _mismatches(armies) == []
    armies.msgstrs[1] = "%(numero)s eserciti"
    assert "msgstr[1] has ['numero'], the English ['count']" in _mismatches(armies)[0]


def test_make_messages_gathers_the_rules_engines_refusal_templates(gathered):
    """The engine knows no gettext: its templates are gathered as the third argument of
    Problem(...), the first of Phrase(...) and of translatable(...), flagged as brace
    templates so that the check above compares their placeholders."""
    entries = {e.msgid: e for e in parse_po(gathered / "locale/it/LC_MESSAGES/django.po")}
    for template in (
        "{coord} is not on the map",  # Problem(rule, field, template, …)
        "{balance} in your treasury",  # Phrase(template, …)
        "this patrol covers {k} sea hexes: name {k} of the land hexes {listed}",
    ):  # the last one chosen by translatable(…) before the call
        assert template in entries, template
        assert "python-brace-format" in entries[template].flags
    assert "Pacify neutrals" in entries  # one of the engine's words (campaign.core.problems)
