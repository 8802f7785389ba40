"""The chronicle's sentences for the wildlands' ruins, tombs, necropolis and undead horde
(rules.modules.wildlands.ruins, .necropolis, .undead_horde, .burdens, .points): one whole
sentence for each result, in the reader's language. The engine's English ``text`` stays
for the API."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from campaign.chronicle.words import and_list, hex_name, number

RUINS = {
    "found": gettext_lazy("Ancient ruins lie at %(hex)s."),
    "monster_lair": gettext_lazy("The looted tomb at %(hex)s houses a monstrous creature."),
    "bandits": gettext_lazy("A large band of bandits holds the ruins at %(hex)s."),
    "plague_rats": gettext_lazy("Plague rats swarm out of the empty tomb at %(hex)s."),
    "plague_struck": gettext_lazy("The plague rats cost %(army)s %(points)s points."),
    "desecrated": gettext_lazy("Looters emptied the tomb at %(hex)s long ago."),
    "hero_treasure": gettext_lazy("A hero's tomb at %(hex)s: its reliefs point to more tombs."),
    "tomb_located": gettext_lazy("A tomb lies at %(hex)s."),
    "dragon_lair": gettext_lazy("The ruins at %(hex)s hide a dragon's lair."),
    "dwarf_hold": gettext_lazy("The ruins at %(hex)s are the upper gate of a Dwarf hold."),
    "fortress": gettext_lazy("A mighty forgotten fortress lies hidden in the ruins at %(hex)s."),
    "secret_passage": gettext_lazy("A secret passage runs from the ruins at %(hex)s."),
    "passage_crossed": gettext_lazy("%(army)s comes out of the secret passage at %(hex)s."),
    "curse": gettext_lazy("%(army)s is cursed by the tomb it opened at %(hex)s."),
    "raided": gettext_lazy("Looters had already emptied the tomb at %(hex)s."),
    "wizard": gettext_lazy(
        "%(army)s finds magic items worth %(points)s points in a wizard's tomb."
    ),
    "rich_wizard": gettext_lazy(
        "%(army)s finds magic items worth %(points)s points and %(crowns)s crowns "
        "in a rich wizard's tomb."
    ),
    "black_orb": gettext_lazy("%(army)s takes an ancient artefact: the Black Orb."),
}
NECROPOLIS = {
    "found": gettext_lazy("A necropolis lies at %(hex)s."),
    "fabulous_treasure": gettext_lazy(
        "%(army)s finds a fabulous treasure of %(crowns)s crowns and carries it home."
    ),
    "hero_tomb": gettext_lazy("%(army)s takes a hero's magic arms worth %(points)s points."),
    "map": gettext_lazy("%(army)s finds a map of the necropolis."),
    "great_hoard": gettext_lazy("%(army)s finds a great hoard behind an unstable entrance."),
    "hoard_crowns": gettext_lazy("%(army)s carries %(crowns)s crowns out of the hoard."),
    "hoard_sealed": gettext_lazy("The tunnel collapses: the hoard is sealed for good."),
    "cursed_treasure": gettext_lazy("%(army)s takes a cursed treasure of %(crowns)s crowns."),
    "nothing": gettext_lazy("%(army)s's searchers come back empty-handed."),
    "collapse": gettext_lazy("Part of the necropolis caves in: %(army)s loses %(points)s points."),
    "horror": gettext_lazy("An unspeakable horror: %(army)s flees the necropolis."),
    "necromancer_tomb": gettext_lazy("%(army)s enters the Necromancer's tomb."),
    "rats": gettext_lazy("Graveyard rats: %(army)s loses %(points)s points and flees."),
    "undead": gettext_lazy("A Necromancer leads his horde out against %(army)s!"),
    "item": gettext_lazy("%(army)s steals a magic item worth %(points)s points."),
    "necromancer_wakes": gettext_lazy("The Necromancer awakens: %(army)s's search party is lost."),
    "rerolled": gettext_lazy("%(army)s's Undead spurn what they found and search again."),
    "summoned": gettext_lazy(
        "%(army)s raises the dead at %(hex)s: %(points)s points of undead join it."
    ),
    "dead_refuse": gettext_lazy("The dead at %(hex)s refuse to rise for %(army)s."),
}
BURDENS = {
    "curse_lifted": gettext_lazy("The court wizard lifts the curse on %(army)s."),
    "curse_struck": gettext_lazy("The curse costs %(army)s %(points)s points."),
    "curse_killed": gettext_lazy("The curse destroys %(army)s at the winter."),
    "disease": gettext_lazy("The cursed treasure's disease costs %(army)s %(points)s points."),
    "disease_ended": gettext_lazy("%(army)s has left the necropolis: its disease abates."),
    "cargo_banked": gettext_lazy("%(army)s brings %(crowns)s crowns of treasure home."),
    "cargo_taken": gettext_lazy(
        "%(army)s takes %(crowns)s crowns of treasure from the beaten army."
    ),
}
HORDE = {
    "risen": gettext_lazy(
        "An undead horde of %(points)s points breaks out of the necropolis at %(hex)s."
    ),
    "moved": gettext_lazy("The undead horde moves to %(hex)s."),
    "sacked": gettext_lazy("The undead horde sacks %(hex)s and is now %(points)s points strong."),
    "destroyed": gettext_lazy("The undead horde is destroyed at %(hex)s."),
}
ORB = {
    "possessed": gettext_lazy(
        "The Black Orb drags its user to Chaos: %(army)s loses %(points)s points."
    ),
    "nothing": gettext_lazy("The Black Orb shows %(army)s nothing."),
}
ITEMS = ("weapon", "armour", "banner", "scroll", "ring")


def _values(p: dict, names) -> dict:
    return {
        "army": names.army(p.get("army_id")),
        "hex": hex_name(p.get("hex")),
        "points": number(p.get("points")),
        "crowns": number(p.get("crowns")),
    }


def _narrator(sentences, otherwise):
    """A narrator that picks the sentence of the payload's ``what``, or ``otherwise``
    for a result it does not know."""

    def narrate(p: dict, names) -> str:
        what = p.get("what") if isinstance(p.get("what"), str) else None
        what = "item" if what in ITEMS else what
        return str(sentences.get(what, otherwise)) % _values(p, names)

    return narrate


def _fortress_found(p: dict, names) -> str:
    return _("A forgotten fortress in the ruins now guards %(hex)s for %(kingdom)s.") % {
        "hex": hex_name(p.get("hex")),
        "kingdom": names.kingdom(p.get("kingdom_id")),
    }


def _orb(p: dict, names) -> str:
    """T-ORB: what the Orb showed, army by army, or its other results."""
    seen, what = p.get("seen"), p.get("what")
    what = what if isinstance(what, str) else "nothing"
    if what in ORB or not isinstance(seen, list):
        return str(ORB.get(what, ORB["nothing"])) % _values(p, names)
    armies = and_list(
        _("%(army)s, %(points)s points, at %(hex)s")
        % {
            "army": names.army(s.get("army_id")),
            "points": number(s.get("points")),
            "hex": hex_name(s.get("hex")),
        }
        for s in seen
        if isinstance(s, dict)
    )
    if not armies:
        return str(ORB["nothing"]) % _values(p, names)
    return _("The Black Orb shows %(user)s: %(armies)s.") % {
        "user": names.army(p.get("army_id")),
        "armies": armies,
    }


NARRATORS = {
    "RuinsNews": _narrator(RUINS, gettext_lazy("%(army)s searched the ruins at %(hex)s.")),
    "NecropolisNews": _narrator(
        NECROPOLIS, gettext_lazy("%(army)s searched the necropolis at %(hex)s.")
    ),
    "BurdenNews": _narrator(BURDENS, gettext_lazy("%(army)s bears a burden from the wildlands.")),
    "UndeadHordeNews": _narrator(HORDE, gettext_lazy("The undead horde is seen at %(hex)s.")),
    "FortressFound": _fortress_found,
    "OrbNews": _orb,
}
