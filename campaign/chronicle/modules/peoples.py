"""The chronicle's sentences for the peoples module (rules.modules.peoples): a
settlement's people found (NR-RACE-2), a conqueror's people settled (NR-CONQ)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from campaign.chronicle.narration import Names
from campaign.chronicle.words import hex_name
from kingdoms.races import race_name
from rules.kingdoms.races import Alignment, as_race


def _people_found(p: dict, names: Names) -> str:
    race = as_race(p.get("race"))
    values = {"hex": hex_name(p.get("hex")), "race": race_name(p.get("race", ""))}
    if race is not None and race.alignment is Alignment.EVIL:
        return _("The settlement at %(hex)s is of the %(race)s, a people of evil.") % values
    return _("The settlement at %(hex)s is of the %(race)s, a people of good.") % values


def _settlement_repopulated(p: dict, names: Names) -> str:
    values = {
        "kingdom": names.kingdom(p.get("kingdom_id")),
        "hex": hex_name(p.get("hex")),
        "before": race_name(p.get("race_before", "")),
        "race": race_name(p.get("race", "")),
    }
    if p.get("forced"):
        return (
            _(
                "%(kingdom)s drives the %(before)s out of %(hex)s, a people of the other "
                "alignment, and settles its own %(race)s there."
            )
            % values
        )
    return _("%(kingdom)s settles its own %(race)s at %(hex)s in place of the %(before)s.") % values


def _audience_given(p: dict, names: Names) -> str:
    """T-ADVDIP: the answer a kingdom's envoys had, its own to read."""
    values = {"kingdom": names.kingdom(p.get("kingdom_id")), "hex": hex_name(p.get("hex"))}
    sentences = {
        "thrown_out": _("The envoys of %(kingdom)s are thrown out of %(hex)s, for good."),
        "unimpressed": _(
            "The envoys of %(kingdom)s fail to impress %(hex)s; they may try again next winter."
        ),
        "well_disposed": _("%(hex)s is well disposed to %(kingdom)s, but promises nothing yet."),
        "spies": _("%(hex)s will help the spies of %(kingdom)s in secret."),
        "spies_and_subsistence": _(
            "%(hex)s will help the spies of %(kingdom)s and feed its armies."
        ),
        "open_alliance": _("%(hex)s openly allies with %(kingdom)s."),
        "absorbed": _("%(hex)s joins %(kingdom)s with little protest."),
    }
    sentence = sentences.get(p.get("result"), _("%(hex)s hears the envoys of %(kingdom)s."))
    return sentence % values


NARRATORS = {
    "PeopleFound": _people_found,
    "SettlementRepopulated": _settlement_repopulated,
    "AudienceGiven": _audience_given,
}
