"""The GM answers a prompt from his console (new-rules.md §12.4): the console comes
back with the answer, or with the reason it was refused beside that prompt."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from campaign.adjudication.services import prompt_answer
from campaign.core.access import campaign_access
from campaign.core.errors import Hidden, Refused
from campaign.core.pages import refusal_status
from campaign.turns.views import console_page


@login_required
@require_POST
def gm_prompt_answer(request: HttpRequest, campaign_id: int, prompt_id: int) -> HttpResponse:
    """Anyone but the GM gets the 404 of a prompt that does not exist, as on the API."""
    access = campaign_access(request, campaign_id)
    try:
        prompt_answer(
            access=access,
            prompt_id=prompt_id,
            answer=request.POST.get("answer", ""),
            by=request.user,
        )
    except Hidden:
        raise
    except Refused as refused:
        extra = {"prompt_refused": (prompt_id, refused.message)}
        return console_page(request, access, extra, refusal_status(request, refused))
    if not request.htmx:
        return redirect("gm-console", campaign_id=campaign_id)
    return console_page(request, access, {})
