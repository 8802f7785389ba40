"""Every rule ID the project cites resolves in its own rulebook, docs/rules/.

The code, the templates, the scenario files, the event payloads (their ``rule`` strings
live in the code) and the docs cite rules by ID; each ID must have an explicit anchor
(``<a id="…"></a>``) on one page of docs/rules/, so that ``docs/rules/<page>.md#<ID>``
leads to it. ``cited_rule_ids`` is the one grammar of those citations; the anchors are
the canonical forms it returns. Pure: no database.
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
RULEBOOK = ROOT / "docs" / "rules"
CITING = ["rules", "campaign", "kingdoms", "battles", "templates", "tests", "docs"]
CITING_FILES = ["README.md", "CONTRIBUTING.md"]
TEXT_SUFFIXES = {".py", ".html", ".md", ".yaml", ".yml", ".txt", ".json"}
# This file's own examples are the grammar's test data, not citations.
SELF = Path(__file__).resolve()

# Which page of docs/rules/ a section number belongs to when the citation names the book.
BOOKS = {"campaign-rules": "sec", "siege-tactical": "siege-sec", "new-rules": "supplement-sec"}
CITATION = re.compile(
    "|".join(
        [
            # –20, A-1.1.2-terrain (E-17)
            r"(?<![\w-])A-(?P<a>\d+(?:\.\d+)*)(?P<terrain>-terrain)?(?:[–-](?P<a_to>\d+)(?![\d.]))?",
            # B 3.5, B 3.3–3.5, C 5.1: the lost Sections B and C
            r"(?<![\w-])(?P<bc>[BC]) (?P<bc_num>\d+(?:\.\d+)*)(?:[–-](?P<bc_to>\d+(?:\.\d+)*))?",
            # Table 24, Tables 26–30, Tables 12–16, 18–22, Tables 13 and 14
            r"\bTables? (?P<tables>\d{1,2}(?:(?:\s*[–,-]\s*|\s+and\s+)\d{1,2}\b)*)",
            r"(?<![\w-])T(?P<t>\d{1,2})(?:[–-](?P<t_to>\d{1,2}))?\b",  # T12, T18–22
            r"\bApp(?:endix|\.)? (?P<app>[A-G])\b",  # App G, Appendix B
            r"(?<![\w-])E-(?P<e>\d{2})\b",  # E-29
            r"(?<![\w-])Q(?P<q>\d{1,2})\b",  # Q7
            r"\bP-C(?P<pc>\d+)\b",  # P-C3
            # NR-SIEGE-4, NR-ARMY-EMP, NR-DELTA-2/3, SG-BREACH, SG-ASLT-8/10, NR-SIEGE-*
            r"(?<![\w-])(?P<fam>(?:NR|SG)-[A-Z]+(?:-[A-Z]+)*)(?:-(?P<fam_nums>\d+(?:/\d+)*))?",
            r"(?<![\w-])T-(?P<siege_table>\d+)\b",  # T-1: the siege book's tables
            r"(?<![\w-])(?P<sup_table>T-[A-Z][A-Z0-9]*(?:-[A-Z][A-Z0-9]*)*)\b",  # T-WILD
            r"(?<![\w-])(?P<amb>(?:AMB|BASE)-\d+)\b",  # AMB-38, BASE-04
            # §5.4, §3-6b, §3 6c, §5.8–5.9, §2–§7, siege-tactical.md §8, new-rules.md §9
            r"(?:(?P<book>campaign-rules|siege-tactical|new-rules)(?:\.md)?`? )?"
            r"§ ?(?P<sec>\d+(?:\.\d+)*)(?:[- ](?P<step>\d[a-z])\b)?"
            r"(?:[–-]§?(?P<sec_to>\d+(?:\.\d+)*))?",
        ]
    )
)


def _numbered_range(first: str, last: str | None) -> list[str]:
    """'1.4.19' to '20' (or '1.4.20'): every number between, on the last component."""
    if last is None:
        return [first]
    head, _, start = first.rpartition(".")
    end = last.rpartition(".")[2]
    prefix = f"{head}." if head else ""
    return [f"{prefix}{n}" for n in range(int(start), int(end) + 1)]


def _tables(listed: str) -> list[str]:
    """'12–16, 18–22' → table-12 … table-16, table-18 … table-22."""
    ids = []
    for part in re.split(r"\s*,\s*|\s+and\s+", listed):
        first, *last = re.split(r"\s*[–-]\s*", part)
        ids += [f"table-{n}" for n in _numbered_range(first, last[0] if last else None)]
    return ids


def _anchors_of(m: re.Match) -> list[str]:
    g = m.groupdict()
    if g["a"]:
        if g["terrain"]:
            return [f"A-{g['a']}-terrain"]
        return [f"A-{n}" for n in _numbered_range(g["a"], g["a_to"])]
    if g["bc"]:
        return [f"{g['bc']}-{n}" for n in _numbered_range(g["bc_num"], g["bc_to"])]
    if g["tables"]:
        return _tables(g["tables"])
    if g["t"]:
        return [f"table-{n}" for n in _numbered_range(g["t"], g["t_to"])]
    if g["app"]:
        return [f"app-{g['app']}"]
    if g["e"]:
        return [f"E-{g['e']}"]
    if g["q"]:
        return [f"Q{int(g['q'])}"]
    if g["pc"]:
        return [f"P-C{g['pc']}"]
    if g["fam"]:
        numbers = g["fam_nums"].split("/") if g["fam_nums"] else []
        return [f"{g['fam']}-{n}" for n in numbers] or [g["fam"]]
    if g["siege_table"]:
        return [f"T-{g['siege_table']}"]
    if g["sup_table"] or g["amb"]:
        return [g["sup_table"] or g["amb"]]
    prefix = BOOKS.get(g["book"], "sec")
    if g["step"]:
        return [f"{prefix}-{g['sec']}-{g['step']}"]
    return [f"{prefix}-{n}" for n in _numbered_range(g["sec"], g["sec_to"])]


def cited_rule_ids(text: str) -> list[str]:
    """The anchors (docs/rules/…#ID) of every rule a text cites, in order, ranges
    expanded: 'A-1.4.19–20' → A-1.4.19, A-1.4.20; 'Tables 26–30' → table-26 … table-30;
    '§3-6b' → sec-3-6b; 'siege-tactical §8' → siege-sec-8."""
    return [anchor for m in CITATION.finditer(text) for anchor in _anchors_of(m)]


def _text_files() -> list[Path]:
    paths = [p for d in CITING for p in sorted((ROOT / d).rglob("*"))]
    paths += [ROOT / name for name in CITING_FILES]
    return [p for p in paths if p.suffix in TEXT_SUFFIXES and p.is_file() and p.resolve() != SELF]


def citations() -> dict[str, list[str]]:
    """Every cited ID, with the places (path:line) that cite it."""
    places: dict[str, list[str]] = defaultdict(list)
    for path in _text_files():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for anchor in cited_rule_ids(line):
                places[anchor].append(f"{path.relative_to(ROOT)}:{number}")
    return places


def rulebook_anchors() -> dict[str, list[str]]:
    """Every explicit anchor of docs/rules/, with the pages that define it."""
    pages: dict[str, list[str]] = defaultdict(list)
    for page in sorted(RULEBOOK.glob("*.md")):
        for anchor in re.findall(r'<a id="([^"]+)"></a>', page.read_text(encoding="utf-8")):
            pages[anchor].append(page.name)
    return pages


@pytest.mark.parametrize(
    ("text", "ids"),
    [
        ("A-1.4.19", ["A-1.4.19"]),
        ("(A-1.4.18–20)", ["A-1.4.18", "A-1.4.19", "A-1.4.20"]),
        ("A-1.1.2-terrain", ["A-1.1.2-terrain"]),
        ("B 3.3–3.5, B 2.2.1", ["B-3.3", "B-3.4", "B-3.5", "B-2.2.1"]),
        ("Table 24", ["table-24"]),
        ("Tables 26–30", [f"table-{n}" for n in range(26, 31)]),
        ("Tables 12–16, 18", [f"table-{n}" for n in (12, 13, 14, 15, 16, 18)]),
        ("Tables 13 and 14", ["table-13", "table-14"]),
        (
            "(T12 for tabletop reports, T18–22)",
            ["table-12"] + [f"table-{n}" for n in range(18, 23)],
        ),
        ("App G, Appendix B", ["app-G", "app-B"]),
        ("E-29, Q7, P-C3", ["E-29", "Q7", "P-C3"]),
        ("NR-SIEGE-4 NR-SIEGE-* NR-ARMY-EMP", ["NR-SIEGE-4", "NR-SIEGE", "NR-ARMY-EMP"]),
        ("SG-BREACH, SG-ASLT-8/10", ["SG-BREACH", "SG-ASLT-8", "SG-ASLT-10"]),
        ("T-1, T-WILD, T-DIPLO-MATRIX", ["T-1", "T-WILD", "T-DIPLO-MATRIX"]),
        ("AMB-38, BASE-04", ["AMB-38", "BASE-04"]),
        ("§5.4, §3-6b, §3 6c", ["sec-5.4", "sec-3-6b", "sec-3-6c"]),
        ("§5.8–5.9", ["sec-5.8", "sec-5.9"]),
        ("siege-tactical.md §8–9", ["siege-sec-8", "siege-sec-9"]),
        ("new-rules §9", ["supplement-sec-9"]),
        ("campaign-rules.md §7", ["sec-7"]),
        ("Q(owner=None), ABC-1, T-shirt, CA-1.2", []),
    ],
)
def test_the_citation_grammar_reads_every_form_the_code_uses(text, ids):
    assert cited_rule_ids(text) == ids


def test_every_cited_rule_id_has_an_anchor_in_the_rulebook():
    """A rule ID cited anywhere (code, templates, scenarios, docs) without an anchor in
    docs/rules/ is listed with the places that cite it."""
    anchors = rulebook_anchors()
    missing = {rule: places for rule, places in citations().items() if rule not in anchors}
    report = "\n".join(
        f"  {rule}: {', '.join(places[:5])}{' …' if len(places) > 5 else ''}"
        for rule, places in sorted(missing.items())
    )
    assert not missing, f"{len(missing)} rule IDs have no anchor in docs/rules/:\n{report}"


def test_each_anchor_is_defined_on_one_page_once():
    twice = {anchor: pages for anchor, pages in rulebook_anchors().items() if len(pages) > 1}
    assert not twice, f"anchors defined more than once in docs/rules/: {twice}"


def test_links_into_the_rulebook_lead_to_an_anchor_of_that_page():
    """``docs/rules/campaign.md#A-1.4.19`` in a comment or a doc, and a Markdown link
    such as ``[A-1.4.19](campaign.md#A-1.4.19)``, name a page of docs/rules/ and an
    anchor that page defines."""
    anchors = rulebook_anchors()
    mentioned = re.compile(r"docs/rules/(?P<page>[\w-]+\.md)#(?P<anchor>[^)\s>\"'`,;]+)")
    markdown = re.compile(r"\]\((?P<target>[^)#\s]*)#(?P<anchor>[^)\s]+)\)")
    broken = []
    for path in _text_files():
        text = path.read_text(encoding="utf-8")
        links = [(RULEBOOK / m["page"], m["anchor"]) for m in mentioned.finditer(text)]
        if path.suffix == ".md":
            links += [
                ((path.parent / m["target"]).resolve() if m["target"] else path, m["anchor"])
                for m in markdown.finditer(text)
            ]
        for page, anchor in links:
            if page.resolve().parent == RULEBOOK.resolve() and page.name not in anchors.get(
                anchor, []
            ):
                broken.append(f"{path.relative_to(ROOT)}: {page.name}#{anchor}")
    assert not broken, f"links to anchors that do not exist: {broken}"


def test_nothing_points_outside_the_repository():
    """The repository stands alone: no path into a sibling folder, and no page of
    another tree, in the code, the templates or the docs."""
    outside = re.compile(r"\.\./shared|shared/(?:rules|seeds)/|\b(?:ARCHITECTURE|STYLE)\.md\b")
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in _text_files()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if outside.search(line)
    ]
    assert not found, f"pointers outside the repository: {found}"
