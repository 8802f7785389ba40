"""The scenario cases of tests/rules/scenarios/ (one test each) and the rules-coverage doc.

The format of a case is described in tests/rules/scenario_runner.py.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from tests.rules.scenario_runner import load_cases, run_case

ROOT = Path(__file__).resolve().parents[2]
COVERAGE = ROOT / "docs" / "rules-coverage.md"
CASES = load_cases()


def _param(case):
    marks = (
        [pytest.mark.xfail(strict=True, reason=case.data["xfail"])] if "xfail" in case.data else []
    )
    return pytest.param(case, id=case.id, marks=marks)


def test_case_ids_are_unique():
    ids = [case.id for case in CASES]
    assert sorted(ids) == sorted(set(ids))


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
        for path in re.findall(r"tests/rules/scenarios/[\w./-]+\.yaml", scenarios):
            assert (ROOT / path).is_file(), f"{rule}: {path} does not exist"
        for module, name in re.findall(r"`(rules(?:\.\w+)+):(\w+)`", code):
            assert hasattr(importlib.import_module(module), name), f"{rule}: {module}:{name}"
        if status == "done":
            assert rule in passing_rules, f"{rule} is marked done but no case names it"
    named = {rule for case in CASES for rule in case.data["rule"]}
    assert named <= {row[0] for row in rows}, f"rules with no row: {named - {r[0] for r in rows}}"
