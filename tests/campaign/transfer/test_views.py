"""The GM console's "Download export": the GM's alone; a player is refused, a stranger
finds nothing (the access matrix asks every role)."""

from __future__ import annotations

import json

import pytest

from campaign.models import Campaign
from campaign.transfer.services import campaign_import

pytestmark = pytest.mark.django_db


def test_the_gm_downloads_his_campaign_as_a_file_another_server_imports(client, demo):
    client.force_login(demo.gm)
    console = client.get(f"/campaigns/{demo.campaign.pk}/gm/").content.decode()
    assert f'href="/campaigns/{demo.campaign.pk}/gm/export/"' in console
    assert "Download export" in console
    response = client.get(f"/campaigns/{demo.campaign.pk}/gm/export/")
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    assert response["Content-Disposition"].startswith(
        'attachment; filename="warpost-the-centretown-campaign-'
    )
    imported = campaign_import(document=json.loads(response.content))
    assert imported.campaign.name == demo.campaign.name
    assert Campaign.objects.count() == 2


def test_a_player_may_not_download_the_campaign(client, demo):
    client.force_login(demo.players["alice"])
    assert client.get(f"/campaigns/{demo.campaign.pk}/gm/export/").status_code == 403
    client.force_login(demo.gm)
    assert client.get("/campaigns/999999/gm/export/").status_code == 404
