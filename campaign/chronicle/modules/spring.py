"""The chronicle's sentences for the mystic spring's dead heroes (rules.modules.wildlands
.spring, NR-SPRING-1): read only by the hero's kingdom and the GM (rules.turn.visibility)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from campaign.chronicle.narration import Names

SPRING = {
    "carried": gettext_lazy("%(army)s carries the body of %(name)s, fallen in battle."),
    "restored": gettext_lazy("The waters of the mystic spring bring %(name)s back to life."),
    "failed": gettext_lazy("The waters of the mystic spring do nothing for %(name)s."),
    "lost": gettext_lazy("The body of %(name)s is lost: the mystic spring can no longer help."),
}


def _spring(p: dict, names: Names) -> str:
    sentence = SPRING.get(str(p.get("what")), SPRING["lost"])  # a body lost, when unknown
    return str(sentence) % {"army": names.army(p.get("army_id")), "name": p.get("name", "")}


NARRATORS = {"SpringNews": _spring}  # NR-SPRING-1
