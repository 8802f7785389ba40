"""What Warpost takes from a person, whatever the door (API, pages, admin): whole numbers
within bounds, and names without invisible characters.

Every bound fits its column, and leaves room for the sums the rules make of it, yet
stays far above anything the rules give, so a typo is refused with a reason instead of
failing at the database (an overflow is a server error, not an answer).
"""

from __future__ import annotations

import unicodedata
import zoneinfo
from dataclasses import dataclass
from functools import cache

from django import forms
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.utils.translation import gettext as _
from rest_framework import serializers


@dataclass(frozen=True)
class Bound:
    """The whole numbers from ``low`` to ``high``, as each door checks them."""

    low: int
    high: int

    def at_least(self, low: int) -> Bound:
        return Bound(low, self.high)

    def validators(self) -> list:
        """For a model field the admin writes."""
        return [MinValueValidator(self.low), MaxValueValidator(self.high)]

    def api_field(self, **kwargs) -> serializers.IntegerField:
        return serializers.IntegerField(min_value=self.low, max_value=self.high, **kwargs)

    def form_field(self, **kwargs) -> forms.IntegerField:
        return forms.IntegerField(min_value=self.low, max_value=self.high, **kwargs)

    def parse(self, text: str) -> int | None:
        """A query string's number, or None if it is not one within the bound. Django's
        parsing: ``str.isdigit`` takes "²", which ``int`` then refuses."""
        try:
            return self.form_field().clean(text)
        except ValidationError:
            return None


ID = Bound(1, 2**63 - 1)
"""A row's id: the BigAutoField's range."""
TURN = Bound(1, 10_000)
"""A turn's number: the campaign's length varies (A-3.0.1); weekly turns for two
centuries."""
MAP_VERSION = Bound(0, 2**31 - 1)
"""A campaign map's version (Campaign.map_version): one more a turn step, its column's
range."""
COORD = Bound(-10_000, 10_000)
"""An axial hex coordinate, q or r (E-39): maps are a few hundred hexes across at most."""
POINTS = Bound(0, 1_000_000)
"""Army points (an allocation, a unit, losses, a VP margin, mercenaries): the largest
army a ruleset allows is 25,000 points (E-14)."""
POWER = Bound(0, 100_000)
"""Power spent, bid or shared (Table 10): a kingdom holds tens."""
LEDGER = Bound(-1_000_000, 1_000_000)
"""A balance or a ledger line, which may run below 0: power, industry, crowns (E-31)."""
COUNT = Bound(0, 10_000)
"""A count: entitlement slots, characters killed, experience, a place in an order."""
WEEKDAY = Bound(0, 6)
"""A day of the week, Monday 0 to Sunday 6 (Python's ``datetime.weekday``)."""
HOUR = Bound(0, 23)
"""An hour of the day on a 24-hour clock."""

NAME_LENGTH = 100
"""The longest name of a kingdom, an army or a character: their columns."""

# Unicode's explicit direction marks, embeddings, overrides and isolates: in a name they
# can make it read as another (a "Trojan Source" name) on every page that shows it.
DIRECTION_CHARACTERS = frozenset(
    map(chr, [0x200E, 0x200F, *range(0x202A, 0x202E + 1), *range(0x2066, 0x2069 + 1)])
)


def validate_name(value: str) -> None:
    """A name is shown on every page and in the chronicle: no control characters (Cc:
    newlines, tabs, escapes) and no text-direction characters."""
    for character in value:
        if unicodedata.category(character) == "Cc":
            what = _("control characters")
        elif character in DIRECTION_CHARACTERS:
            what = _("text-direction characters")
        else:
            continue
        raise ValidationError(
            _("A name may not contain %(what)s (here U+%(code)04X).")
            % {"what": what, "code": ord(character)},
            code="invisible",
        )


def name_api_field(max_length: int = NAME_LENGTH, **kwargs) -> serializers.CharField:
    return serializers.CharField(max_length=max_length, validators=[validate_name], **kwargs)


def name_form_field(max_length: int = NAME_LENGTH, **kwargs) -> forms.CharField:
    return forms.CharField(max_length=max_length, validators=[validate_name], **kwargs)


@cache
def time_zones() -> tuple[str, ...]:
    """The IANA time zone names, sorted, read once: the system's tz database, else the
    tzdata package's."""
    return tuple(sorted(zoneinfo.available_timezones()))


def validate_time_zone(value: str) -> None:
    """An IANA time zone name ("Europe/Berlin", "UTC"): deadlines are counted in it and
    pages show times in it, so a misspelt one is refused rather than read as UTC."""
    if value not in time_zones():
        raise ValidationError(
            _("'%(value)s' is not a time zone: give an IANA name such as Europe/Berlin or UTC.")
            % {"value": value},
            code="time_zone",
        )
