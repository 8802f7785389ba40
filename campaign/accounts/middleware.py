"""Each page in the viewer's time zone and language (his profile), so that every date on
every page reads in his own hours and every word in his language."""

from __future__ import annotations

from zoneinfo import ZoneInfo

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import timezone, translation
from django.utils.cache import patch_vary_headers

from campaign.accounts.selectors import profile_of


class ProfileMiddleware:
    """Sets ``request.profile`` (None for a stranger) and activates its time zone and
    language for the request. A stranger, and a person who has chosen no language, read
    the language their browser asks for (its Accept-Language, or the language cookie the
    log-in page's picker sets), among the site's. The API is left out: it speaks UTC and
    English to every client, whoever is logged in in the browser, whatever it asks for."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        page = not request.path_info.startswith("/api/")
        profile = profile_of(request.user) if page and request.user.is_authenticated else None
        request.profile = profile
        zone = ZoneInfo(profile.time_zone) if profile is not None else None
        # Overrides, not activations: the thread goes back to the site's language and zone
        # after the request, and the next request (or test) does not inherit them.
        with translation.override(self._language(request, page, profile)):
            with timezone.override(zone):
                request.LANGUAGE_CODE = translation.get_language()
                response = self.get_response(request)
                response.headers.setdefault("Content-Language", request.LANGUAGE_CODE)
        if page and not (profile and profile.language):
            # The page's language came from the request's headers: a cache must not give
            # it to a browser that asks for another.
            patch_vary_headers(response, ("Accept-Language", "Cookie"))
        return response

    @staticmethod
    def _language(request: HttpRequest, page: bool, profile) -> str:
        if not page:
            return settings.LANGUAGE_CODE
        if profile is not None and profile.language:
            return profile.language
        return translation.get_language_from_request(request)
