"""The registries through which the pipeline and the chronicle reach the domains
(campaign.pipeline.registry, campaign.chronicle.narration.NARRATORS)."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from dataclasses import dataclass

import pytest
from django.apps import apps

import rules
from battles.sieges.holds import held_in_sieges
from campaign.chronicle.narration import NARRATORS
from campaign.core.registry import Registry, Unregistered
from campaign.pipeline.registry import (
    APPLIERS,
    DECISIONS_OPEN,
    SNAPSHOT_LOADERS,
    STEP_INPUTS,
    STEP_STATES,
    TURN_CLOSED,
    StepInput,
)
from campaign.pipeline.snapshot import snapshot_load
from campaign.pipeline.writeback import Writer
from kingdoms.orders.holds import ARMY_HOLDS
from rules.core.events import Event
from rules.sieges import events as sev


@dataclass(frozen=True, kw_only=True)
class Unheard(Event):
    """An event type no domain registered."""


def _engine_event_types() -> set[type[Event]]:
    """Every event type the rules engine defines, but the bases whose names start with _."""
    found = set()
    for info in pkgutil.walk_packages(rules.__path__, "rules."):
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if (
                inspect.isclass(value)
                and issubclass(value, Event)
                and value is not Event
                and value.__module__ == module.__name__
                and not name.startswith("_")
            ):
                found.add(value)
    return found


def _registries() -> list:
    return [
        list(APPLIERS.items()),
        list(STEP_STATES.items()),
        list(SNAPSHOT_LOADERS),
        list(STEP_INPUTS.items()),
        list(DECISIONS_OPEN),
        list(TURN_CLOSED),
        list(NARRATORS.items()),
        list(ARMY_HOLDS),
    ]


@pytest.mark.django_db
def test_an_event_type_nobody_registered_fails_the_step_by_its_name(demo):
    writer = Writer(snapshot_load(demo.campaign, demo.turn.number), demo.turn)
    with pytest.raises(Unregistered, match="No writeback applier is registered for Unheard"):
        writer.apply([Unheard(rule="E-37")])


def test_every_engine_event_type_has_an_applier_once_django_is_set_up():
    """Each domain registered its own in its app's ready(): none is lost on the way to the
    rows, and those that change no row say so (chronicle only)."""
    missing = sorted(t.__name__ for t in _engine_event_types() if t not in APPLIERS)
    assert missing == []


def test_every_event_an_optional_module_emits_has_its_sentence_in_the_chronicle():
    """App G, §5.12 Table 31, NR-WILD: whatever a module tells the players (its own event
    types, and the core's it emits) reads as a sentence in the reader's language, not as
    the engine's English ``text``: every engine event type has its narrator. Only the bare
    ``Announcement``, the base the modules' news extend, which no rule emits, has none."""
    module_types = {t for t in _engine_event_types() if t.__module__.startswith("rules.modules")}
    assert {"BeastNews", "RandomEventRolled", "PirateNews"} <= {t.__name__ for t in module_types}
    missing = sorted(t.__name__ for t in _engine_event_types() if t.__name__ not in NARRATORS)
    assert missing == ["Announcement"]


def test_the_domains_registered_their_loaders_states_sentences_and_hooks():
    assert set(STEP_INPUTS) == set(StepInput)
    assert "SiegeBegan" in NARRATORS and sev.SiegeBegan in APPLIERS  # E-37 (battles)
    assert "AgreementBroken" in NARRATORS and "BattleDeclared" in NARRATORS
    assert [loader.__name__ for loader in SNAPSHOT_LOADERS] == [
        "agreements_load",
        "crowns_load",
        "sieges_load",
        "rulings_load",  # new-rules.md §12.4: the GM's answers (campaign.adjudication)
    ]
    assert list(ARMY_HOLDS) == [held_in_sieges]
    assert [hook.__name__ for hook in DECISIONS_OPEN] == ["_to_table", "prompts_tell"]
    assert [hook.__name__ for hook in TURN_CLOSED] == [
        "press_releases_print",  # B 7.0
        "prompts_close",  # new-rules.md §12.4
    ]
    assert "PressReleased" in NARRATORS


def test_step_states_flush_in_the_order_the_apps_registered_them():
    """The same statements in the same order on every run: kingdoms' states, then
    battles', then the GM's prompts, each app's in the order its ready() lists them."""
    assert [kind.__name__ for kind in STEP_STATES] == [
        "AgreementChanges",
        "Scouting",
        "ArmyChanges",
        "SpendResults",
        "CrownIncome",
        "TurnBattles",
        "Pairing",
        "PostBattle",
        "SiegeWriter",
        "Prompts",  # new-rules.md §12.4 (campaign.adjudication)
    ]


def test_registering_again_is_harmless():
    before = _registries()
    for label in ("campaign", "kingdoms", "battles"):
        apps.get_app_config(label).ready()
    assert _registries() == before


def test_another_handler_for_a_taken_key_is_refused_by_name():
    registry: Registry[type[Event], str] = Registry("writeback applier")
    registry.register(Unheard, "first")
    registry.register(Unheard, "first")
    with pytest.raises(ValueError, match="Unheard already has a writeback applier"):
        registry.register(Unheard, "second")
    assert registry[Unheard] == "first"
