"""Chronicle sentences of power spending and diplomacy (Table 10, Table 11, §5.6;
rules.kingdoms.spending_events and kingdoms.spending.services write the entries),
registered in campaign.chronicle.narration's NARRATORS, in the reader's language; ``names``
is its Names. Entries reach here already filtered by visibility: a neutral kingdom the
reader does not know comes as None and is told as "a neutral kingdom"."""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from campaign.chronicle.narration import register_narrators
from campaign.chronicle.words import hex_name, word

ITEMS = {
    "watchtower": gettext_lazy("a watchtower"),
    "fortress": gettext_lazy("a fortress"),
    "great_fortress": gettext_lazy("a great fortress"),
    "recruit": gettext_lazy("recruits"),
    "mercenary_bid": gettext_lazy("a bid for mercenaries"),
    "surgeon": gettext_lazy("a surgeon"),
    "share_power": gettext_lazy("power shared"),
    "deactivate": gettext_lazy("a Deactivate"),
    "ally": gettext_lazy("an Ally"),
    "incite": gettext_lazy("an Incite"),
    "pacify": gettext_lazy("pacifying"),
}
# "the fortress at hex (2, 0) was lost": a building already named
BUILDS = {
    "watchtower": gettext_lazy("the watchtower"),
    "fortress": gettext_lazy("the fortress"),
    "great_fortress": gettext_lazy("the great fortress"),
}
PACIFY_RESULTS = {
    "provoked": gettext_lazy("the defenders were Provoked"),
    "no_effect": gettext_lazy("nothing came of it"),
    "wavering": gettext_lazy("the defenders are Wavering"),
    "pacified": gettext_lazy(
        "the hex is Pacified and joins at the end of the turn if nobody takes it"
    ),
}
# §5.6: the diplomatic actions and what came of them (rules.kingdoms.diplomacy's outcomes)
_ACTIONS = {
    "deactivate": gettext_lazy("Deactivate"),
    "ally": gettext_lazy("Ally"),
    "incite": gettext_lazy("Incite"),
}
_OUTCOMES = {
    "failed": gettext_lazy("failed"),
    "no alliance was left to end": gettext_lazy("no alliance was left to end"),
    "the alliance is ended": gettext_lazy("the alliance is ended"),
    "it is still allied to another player (E-25)": gettext_lazy(
        "it is still allied to another player"
    ),
    "allied": gettext_lazy("allied"),
    "another player's envoy won the kingdom": gettext_lazy(
        "another player's envoy won the kingdom"
    ),
}

# rules.kingdoms.spending's reasons for a spending void
_VOID_REASONS = {
    "not enough power when it was resolved (E-25)": gettext_lazy(
        "not enough power when it was resolved"
    ),
    "the army is no more": gettext_lazy("the army is no more"),
    "the GM withdrew those mercenaries": gettext_lazy("the GM withdrew those mercenaries"),
}


def _hex(p: dict, key: str = "hex") -> str:
    return hex_name(p.get(key))


def _item(p: dict, key: str = "item") -> str:
    return word(ITEMS, p.get(key), _("something"))


def _amount(p: dict) -> str:
    amount = p.get("amount")
    if isinstance(amount, int):
        return _("%(amount)s power") % {"amount": amount}
    return _("power")


def _submitted(p: dict, names) -> str:
    values = {"item": _item(p), "hex": _hex(p), "amount": _amount(p)}
    if p.get("hex"):
        return _("Spending given: %(item)s at %(hex)s, %(amount)s.") % values
    return _("Spending given: %(item)s, %(amount)s.") % values


def _withdrawn(p: dict, names) -> str:
    return _("A line of spending was withdrawn.")


def _spent(p: dict, names) -> str:
    return _("%(kingdom)s spent %(amount)s on %(item)s.") % {
        "kingdom": names.kingdom(p.get("kingdom_id")),
        "amount": _amount(p),
        "item": _item(p),
    }


def _voided(p: dict, names) -> str:
    return _("%(item)s came to nothing: %(reason)s.") % {
        "item": _item(p),
        "reason": word(_VOID_REASONS, p.get("reason"), _("it could not be done")),
    }


def _queued(p: dict, names) -> str:
    return _("Work began on %(item)s at %(hex)s; it stands at the end of the turn.") % {
        "item": _item(p, "build"),
        "hex": _hex(p),
    }


def _built(p: dict, names) -> str:
    return _("%(kingdom)s completed %(item)s at %(hex)s.") % {
        "kingdom": names.kingdom(p.get("kingdom_id")),
        "item": _item(p, "build"),
        "hex": _hex(p),
    }


def _cancelled(p: dict, names) -> str:
    return _("%(build)s at %(hex)s was lost with the hex; the power is gone.") % {
        "build": word(BUILDS, p.get("build"), _("the building")),
        "hex": _hex(p),
    }


def _reinforced(p: dict, names) -> str:
    values = {
        "army": names.army(p.get("army_id")),
        "added": p.get("points_added", "?"),
        "points": p.get("points", "?"),
    }
    if p.get("source") == "recruit":
        return _(
            "Recruits joined %(army)s for this turn: +%(added)s points, %(points)s in all."
        ) % (values)
    return (
        _("Mercenaries joined %(army)s for this turn: +%(added)s points, %(points)s in all.")
        % values
    )


def _points_lost(p: dict, names) -> str:
    return _("The recruits and mercenaries left %(army)s, which stands at %(points)s points.") % {
        "army": names.army(p.get("army_id")),
        "points": p.get("points", "?"),
    }


def _surgeon(p: dict, names) -> str:
    return _("A surgeon was hired: +1 on this turn's recovery rolls (Table 13).")


def _bid(p: dict, names) -> str:
    values = {"amount": _amount(p), "army": names.army(p.get("army_id"))}
    if p.get("won"):
        return _("The bid of %(amount)s won the mercenaries; they join %(army)s.") % values
    return _("The bid of %(amount)s for mercenaries was outbid; nothing was paid.") % values


def _shared(p: dict, names) -> str:
    values = {
        "giver": names.kingdom(p.get("kingdom_id")),
        "taker": names.kingdom(p.get("recipient_id")),
        "amount": _amount(p),
    }
    if p.get("credited"):
        return _("%(taker)s received %(amount)s from %(giver)s.") % values
    return _("%(giver)s sent %(amount)s to %(taker)s; it arrives at the end of the turn.") % values


def _diplomacy(p: dict, names) -> str:
    values = {
        "action": word(_ACTIONS, p.get("action"), _("Diplomacy")),
        "neutral": names.neutral(p.get("neutral_kingdom_id")),
        "total": p.get("total", "?"),
        "outcome": word(_OUTCOMES, p.get("outcome")),
    }
    if p.get("success"):
        return _("%(action)s with %(neutral)s succeeded on %(total)s: %(outcome)s.") % values
    return _("%(action)s with %(neutral)s failed on %(total)s: %(outcome)s.") % values


def _alliance_formed(p: dict, names) -> str:
    return _("%(neutral)s allied itself to %(kingdom)s.") % {
        "neutral": names.neutral(p.get("neutral_kingdom_id")),
        "kingdom": names.kingdom(p.get("kingdom_id")),
    }


def _alliance_ended(p: dict, names) -> str:
    values = {
        "neutral": names.neutral(p.get("neutral_kingdom_id")),
        "kingdom": names.kingdom(p.get("kingdom_id")),
    }
    if p.get("reason") == "invaded":
        return (
            _("%(neutral)s was invaded by its ally: its alliance with %(kingdom)s is over.")
            % values
        )
    return _("%(neutral)s was persuaded to leave: its alliance with %(kingdom)s is over.") % values


def _incited(p: dict, names) -> str:
    values = {
        "neutral": names.neutral(p.get("neutral_kingdom_id")),
        "hex": _hex(p),
        "owner": names.kingdom(p.get("target_owner_id")),
        "broken": p.get("breaks_agreement"),
    }
    if p.get("breaks_agreement"):  # E-05
        return (
            _("%(neutral)s was incited to attack %(hex)s of %(owner)s, breaking %(broken)s.")
            % values
        )
    return _("%(neutral)s was incited to attack %(hex)s of %(owner)s.") % values


def _pacify(p: dict, names) -> str:
    return _("Envoys to the defenders of %(hex)s rolled %(total)s: %(result)s.") % {
        "hex": _hex(p),
        "total": p.get("total", "?"),
        "result": word(PACIFY_RESULTS, p.get("result")),
    }


def _defender_changed(p: dict, names) -> str:
    values = {"hex": _hex(p), "points": p.get("points", "?")}
    if p.get("cause") == "provoked":
        return _("The defenders of %(hex)s were stirred up: %(points)s points now.") % values
    return _("The defenders of %(hex)s lost heart: %(points)s points now.") % values


def _pacify_voided(p: dict, names) -> str:
    return _("%(hex)s was taken in battle before it could join; the pacifying is void.") % {
        "hex": _hex(p)
    }


def _joined_neutral(p: dict, names) -> str:
    return _("%(neutral)s's incited army took %(hex)s.") % {
        "neutral": names.neutral(p.get("neutral_kingdom_id")),
        "hex": _hex(p),
    }


SPENDING_NARRATORS: dict[str, Callable[[dict, object], str]] = {
    "SpendSubmitted": _submitted,
    "SpendWithdrawn": _withdrawn,
    "PowerSpent": _spent,
    "SpendVoided": _voided,
    "BuildQueued": _queued,
    "BuildCompleted": _built,
    "BuildCancelled": _cancelled,
    "ArmyReinforced": _reinforced,
    "TemporaryPointsLost": _points_lost,
    "SurgeonHired": _surgeon,
    "MercenaryBidResolved": _bid,
    "PowerShared": _shared,
    "DiplomacyRolled": _diplomacy,
    "AllianceFormed": _alliance_formed,
    "AllianceEnded": _alliance_ended,
    "IncitedAttack": _incited,
    "PacifyRolled": _pacify,
    "DefenderChanged": _defender_changed,
    "PacifyVoided": _pacify_voided,
    "HexJoinedNeutralKingdom": _joined_neutral,
}


def register() -> None:
    register_narrators(SPENDING_NARRATORS)
