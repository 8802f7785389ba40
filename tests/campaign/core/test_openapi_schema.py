"""The OpenAPI schema at /api/schema/ is valid and generates without a warning, so that
API clients get clean names (drf-spectacular's own validation)."""

from django.core.management import call_command


def test_the_schema_validates_without_warnings(tmp_path, db):
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(tmp_path / "s.yaml"))
    assert "TurnStateEnum" in (tmp_path / "s.yaml").read_text()
