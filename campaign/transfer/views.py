"""The GM console's export: the whole campaign as a file to download."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.text import slugify
from django.views.decorators.http import require_GET

from campaign.core.access import gm_access
from campaign.transfer.document import document_dumps
from campaign.transfer.selectors import campaign_export


@login_required
@require_GET
def campaign_export_download(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """The GM's backup, or his campaign on its way to another server: a Warpost export
    (docs/export-format.md), which ``manage.py import_campaign`` reads."""
    campaign = gm_access(request, campaign_id).campaign
    response = HttpResponse(
        document_dumps(campaign_export(campaign)), content_type="application/json"
    )
    name = f"warpost-{slugify(campaign.name) or 'campaign'}-{timezone.now():%Y-%m-%d}.json"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response
