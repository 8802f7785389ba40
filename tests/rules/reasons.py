"""How a scenario's expected reason matches the engine's refusal.

A scenario may cite the refusing rule in brackets after its words, "may only Rest
(E-14)", as the rulebook's own examples do. The engine's sentence reads in plain words
and names its rule apart (``Problem.rule``, a link beside the sentence on the pages): the
words must be in the sentence, and every cited rule must be the problem's.
"""

from __future__ import annotations

import re

from rules.core.problems import Problem

_ID = r"(?:E-\d+|A-[\d.]+|Q\d+|NR-[A-Z0-9-]+|SG-[A-Z0-9-]+|P-[A-Z0-9]+|Table \d+|§[\d.]+)"
CITATION = re.compile(r" ?\((" + _ID + r"(?:, " + _ID + r")*)\)")


def says(problem: Problem | None, reason: str) -> bool:
    """``problem`` refuses with ``reason``'s words and with every rule it cites."""
    if problem is None:
        return False
    cited = [rule for found in CITATION.findall(reason) for rule in found.split(", ")]
    return CITATION.sub("", reason) in problem.message and all(
        rule in problem.rule for rule in cited
    )
