"""What the campaign tests share beyond tests/conftest.py."""

from __future__ import annotations

import pytest
from django.utils import timezone, translation


@pytest.fixture(autouse=True)
def site_locale_after():
    """The profile middleware activates a reader's language and time zone for his request
    and leaves them active in the thread: each test after it starts from the site's."""
    yield
    translation.deactivate()
    timezone.deactivate()
