"""Chronicle sentences of agreements between players (Q23; rules.kingdoms.agreements and
kingdoms.agreements.services write the entries), registered in campaign.chronicle.narration's
NARRATORS, in the reader's language; ``names`` is its Names (only ``kingdom`` is used here)."""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from campaign.chronicle.narration import register_narrators
from campaign.chronicle.words import and_list, hex_name, number, word

# "proposed a cease fire": the agreement as a thing first named
ARTICLES = {
    "cease_fire": gettext_lazy("a cease fire"),
    "alliance": gettext_lazy("an alliance"),
    "combined_assault": gettext_lazy("a combined assault"),
    "vassalage": gettext_lazy("a vassalage"),
}
# "the cease fire between A and B ended": the agreement already known
AGREEMENTS = {
    "cease_fire": gettext_lazy("the cease fire"),
    "alliance": gettext_lazy("the alliance"),
    "combined_assault": gettext_lazy("the combined assault"),
    "vassalage": gettext_lazy("the vassalage"),
}
REASONS = {
    "notice": gettext_lazy("after notice was given"),
    "turn_over": gettext_lazy("its turn is over"),
    "eliminated": gettext_lazy("a party was eliminated"),  # E-27
    "called_off": gettext_lazy("it was called off"),
    "withdrawn": gettext_lazy("the proposal was withdrawn"),
}


def _pair(p: dict, names) -> tuple[str, str]:
    first, second = ([*(p.get("kingdom_ids") or []), None, None])[:2]
    return names.kingdom(first), names.kingdom(second)


def _what(p: dict, names) -> str:
    """The agreement in words, with its terms when the entry has them."""
    kind = p.get("agreement_kind", "")
    if kind == "combined_assault" and p.get("hex"):
        return _(
            "a combined assault on %(hex)s in turn %(turn)s, the hex to go to %(beneficiary)s"
        ) % {
            "hex": hex_name(p["hex"]),
            "turn": p.get("turn_number", "?"),
            "beneficiary": names.kingdom(p.get("beneficiary_id")),
        }
    if kind == "vassalage" and p.get("overlord_id") is not None:
        return _(
            "a vassalage: %(vassal)s becomes %(overlord)s's vassal if his capital falls to him"
        ) % {
            "vassal": names.kingdom(p.get("vassal_id")),
            "overlord": names.kingdom(p.get("overlord_id")),
        }
    return word(ARTICLES, kind, _("an agreement"))


def _values(p: dict, names) -> dict:
    first, second = _pair(p, names)
    return {"first": first, "second": second, "what": _what(p, names)}


def _proposed(p: dict, names) -> str:
    return _("%(first)s proposed %(what)s to %(second)s.") % _values(p, names)


def _accepted(p: dict, names) -> str:
    return _("%(second)s accepted %(what)s with %(first)s.") % _values(p, names)


def _declined(p: dict, names) -> str:
    return _("%(second)s declined %(first)s's proposal of %(what)s.") % _values(p, names)


def _withdrawn(p: dict, names) -> str:
    return _("%(first)s withdrew the proposal of %(what)s to %(second)s.") % _values(p, names)


def _notice(p: dict, names) -> str:
    return _(
        "%(by)s gave notice on %(what)s between %(first)s and %(second)s: it ends when this "
        "turn is resolved."
    ) % {**_values(p, names), "by": names.kingdom(p.get("by"))}


def _ended(p: dict, names) -> str:
    values = {
        **_values(p, names),
        "agreement": word(AGREEMENTS, p.get("agreement_kind"), _("the agreement")),
        "reason": word(REASONS, p.get("reason")),
    }
    if values["reason"]:
        return _("%(agreement)s between %(first)s and %(second)s ended: %(reason)s.") % values
    return _("%(agreement)s between %(first)s and %(second)s ended.") % values


def _broken(p: dict, names) -> str:
    return _("%(kingdom)s broke %(agreement)s with %(partner)s by invading %(hex)s.") % {
        "kingdom": names.kingdom(p.get("kingdom_id")),
        "agreement": word(AGREEMENTS, p.get("agreement_kind"), _("the agreement")),
        "partner": names.kingdom(p.get("partner_id")),
        "hex": hex_name(p.get("hex")),
    }


def _combined(p: dict, names) -> str:
    values = {
        "who": and_list(names.kingdom(k) for k in p.get("kingdom_ids") or []),
        "hex": hex_name(p.get("hex")),
        "points": number(p.get("points")),
        "beneficiary": names.kingdom(p.get("beneficiary_id")),
    }
    if isinstance(p.get("points"), int):
        return (
            _(
                "%(who)s invade %(hex)s together with %(points)s points; the hex is to go to "
                "%(beneficiary)s."
            )
            % values
        )
    return _("%(who)s invade %(hex)s together; the hex is to go to %(beneficiary)s.") % values


def _vassalage_began(p: dict, names) -> str:
    return _(
        "%(kingdom)s lost its capital at %(hex)s and became %(overlord)s's vassal instead of "
        "being eliminated."
    ) % {
        "kingdom": names.kingdom(p.get("kingdom_id")),
        "hex": hex_name(p.get("capital")),
        "overlord": names.kingdom(p.get("overlord_id")),
    }


def _tribute(p: dict, names) -> str:
    values = {
        "vassal": names.kingdom(p.get("kingdom_id")),
        "overlord": names.kingdom(p.get("overlord_id")),
        "power": p.get("power"),
    }
    if not p.get("power"):
        return _("%(vassal)s had no power to pay %(overlord)s as tribute.") % values
    return _("%(vassal)s paid %(overlord)s %(power)s power as his vassal.") % values


AGREEMENT_NARRATORS: dict[str, Callable] = {
    "AgreementProposed": _proposed,
    "AgreementAccepted": _accepted,
    "AgreementDeclined": _declined,
    "AgreementWithdrawn": _withdrawn,
    "AgreementNoticeGiven": _notice,
    "AgreementEnded": _ended,
    "AgreementBroken": _broken,
    "CombinedAssault": _combined,
    "VassalageBegan": _vassalage_began,
    "TributePaid": _tribute,
}


def register() -> None:
    register_narrators(AGREEMENT_NARRATORS)
