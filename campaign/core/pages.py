"""How a page answers: the full page or the HTMX partial, and a refusal's status. (Who is
asking is campaign.core.access, for pages and the API alike.)"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from campaign.core.errors import Refused


def render_page(
    request: HttpRequest, full: str, partial: str, context: dict, status: int = 200
) -> HttpResponse:
    """The whole page, or for an HTMX request only the partial that the page includes."""
    return render(request, partial if request.htmx else full, context, status=status)


def refusal_status(request: HttpRequest, refused: Refused) -> int:
    """HTMX only swaps successful answers, so a refusal it shows is a 200; a plain form
    post gets the refusal's own status."""
    return 200 if request.htmx else refused.status
