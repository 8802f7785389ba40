"""Chronicle sentences for the pairing of battles (P-C3, P-C4, E-15), registered in
campaign.chronicle.narration.NARRATORS with the sentence of a declared battle, which says
when a follow-up battle is fought. ``names`` is its Names."""

from __future__ import annotations

from collections.abc import Callable

from campaign.chronicle.narration import battle_declared, register_narrators


def follow_up(p: dict) -> str:
    """P-C3, E-15: the condition of a follow-up battle of a contested hex, or ""."""
    after, if_won = p.get("after"), p.get("if_won")
    if not after:
        return ""
    if if_won == "nobody":
        return f"if nobody wins battle {after}"
    return f"if the {if_won or 'winner'} of battle {after} wins it"


def with_follow_up(narrator: Callable[[dict, object], str]) -> Callable[[dict, object], str]:
    """A BattleDeclared sentence that also says when a follow-up battle is fought."""

    def narrate(p: dict, names) -> str:
        sentence = narrator(p, names)
        condition = follow_up(p)
        return f"{sentence.rstrip('.')}, {condition}." if condition else sentence

    return narrate


def _covering_patrols(p: dict, names) -> str:
    armies = ", ".join(names.army(a) for a in p.get("army_ids") or ())
    where = p.get("hex") or ("?", "?")
    return (
        f"Several patrols cover hex ({where[0]}, {where[1]}): {armies or 'they'}; "
        "the first defends unless another is named."
    )


def _battle_order_set(p: dict, names) -> str:
    battles = ", ".join(str(seq) for seq in p.get("battles") or ())
    return f"{names.army(p.get('army_id'))} will fight its battles in this order: {battles}."


def _defender_named(p: dict, names) -> str:
    return f"{names.army(p.get('army_id'))} was named to defend in battle {p.get('battle', '?')}."


PAIRING_NARRATORS: dict[str, Callable] = {
    "CoveringPatrols": _covering_patrols,
    "BattleOrderSet": _battle_order_set,
    "DefenderNamed": _defender_named,
    "BattleDeclared": with_follow_up(battle_declared),  # P-C3, E-15: "if … wins"
}


def register() -> None:
    register_narrators(PAIRING_NARRATORS)
