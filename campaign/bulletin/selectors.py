"""The turn's bulletin (A-2.1): rumours and mercenaries for hire."""

from __future__ import annotations

from campaign.models import Turn


def turn_bulletin(turn: Turn | None) -> dict:
    """A-2.1: the turn's rumours and mercenaries, public to the whole campaign."""
    if turn is None:
        return {"rumours": [], "offers": []}
    return {"rumours": list(turn.rumours.all()), "offers": list(turn.mercenary_offers.all())}
