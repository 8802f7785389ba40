"""One sentence per chronicle entry, in the reader's language.

``NARRATORS`` maps each entry's kind to its sentence: the campaign's own sentences are
here, and each domain registers its own from its app's ``AppConfig.ready()``. Sentences are
rendered at view time, under the language and time zone the page (or the e-mail) has
activated; each is one whole translatable sentence with named placeholders, so that a
translation may order its words as its language needs. The entry's rule is not part of the
sentence: pages show it beside it as a link into the rulebook.

Entries come from campaign.chronicle.selectors.visible_chronicle, which removes what the
reader may not see (an enemy's strength, E-29), so every narrator reads the payload with
``.get`` and says less when a key is missing. Names come from ``Names``, built from what the
reader may see: an army or a neutral kingdom he may not know stays anonymous.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol

from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from campaign.chronicle.words import (
    DECISIONS,
    FEATURES,
    ROLES,
    STRUCTURES,
    VICTORIES,
    and_list,
    coord,
    hex_name,
    moment,
    number,
    word,
)
from campaign.core.registry import Registry
from campaign.core.words import TERRAINS
from campaign.ruleset.labels import change_line


@dataclass(frozen=True)
class Names:
    kingdoms: Mapping[int, str] = field(default_factory=dict)
    neutral_kingdoms: Mapping[int, str] = field(default_factory=dict)
    armies: Mapping[int, str] = field(default_factory=dict)

    def kingdom(self, kingdom_id) -> str:
        return self.kingdoms.get(kingdom_id) or _("a kingdom")

    def neutral(self, neutral_id) -> str:
        return self.neutral_kingdoms.get(neutral_id) or _("a neutral kingdom")

    def army(self, army_id) -> str:
        return self.armies.get(army_id) or _("an army")


def _hex(payload: dict, key: str = "hex") -> str:
    return hex_name(payload.get(key))


def _role(p: dict, key: str = "role") -> str:
    return word(ROLES, p.get(key), _("a side"))


def _found(p: dict) -> str:
    """A hex's feature and minor feature, "nothing of note" when it has neither."""
    found = [word(FEATURES, p[key]) for key in ("feature", "minor_feature") if p.get(key)]
    return and_list(found) or _("nothing of note")


def _turn_opened(p: dict, names: Names) -> str:
    values = {"turn": p.get("turn", "?")}
    if p.get("deadline"):
        values["deadline"] = moment(p["deadline"])
        return _("Turn %(turn)s opened for orders, deadline %(deadline)s.") % values
    return _("Turn %(turn)s opened for orders.") % values


_ORDERS = {
    "invade": gettext_lazy("%(army)s was ordered to invade %(hex)s."),
    "patrol": gettext_lazy("%(army)s was ordered to patrol from %(hex)s."),
    "scout": gettext_lazy("%(army)s was ordered to scout %(hex)s."),
    "rest": gettext_lazy("%(army)s was ordered to rest."),
    "examine": gettext_lazy("%(army)s was ordered to examine %(hex)s."),  # NR-WILD-2
}


def _order_submitted(p: dict, names: Names) -> str:
    army = names.armies.get(p.get("army_id")) or p.get("army") or _("an army")
    sentence = _ORDERS.get(p.get("order"), gettext_lazy("%(army)s was given an order."))
    return str(sentence) % {"army": army, "hex": _hex(p, "target")}


def _battle_decision(p: dict, names: Names) -> str:
    decision = word(DECISIONS, p.get("decision"), _("decide"))
    return _("%(role)s chose to %(decision)s.") % {"role": _role(p), "decision": decision}


def _hex_explored(p: dict, names: Names) -> str:
    values = {"hex": _hex(p), "found": _found(p), "points": number(p.get("defender_points"))}
    if p.get("neutral_kingdom_id") is not None:
        values["neutral"] = names.neutral(p["neutral_kingdom_id"])
        if p.get("defender_points"):
            return (
                _(
                    "Explorers entered %(hex)s and found %(found)s in the land of %(neutral)s, "
                    "held by %(points)s defending points."
                )
                % values
            )
        return _("Explorers entered %(hex)s and found %(found)s in the land of %(neutral)s.") % (
            values
        )
    if p.get("defender_points"):
        return (
            _("Explorers entered %(hex)s and found %(found)s, held by %(points)s defending points.")
            % values
        )
    return _("Explorers entered %(hex)s and found %(found)s.") % values


def _scouted_neutral(facts: dict, names: Names | None) -> str:
    neutral = facts.get("neutral_kingdom_id")
    if names is not None and neutral is not None:
        return _("the land of %(neutral)s") % {"neutral": names.neutral(neutral)}
    return _("a neutral kingdom's land")


def _scouted_defenders(facts: dict) -> str | None:
    if isinstance(facts.get("defender_points"), int):
        points = number(facts["defender_points"])
        if facts.get("defender_race"):
            return _("%(points)s defending points (%(race)s)") % {
                "points": points,
                "race": facts["defender_race"],
            }
        return _("%(points)s defending points") % {"points": points}
    if isinstance(facts.get("defender_about"), int):
        return _("about %(points)s defending points") % {"points": number(facts["defender_about"])}
    if "defender_about" in facts or "defender_points" in facts:
        return _("no defenders")
    return None


def _scouted_patrol(facts: dict) -> str | None:
    if isinstance(facts.get("patrol_points"), int):
        return _("a patrol of %(points)s points covers it") % {
            "points": number(facts["patrol_points"])
        }
    if "patrolled" in facts:
        return _("a patrol covers it") if facts["patrolled"] else _("no patrol covers it")
    return None


def scouting_findings(level: str, facts: dict, names: Names | None = None) -> str:
    """Table 8: what a scouting report says, in words, at its level (the army card and the
    chronicle share it): findings in the reader's language, separated by semicolons."""
    if level == "lost":
        return _("the scouts were lost and nothing was learned")
    if "feature" in facts:
        found = [
            word(FEATURES, facts[key]) for key in ("feature", "minor_feature") if facts.get(key)
        ]
        words = [and_list(found) or _("no feature")]
    else:
        words = [_("a major feature") if facts.get("major_feature") else _("no major feature")]
    if facts.get("neutral_kingdom"):
        words.append(_scouted_neutral(facts, names))
    elif "feature" not in facts:
        words.append(_("no neutral kingdom"))
    if facts.get("defence"):
        words.append(word(FEATURES, facts["defence"]))
    if facts.get("watchtower"):
        words.append(str(FEATURES["watchtower"]))
    words += [w for w in (_scouted_defenders(facts), _scouted_patrol(facts)) if w]
    if facts.get("capital"):
        words.append(
            ngettext(
                "the kingdom has %(count)s hex, its capital at %(capital)s",
                "the kingdom has %(count)s hexes, its capital at %(capital)s",
                len(facts.get("extent") or []),
            )
            % {"count": len(facts.get("extent") or []), "capital": coord(facts["capital"])}
        )
    return "; ".join(words)


_SCOUTED = {
    "glimpse": gettext_lazy("%(army)s's scouts glimpsed %(hex)s: %(findings)s."),
    "report": gettext_lazy("%(army)s's scouts reported on %(hex)s: %(findings)s."),
    "everything": gettext_lazy("%(army)s's scouts learned everything of %(hex)s: %(findings)s."),
}
_SCOUTED_ROLLED = {
    "glimpse": gettext_lazy(
        "%(army)s's scouts glimpsed %(hex)s (Table 8: %(total)s): %(findings)s."
    ),
    "report": gettext_lazy(
        "%(army)s's scouts reported on %(hex)s (Table 8: %(total)s): %(findings)s."
    ),
    "everything": gettext_lazy(
        "%(army)s's scouts learned everything of %(hex)s (Table 8: %(total)s): %(findings)s."
    ),
}


def _hex_scouted(p: dict, names: Names) -> str:
    level = p.get("level", "")
    facts = {**(p.get("facts") or {}), "neutral_kingdom_id": p.get("neutral_kingdom_id")}
    values = {"army": names.army(p.get("army_id")), "hex": _hex(p), "total": p.get("total")}
    rolled = isinstance(p.get("total"), int)
    if level == "lost" and rolled:
        return (
            _("%(army)s's scouts were lost at %(hex)s; nothing was learned (Table 8: %(total)s).")
            % values
        )
    if level == "lost":
        return _("%(army)s's scouts were lost at %(hex)s; nothing was learned.") % values
    values["findings"] = scouting_findings(level, facts, names)
    if rolled:
        sentence = _SCOUTED_ROLLED.get(
            level,
            gettext_lazy("%(army)s's scouts scouted %(hex)s (Table 8: %(total)s): %(findings)s."),
        )
    else:
        sentence = _SCOUTED.get(
            level, gettext_lazy("%(army)s's scouts scouted %(hex)s: %(findings)s.")
        )
    return str(sentence) % values


def _scouts_seen(p: dict, names: Names) -> str:
    return _("Scouts were seen at %(hex)s.") % {"hex": _hex(p)}


def _hex_explored_by_scouts(p: dict, names: Names) -> str:
    values = {"hex": _hex(p), "found": _found(p), "points": number(p.get("defender_points"))}
    if p.get("defender_points"):
        return (
            _(
                "Scouts explored %(hex)s, known only to them until it is invaded: %(found)s, "
                "held by %(points)s defending points."
            )
            % values
        )
    return _("Scouts explored %(hex)s, known only to them until it is invaded: %(found)s.") % (
        values
    )


def _neutral_kingdom_discovered(p: dict, names: Names) -> str:
    return _("%(kingdom)s learned the extent and capital of %(neutral)s.") % {
        "kingdom": names.kingdom(p.get("kingdom_id")),
        "neutral": names.neutral(p.get("neutral_kingdom_id")),
    }


def _defender(p: dict, names: Names) -> str:
    if p.get("defender_kingdom_id") is not None:
        return names.kingdom(p["defender_kingdom_id"])
    if p.get("defender_neutral_kingdom_id") is not None:
        return names.neutral(p["defender_neutral_kingdom_id"])
    return _("its defenders")


def _with_points(who: str, points) -> str:
    """A side and its strength when the reader may know it: "Wessex (2,500 points)"."""
    if not isinstance(points, int):
        return who
    return _("%(side)s (%(points)s points)") % {"side": who, "points": number(points)}


def _attacker(p: dict, names: Names) -> str:
    if p.get("attacker_kingdom_id") is None and "A-1.4.12" in (p.get("rule") or ""):
        incited = names.neutral(p.get("attacker_neutral_kingdom_id"))  # Q17
        return _with_points(
            _("Incited, %(neutral)s") % {"neutral": incited}, p.get("attacker_points")
        )
    return _with_points(names.kingdom(p.get("attacker_kingdom_id")), p.get("attacker_points"))


_DECLARED = {
    # P-C3, E-15: two invaders of one hex fight each other first
    "invader": gettext_lazy(
        "%(attacker)s and %(defender)s both invaded %(hex)s: they fight each other first."
    ),
    "undefended": gettext_lazy("%(attacker)s invaded %(hex)s, which nobody defends."),
    "lost_cause": gettext_lazy(
        "%(attacker)s invaded %(hex)s, a lost cause for its owner with no patrol near."
    ),
    # App G, E-12: the Beast in its lair
    "roaming": gettext_lazy(
        "%(attacker)s invaded %(hex)s, the Beast's lair; the Beast stands to meet them."
    ),
}


def battle_declared(p: dict, names: Names) -> str:
    """A battle declared (§3 step 3e); battles.pairing.narration registers it with the
    condition of a follow-up battle (P-C3, E-15)."""
    values = {
        "attacker": _attacker(p, names),
        "defender": _with_points(_defender(p, names), p.get("defender_points")),
        "hex": _hex(p),
    }
    sentence = _DECLARED.get(
        p.get("defender_kind"),
        gettext_lazy("%(attacker)s invaded %(hex)s; %(defender)s stand to meet them."),
    )
    return str(sentence) % values


def _retreated(p: dict, names: Names) -> str:
    return _("%(role)s at %(hex)s retreated without casualties.") % {
        "role": _role(p),
        "hex": _hex(p),
    }


def _verdict(p: dict) -> str | None:
    """Table 25's outcome as the reader may know it: "a solid victory for the attacker",
    "a draw", or None."""
    result = p.get("result")
    if p.get("winner"):
        return _("%(victory)s for %(winner)s") % {
            "victory": word(VICTORIES, result, str(VICTORIES["victory"])),
            "winner": word(ROLES, p["winner"]),
        }
    if result == "draw":
        return _("a draw")
    return word(VICTORIES, result) or None


def _battle_fought(p: dict, names: Names) -> str:
    values = {
        "hex": _hex(p),
        "attacker": p.get("attacker_total"),
        "defender": p.get("defender_total"),
        "verdict": _verdict(p),
    }
    totals = "attacker_total" in p and "defender_total" in p
    if values["verdict"] and totals:
        return (
            _("The battle at %(hex)s was fought, %(attacker)s against %(defender)s: %(verdict)s.")
            % values
        )
    if values["verdict"]:
        return _("The battle at %(hex)s was fought: %(verdict)s.") % values
    if totals:
        return _("The battle at %(hex)s was fought, %(attacker)s against %(defender)s.") % values
    return _("The battle at %(hex)s was fought.") % values


def _battle_won(p: dict, names: Names) -> str:
    values = {"hex": _hex(p), "winner": word(ROLES, p.get("winner"))}
    if not p.get("winner"):
        return _("Nobody won at %(hex)s.") % values
    if p.get("by_default"):
        return _("%(winner)s won at %(hex)s by default.") % values
    return _("%(winner)s won at %(hex)s.") % values


def _army_losses(p: dict, names: Names) -> str:
    values = {
        "army": names.army(p.get("army_id")),
        "lost": number(p.get("points_lost")),
        "left": number(p.get("points_left")),
    }
    if isinstance(p.get("points_left"), int):
        return _("%(army)s lost %(lost)s points, %(left)s left.") % values
    return _("%(army)s lost %(lost)s points.") % values


def _defender_losses(p: dict, names: Names) -> str:
    values = {
        "hex": _hex(p),
        "lost": number(p.get("points_lost")),
        "left": number(p.get("points_left")),
    }
    if isinstance(p.get("points_left"), int):
        return (
            _("The defenders of %(hex)s lost %(lost)s points and hold on with %(left)s.") % values
        )
    return _("The defenders of %(hex)s lost %(lost)s points.") % values


def _character_fell(p: dict, names: Names) -> str:
    return _("A character fell in battle and must roll for his fate.")


def _bandit_lair_rolled(p: dict, names: Names) -> str:
    values = {"hex": _hex(p), "until": p.get("unrest_until")}
    if p.get("unrest"):
        return (
            _(
                "Bandits from the lair in %(hex)s stir up Unrest there: the hex gives no power, "
                "support or entitlements until the end of turn %(until)s."
            )
            % values
        )
    return _("The bandits of the lair in %(hex)s keep quiet this turn.") % values


def _experience_gained(p: dict, names: Names) -> str:
    xp = p.get("xp", 1)
    return ngettext(
        "A character gained %(xp)s experience point.",
        "A character gained %(xp)s experience points.",
        xp if isinstance(xp, int) else 2,
    ) % {"xp": xp}


def _hex_conquered(p: dict, names: Names) -> str:
    values = {"kingdom": names.kingdom(p.get("kingdom_id")), "hex": _hex(p)}
    if p.get("previous_owner_id") is not None:
        values["previous"] = names.kingdom(p["previous_owner_id"])
        return _("%(kingdom)s conquered %(hex)s from %(previous)s.") % values
    return _("%(kingdom)s conquered %(hex)s.") % values


def _army_moved(p: dict, names: Names) -> str:
    return _("%(army)s now stands on %(hex)s.") % {
        "army": names.army(p.get("army_id")),
        "hex": _hex(p),
    }


def _orphan_changed(p: dict, names: Names) -> str:
    if p.get("orphan"):
        return _("%(hex)s was cut off from its capital and is an orphan.") % {"hex": _hex(p)}
    return _("%(hex)s is joined to its capital again.") % {"hex": _hex(p)}


def _campaign_end_roll(p: dict, names: Names) -> str:
    values = {"turn": p.get("turn", "?"), "result": p.get("result", "?")}
    if p.get("ends"):
        return _("The end-of-campaign roll of turn %(turn)s was %(result)s: the campaign ends.") % (
            values
        )
    return (
        _("The end-of-campaign roll of turn %(turn)s was %(result)s: the campaign goes on.")
        % values
    )


def _power_collected(p: dict, names: Names) -> str:
    return _(
        "%(kingdom)s collected %(gained)s power: %(power)s power and %(industry)s industry now."
    ) % {
        "kingdom": names.kingdom(p.get("kingdom_id")),
        "gained": number(p.get("gained")),
        "power": number(p.get("power")),
        "industry": number(p.get("industry")),
    }


def _crowns_collected(p: dict, names: Names) -> str:
    """E-30, E-31: the winter phase's yearly crowns, and the ledger after them."""
    balance = p.get("balance")
    values = {
        "kingdom": names.kingdom(p.get("kingdom_id")),
        "crowns": number(p.get("crowns")),
        "year": p.get("year", "?"),
        "balance": number(-balance if isinstance(balance, int) and balance < 0 else balance),
    }
    if isinstance(balance, int) and balance < 0:
        return (
            _(
                "%(kingdom)s collected %(crowns)s crowns in the winter phase of year %(year)s: "
                "it still owes %(balance)s."
            )
            % values
        )
    return (
        _(
            "%(kingdom)s collected %(crowns)s crowns in the winter phase of year %(year)s: "
            "%(balance)s in its treasury now."
        )
        % values
    )


def _half_points(halves) -> str:
    return formats.number_format(halves / 2) if isinstance(halves, int) else "?"


def _campaign_won(p: dict, names: Names) -> str:
    winners = p.get("winner_ids", [])
    scores = ", ".join(
        _("%(kingdom)s %(score)s") % {"kingdom": names.kingdom(k), "score": _half_points(h)}
        for k, h in p.get("scores", [])
    )
    if not winners:
        return _("The campaign is over: nobody wins on effective power (%(scores)s).") % {
            "scores": scores
        }
    return ngettext(
        "The campaign is over: %(winners)s wins on effective power (%(scores)s).",
        "The campaign is over: %(winners)s win on effective power (%(scores)s).",
        len(winners),
    ) % {"winners": and_list(names.kingdom(k) for k in winners), "scores": scores}


def _capital_moved(p: dict, names: Names) -> str:
    return _("%(kingdom)s lost its capital and rules from %(hex)s now.") % {
        "kingdom": names.kingdom(p.get("kingdom_id")),
        "hex": _hex(p, "new"),
    }


def _fallback_capitals_set(p: dict, names: Names) -> str:
    listed = ", ".join(
        coord(c) for c in p.get("hexes") or () if isinstance(c, list) and len(c) == 2
    )
    values = {"kingdom": names.kingdom(p.get("kingdom_id")), "hexes": listed}
    if not listed:
        return _("%(kingdom)s left its fallback capital to the default.") % values
    return _("%(kingdom)s named its fallback capitals, in order: %(hexes)s.") % values


def _kingdom_eliminated(p: dict, names: Names) -> str:
    return _("%(kingdom)s lost its capital and has no city left: it is eliminated.") % {
        "kingdom": names.kingdom(p.get("kingdom_id"))
    }


def _army_destroyed(p: dict, names: Names) -> str:
    return _("%(army)s is no more.") % {"army": names.army(p.get("army_id"))}


def _defender_appeared(p: dict, names: Names) -> str:
    return _("A neutral army of %(points)s points now holds %(hex)s.") % {
        "points": number(p.get("points")),
        "hex": _hex(p),
    }


def _rumour_published(p: dict, names: Names) -> str:
    return _("A rumour goes round: “%(text)s”") % {"text": p.get("text", "…")}


def _mercenary_offered(p: dict, names: Names) -> str:
    values = {"name": p.get("name") or _("Mercenaries"), "bid": number(p.get("minimum_bid"), "?")}
    if p.get("special"):
        return _("%(name)s (special) are for hire from %(bid)s power.") % values
    return _("%(name)s are for hire from %(bid)s power.") % values


def _army_rested(p: dict, names: Names) -> str:
    values = {"army": names.army(p.get("army_id")), "points": number(p.get("points"))}
    ordered = p.get("ordered", True)
    if isinstance(p.get("points"), int) and ordered:
        return (
            _(
                "%(army)s rested and stands at its full %(points)s points, "
                "ready for its next battle."
            )
            % values
        )
    if isinstance(p.get("points"), int):
        return (
            _(
                "%(army)s had no orders and rested and stands at its full %(points)s points, "
                "ready for its next battle."
            )
            % values
        )
    if ordered:
        return _("%(army)s rested, ready for its next battle.") % values
    return _("%(army)s had no orders and rested, ready for its next battle.") % values


def _rest_flag_used(p: dict, names: Names) -> str:
    return _("%(army)s went into battle rested.") % {"army": names.army(p.get("army_id"))}


def _patrol_took_over(p: dict, names: Names) -> str:
    return _("The first patrol was spent, so %(army)s took over the defence of %(hex)s.") % {
        "army": names.army(p.get("army_id")),
        "hex": _hex(p),
    }


def _orders_ready(p: dict, names: Names) -> str:
    values = {"kingdom": names.kingdom(p.get("kingdom_id"))}
    if p.get("ready", True):
        return _("%(kingdom)s marked its orders ready.") % values
    return _("%(kingdom)s is no longer ready.") % values


def _early_resolution(p: dict, names: Names) -> str:
    return _("Every player was ready: the turn is resolved before its deadline.")


def _discovery_roll_failed(p: dict, names: Names) -> str:
    rolls = p.get("rolls") or [{}]
    rolled = rolls[0].get("result", "?") if isinstance(rolls[0], dict) else "?"
    return _(
        "%(kingdom)s did not learn where %(neutral)s lies: a %(rolled)s, %(needed)s+ was needed."
    ) % {
        "kingdom": names.kingdom(p.get("kingdom_id")),
        "neutral": names.neutral(p.get("neutral_kingdom_id")),
        "rolled": rolled,
        "needed": p.get("needed", "?"),
    }


def _defender_recovered(p: dict, names: Names) -> str:
    return _("The defenders of %(hex)s regained %(gained)s points and stand at %(points)s.") % {
        "hex": _hex(p),
        "gained": number(p.get("points_gained")),
        "points": number(p.get("points")),
    }


def _neutral_kingdom_conquered(p: dict, names: Names) -> str:
    """A-1.4.17, E-23: the capital of a neutral kingdom taken, its monarch spared or not."""
    hexes = p.get("hexes")
    values = {
        "kingdom": names.kingdom(p.get("kingdom_id")),
        "neutral": names.neutral(p.get("neutral_kingdom_id")),
        "capital": _hex(p, "capital"),
        "power": number(p.get("power"), "3"),
        "count": len(hexes) if isinstance(hexes, list) else 0,
    }
    if p.get("choice") == "quick_friendship" and p.get("previous_protector_id") is not None:
        values["previous"] = names.kingdom(p["previous_protector_id"])
        return (
            _(
                "%(kingdom)s took %(capital)s, the capital of %(neutral)s, and spared its monarch: "
                "the kingdom stands under its protection in place of %(previous)s's "
                "(+%(power)s power)."
            )
            % values
        )
    if p.get("choice") == "quick_friendship":
        return (
            _(
                "%(kingdom)s took %(capital)s, the capital of %(neutral)s, and spared its monarch: "
                "the kingdom stands under its protection (+%(power)s power)."
            )
            % values
        )
    if isinstance(hexes, list):
        return (
            ngettext(
                "%(kingdom)s took %(capital)s, the capital of %(neutral)s, "
                "and executed its monarch: the kingdom is no more, "
                "its %(count)s hex joins %(kingdom)s "
                "and its capital is a Town (+%(power)s power).",
                "%(kingdom)s took %(capital)s, the capital of %(neutral)s, "
                "and executed its monarch: the kingdom is no more, "
                "its %(count)s hexes join %(kingdom)s "
                "and its capital is a Town (+%(power)s power).",
                values["count"],
            )
            % values
        )
    return (
        _(
            "%(kingdom)s took %(capital)s, the capital of %(neutral)s, and executed its monarch: "
            "the kingdom is no more, its land joins %(kingdom)s and its capital is a Town "
            "(+%(power)s power)."
        )
        % values
    )


def _edict_values(p: dict, names: Names) -> dict:
    structure = p.get("structure_before") or p.get("structure")
    return {
        "kingdom": names.kingdom(p.get("kingdom_id")),
        "hex": _hex(p),
        "structure": word(STRUCTURES, structure, str(STRUCTURES["feature"])),
    }


def _edict_submitted(p: dict, names: Names) -> str:
    """§5.3: a Loot or a Raze decreed."""
    if p.get("edict") == "raze":
        return _("%(kingdom)s decreed: raze %(structure)s of %(hex)s.") % _edict_values(p, names)
    return _("%(kingdom)s decreed: loot %(hex)s.") % _edict_values(p, names)


def _edict_withdrawn(p: dict, names: Names) -> str:
    if p.get("edict") == "raze":
        return _("%(kingdom)s withdrew its edict to raze %(structure)s of %(hex)s.") % (
            _edict_values(p, names)
        )
    return _("%(kingdom)s withdrew its edict to loot %(hex)s.") % _edict_values(p, names)


_EDICT_RESULTS = {
    "revolt": gettext_lazy("the people rose in revolt"),
    "unrest": gettext_lazy("unrest: the hex gives nothing for two turns"),
    "none": gettext_lazy("the people bore it"),
}


def _edict_deed(p: dict, names: Names) -> str:
    """What the edict did, before its Table 3 roll: "Wessex looted hex (2, 0) for 3 power"."""
    values = {**_edict_values(p, names), "power": p.get("power")}
    paid = isinstance(p.get("power"), int)
    if p.get("edict") != "raze":
        if paid:
            return _("%(kingdom)s looted %(hex)s for %(power)s power") % values
        return _("%(kingdom)s looted %(hex)s") % values
    if p.get("structure_after"):
        values["after"] = word(FEATURES, p["structure_after"])
        if paid:
            return (
                _(
                    "%(kingdom)s razed %(structure)s of %(hex)s, leaving %(after)s "
                    "for %(power)s power"
                )
                % values
            )
        return _("%(kingdom)s razed %(structure)s of %(hex)s, leaving %(after)s") % values
    if paid:
        return _("%(kingdom)s razed %(structure)s of %(hex)s for %(power)s power") % values
    return _("%(kingdom)s razed %(structure)s of %(hex)s") % values


def _edict_resolved(p: dict, names: Names) -> str:
    deed = _edict_deed(p, names)
    if not isinstance(p.get("total"), int):
        return _("%(deed)s.") % {"deed": deed}
    values = {
        "deed": deed,
        "total": p["total"],
        "modifiers": ", ".join(p.get("modifiers") or ()),
        "result": word(_EDICT_RESULTS, p.get("result")),
    }
    if p.get("modifiers"):
        return _("%(deed)s (Table 3: %(total)s, %(modifiers)s): %(result)s.") % values
    return _("%(deed)s (Table 3: %(total)s): %(result)s.") % values


def _edict_void(p: dict, names: Names) -> str:
    values = {**_edict_values(p, names), "reason": p.get("reason") or _("the hex changed hands")}
    if p.get("edict") == "raze":
        return _("The edict to raze %(structure)s of %(hex)s is void: %(reason)s.") % values
    return _("The edict to loot %(hex)s is void: %(reason)s.") % values


def _hex_revolted(p: dict, names: Names) -> str:
    return _(
        "%(hex)s rose in revolt against %(kingdom)s: %(rebels)s points of rebels hold it now."
    ) % {
        "hex": _hex(p),
        "kingdom": names.kingdom(p.get("kingdom_id")),
        "rebels": number(p.get("defender_points")),
    }


def _ruleset_changed(p: dict, names: Names) -> str:
    """§7 house rules: each change told in the reader's language (an older entry kept
    its words)."""
    changes = "; ".join(change_line(c) for c in p.get("changes", [])) or _("the house rules")
    return _("The GM changed the rules: %(changes)s.") % {"changes": changes}


def _gm_correction(p: dict, names: Names) -> str:
    return _("The GM corrected %(thing)s: %(changes)s.") % {
        "thing": p.get("thing") or _("something"),
        "changes": "; ".join(p.get("changes", [])),
    }


def _secondary_terrains_set(p: dict, names: Names) -> str:
    """Q16: the GM alone reads it (campaign.map.services)."""
    values = {"hex": _hex(p)}
    if p.get("terrain"):
        values["hex"] = _("%(hex)s (%(terrain)s)") % {
            "hex": values["hex"],
            "terrain": word(TERRAINS, p["terrain"]),
        }
    terrains = p.get("secondary_terrains")
    if not terrains:
        return _("The GM cleared the secondary terrains of %(hex)s.") % values
    values["terrains"] = ", ".join(word(TERRAINS, t) for t in terrains)
    return (
        _("The GM set the secondary terrains of %(hex)s: %(terrains)s, one tabletop roll each.")
        % values
    )


class Narrator(Protocol):
    """The sentence of one chronicle entry's payload, naming what ``names`` may name."""

    def __call__(self, payload: dict, names: Names, /) -> str: ...


NARRATORS: Registry[str, Narrator] = Registry("chronicle sentence")


def register_narrators(narrators: Mapping[str, Narrator]) -> None:
    NARRATORS.register_all(narrators)


CAMPAIGN_NARRATORS: dict[str, Narrator] = {
    "TurnOpened": _turn_opened,
    "OrderSubmitted": _order_submitted,
    "BattleDecision": _battle_decision,
    "HexExplored": _hex_explored,
    "HexExploredByScouts": _hex_explored_by_scouts,
    "HexScouted": _hex_scouted,
    "ScoutsSeen": _scouts_seen,
    "NeutralKingdomDiscovered": _neutral_kingdom_discovered,
    "Retreated": _retreated,
    "BattleFought": _battle_fought,
    "BattleWon": _battle_won,
    "ArmyLosses": _army_losses,
    "DefenderLosses": _defender_losses,
    "CharacterFell": _character_fell,
    "ExperienceGained": _experience_gained,
    "HexConquered": _hex_conquered,
    "ArmyMoved": _army_moved,
    "OrphanChanged": _orphan_changed,
    "CampaignEndRoll": _campaign_end_roll,
    "PowerCollected": _power_collected,
    "CrownsCollected": _crowns_collected,  # E-30, E-31 (rules.kingdoms.crowns)
    "CampaignWon": _campaign_won,
    "RulesetChanged": _ruleset_changed,
    "RumourPublished": _rumour_published,
    "MercenaryOffered": _mercenary_offered,
    "CapitalMoved": _capital_moved,
    "FallbackCapitalsSet": _fallback_capitals_set,
    "KingdomEliminated": _kingdom_eliminated,
    "ArmyDestroyed": _army_destroyed,
    "DefenderAppeared": _defender_appeared,
    "DiscoveryRollFailed": _discovery_roll_failed,
    "DefenderRecovered": _defender_recovered,
    "NeutralKingdomConquered": _neutral_kingdom_conquered,
    "GMCorrection": _gm_correction,
    "SecondaryTerrainsSet": _secondary_terrains_set,  # Q16 (campaign.map.services)
    "ArmyRested": _army_rested,
    "RestFlagUsed": _rest_flag_used,
    "PatrolTookOver": _patrol_took_over,
    "OrdersReady": _orders_ready,
    "EarlyResolution": _early_resolution,
    "EdictSubmitted": _edict_submitted,
    "EdictWithdrawn": _edict_withdrawn,
    "EdictResolved": _edict_resolved,
    "EdictVoid": _edict_void,
    "HexRevolted": _hex_revolted,
    "BanditLairRolled": _bandit_lair_rolled,  # Table 17
}


def register() -> None:
    register_narrators(CAMPAIGN_NARRATORS)


def narrate(entry: dict, names: Names) -> str:
    """The entry as a sentence in the active language; its rule is the page's to show
    (``entry["rule"]``), as a link beside the sentence."""
    kind = entry.get("kind", "")
    narrator = NARRATORS.get(kind)
    if narrator is None and entry.get("text"):
        sentence = str(entry["text"])  # an optional module's Announcement (rules.modules)
    elif narrator is None:
        sentence = _("%(kind)s happened.") % {"kind": word({}, kind, _("Something"))}
    else:
        sentence = narrator(entry, names)
    return sentence[:1].upper() + sentence[1:]  # names like "an army" may open it
