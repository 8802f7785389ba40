"""Chronicle sentences of agreements between players (Q23; rules.kingdoms.agreements and
kingdoms.agreements.services write the entries), registered in campaign.chronicle.narration's
NARRATORS; ``names`` is its Names (only ``kingdom`` is used here)."""

from __future__ import annotations

from collections.abc import Callable

from campaign.chronicle.narration import register_narrators

ARTICLES = {
    "cease_fire": "a cease fire",
    "alliance": "an alliance",
    "combined_assault": "a combined assault",
    "vassalage": "a vassalage",
}
REASONS = {
    "notice": "after notice was given",
    "turn_over": "its turn is over",
    "eliminated": "a party was eliminated (E-27)",
    "called_off": "it was called off",
    "withdrawn": "the proposal was withdrawn",
}


def _hex(coord) -> str:
    return f"hex ({coord[0]}, {coord[1]})" if coord and len(coord) == 2 else "a hex"


def _pair(p: dict, names) -> tuple[str, str]:
    first, second = ([*(p.get("kingdom_ids") or []), None, None])[:2]
    return names.kingdom(first), names.kingdom(second)


def _what(p: dict, names) -> str:
    """The agreement in words, with its terms when the entry has them."""
    kind = p.get("agreement_kind", "")
    text = ARTICLES.get(kind, "an agreement")
    if kind == "combined_assault" and p.get("hex"):
        text += (
            f" on {_hex(p['hex'])} in turn {p.get('turn_number', '?')}, the hex to go to "
            f"{names.kingdom(p.get('beneficiary_id'))}"
        )
    if kind == "vassalage" and p.get("overlord_id") is not None:
        text += (
            f": {names.kingdom(p.get('vassal_id'))} becomes "
            f"{names.kingdom(p.get('overlord_id'))}'s vassal if his capital falls to him"
        )
    return text


def _proposed(p: dict, names) -> str:
    proposer, partner = _pair(p, names)
    return f"{proposer} proposed {_what(p, names)} to {partner}."


def _accepted(p: dict, names) -> str:
    proposer, partner = _pair(p, names)
    return f"{partner} accepted {_what(p, names)} with {proposer}."


def _declined(p: dict, names) -> str:
    proposer, partner = _pair(p, names)
    return f"{partner} declined {proposer}'s proposal of {_what(p, names)}."


def _withdrawn(p: dict, names) -> str:
    proposer, partner = _pair(p, names)
    return f"{proposer} withdrew the proposal of {_what(p, names)} to {partner}."


def _notice(p: dict, names) -> str:
    first, second = _pair(p, names)
    return (
        f"{names.kingdom(p.get('by'))} gave notice on {_what(p, names)} between {first} and "
        f"{second}: it ends when this turn is resolved."
    )


def _ended(p: dict, names) -> str:
    first, second = _pair(p, names)
    reason = REASONS.get(p.get("reason", ""), "")
    kind = ARTICLES.get(p.get("agreement_kind", ""), "an agreement").split(" ", 1)[-1]
    return f"The {kind} between {first} and {second} ended" + (f": {reason}." if reason else ".")


def _broken(p: dict, names) -> str:
    kind = ARTICLES.get(p.get("agreement_kind", ""), "an agreement").split(" ", 1)[-1]
    return (
        f"{names.kingdom(p.get('kingdom_id'))} broke the {kind} with "
        f"{names.kingdom(p.get('partner_id'))} by invading {_hex(p.get('hex'))}."
    )


def _combined(p: dict, names) -> str:
    who = " and ".join(names.kingdom(k) for k in p.get("kingdom_ids") or [])
    points = f" with {p['points']:,} points" if isinstance(p.get("points"), int) else ""
    return (
        f"{who} invade {_hex(p.get('hex'))} together{points}; the hex is to go to "
        f"{names.kingdom(p.get('beneficiary_id'))}."
    )


def _vassalage_began(p: dict, names) -> str:
    return (
        f"{names.kingdom(p.get('kingdom_id'))} lost its capital at {_hex(p.get('capital'))} "
        f"and became {names.kingdom(p.get('overlord_id'))}'s vassal instead of being "
        "eliminated."
    )


def _tribute(p: dict, names) -> str:
    vassal, overlord = names.kingdom(p.get("kingdom_id")), names.kingdom(p.get("overlord_id"))
    if not p.get("power"):
        return f"{vassal} had no power to pay {overlord} as tribute."
    return f"{vassal} paid {overlord} {p['power']} power as his vassal."


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
