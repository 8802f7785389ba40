"""The chronicle's sentences for pirates and the open sea (rules.modules.the_sea): each
event's ``what`` is one whole translatable sentence."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from campaign.chronicle.narration import Names
from campaign.chronicle.words import hex_name, number

_PIRATES = {
    "den": gettext_lazy("The independent City in %(hex)s is a pirate den: its pirates put to sea."),
    "merchants": gettext_lazy("The independent City in %(hex)s has a merchant fleet."),
    "raiders": gettext_lazy(
        "The northern raiders' ship puts to sea from %(hex)s: it roams the coast as pirates do."
    ),
    "moved": gettext_lazy("Pirates sail along the coast to %(hex)s."),
    "stayed": gettext_lazy("Pirates lie at anchor in %(hex)s."),
    "raided": gettext_lazy("Pirates raid the Town in %(hex)s, a town of %(kingdom)s."),
    "evaded": gettext_lazy("Pirates in %(hex)s evade the ships of %(kingdom)s."),
    "off_map": gettext_lazy("Pirates sail off the map from %(hex)s."),
    "sunk": gettext_lazy("The pirates are sunk in %(hex)s."),
    "wintered": gettext_lazy("Pirates berth for the winter in the City in %(hex)s."),
    "scuttled": gettext_lazy("Pirates from %(hex)s find no berth for the winter and are lost."),
}

_RESULTS = {
    "draw": gettext_lazy("a draw: the pirates are stopped"),
    "driven_off": gettext_lazy("the loser is driven off"),
    "losses": gettext_lazy("the loser is driven off with losses"),
    "sink_one": gettext_lazy("the loser loses a ship"),
    "sink_all": gettext_lazy("the loser loses every ship"),
}

_VOYAGES = {
    "calm": gettext_lazy("%(army)s crosses a calm sea."),
    "rode": gettext_lazy("%(army)s rides the storm to its landing."),
    "landed": gettext_lazy("A strong wind blows %(army)s onto its landing."),
    "losses": gettext_lazy("A storm sweeps men of %(army)s overboard; it lands all the same."),
    "becalmed": gettext_lazy(
        "%(army)s lies becalmed at sea in %(hex)s: its invasion is called off."
    ),
    "sails": gettext_lazy(
        "A storm tears the sails of %(army)s in %(hex)s: it drifts, its invasion called off."
    ),
    "aground": gettext_lazy(
        "A storm drives %(army)s onto a sandbank in %(hex)s: its invasion is called off "
        "and it loses its next turn."
    ),
    "blown": gettext_lazy("A strong wind blows %(army)s off course: its invasion is called off."),
    "driven_off": gettext_lazy(
        "Driven off by pirates, %(army)s turns back: its invasion is called off."
    ),
    "lost": gettext_lazy("%(army)s is lost at sea with every soul aboard."),
    "turned_back": gettext_lazy("%(army)s makes its way back to port."),
    "still": gettext_lazy("%(army)s is still stranded at sea."),
}


def _word(words: dict, value, default):
    """The sentence for a payload's word, ``default`` for one it does not know."""
    return words.get(value, default) if isinstance(value, str) else default


def _pirate_news(p: dict, names: Names) -> str:
    sentence = _word(_PIRATES, p.get("what"), gettext_lazy("Pirates are seen in %(hex)s."))
    return str(sentence) % {
        "hex": hex_name(p.get("hex")),
        "kingdom": names.kingdom(p.get("kingdom_id")),
    }


def _naval_battle(p: dict, names: Names) -> str:
    winner = p.get("winner")
    values = {
        "kingdom": names.kingdom(p.get("kingdom_id")),
        "hex": hex_name(p.get("hex")),
        "ours": number(p.get("kingdom_score")),
        "theirs": number(p.get("pirate_score")),
        "result": str(_word(_RESULTS, p.get("result"), _("the battle is over"))),
    }
    if winner == "kingdom":
        return (
            _(
                "The ships of %(kingdom)s beat the pirates in %(hex)s, "
                "%(ours)s to %(theirs)s: %(result)s."
            )
            % values
        )
    if winner == "pirate":
        return (
            _(
                "The pirates beat the ships of %(kingdom)s in %(hex)s, "
                "%(theirs)s to %(ours)s: %(result)s."
            )
            % values
        )
    return _("The ships of %(kingdom)s and the pirates fight to a draw in %(hex)s.") % values


def _sea_voyage(p: dict, names: Names) -> str:
    sentence = _word(_VOYAGES, p.get("what"), gettext_lazy("%(army)s is at sea."))
    return str(sentence) % {"army": names.army(p.get("army_id")), "hex": hex_name(p.get("hex"))}


NARRATORS = {
    "PirateNews": _pirate_news,
    "NavalBattle": _naval_battle,
    "SeaVoyage": _sea_voyage,
}
