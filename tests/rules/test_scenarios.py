"""The scenario cases of tests/rules/scenarios/ and tests/scenarios/modules/ (one test
each) and the rules-coverage doc.

The format of a case is described in tests/rules/scenario_runner.py.
"""

from __future__ import annotations

import importlib
import re
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

import pytest

from tests.rules.scenario_runner import MODULE_SCENARIOS, SCENARIOS, load_cases, run_case

ROOT = Path(__file__).resolve().parents[2]
COVERAGE = ROOT / "docs" / "rules-coverage.md"
CASES = load_cases()
# area.letter.index, as the DATC's "6.A.1" (tests/rules/scenario_runner.py); no leading zeros
NUMBER = re.compile(r"([1-9][0-9]*)\.([A-Z]+)\.([1-9][0-9]*)")


def _param(case):
    marks = (
        [pytest.mark.xfail(strict=True, reason=case.data["xfail"])] if "xfail" in case.data else []
    )
    return pytest.param(case, id=case.id, marks=marks)


def test_case_ids_are_unique():
    ids = [case.id for case in CASES]
    assert sorted(ids) == sorted(set(ids))


def _clashes(pairs: Iterable[tuple]) -> dict:
    """The keys of ``pairs`` that come with more than one value, with their values."""
    seen: dict = {}
    for key, value in pairs:
        seen.setdefault(key, set()).add(value)
    return {key: values for key, values in seen.items() if len(values) > 1}


def test_case_numbers_are_unique_well_formed_and_agree_with_their_files():
    """Every case has its stable number: area.letter.index, no number twice, one area
    for each directory and one letter for each of its files, shared by all the file's
    cases. An area's directories share one parent (a folder split in two keeps its
    numbers: tests/rules/scenario_runner.py)."""
    numbers = [case.data["number"] for case in CASES]
    assert [n for n in numbers if not (isinstance(n, str) and NUMBER.fullmatch(n))] == []
    assert [n for n, count in Counter(numbers).items() if count > 1] == []
    placed = [
        (case.path.parent, case.path.name, *NUMBER.fullmatch(case.data["number"]).groups())
        for case in CASES
    ]
    assert _clashes(((d, f), (area, letter)) for d, f, area, letter, _ in placed) == {}
    assert _clashes(((area, letter), (d, f)) for d, f, area, letter, _ in placed) == {}
    assert _clashes((d, area) for d, _, area, _, _ in placed) == {}
    assert _clashes((area, d.parent) for d, _, area, _, _ in placed) == {}


def test_every_module_has_its_cases_in_its_own_folder():
    """Each optional module's scenario cases are in tests/scenarios/modules/<module>/, the
    folder named as its package under rules/modules/: every module has one with cases,
    every folder there is a module's, and no module case is left in the core cases'
    tree (tests/rules/scenarios/modules/, where they were)."""
    packages = {p.parent.name for p in (ROOT / "rules" / "modules").glob("*/__init__.py")}
    folders = {p.name for p in MODULE_SCENARIOS.iterdir() if p.is_dir()}
    with_cases = {
        case.path.relative_to(MODULE_SCENARIOS).parts[0]
        for case in CASES
        if case.path.is_relative_to(MODULE_SCENARIOS)
    }
    assert packages, "no module package found under rules/modules/"
    assert sorted(packages - with_cases) == [], "modules without scenario cases"
    assert sorted(folders - packages) == [], "folders of no module"
    assert [p.name for p in MODULE_SCENARIOS.glob("*.yaml")] == [], "cases outside a folder"
    assert list((SCENARIOS / "modules").rglob("*.yaml")) == [], "module cases in the old folder"


@pytest.mark.parametrize("case", [_param(case) for case in CASES])
def test_scenario(case):
    run_case(case)


def _coverage_rows() -> list[list[str]]:
    """The six cells of every rule row of the doc's tables (not headers or separators)."""
    rows = []
    for line in COVERAGE.read_text().splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if line.startswith("|") and cells[0] != "rule" and not cells[0].startswith("---"):
            assert len(cells) == 6, f"a row of docs/rules-coverage.md has {len(cells)} cells"
            rows.append(cells)
    return rows


def test_rules_coverage_doc_cites_real_scenarios_and_code():
    """docs/rules-coverage.md cannot drift: every scenario file and every
    ``module:function`` it cites exists, every rule it marks done is named in the
    ``rule:`` of a case that passes (an xfail case shows a rule is not done), and every
    rule a case names has a row (so a typo in a ``rule:`` shows)."""
    passing_rules = {
        rule for case in CASES if "xfail" not in case.data for rule in case.data["rule"]
    }
    rows = _coverage_rows()
    assert rows, "no rows found in docs/rules-coverage.md"
    for rule, _, status, code, scenarios, _ in rows:
        assert status in ("done", "partly", "not yet", "n/a"), f"{rule}: status {status!r}"
        for path in re.findall(r"tests/(?:rules/)?scenarios/[\w./-]+\.yaml", scenarios):
            assert (ROOT / path).is_file(), f"{rule}: {path} does not exist"
        for module, name in re.findall(r"`(rules(?:\.\w+)+):(\w+)`", code):
            assert hasattr(importlib.import_module(module), name), f"{rule}: {module}:{name}"
        if status == "done":
            assert rule in passing_rules, f"{rule} is marked done but no case names it"
    named = {rule for case in CASES for rule in case.data["rule"]}
    assert named <= {row[0] for row in rows}, f"rules with no row: {named - {r[0] for r in rows}}"


def test_rules_coverage_has_a_row_for_every_supplement_and_siege_day_id():
    """Every ID the supplement's page anchors (NR-, T-, AMB-, BASE-) and every SG- ID of
    the siege game's multi-day siege (sieges.md §8) has a row, built or not: the page
    cannot read as complete while it leaves rules out."""
    rules = ROOT / "docs" / "rules"
    supplement = re.findall(
        r'<a id="((?:NR|T|AMB|BASE)-[^"]+)">', (rules / "supplement.md").read_text()
    )
    sieges = (rules / "sieges.md").read_text()
    day = sieges.split('<a id="siege-sec-8">', 1)[1].split('<a id="siege-sec-9">', 1)[0]
    siege_days = re.findall(r'<a id="(SG-[^"]+)">', day)
    rows = {row[0] for row in _coverage_rows()}
    missing = [rule for rule in supplement + siege_days if rule not in rows]
    assert supplement and siege_days and not missing, f"no row for {missing}"


def test_rules_coverage_counts_match_their_rows():
    """A section that opens with "N rows: d done, p partly, y not yet, n n/a" (the
    supplement's, the siege game's) counts its own rows: the line cannot go stale when a
    row changes status."""
    counted = 0
    for section in COVERAGE.read_text().split("\n## ")[1:]:
        line = re.search(
            r"^(\d+) rows: (\d+) done, (\d+) partly, (\d+) not yet, (\d+) n/a", section, re.M
        )
        if line is None:
            continue
        statuses = Counter(
            cell.strip()
            for row in section.splitlines()
            if row.startswith("| ") and not row.startswith("| rule ")
            for cell in [row.strip().strip("|").split("|")[2]]
        )
        title = section.splitlines()[0]
        total, done, partly, not_yet, na = map(int, line.groups())
        assert total == sum(statuses.values()), f"{title}: {total} rows claimed"
        assert (done, partly, not_yet, na) == (
            statuses["done"],
            statuses["partly"],
            statuses["not yet"],
            statuses["n/a"],
        ), f"{title}: counts {line.group(0)!r}, rows {dict(statuses)}"
        counted += 1
    assert counted >= 2, "the supplement's and the siege game's sections lost their count line"
