"""Naval battles (NR-NAVAL, T-NAVAL-DELTA): a kingdom's ships against a pirate.

Each side scores its ships, +1 for each banner aboard, + a d6; the pirate (one ship, a
small flotilla, NR-PIRATE-2, with no troops aboard) adds ``sea_pirate_bonus``. A
kingdom's ship carries one army (AMB-32), so its side scores 2 a ship. The difference is
read on T-NAVAL-DELTA, whose thresholds are options.
"""

from __future__ import annotations

from rules.core.dice import Dice
from rules.core.state import Coord, OrderKind
from rules.modules.the_sea.coast import coast_step
from rules.modules.the_sea.events import NavalBattle, PirateNews, SeaVoyage
from rules.modules.the_sea.tide import Tide


def delta_result(rules, delta: int) -> str:
    """T-NAVAL-DELTA's row for a difference of ``delta``."""
    if delta == 0:
        return "draw"
    if delta >= rules.sea_delta_sink_all:
        return "sink_all"
    if delta >= rules.sea_delta_sink_one:
        return "sink_one"
    if delta >= rules.sea_delta_losses:
        return "losses"
    return "driven_off"


def naval_battle(
    tide: Tide, pirate_id: int, at: Coord, kingdom: int, aboard, up: bool, dice: Dice, before
) -> None:
    rules = tide.rules
    ships = len(aboard)
    ours = dice.d6(f"NR-NAVAL-1 kingdom {kingdom}'s ships")
    theirs = dice.d6(f"NR-NAVAL-1 pirate {pirate_id}")
    kingdom_score = 2 * ships + ours.result
    pirate_score = 1 + theirs.result + rules.sea_pirate_bonus
    delta = abs(kingdom_score - pirate_score)
    result = delta_result(rules, delta)
    winner = None if delta == 0 else ("kingdom" if kingdom_score > pirate_score else "pirate")
    name = tide.world.kingdoms[kingdom].name if kingdom in tide.world.kingdoms else "a kingdom"
    tide.events.append(
        NavalBattle(
            rule="NR-NAVAL-1 NR-NAVAL-2 T-NAVAL-DELTA",
            rolls=(*before, ours, theirs),
            pirate_id=pirate_id,
            hex=at,
            kingdom_id=kingdom,
            army_ids=tuple(aboard),
            ships=ships,
            kingdom_score=kingdom_score,
            pirate_score=pirate_score,
            winner=winner,
            result=result,
            text=f"{name}'s ships fight the pirates at ({at[0]}, {at[1]}): "
            f"{kingdom_score} to {pirate_score}, {result.replace('_', ' ')}.",
        )
    )
    if winner == "kingdom":
        _pirate_loses(tide, pirate_id, at, up, result)
    elif winner == "pirate":
        _kingdom_loses(tide, aboard, at, result, dice)


def _pirate_loses(tide: Tide, pirate_id: int, at: Coord, up: bool, result: str) -> None:
    """Driven off (with losses: it has no troops to lose), or sunk: its one ship is its
    whole flotilla (NR-PIRATE-2)."""
    if result in ("driven_off", "losses"):
        pushed(tide, pirate_id, at, up)
        return
    del tide.state["pirates"][str(pirate_id)]
    tide.events.append(
        PirateNews(
            rule="T-NAVAL-DELTA",
            what="sunk",
            pirate_id=pirate_id,
            hex=at,
            text=f"The pirates are sunk at ({at[0]}, {at[1]}).",
        )
    )


def _kingdom_loses(tide: Tide, aboard, at: Coord, result: str, dice: Dice) -> None:
    """Driven off: the fleets of invasions turn back (the invasion is called off, the
    army held this turn); a patrol's ships only flee. Losses: a d6 × ``sea_naval_losses``
    from each army in the fight. One ship sunk: a random one, with its army. Every
    ship: every army aboard (AMB-02)."""
    aboard = list(aboard)
    if result == "sink_all":
        for army_id in aboard:
            _sunk(tide, army_id, at)
        return
    if result == "sink_one":
        pick = dice.roll(len(aboard), "T-NAVAL-DELTA the ship sunk") if len(aboard) > 1 else None
        lost = aboard[pick.result - 1] if pick else aboard[0]
        _sunk(tide, lost, at, (pick,) if pick else ())
        aboard.remove(lost)
    if result == "losses":
        for army_id in aboard:
            roll = dice.d6(f"T-NAVAL-DELTA losses of army {army_id}")
            lost = roll.result * tide.rules.sea_naval_losses
            tide.weaken(army_id, lost, "T-NAVAL-DELTA AMB-02", (roll,))
    invading = {o.army_id for o in tide.orders if o.kind is OrderKind.INVADE}
    for army_id in aboard:
        if army_id in invading and army_id in tide.world.armies:
            tide.hold(army_id, "driven_off", None, at, tide.world.turn)
            tide.events.append(
                SeaVoyage(
                    rule="T-NAVAL-DELTA",
                    what="driven_off",
                    army_id=army_id,
                    hex=at,
                    kingdom_ids=(tide.owner_of(army_id),),
                    text="Driven off by pirates, the fleet turns back: the invasion is called off.",
                )
            )


def pushed(tide: Tide, pirate_id: int, at: Coord, up: bool) -> None:
    """T-NAVAL-DELTA 1–2: the winner drives the pirate one hex off; his choice, by
    default back the way it came; off the map it is destroyed."""
    back = coast_step(tide.world.hexes, at, not up)
    if back is None:
        gone(tide, pirate_id, at, ())
        return
    tide.state["pirates"][str(pirate_id)]["at"] = list(back)


def gone(tide: Tide, pirate_id: int, at: Coord, rolls) -> None:
    """NR-PIRATE-6: a pirate that sails (or is driven) off the map is removed."""
    del tide.state["pirates"][str(pirate_id)]
    tide.events.append(
        PirateNews(
            rule="NR-PIRATE-6",
            rolls=rolls,
            what="off_map",
            pirate_id=pirate_id,
            hex=at,
            text=f"Pirates sail off the map from ({at[0]}, {at[1]}).",
        )
    )


def _sunk(tide: Tide, army_id: int, at: Coord, rolls=()) -> None:
    kingdom = tide.owner_of(army_id)
    tide.events.append(
        SeaVoyage(
            rule="T-NAVAL-DELTA",
            rolls=rolls,
            what="lost",
            army_id=army_id,
            hex=at,
            kingdom_ids=(kingdom,),
            text="The pirates sink the ship and every soul aboard.",
        )
    )
    tide.destroy(army_id, "T-NAVAL-DELTA AMB-02")
