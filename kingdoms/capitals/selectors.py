"""The fallback-capital list as its kingdom and the GM read it (A-3.2, E-23).

The list is private: the views and the API hand it only to the kingdom's player and
the GM (a player asking for another kingdom gets his own)."""

from __future__ import annotations

from campaign.models import Hex
from kingdoms.models import Kingdom
from rules.core.state import Feature


def cities_to_name(listed: dict) -> int:
    """E-23: the Cities a player may name as fallback capitals while his list names none
    that would serve (the kingdom page's badge); 0 once one serves."""
    if any(entry["serves"] for entry in listed["entries"]):
        return 0
    return len(listed["cities"])


def fallback_capitals_view(kingdom: Kingdom) -> dict:
    """E-23: the list in order, each entry with whether it would serve now (still the
    kingdom's and still a City), and the Cities the player may list (his own, not the
    capital). One query."""
    rows = Hex.objects.filter(owner=kingdom, feature=Feature.CITY.value).order_by("q", "r")
    cities = {(h.q, h.r) for h in rows if h.pk != kingdom.capital_id}
    entries = [
        {"hex": [q, r], "serves": (q, r) in cities} for q, r in kingdom.fallback_capitals or ()
    ]
    return {
        "kingdom": kingdom.pk,
        "hexes": [entry["hex"] for entry in entries],
        "entries": entries,
        "cities": [list(c) for c in sorted(cities)],
    }
