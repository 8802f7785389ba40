"""What the pirates and the open sea announce (rules.modules: each an ``Announcement``,
public unless it names ``kingdom_ids``; rules.turn.visibility routes them)."""

from __future__ import annotations

import dataclasses

from rules.core.events import Announcement
from rules.core.state import Coord


@dataclasses.dataclass(frozen=True, kw_only=True)
class PirateNews(Announcement):
    """new-rules.md §6, public: pirates are seen along the coasts. ``what``: den (a City
    turns out to be a pirate den), merchants (its ships are merchants), raiders (the northern
    raiders' ship joins the pirates, NR-RAIDER-2), moved, stayed,
    raided, evaded, off_map, sunk, wintered, scuttled (no berth); ``hex`` where the pirate
    is seen; ``kingdom_id`` the kingdom raided or engaging."""

    what: str
    pirate_id: int | None = None
    hex: Coord | None = None
    kingdom_id: int | None = None


@dataclasses.dataclass(frozen=True, kw_only=True)
class NavalBattle(Announcement):
    """NR-NAVAL, T-NAVAL-DELTA, public as a battle is: a kingdom's ships against a
    pirate. ``winner`` is "pirate", "kingdom" or None (a draw); ``result`` the
    T-NAVAL-DELTA row: draw, driven_off, losses, sink_one, sink_all."""

    pirate_id: int
    hex: Coord
    kingdom_id: int
    army_ids: tuple[int, ...]
    ships: int
    kingdom_score: int
    pirate_score: int
    winner: str | None
    result: str


@dataclasses.dataclass(frozen=True, kw_only=True)
class SeaVoyage(Announcement):
    """NR-SEA, T-WEATHER, T-STORM: an army's fleet at sea, its owner's alone (a fleet
    that never lands is nobody else's business). ``what``: calm, rode (the storm), losses,
    becalmed, sails (lost), aground, blown (off course), lost, turned_back (it makes
    port), still (still stranded), driven_off (by pirates)."""

    what: str
    army_id: int
    hex: Coord | None = None
