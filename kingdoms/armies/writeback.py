"""What a step's events do to armies (rules.kingdoms.armies, rules.modules): their moves,
losses, rests and cuts, the armies destroyed, and the optional modules' effects and
state. Every write is one bulk statement per table, whatever the number of events."""

from __future__ import annotations

from campaign.core.bulk import rows_delete, rows_update
from campaign.pipeline.registry import (
    Phase,
    register_appliers,
    register_chronicle_only,
    register_state,
)
from campaign.pipeline.writeback import Writer
from kingdoms.models import Army
from rules.core import events as ev
from rules.core.state import Defence
from rules.modules.beast import BeastNews
from rules.modules.new_tiles import events as new_tiles_events
from rules.modules.peoples import AudienceGiven, PeopleFound, SettlementRepopulated
from rules.modules.random_events import (
    BanditsStruck,
    RandomEventRolled,
    StormsCalledOff,
    WanderingHero,
)
from rules.modules.the_sea.events import NavalBattle, PirateNews, SeaVoyage
from rules.modules.wildlands.actors import WildsNews
from rules.modules.wildlands.burdens import BurdenNews
from rules.modules.wildlands.examine import WildlandExamined
from rules.modules.wildlands.flood import FloodDownstream
from rules.modules.wildlands.necropolis import NecropolisNews
from rules.modules.wildlands.orb import OrbNews
from rules.modules.wildlands.points import ArmyStrengthened
from rules.modules.wildlands.ruins import FortressFound, RuinsNews
from rules.modules.wildlands.treasure import TreasureNews
from rules.modules.wildlands.undead_horde import UndeadHordeNews


class ArmyChanges:
    """What the appliers changed beyond the rows the core writer saves: the allocations
    cut (or raised by a wildland site: kingdoms.armies.wildland_sites), the optional
    modules' state, and the armies destroyed."""

    def __init__(self, writer: Writer):
        self.writer = writer
        self.cut_ids: set[int] = set()
        self.modules: dict[str, dict] = {}
        self.destroyed: list[ev.ArmyDestroyed] = []

    def flush(self) -> None:
        """The allocations cut (E-14), the modules' state. The wandering hero (Table 31 row
        9) is only chronicled here: the next turn offers him (campaign.turns.services.turn_open)."""
        armies = self.writer.snapshot.armies
        rows_update(Army, ["allocation"], [armies[i] for i in sorted(self.cut_ids)])
        if self.modules:
            campaign = self.writer.turn.campaign
            campaign.module_state = {**(campaign.module_state or {}), **self.modules}
            campaign.save(update_fields=["module_state"])

    def flush_destroyed(self) -> None:
        """Last: the chronicle still needed to know the destroyed armies' kingdom."""
        rows_delete(Army, [e.army_id for e in self.destroyed])


def _moved(writer: Writer, event: ev.ArmyMoved) -> None:
    writer.army(event.army_id).position_id = writer.snapshot.hexes[tuple(event.hex)].pk


def _losses(writer: Writer, event: ev.ArmyLosses) -> None:
    writer.army(event.army_id).points = event.points_left


def _rested(writer: Writer, event: ev.ArmyRested) -> None:
    """Table 5 Rest, E-14, E-01: rebuilt to the allocation, flagged for the next battle."""
    army = writer.army(event.army_id)
    army.points, army.rested = event.points, True


def _rest_flag_used(writer: Writer, event: ev.RestFlagUsed) -> None:
    writer.army(event.army_id).rested = False  # E-01


def _destroyed(writer: Writer, event: ev.ArmyDestroyed) -> None:
    writer.state(ArmyChanges).destroyed.append(event)


def _cut(writer: Writer, event: ev.AllocationCut) -> None:
    """E-14: the default cut; the points follow the allocation down."""
    army = writer.army(event.army_id)
    army.allocation, army.points = event.allocation, event.points
    writer.state(ArmyChanges).cut_ids.add(event.army_id)


def _weakened(writer: Writer, event: ev.ArmyWeakened) -> None:
    writer.army(event.army_id).points = max(event.points_left, 0)


def _strengthened(writer: Writer, event: ArmyStrengthened) -> None:
    """NR-TOMB-2: magic items' points join the army; past its allocation they raise it
    (E-14 keeps points within the allocation), saved with the cut allocations."""
    army = writer.army(event.army_id)
    army.points = event.points_left
    if event.points_left > army.allocation:
        army.allocation = event.points_left
        writer.state(ArmyChanges).cut_ids.add(event.army_id)


def _fortress_found(writer: Writer, event: FortressFound) -> None:
    """T-DISCOVERY 4–5: the ruins' forgotten fortress stands on the finder's hex."""
    writer.hex(event.hex).defence = Defence.FORTRESS.value


def _power(writer: Writer, event: ev.PowerAdjusted) -> None:
    writer.kingdom(event.kingdom_id).power = event.power


def _ravaged(writer: Writer, event: ev.HexRavaged) -> None:
    """App G, E-39: the feature downgraded or gone, no fortress, no watchtower, and the
    hex counts as looted this turn (rules.kingdoms.edicts reads ``looted_turn``)."""
    row = writer.hex(event.hex)
    row.feature = event.feature or ""
    row.defence = ""
    row.watchtower = False
    row.looted_turn = writer.turn.number


def _bandits(writer: Writer, event: BanditsStruck) -> None:
    """Table 31 row 4: Unrest for this turn (rules.kingdoms.edicts.under_unrest)."""
    if event.hex is not None:
        row = writer.hex(event.hex)
        row.unrest_from = writer.turn.number
        row.unrest_until = event.unrest_until or writer.turn.number


def _module_state(writer: Writer, event: ev.ModuleStateChanged) -> None:
    writer.state(ArmyChanges).modules[event.module] = event.state


def register() -> None:
    register_state(
        ArmyChanges,
        {Phase.AFTER_CHRONICLE: ArmyChanges.flush, Phase.LAST: ArmyChanges.flush_destroyed},
    )
    register_appliers(
        {
            ev.ArmyMoved: _moved,
            ev.ArmyLosses: _losses,
            ev.ArmyRested: _rested,
            ev.RestFlagUsed: _rest_flag_used,
            ev.ArmyDestroyed: _destroyed,
            ev.AllocationCut: _cut,
            ev.ArmyWeakened: _weakened,
            ev.PowerAdjusted: _power,
            ev.HexRavaged: _ravaged,
            ev.ModuleStateChanged: _module_state,
            BanditsStruck: _bandits,
            ArmyStrengthened: _strengthened,
            FortressFound: _fortress_found,
        }
    )
    # What the optional modules announce goes to the chronicle alone (rules.modules).
    register_chronicle_only(
        ev.Announcement, BeastNews, RandomEventRolled, StormsCalledOff, WanderingHero
    )
    register_chronicle_only(PirateNews, NavalBattle, SeaVoyage)  # NR-PIRATE, NR-SEA
    register_chronicle_only(WildsNews)  # the wilds' peoples and beasts (rules.modules.wildlands)
    register_chronicle_only(WildlandExamined, TreasureNews, FloodDownstream)  # the wildlands' news
    register_chronicle_only(BurdenNews, NecropolisNews, OrbNews, RuinsNews, UndeadHordeNews)
    register_chronicle_only(*new_tiles_events.NEWS)
    register_chronicle_only(  # rules.modules.peoples
        PeopleFound, SettlementRepopulated, AudienceGiven
    )
