"""The siege trains' section of the kingdom page's Armies tab (new-rules.md §9, NR-SIEGE;
the siege trains module): each army's engines and, to the kingdom's player, the forms to
order an engine (battles.sieges.services.siege_engine_build) and to send engines off as a
convoy (siege_convoy_form). Registered with kingdoms.armies.tab_sections, which kingdoms
reads without importing battles."""

from __future__ import annotations

from collections import defaultdict

from django.utils.text import capfirst

from battles.models import SiegeEngine
from battles.words import SIEGE_ENGINES
from campaign.core.access import Access
from campaign.models import Turn
from campaign.turns.selectors import current_turn
from kingdoms.armies.tab_sections import ArmiesSection, armies_section_register
from kingdoms.models import Kingdom
from rules.kingdoms.crowns import is_winter_turn
from rules.sieges.state import EngineKind

TEMPLATE = "battles/sieges/partials/siege_train.html"


def engine_choices() -> list[tuple[str, str]]:
    """The engines one may order, each its value and its word (NR-SIEGE §9.1)."""
    return [(kind.value, capfirst(SIEGE_ENGINES[kind])) for kind in EngineKind]


def siege_train_section(access: Access, kingdom: Kingdom) -> dict | None:
    """What the Armies tab shows of ``kingdom``'s siege train while the module is on: each
    army with the engines it carries (one built this turn stands from its winter phase,
    NR-SIEGE-4, E-31), the engines no army carries, and what the order forms need. The
    caller checked that the viewer sees the kingdom (its player, or the GM)."""
    ruleset = access.campaign.ruleset
    if not ruleset.siege_trains:
        return None
    turn = current_turn(access.campaign)
    carried: dict[int | None, list[dict]] = defaultdict(list)
    for engine in SiegeEngine.objects.filter(kingdom=kingdom).order_by("id"):
        carried[engine.army_id].append(
            {
                "id": engine.pk,
                "words": SIEGE_ENGINES.get(engine.kind, engine.kind),
                "captured": engine.captured,
                "building": turn is not None and engine.built_turn == turn.number,
            }
        )
    armies = list(kingdom.armies.order_by("id"))
    return {
        "rows": [
            {
                "army": army,
                "engines": carried.get(army.pk, []),
                "may_convoy": len(carried.get(army.pk, [])) >= ruleset.convoy_engines,
            }
            for army in armies
        ],
        "unattached": carried.get(None, []),
        "is_player": access.kingdom is not None and access.kingdom.pk == kingdom.pk,
        "open": turn is not None and turn.state == Turn.State.OPEN,
        "winter": turn is not None and is_winter_turn(ruleset, turn.number),
        "kinds": engine_choices(),
        "price": ruleset.siege_engine_crowns,
        "per_army": ruleset.siege_engines_per_army,
        "convoy_engines": ruleset.convoy_engines,
        "escort": ruleset.convoy_escort_points,
    }


def register() -> None:
    armies_section_register("siege_train", ArmiesSection(TEMPLATE, siege_train_section))
