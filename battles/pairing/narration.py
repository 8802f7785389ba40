"""Chronicle sentences for the pairing of battles (P-C3, P-C4, E-15), registered in
campaign.chronicle.narration.NARRATORS with the sentence of a declared battle, which says
when a follow-up battle is fought. ``names`` is its Names; sentences are in the reader's
language."""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import gettext as _

from campaign.chronicle.narration import battle_declared, register_narrators
from campaign.chronicle.words import ROLES, and_list, hex_name, word


def follow_up(p: dict) -> str:
    """P-C3, E-15: the condition of a follow-up battle of a contested hex, or ""."""
    after, if_won = p.get("after"), p.get("if_won")
    if not after:
        return ""
    if if_won == "nobody":
        return _("if nobody wins battle %(after)s") % {"after": after}
    winner = word(ROLES, if_won, _("the winner"))
    return _("if %(winner)s of battle %(after)s wins it") % {"winner": winner, "after": after}


def with_follow_up(narrator: Callable[[dict, object], str]) -> Callable[[dict, object], str]:
    """A BattleDeclared sentence that also says when a follow-up battle is fought."""

    def narrate(p: dict, names) -> str:
        condition = follow_up(p)
        if not condition:
            return narrator(p, names)
        # The declared battle is a whole sentence already: its condition follows it.
        return _("%(battle)s It is fought %(condition)s.") % {
            "battle": narrator(p, names),
            "condition": condition,
        }

    return narrate


def _covering_patrols(p: dict, names) -> str:
    armies = and_list(names.army(a) for a in p.get("army_ids") or ())
    values = {"hex": hex_name(p.get("hex")), "armies": armies}
    if not armies:
        return (
            _("Several patrols cover %(hex)s; the first defends unless another is named.") % values
        )
    return (
        _("Several patrols cover %(hex)s: %(armies)s; the first defends unless another is named.")
        % values
    )


def _battle_order_set(p: dict, names) -> str:
    return _("%(army)s will fight its battles in this order: %(battles)s.") % {
        "army": names.army(p.get("army_id")),
        "battles": ", ".join(str(seq) for seq in p.get("battles") or ()),
    }


def _defender_named(p: dict, names) -> str:
    return _("%(army)s was named to defend in battle %(battle)s.") % {
        "army": names.army(p.get("army_id")),
        "battle": p.get("battle", "?"),
    }


PAIRING_NARRATORS: dict[str, Callable] = {
    "CoveringPatrols": _covering_patrols,
    "BattleOrderSet": _battle_order_set,
    "DefenderNamed": _defender_named,
    "BattleDeclared": with_follow_up(battle_declared),  # P-C3, E-15: "if … wins"
}


def register() -> None:
    register_narrators(PAIRING_NARRATORS)
