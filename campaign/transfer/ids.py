"""Renumbering: the exporting server's ids, and those inside JSON (document.ID_FIELDS),
as this server's."""

from __future__ import annotations

from collections import defaultdict

from django.utils.translation import gettext as _

from campaign.core.errors import Refused
from campaign.transfer.document import BATTLE, SIEGE, BattleKeys, Ids, Pairs, Spec

SIEGE_DAYS = 100  # rules.sieges.siege_battles.siege_battle_key: -(siege × 100 + day)


class IdMap:
    """Each table's old ids with their new ones, filled as the import writes the rows.

    A reference to a row the document does not hold (an army destroyed, a spend
    withdrawn, an engine lost: the chronicle still names them) becomes a number below
    zero, one for each such row: the chronicle tells them apart, and never names
    another row by it."""

    def __init__(self, known: dict[str, dict[int, int]] | None = None):
        self.known: dict[str, dict[int, int]] = defaultdict(dict, known or {})
        self.lost: dict[str, dict[int, int]] = defaultdict(dict)

    def add(self, label: str, old: int, new: int) -> None:
        self.known[label][old] = new

    def row(self, label: str, old: int | None) -> int | None:
        """A foreign key's new id; refused when the document has no such row."""
        if old is None:
            return None
        new = self.known[label].get(old)
        if new is None:
            raise Refused(
                _("This Warpost export is broken: it names %(label)s %(old)s, which it lacks.")
                % {"label": label, "old": old}
            )
        return new

    def new(self, label: str, old: int) -> int:
        """An id inside JSON, renumbered (a lost row's below zero)."""
        found = self.known[label].get(old)
        if found is not None:
            return found
        lost = self.lost[label]
        return lost.setdefault(old, -(len(lost) + 1))

    def battle_key(self, old: int) -> int:
        if old >= 0:
            return self.new(BATTLE.label, old)
        siege, day = divmod(-old, SIEGE_DAYS)
        if siege in self.known[SIEGE.label]:
            return -(self.known[SIEGE.label][siege] * SIEGE_DAYS + day)
        return self.new(BATTLE.label, old)


def remapped(spec: Spec, value, ids: IdMap):
    """``value`` with the ids ``spec`` says it holds renumbered."""
    if value is None:
        return None
    if isinstance(spec, Ids | BattleKeys):
        return _numbers(value, ids.battle_key if isinstance(spec, BattleKeys) else _new(ids, spec))
    if isinstance(spec, Pairs):
        return [[ids.new(spec.label, pair[0]), *pair[1:]] for pair in value]
    if isinstance(value, list):
        return [remapped(spec, item, ids) for item in value]
    if isinstance(value, dict):
        return {key: remapped(spec.get(key, spec), item, ids) for key, item in value.items()}
    return value


def _new(ids: IdMap, spec: Ids):
    return lambda old: ids.new(spec.label, old)


def _numbers(value, renumber):
    """Each number in ``value`` (a number, or lists of them) renumbered; text and truth
    values as they are."""
    if isinstance(value, list):
        return [_numbers(item, renumber) for item in value]
    if isinstance(value, dict):
        raise TypeError(f"ids where {value!r} is")
    if isinstance(value, int) and not isinstance(value, bool):
        return renumber(value)
    return value
