"""What the turn pipeline knows of the domains: only what they register here, from their
app's ``AppConfig.ready()`` (docs/architecture.md, "Registries").

* ``APPLIERS``: each event type's applier, which changes the loaded rows or its domain's
  step state. An event that changes nothing is registered ``chronicle_only``: a type with
  neither fails the step loudly, by its name, rather than being lost.
* ``STEP_STATES``: the state a domain keeps during one step (a class the Writer makes,
  holds by its class and hands to its flush functions), and when each flush runs.
* ``SNAPSHOT_LOADERS``: what a domain adds to the snapshot (agreements, sieges, crowns).
* ``STEP_INPUTS``: the inputs of a step the engine takes besides the World (orders, …).
* ``DECISIONS_OPEN``: what a domain does once Provisional Results are written.
* ``TURN_CLOSED``: what a domain does once Final Results are written and the turn is closed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from campaign.core.registry import Hooks, Registry
from rules.core.events import Event

if TYPE_CHECKING:
    from campaign.models import Campaign, Turn
    from campaign.pipeline.snapshot import Snapshot
    from campaign.pipeline.writeback import Writer

E = TypeVar("E", bound=Event, contravariant=True)
S = TypeVar("S", bound="StepState")


class Applier(Protocol[E]):
    """Applies one event to the Writer's rows or to a domain's step state."""

    def __call__(self, writer: Writer, event: E, /) -> None: ...


class StepState(Protocol):
    """A domain's bookkeeping during one step: made with the Writer, read by its appliers
    through ``writer.state(kind)``, written by its flush functions."""

    def __init__(self, writer: Writer, /) -> None: ...


class Phase(IntEnum):
    """When a step state's flush runs, around the Writer's own statements. Within a phase,
    flushes run in the order their states were registered."""

    BEFORE_ROWS = 1  # before the loaded rows are saved (B 3.3, B 3.4: the dead first)
    CREATE = 2  # after them: new rows that the next phase links to (the turn's battles)
    LINK = 3  # rows that point to those just created
    AFTER_CHRONICLE = 4  # after the chronicle's entries
    LAST = 5  # deletions, once nothing reads the rows


@dataclass(frozen=True)
class StateSpec:
    """A registered step state: its flush functions, by phase."""

    flushes: tuple[tuple[Phase, Callable[[Any], None]], ...]


class SnapshotLoader(Protocol):
    def __call__(self, snapshot: Snapshot, campaign: Campaign, turn_number: int, /) -> None: ...


class StepInput(StrEnum):
    """The engine's inputs of a step besides the World, each loaded by one domain."""

    ORDERS = "orders"  # Table 5 orders (Q7: an army without one rests)
    SPENDING = "spending"  # step 3b's spends, offers and Provoked hexes (E-25)
    BATTLES = "battles"  # the turn's battles with their Phase 4 choices
    EDICTS = "edicts"  # §5.3, E-26
    SPENDS = "spends"  # the spends with their step 3b results, for Final Results


class InputLoader(Protocol):
    def __call__(self, turn: Turn, snapshot: Snapshot, /) -> Any: ...


class StepHook(Protocol):
    def __call__(self, turn: Turn, events: Sequence[Event], /) -> None: ...


APPLIERS: Registry[type[Event], Applier[Any]] = Registry("writeback applier")
STEP_STATES: Registry[type[StepState], StateSpec] = Registry("step state")
SNAPSHOT_LOADERS: Hooks[SnapshotLoader] = Hooks("snapshot loader")
STEP_INPUTS: Registry[StepInput, InputLoader] = Registry("step input loader")
DECISIONS_OPEN: Hooks[StepHook] = Hooks("hook once the decisions are open")
TURN_CLOSED: Hooks[StepHook] = Hooks("hook once the turn is closed")


def chronicled(writer: Writer, event: Event) -> None:
    """The applier of an event that changes no row: it goes to the chronicle alone."""


def register_appliers(appliers: Mapping[type[Event], Applier[Any]]) -> None:
    APPLIERS.register_all(appliers)


def register_chronicle_only(*kinds: type[Event]) -> None:
    APPLIERS.register_all(dict.fromkeys(kinds, chronicled))


def register_state(kind: type[S], flushes: Mapping[Phase, Callable[[S], None]]) -> None:
    """Declare a step state: the Writer makes one ``kind(writer)`` per step and, in each
    of the ``flushes``' phases, calls its function with it."""
    STEP_STATES.register(kind, StateSpec(tuple(sorted(flushes.items()))))
