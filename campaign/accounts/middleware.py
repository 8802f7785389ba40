"""Each page in the viewer's time zone and language (his profile), so that every date on
every page reads in his own hours."""

from __future__ import annotations

from zoneinfo import ZoneInfo

from django.http import HttpRequest, HttpResponse
from django.utils import timezone, translation

from campaign.accounts.selectors import profile_of


class ProfileMiddleware:
    """Sets ``request.profile`` (None for a stranger) and activates its time zone and
    language for the request; a stranger gets the site's. The API is left out: it speaks
    UTC and English to every client, whoever is logged in in the browser."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        page = not request.path_info.startswith("/api/")
        profile = profile_of(request.user) if page and request.user.is_authenticated else None
        request.profile = profile
        if profile is None:
            timezone.deactivate()
            # A stranger reads the language his browser asks for, among the site's.
            translation.activate(translation.get_language_from_request(request))
        else:
            timezone.activate(ZoneInfo(profile.time_zone))
            translation.activate(profile.language)
        return self.get_response(request)
