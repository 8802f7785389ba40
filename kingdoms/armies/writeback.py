"""Writing back army building's events and the optional modules' (rules.kingdoms.armies,
rules.modules): the appliers ``Writer`` adds to its own, and one flush.

Kept apart from writeback.py so that the core's writer does not grow with the modules;
every write is still one bulk statement per table, whatever the number of events.
"""

from __future__ import annotations

from collections.abc import Callable

from kingdoms.models import Army
from rules.core import events as ev
from rules.modules.random_events import BanditsStruck


def army_appliers(writer) -> dict[type, Callable]:
    state = _State.of(writer)
    return {
        ev.AllocationCut: state.cut,
        ev.ArmyWeakened: state.weakened,
        ev.PowerAdjusted: state.power,
        ev.HexRavaged: state.ravaged,
        ev.ModuleStateChanged: state.module_state,
        BanditsStruck: state.bandits,
    }


class _State:
    """What the appliers changed beyond the rows the core writer saves."""

    def __init__(self, writer):
        self.writer = writer
        self.cut_ids: set[int] = set()
        self.modules: dict[str, dict] = {}

    @classmethod
    def of(cls, writer) -> _State:
        writer.army_state = cls(writer)
        return writer.army_state

    def cut(self, event: ev.AllocationCut) -> None:
        """E-14: the default cut; the points follow the allocation down."""
        army = self.writer.snapshot.armies[event.army_id]
        army.allocation, army.points = event.allocation, event.points
        self.writer.army_ids.add(event.army_id)
        self.cut_ids.add(event.army_id)

    def weakened(self, event: ev.ArmyWeakened) -> None:
        self.writer.snapshot.armies[event.army_id].points = max(event.points_left, 0)
        self.writer.army_ids.add(event.army_id)

    def power(self, event: ev.PowerAdjusted) -> None:
        self.writer._kingdom(event.kingdom_id).power = event.power

    def ravaged(self, event: ev.HexRavaged) -> None:
        """App G, E-39: the feature downgraded or gone, no fortress, no watchtower, and
        the hex counts as looted this turn (rules.kingdoms.edicts reads ``looted_turn``)."""
        row = self.writer._hex(event.hex)
        row.feature = event.feature or ""
        row.defence = ""
        row.watchtower = False
        row.looted_turn = self.writer.turn.number

    def bandits(self, event: BanditsStruck) -> None:
        """Table 31 row 4: Unrest for this turn (rules.kingdoms.edicts.under_unrest)."""
        if event.hex is not None:
            row = self.writer._hex(event.hex)
            row.unrest_from = self.writer.turn.number
            row.unrest_until = event.unrest_until or self.writer.turn.number

    def module_state(self, event: ev.ModuleStateChanged) -> None:
        self.modules[event.module] = event.state


def army_flush(writer) -> None:
    """The allocations cut (E-14), the modules' state. The wandering hero (Table 31 row
    9) is only chronicled here: the next turn offers him (campaign.turns.services.turn_open)."""
    state: _State = writer.army_state
    armies = writer.snapshot.armies
    Army.objects.bulk_update([armies[i] for i in sorted(state.cut_ids)], ["allocation"])
    if state.modules:
        campaign = writer.turn.campaign
        campaign.module_state = {**(campaign.module_state or {}), **state.modules}
        campaign.save(update_fields=["module_state"])
