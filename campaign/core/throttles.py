"""API rate limits (settings REST_FRAMEWORK: DEFAULT_THROTTLE_RATES)."""

from rest_framework import throttling
from rest_framework.settings import api_settings


class _RatesFromSettings:
    # DRF copies the rates into its throttle classes once, at import; reading them at each
    # request instead lets a change of settings apply (a test's override_settings).
    @property
    def THROTTLE_RATES(self) -> dict:
        return api_settings.DEFAULT_THROTTLE_RATES


class UserRateThrottle(_RatesFromSettings, throttling.UserRateThrottle):
    """Every API request, counted per user ("user" rate)."""


class ScopedRateThrottle(_RatesFromSettings, throttling.ScopedRateThrottle):
    """A view's own stricter rate, named by its ``throttle_scope``."""
