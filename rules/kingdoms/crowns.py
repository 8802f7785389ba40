"""Gold crowns: the supplement's second ledger (E-30) and its calendar (E-31).

Power stays the core currency. Crowns exist only while a supplement module with crown
prices is on (``Module.crowns``: siege trains, whose engines cost
``siege_engine_crowns``, NR-SIEGE-4; works, whose bridges cost 1 or 2, NR-BRIDGE-1):
each kingdom then keeps a crown ledger. Crowns come only from the supplement's sources,
paid once a year in the winter phase (NR-GEN-7, E-31); they buy only what the supplement
prices in crowns; they never convert to or from power and never score in Table 1
(rules.turn.power does not read them).

The income: every crown income of new-rules.md belongs to another module's tiles,
sites or events (delta settlements, chasm bridges, mines, the trading post, the
Lornalim and crystal forests, the tavern, treasure, spy support), and E-30 leaves out
BASE-04's settlement incomes. A campaign with siege trains alone would never see a
crown, so each kingdom in play is paid ``crowns_yearly`` (default 3: one engine a
winter, within the supplement's single yearly sources of 1 to 3 crowns; ruled in
docs/rules-coverage.md, E-30). The modules that own a source pay it through
``Module.crown_income`` (the new tiles: NR-DELTA-5, NR-CHASM-7), a line each.

The calendar: a year is ``year_turns`` turns and its winter turn is turn
``winter_turn`` of the year (E-31). The winter phase (new-rules.md §12.3 step 5) runs
after step 6g and before the Phase 7 end roll: income (5.5) before construction (5.6).
The app builds an engine while the winter turn takes orders (battles.sieges.services),
before that winter phase, so a build may count on the income due at this winter's
phase: ``spend_problem`` compares the price with the balance plus ``income_due``.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.dice import Dice
from rules.core.events import Event
from rules.core.problems import Phrase, Problem, translatable
from rules.core.state import Ruleset, World

RULE = "E-30 E-31 NR-GEN-7"


@dataclass(frozen=True, kw_only=True)
class CrownsCollected(Event):
    """E-30, E-31, NR-GEN-7: a kingdom's yearly crown income, paid in the winter phase
    of year ``year``; ``balance`` is its ledger after it (below 0: it still owes crowns
    it spent against this income). The kingdom's and the GM's alone, like its power."""

    kingdom_id: int
    crowns: int
    balance: int
    year: int
    reason: str

    def seen_by(self) -> tuple[bool, frozenset[int], tuple[str, ...]]:
        return False, frozenset({self.kingdom_id}), ()


def crowns_used(ruleset: Ruleset) -> bool:
    """E-30: crowns exist only while a supplement module with crown prices is on."""
    return any(m.crowns and getattr(ruleset, m.option, 0) for m in modules.REGISTRY)


def year_of(ruleset: Ruleset, turn: int) -> int:
    """E-31: the campaign year turn ``turn`` falls in, from 1."""
    return (turn - 1) // ruleset.year_turns + 1


def is_winter_turn(ruleset: Ruleset, turn: int) -> bool:
    """E-31: turn ``winter_turn`` of each ``year_turns``-turn year is the winter turn."""
    return (turn - 1) % ruleset.year_turns + 1 == ruleset.winter_turn


def turn_of_year(ruleset: Ruleset, turn: int) -> int:
    """E-31: where turn ``turn`` falls in its year, from 1 to ``year_turns``."""
    return (turn - 1) % ruleset.year_turns + 1


def equinox_of(ruleset: Ruleset, turn: int) -> str | None:
    """E-31, BASE-03, NR-EQX-1: "spring" or "autumn" if turn ``turn`` is an equinox's turn
    of the year (``spring_equinox_turn``, ``autumn_equinox_turn``), else None."""
    if turn_of_year(ruleset, turn) == ruleset.spring_equinox_turn:
        return "spring"
    if turn_of_year(ruleset, turn) == ruleset.autumn_equinox_turn:
        return "autumn"
    return None


def next_winter_turn(ruleset: Ruleset, turn: int) -> int:
    """E-31: the number of the first winter turn from ``turn`` on (``turn`` itself if it
    is one)."""
    return turn + (ruleset.winter_turn - ((turn - 1) % ruleset.year_turns + 1)) % ruleset.year_turns


def income_due(ruleset: Ruleset, turn: int) -> int:
    """E-30, E-31: the crowns a kingdom in play is paid at turn ``turn``'s winter phase
    (0 outside the winter turn, or without a module that uses crowns)."""
    if not crowns_used(ruleset) or not is_winter_turn(ruleset, turn):
        return 0
    return ruleset.crowns_yearly


def spend_problem(what: str, price: int, balance: int, due: int) -> Problem | None:
    """E-30, NR-SIEGE-4: why a kingdom with ``balance`` crowns, and ``due`` more coming at
    this winter's phase (income before construction, §12.3), cannot pay ``price`` for
    ``what`` (the ``kind`` of thing bought); None if it can. The reason names the
    shortfall."""
    available = balance + due
    if price <= available:
        return None
    short = price - available
    held = (
        Phrase(
            "{balance} in your treasury and {due} due at this winter phase",
            balance=balance,
            due=due,
        )
        if due
        else Phrase("{balance} in your treasury", balance=balance)
    )
    return Problem(
        "E-30",
        "kind",
        translatable("{what} costs {price} crowns and you have {held}: {short} crown short")
        if short == 1
        else translatable("{what} costs {price} crowns and you have {held}: {short} crowns short"),
        what=what,
        price=price,
        held=held,
        short=short,
    )


def winter_phase(world: World, dice: Dice) -> list[CrownsCollected]:
    """E-31's winter phase, §12.3 step 5.5: each kingdom still in play (``world`` is the
    world after this turn's eliminations) is paid its yearly crowns, in id order, then
    the modules' incomes (``Module.crown_income``: the wildlands' sites, a delta's
    settlement, a bridged chasm), one line each. Nothing outside the winter turn, or while
    no module uses crowns (E-30); the yearly crowns are nothing when the GM set them to 0."""
    if not crowns_used(world.ruleset) or not is_winter_turn(world.ruleset, world.turn):
        return []
    year = year_of(world.ruleset, world.turn)
    in_play = {k.id for k in world.kingdoms.values() if not k.eliminated}
    yearly = world.ruleset.crowns_yearly
    incomes = [
        modules.Income(kingdom_id, yearly, f"yearly income, year {year}", RULE)
        for kingdom_id in sorted(in_play)
        if yearly
    ]
    incomes += [i for i in modules.crown_income(world, dice) if i.kingdom_id in in_play]
    balances = {k.id: k.crowns for k in world.kingdoms.values()}
    collected = []
    for income in incomes:
        balances[income.kingdom_id] += income.crowns
        collected.append(
            CrownsCollected(
                rule=income.rule,
                rolls=income.rolls,
                kingdom_id=income.kingdom_id,
                crowns=income.crowns,
                balance=balances[income.kingdom_id],
                year=year,
                reason=income.reason,
            )
        )
    return collected


# Last: the modules' packages import this file's events and helpers, so the registry
# is imported once they are defined, whichever of the two a process imports first.
from rules import modules  # noqa: E402
