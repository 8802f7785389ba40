"""The admin's commands: export_campaign, import_campaign (docs/gm-guide.md, moving
servers and backups)."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import CommandError, call_command

from campaign.models import Campaign

pytestmark = pytest.mark.django_db


def _run(*args) -> tuple[str, str]:
    out, err = io.StringIO(), io.StringIO()
    call_command(*args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def test_export_to_a_file_and_import_it_prints_the_new_campaigns_id(demo, tmp_path):
    path = tmp_path / "centretown.json"
    _run("export_campaign", str(demo.campaign.pk), "-o", str(path))
    assert json.loads(path.read_text())["format"] == "warpost-campaign"
    out, err = _run("import_campaign", str(path))
    copy = Campaign.objects.get(pk=int(out))
    assert copy.pk != demo.campaign.pk and copy.name == demo.campaign.name
    assert err == ""


def test_export_without_a_file_writes_the_document_out(demo):
    out, _ = _run("export_campaign", str(demo.campaign.pk))
    assert json.loads(out)["tables"]["campaign.Campaign"][0]["name"] == demo.campaign.name


def test_the_import_names_the_accounts_it_made(demo, tmp_path):
    document = json.loads(_run("export_campaign", str(demo.campaign.pk))[0])
    for row in document["tables"]["campaign.Membership"]:
        row["user"] = {"alice": "zoe", "bob": "yann"}.get(row["user"], row["user"])
    path = tmp_path / "moved.json"
    path.write_text(json.dumps(document))
    _, err = _run("import_campaign", str(path))
    assert "yann, zoe" in err


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        ("not json at all", "not JSON"),
        ('{"format": "warpost-campaign", "version": 99}', "format version 99"),
    ],
)
def test_a_bad_file_is_refused_with_its_reason(db, tmp_path, content, reason):
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(CommandError, match=reason):
        _run("import_campaign", str(path))
    assert not Campaign.objects.exists()


def test_a_missing_campaign_or_file_is_named(db, tmp_path):
    with pytest.raises(CommandError, match="There is no campaign 404"):
        _run("export_campaign", "404")
    with pytest.raises(CommandError, match="Cannot read"):
        _run("import_campaign", str(tmp_path / "nowhere.json"))
