"""The chronicle's sentences for the random events (rules.modules.random_events, §5.12
Table 31, E-12): the turn's event by its row, the bandits' raid, the storms' called-off
invasions and the wandering hero, one whole translatable sentence each in the reader's
language. The numbers a row costs or gives are its own entries' (the armies' losses, the
power changed), told beside it."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from campaign.chronicle.narration import Names
from campaign.chronicle.words import hex_name, number

_EVENTS = {
    "beast_stirs": gettext_lazy("Random event: the Beast stirs in its lair."),
    "plague": gettext_lazy("Random event: plague strikes the armies of %(kingdom)s."),
    "bandits": gettext_lazy("Random event: bandits roam the land of %(kingdom)s."),
    "poor_harvest": gettext_lazy("Random event: a poor harvest costs %(kingdom)s power."),
    "deserters": gettext_lazy("Random event: deserters leave an army of %(kingdom)s."),
    "quiet": gettext_lazy("Random event: a quiet turn."),
    "good_harvest": gettext_lazy("Random event: a good harvest brings %(kingdom)s power."),
    "wandering_hero": gettext_lazy("Random event: a wandering hero seeks a master."),
    "storms": gettext_lazy(
        "Random event: storms at sea; no invasion or patrol crosses the sea this turn."
    ),
    "hidden_treasure": gettext_lazy("Random event: %(kingdom)s finds hidden treasure."),
    "omen": gettext_lazy("Random event: an omen; the GM's next rumour will come true."),
}


def _random_event_rolled(p: dict, names: Names) -> str:
    event = p.get("event") if isinstance(p.get("event"), str) else None
    sentence = _EVENTS.get(event, gettext_lazy("A random event was rolled."))
    return str(sentence) % {"kingdom": names.kingdom(p.get("kingdom_id"))}


def _bandits_struck(p: dict, names: Names) -> str:
    values = {
        "kingdom": names.kingdom(p.get("kingdom_id")),
        "hex": hex_name(p.get("hex")),
        "turn": number(p.get("unrest_until"), "?"),
    }
    if p.get("hex") is None:
        return _("The bandits find every hex of %(kingdom)s patrolled and move on.") % values
    if p.get("unrest_until") is None:
        return _("Bandits raid %(hex)s of %(kingdom)s: it suffers Unrest.") % values
    return _("Bandits raid %(hex)s of %(kingdom)s: it suffers Unrest until turn %(turn)s.") % (
        values
    )


def _storms_called_off(p: dict, names: Names) -> str:
    return _("Storms at sea call off the invasion of %(hex)s by %(army)s.") % {
        "hex": hex_name(p.get("hex")),
        "army": names.army(p.get("army_id")),
    }


def _wandering_hero(p: dict, names: Names) -> str:
    bid = p.get("minimum_bid")
    if not isinstance(bid, int):
        return _("A wandering hero will offer his sword on the next turn's bulletin.")
    return _(
        "A wandering hero will offer his sword on the next turn's bulletin, for a bid of at "
        "least %(bid)s power."
    ) % {"bid": number(bid)}


NARRATORS = {
    "RandomEventRolled": _random_event_rolled,
    "BanditsStruck": _bandits_struck,
    "StormsCalledOff": _storms_called_off,
    "WanderingHero": _wandering_hero,
}
