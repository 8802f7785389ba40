"""Where the browser tests find Chromium, and the marks every one of them carries: each is
a browser test, skipped on a machine without Debian's Chromium (CI installs it)."""

from __future__ import annotations

from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")

IN_CHROMIUM = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not CHROMIUM.exists(), reason="Debian's Chromium (/usr/bin/chromium) is not installed"
    ),
]
