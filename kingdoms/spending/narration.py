"""Chronicle sentences of power spending and diplomacy (Table 10, Table 11, §5.6;
rules.kingdoms.spending_events and kingdoms.spending.services write the entries),
registered in campaign.chronicle.narration's NARRATORS; ``names`` is its Names. Entries
reach here already filtered by visibility: a neutral kingdom the reader does not know
comes as None and is told as "a neutral kingdom"."""

from __future__ import annotations

from collections.abc import Callable

from campaign.chronicle.narration import register_narrators

ITEMS = {
    "watchtower": "a watchtower",
    "fortress": "a fortress",
    "great_fortress": "a great fortress",
    "recruit": "recruits",
    "mercenary_bid": "a bid for mercenaries",
    "surgeon": "a surgeon",
    "share_power": "power shared",
    "deactivate": "a Deactivate",
    "ally": "an Ally",
    "incite": "an Incite",
    "pacify": "pacifying",
}
PACIFY_RESULTS = {
    "provoked": "the defenders were Provoked",
    "no_effect": "nothing came of it",
    "wavering": "the defenders are Wavering",
    "pacified": "the hex is Pacified and joins at the end of the turn if nobody takes it",
}


def _hex(p: dict, key: str = "hex") -> str:
    coord = p.get(key)
    return f"hex ({coord[0]}, {coord[1]})" if coord and len(coord) == 2 else "a hex"


def _item(p: dict, key: str = "item") -> str:
    return ITEMS.get(p.get(key), str(p.get(key, "something")).replace("_", " "))


def _amount(p: dict) -> str:
    amount = p.get("amount")
    return f"{amount} power" if isinstance(amount, int) else "power"


def _submitted(p: dict, names) -> str:
    where = f" at {_hex(p)}" if p.get("hex") else ""
    return f"Spending given: {_item(p)}{where}, {_amount(p)}."


def _spent(p: dict, names) -> str:
    return f"{names.kingdom(p.get('kingdom_id'))} spent {_amount(p)} on {_item(p)}."


def _voided(p: dict, names) -> str:
    return f"{_item(p).capitalize()} came to nothing: {p.get('reason', 'it could not be done')}."


def _queued(p: dict, names) -> str:
    return f"Work began on {_item(p, 'build')} at {_hex(p)}; it stands at the end of the turn."


def _built(p: dict, names) -> str:
    return f"{names.kingdom(p.get('kingdom_id'))} completed {_item(p, 'build')} at {_hex(p)}."


def _cancelled(p: dict, names) -> str:
    return f"The {_item(p, 'build')[2:]} at {_hex(p)} was lost with the hex; the power is gone."


def _reinforced(p: dict, names) -> str:
    what = "Recruits" if p.get("source") == "recruit" else "Mercenaries"
    return (
        f"{what} joined {names.army(p.get('army_id'))} for this turn: "
        f"+{p.get('points_added', '?')} points, {p.get('points', '?')} in all."
    )


def _points_lost(p: dict, names) -> str:
    return (
        f"The recruits and mercenaries left {names.army(p.get('army_id'))}, which stands at "
        f"{p.get('points', '?')} points."
    )


def _surgeon(p: dict, names) -> str:
    return "A surgeon was hired: +1 on this turn's recovery rolls (Table 13)."


def _bid(p: dict, names) -> str:
    if p.get("won"):
        army = names.army(p.get("army_id"))
        return f"The bid of {_amount(p)} won the mercenaries; they join {army}."
    return f"The bid of {_amount(p)} for mercenaries was outbid; nothing was paid."


def _shared(p: dict, names) -> str:
    giver, taker = names.kingdom(p.get("kingdom_id")), names.kingdom(p.get("recipient_id"))
    if p.get("credited"):
        return f"{taker} received {_amount(p)} from {giver}."
    return f"{giver} sent {_amount(p)} to {taker}; it arrives at the end of the turn."


def _diplomacy(p: dict, names) -> str:
    neutral = names.neutral(p.get("neutral_kingdom_id"))
    action = str(p.get("action", "diplomacy")).capitalize()
    verdict = "succeeded" if p.get("success") else "failed"
    return f"{action} with {neutral} {verdict} on {p.get('total', '?')}: {p.get('outcome', '')}."


def _alliance_formed(p: dict, names) -> str:
    neutral = names.neutral(p.get("neutral_kingdom_id"))
    return f"{neutral} allied itself to {names.kingdom(p.get('kingdom_id'))}."


def _alliance_ended(p: dict, names) -> str:
    neutral = names.neutral(p.get("neutral_kingdom_id"))
    why = "was invaded by its ally" if p.get("reason") == "invaded" else "was persuaded to leave"
    return f"{neutral} {why}: its alliance with {names.kingdom(p.get('kingdom_id'))} is over."


def _incited(p: dict, names) -> str:
    neutral = names.neutral(p.get("neutral_kingdom_id"))
    text = f"{neutral} was incited to attack {_hex(p)} of {names.kingdom(p.get('target_owner_id'))}"
    if p.get("breaks_agreement"):
        text += f", breaking {p['breaks_agreement']} (E-05)"
    return text + "."


def _pacify(p: dict, names) -> str:
    result = PACIFY_RESULTS.get(p.get("result"), "")
    return f"Envoys to the defenders of {_hex(p)} rolled {p.get('total', '?')}: {result}."


def _defender_changed(p: dict, names) -> str:
    how = "were stirred up" if p.get("cause") == "provoked" else "lost heart"
    return f"The defenders of {_hex(p)} {how}: {p.get('points', '?')} points now."


def _pacify_voided(p: dict, names) -> str:
    return (
        f"{_hex(p).capitalize()} was taken in battle before it could join; the pacifying is void."
    )


def _joined_neutral(p: dict, names) -> str:
    return f"{names.neutral(p.get('neutral_kingdom_id'))}'s incited army took {_hex(p)}."


SPENDING_NARRATORS: dict[str, Callable[[dict, object], str]] = {
    "SpendSubmitted": _submitted,
    "SpendWithdrawn": lambda p, names: "A line of spending was withdrawn.",
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
