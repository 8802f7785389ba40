"""What the rules engine answers when it refuses an input: one ``Problem``.

The checks of what players and the GM ask for (``why_illegal``, ``*_problem``) return a
Problem or None (``rules.kingdoms.capitals.fallback_list_problem`` with the index of the entry at
fault). The services raise it as a ``campaign.core.errors.Refused`` with its message and its
field, so a form shows the message next to that field and the API answers with both,
without anyone reading the English to learn which input is at fault.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """Why an input is refused.

    ``rule``: the rule ID (or IDs, as an event's ``rule`` names them) that refuses it.
    ``field``: the input at fault, by the name the forms and the API give it ("target",
    "sea_cover", "hex", "amount", …). ``message``: the reason in English, as the player
    reads it."""

    rule: str
    field: str
    message: str

    @property
    def sentence(self) -> str:
        """The message standing alone, as a refusal shows it: capitalised, with a full
        stop. Most of the engine's messages are lower-case clauses, so that a caller may
        build on them ("Karak: it is under a player's protection …")."""
        stop = "" if self.message.endswith(".") else "."
        return self.message[0].upper() + self.message[1:] + stop
