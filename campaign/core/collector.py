"""Pausing Python's cyclic garbage collector while a large batch of objects is built.

A turn step or a campaign's set-up allocates hundreds of thousands of objects (rows, hex
states, model instances) that stay alive until it ends. The collector runs whenever
allocations outnumber deallocations by its threshold, and each of its runs walks them
again, the older generations ever more of them: a sixth of a 10,000-hex step's snapshot,
and a sixth of the CPU of a 20,000-hex set-up (bench/turn_step.py, bench/setup.py).
Paused for the batch, it runs at its next threshold after, once. What the batch leaves in
reference cycles is still collected then; reference counting frees the rest as usual.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """The collector paused for the ``with`` block (or the function it decorates), and
    left as it was found: an outer pause is not ended by an inner one."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
