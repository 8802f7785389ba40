"""One English sentence per chronicle entry, citing the rule that caused it.

``NARRATORS`` maps each entry's kind to its sentence: the campaign's own sentences are
here, and each domain registers its own from its app's ``AppConfig.ready()``.

Entries come from campaign.chronicle.selectors.visible_chronicle, which removes what the
reader may not see (an enemy's strength, E-29), so every narrator reads the payload with
``.get`` and says less when a key is missing. Names come from ``Names``, built from what the
reader may see: an army or a neutral kingdom he may not know stays anonymous.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol

from campaign.core.registry import Registry


@dataclass(frozen=True)
class Names:
    kingdoms: Mapping[int, str] = field(default_factory=dict)
    neutral_kingdoms: Mapping[int, str] = field(default_factory=dict)
    armies: Mapping[int, str] = field(default_factory=dict)

    def kingdom(self, kingdom_id) -> str:
        return self.kingdoms.get(kingdom_id, "a kingdom")

    def neutral(self, neutral_id) -> str:
        return self.neutral_kingdoms.get(neutral_id, "a neutral kingdom")

    def army(self, army_id) -> str:
        return self.armies.get(army_id, "an army")


def _hex(payload: dict, key: str = "hex") -> str:
    coord = payload.get(key)
    if not coord or len(coord) != 2:
        return "a hex"
    return f"hex ({coord[0]}, {coord[1]})"


def _words(value) -> str:
    return str(value).replace("_", " ")


def _number(value, unknown: str = "some") -> str:
    return f"{value:,}" if isinstance(value, int) else unknown


def _points(payload: dict, key: str) -> str:
    value = payload.get(key)
    return f" ({value:,} points)" if isinstance(value, int) else ""


def _turn_opened(p: dict, names: Names) -> str:
    text = f"Turn {p.get('turn', '?')} opened for orders"
    if p.get("deadline"):
        text += f", deadline {p['deadline'][:16].replace('T', ' ')} UTC"
    return text + "."


_ORDER_PHRASES = {
    "invade": "invade {hex}",
    "patrol": "patrol from {hex}",
    "scout": "scout {hex}",
    "rest": "rest",
}


def _order_submitted(p: dict, names: Names) -> str:
    army = names.armies.get(p.get("army_id")) or p.get("army") or "an army"
    phrase = _ORDER_PHRASES.get(p.get("order"), "{hex}")
    return f"{army} was ordered to {phrase.format(hex=_hex(p, 'target'))}."


def _battle_decision(p: dict, names: Names) -> str:
    return f"The {p.get('role', 'side')} chose to {p.get('decision', 'decide')}."


def _hex_explored(p: dict, names: Names) -> str:
    found = [_words(p[key]) for key in ("feature", "minor_feature") if p.get(key)]
    if p.get("neutral_kingdom_id") is not None:
        found.append(f"the land of {names.neutral(p['neutral_kingdom_id'])}")
    text = f"Explorers entered {_hex(p)} and found " + (" and ".join(found) or "nothing of note")
    if p.get("defender_points"):
        text += f", held by {p['defender_points']:,} defending points"
    return text + "."


def scouting_findings(level: str, facts: dict, names: Names | None = None) -> str:
    """Table 8: what a scouting report says, in words, at its level (the army card and the
    chronicle share it)."""
    if level == "lost":
        return "the scouts were lost and nothing was learned"
    if "feature" in facts:
        found = [_words(facts[key]) for key in ("feature", "minor_feature") if facts.get(key)]
        words = [" and ".join(found) or "no feature"]
    else:
        words = ["a major feature" if facts.get("major_feature") else "no major feature"]
    if facts.get("neutral_kingdom"):
        neutral = facts.get("neutral_kingdom_id")
        words.append(
            f"the land of {names.neutral(neutral)}"
            if names is not None and neutral is not None
            else "a neutral kingdom's land"
        )
    elif "feature" not in facts:
        words.append("no neutral kingdom")
    if facts.get("defence"):
        words.append(_words(facts["defence"]))
    if facts.get("watchtower"):
        words.append("a watchtower")
    if isinstance(facts.get("defender_points"), int):
        race = f" ({facts['defender_race']})" if facts.get("defender_race") else ""
        words.append(f"{facts['defender_points']:,} defending points{race}")
    elif isinstance(facts.get("defender_about"), int):
        words.append(f"about {facts['defender_about']:,} defending points")
    elif "defender_about" in facts or "defender_points" in facts:
        words.append("no defenders")
    if isinstance(facts.get("patrol_points"), int):
        words.append(f"a patrol of {facts['patrol_points']:,} points covers it")
    elif "patrolled" in facts:
        words.append("a patrol covers it" if facts["patrolled"] else "no patrol covers it")
    if facts.get("capital"):
        capital = facts["capital"]
        extent = len(facts.get("extent") or [])
        words.append(f"the kingdom has {extent} hexes, its capital at ({capital[0]}, {capital[1]})")
    return "; ".join(words)


_SCOUTING_VERBS = {
    "glimpse": "glimpsed",
    "report": "reported on",
    "everything": "learned everything of",
}


def _hex_scouted(p: dict, names: Names) -> str:
    army = names.army(p.get("army_id"))
    level = p.get("level", "")
    facts = {**(p.get("facts") or {}), "neutral_kingdom_id": p.get("neutral_kingdom_id")}
    total = f" (Table 8: {p['total']})" if isinstance(p.get("total"), int) else ""
    if level == "lost":
        return f"{army}'s scouts were lost at {_hex(p)}; nothing was learned{total}."
    verb = _SCOUTING_VERBS.get(level, "scouted")
    return f"{army}'s scouts {verb} {_hex(p)}{total}: {scouting_findings(level, facts, names)}."


def _scouts_seen(p: dict, names: Names) -> str:
    return f"Scouts were seen at {_hex(p)}."


def _hex_explored_by_scouts(p: dict, names: Names) -> str:
    found = [_words(p[key]) for key in ("feature", "minor_feature") if p.get(key)]
    text = f"Scouts explored {_hex(p)}, known only to them until it is invaded: "
    text += " and ".join(found) or "nothing of note"
    if p.get("defender_points"):
        text += f", held by {p['defender_points']:,} defending points"
    return text + "."


def _neutral_kingdom_discovered(p: dict, names: Names) -> str:
    neutral = names.neutral(p.get("neutral_kingdom_id"))
    return f"{names.kingdom(p.get('kingdom_id'))} learned the extent and capital of {neutral}."


def _defender(p: dict, names: Names) -> str:
    if p.get("defender_kingdom_id") is not None:
        return names.kingdom(p["defender_kingdom_id"])
    if p.get("defender_neutral_kingdom_id") is not None:
        return names.neutral(p["defender_neutral_kingdom_id"])
    return "its defenders"


def battle_declared(p: dict, names: Names) -> str:
    """A battle declared (§3 step 3e); battles.pairing.narration registers it with the
    condition of a follow-up battle (P-C3, E-15)."""
    attacker = names.kingdom(p.get("attacker_kingdom_id")) + _points(p, "attacker_points")
    if p.get("attacker_kingdom_id") is None and "A-1.4.12" in (p.get("rule") or ""):
        incited = names.neutral(p["attacker_neutral_kingdom_id"])  # Q17
        attacker = f"Incited, {incited}" + _points(p, "attacker_points")
    kind = p.get("defender_kind")
    if kind == "invader":  # P-C3, E-15: two invaders of one hex fight each other first
        other = _defender(p, names) + _points(p, "defender_points")
        return f"{attacker} and {other} both invaded {_hex(p)}: they fight each other first."
    if kind == "undefended":
        return f"{attacker} invaded {_hex(p)}, which nobody defends."
    if kind == "lost_cause":
        return f"{attacker} invaded {_hex(p)}, a lost cause for its owner with no patrol near."
    if kind == "roaming":  # App G, E-12: the Beast in its lair
        return f"{attacker} invaded {_hex(p)}, the Beast's lair; the Beast stands to meet them."
    defender = _defender(p, names) + _points(p, "defender_points")
    return f"{attacker} invaded {_hex(p)}; {defender} stand to meet them."


def _retreated(p: dict, names: Names) -> str:
    return f"The {p.get('role', 'side')} at {_hex(p)} retreated without casualties."


def _battle_fought(p: dict, names: Names) -> str:
    text = f"The battle at {_hex(p)} was fought"
    if "attacker_total" in p and "defender_total" in p:
        text += f", {p['attacker_total']} against {p['defender_total']}"
    result = p.get("result")
    winner = p.get("winner")
    if winner:
        text += f": a {_words(result or 'clear')} victory for the {winner}"
    elif result:
        text += f": a {_words(result)}"
    return text + "."


def _battle_won(p: dict, names: Names) -> str:
    winner = p.get("winner")
    if not winner:
        return f"Nobody won at {_hex(p)}."
    how = " by default" if p.get("by_default") else ""
    return f"The {winner} won at {_hex(p)}{how}."


def _army_losses(p: dict, names: Names) -> str:
    text = f"{names.army(p.get('army_id'))} lost {_number(p.get('points_lost'))} points"
    if isinstance(p.get("points_left"), int):
        text += f", {p['points_left']:,} left"
    return text + "."


def _defender_losses(p: dict, names: Names) -> str:
    text = f"The defenders of {_hex(p)} lost {_number(p.get('points_lost'))} points"
    if isinstance(p.get("points_left"), int):
        text += f" and hold on with {p['points_left']:,}"
    return text + "."


def _character_fell(p: dict, names: Names) -> str:
    return "A character fell in battle and must roll for his fate."


def _bandit_lair_rolled(p: dict, names: Names) -> str:
    if p.get("unrest"):
        until = p.get("unrest_until")
        return (
            f"Bandits from the lair in {_hex(p)} stir up Unrest there: the hex gives no power, "
            f"support or entitlements until the end of turn {until}."
        )
    return f"The bandits of the lair in {_hex(p)} keep quiet this turn."


def _experience_gained(p: dict, names: Names) -> str:
    xp = p.get("xp", 1)
    return f"A character gained {xp} experience point{'s' if xp != 1 else ''}."


def _hex_conquered(p: dict, names: Names) -> str:
    text = f"{names.kingdom(p.get('kingdom_id'))} conquered {_hex(p)}"
    if p.get("previous_owner_id") is not None:
        text += f" from {names.kingdom(p['previous_owner_id'])}"
    return text + "."


def _army_moved(p: dict, names: Names) -> str:
    return f"{names.army(p.get('army_id'))} now stands on {_hex(p)}."


def _orphan_changed(p: dict, names: Names) -> str:
    if p.get("orphan"):
        return f"{_hex(p)} was cut off from its capital and is an orphan."
    return f"{_hex(p)} is joined to its capital again."


def _campaign_end_roll(p: dict, names: Names) -> str:
    verdict = "the campaign ends" if p.get("ends") else "the campaign goes on"
    roll = f"The end-of-campaign roll of turn {p.get('turn', '?')} was {p.get('result', '?')}"
    return f"{roll}: {verdict}."


def _power_collected(p: dict, names: Names) -> str:
    return (
        f"{names.kingdom(p.get('kingdom_id'))} collected {_number(p.get('gained'))} power: "
        f"{_number(p.get('power'))} power and {_number(p.get('industry'))} industry now."
    )


def _crowns_collected(p: dict, names: Names) -> str:
    """E-30, E-31: the winter phase's yearly crowns, and the ledger after them."""
    balance = p.get("balance")
    after = (
        f"it still owes {_number(-balance)}"
        if isinstance(balance, int) and balance < 0
        else f"{_number(balance)} in its treasury now"
    )
    return (
        f"{names.kingdom(p.get('kingdom_id'))} collected {_number(p.get('crowns'))} crowns "
        f"in the winter phase of year {p.get('year', '?')}: {after}."
    )


def _half_points(halves) -> str:
    return f"{halves / 2:g}" if isinstance(halves, int) else "?"


def _campaign_won(p: dict, names: Names) -> str:
    winners = " and ".join(names.kingdom(k) for k in p.get("winner_ids", [])) or "nobody"
    scores = ", ".join(f"{names.kingdom(k)} {_half_points(h)}" for k, h in p.get("scores", []))
    verb = "win" if len(p.get("winner_ids", [])) > 1 else "wins"
    return f"The campaign is over: {winners} {verb} on effective power ({scores})."


def _capital_moved(p: dict, names: Names) -> str:
    new = _hex(p, "new")
    return f"{names.kingdom(p.get('kingdom_id'))} lost its capital and rules from {new} now."


def _fallback_capitals_set(p: dict, names: Names) -> str:
    listed = ", ".join(
        f"({c[0]}, {c[1]})" for c in p.get("hexes") or () if isinstance(c, list) and len(c) == 2
    )
    kingdom = names.kingdom(p.get("kingdom_id"))
    if not listed:
        return f"{kingdom} left its fallback capital to the default."
    return f"{kingdom} named its fallback capitals, in order: {listed}."


def _kingdom_eliminated(p: dict, names: Names) -> str:
    kingdom = names.kingdom(p.get("kingdom_id"))
    return f"{kingdom} lost its capital and has no city left: it is eliminated."


def _army_destroyed(p: dict, names: Names) -> str:
    return f"{names.army(p.get('army_id'))} is no more."


def _defender_appeared(p: dict, names: Names) -> str:
    return f"A neutral army of {_number(p.get('points'))} points now holds {_hex(p)}."


def _rumour_published(p: dict, names: Names) -> str:
    return f"A rumour goes round: “{p.get('text', '…')}”"


def _mercenary_offered(p: dict, names: Names) -> str:
    special = " (special)" if p.get("special") else ""
    bid = _number(p.get("minimum_bid"), "?")
    return f"{p.get('name', 'Mercenaries')}{special} are for hire from {bid} power."


def _army_rested(p: dict, names: Names) -> str:
    how = "rested" if p.get("ordered", True) else "had no orders and rested"
    text = f"{names.army(p.get('army_id'))} {how}"
    if isinstance(p.get("points"), int):
        text += f" and stands at its full {p['points']:,} points"
    return text + ", ready for its next battle."


def _rest_flag_used(p: dict, names: Names) -> str:
    return f"{names.army(p.get('army_id'))} went into battle rested."


def _patrol_took_over(p: dict, names: Names) -> str:
    army = names.army(p.get("army_id"))
    return f"The first patrol was spent, so {army} took over the defence of {_hex(p)}."


def _orders_ready(p: dict, names: Names) -> str:
    kingdom = names.kingdom(p.get("kingdom_id"))
    if p.get("ready", True):
        return f"{kingdom} marked its orders ready."
    return f"{kingdom} is no longer ready."


def _early_resolution(p: dict, names: Names) -> str:
    return "Every player was ready: the turn is resolved before its deadline."


def _discovery_roll_failed(p: dict, names: Names) -> str:
    rolls = p.get("rolls") or [{}]
    rolled = rolls[0].get("result", "?") if isinstance(rolls[0], dict) else "?"
    neutral = names.neutral(p.get("neutral_kingdom_id"))
    return (
        f"{names.kingdom(p.get('kingdom_id'))} did not learn where {neutral} lies: "
        f"a {rolled}, {p.get('needed', '?')}+ was needed."
    )


def _defender_recovered(p: dict, names: Names) -> str:
    return (
        f"The defenders of {_hex(p)} regained {_number(p.get('points_gained'))} points "
        f"and stand at {_number(p.get('points'))}."
    )


def _neutral_kingdom_conquered(p: dict, names: Names) -> str:
    kingdom = names.kingdom(p.get("kingdom_id"))
    neutral = names.neutral(p.get("neutral_kingdom_id"))
    text = f"{kingdom} took {_hex(p, 'capital')}, the capital of {neutral}"
    if p.get("choice") == "quick_friendship":
        text += ", and spared its monarch: the kingdom stands under its protection"
        if p.get("previous_protector_id") is not None:
            text += f" in place of {names.kingdom(p['previous_protector_id'])}'s"
    else:
        hexes = p.get("hexes")
        land = f"its {len(hexes)} hexes join" if isinstance(hexes, list) else "its land joins"
        text += f", and executed its monarch: the kingdom is no more, {land} {kingdom}"
        text += " and its capital is a Town"
    return text + f" (+{_number(p.get('power'), '3')} power)."


def _edict_phrase(p: dict) -> str:
    """§5.3: "loot hex (2, 0)" or "raze the fortress of hex (2, 0)"."""
    if p.get("edict") == "raze":
        structure = _words(p.get("structure_before") or p.get("structure") or "structure")
        return f"raze the {structure} of {_hex(p)}"
    return f"loot {_hex(p)}"


def _edict_submitted(p: dict, names: Names) -> str:
    return f"{names.kingdom(p.get('kingdom_id'))} decreed: {_edict_phrase(p)}."


def _edict_withdrawn(p: dict, names: Names) -> str:
    return f"{names.kingdom(p.get('kingdom_id'))} withdrew its edict to {_edict_phrase(p)}."


_EDICT_RESULTS = {
    "revolt": "the people rose in revolt",
    "unrest": "unrest: the hex gives nothing for two turns",
    "none": "the people bore it",
}


def _edict_resolved(p: dict, names: Names) -> str:
    kingdom = names.kingdom(p.get("kingdom_id"))
    if p.get("edict") == "raze":
        structure = _words(p.get("structure_before") or "structure")
        text = f"{kingdom} razed the {structure} of {_hex(p)}"
        if p.get("structure_after"):
            text += f", leaving a {_words(p['structure_after'])}"
    else:
        text = f"{kingdom} looted {_hex(p)}"
    if isinstance(p.get("power"), int):
        text += f" for {p['power']} power"
    if isinstance(p.get("total"), int):
        modifiers = f", {', '.join(p['modifiers'])}" if p.get("modifiers") else ""
        result = _EDICT_RESULTS.get(p.get("result"), _words(p.get("result", "")))
        text += f" (Table 3: {p['total']}{modifiers}): {result}"
    return text + "."


def _edict_void(p: dict, names: Names) -> str:
    return f"The edict to {_edict_phrase(p)} is void: {p.get('reason', 'the hex changed hands')}."


def _hex_revolted(p: dict, names: Names) -> str:
    rebels = _number(p.get("defender_points"))
    return (
        f"{_hex(p)} rose in revolt against {names.kingdom(p.get('kingdom_id'))}: "
        f"{rebels} points of rebels hold it now."
    )


def _ruleset_changed(p: dict, names: Names) -> str:
    changes = "; ".join(p.get("changes", [])) or "the house rules"
    return f"The GM changed the rules: {changes}."


def _gm_correction(p: dict, names: Names) -> str:
    return f"The GM corrected {p.get('thing', 'something')}: {'; '.join(p.get('changes', []))}."


def _secondary_terrains_set(p: dict, names: Names) -> str:
    """Q16: the GM alone reads it (campaign.map.services)."""
    where = _hex(p)
    if p.get("terrain"):
        where += f" ({_words(p['terrain'])})"
    terrains = p.get("secondary_terrains")
    if not terrains:
        return f"The GM cleared the secondary terrains of {where}."
    listed = ", ".join(_words(t) for t in terrains)
    return f"The GM set the secondary terrains of {where}: {listed}, one tabletop roll each."


class Narrator(Protocol):
    """The sentence of one chronicle entry's payload, naming what ``names`` may name."""

    def __call__(self, payload: dict, names: Names, /) -> str: ...


NARRATORS: Registry[str, Narrator] = Registry("chronicle sentence")


def register_narrators(narrators: Mapping[str, Narrator]) -> None:
    NARRATORS.register_all(narrators)


CAMPAIGN_NARRATORS: dict[str, Narrator] = {
    "TurnOpened": _turn_opened,
    "OrderSubmitted": _order_submitted,
    "BattleDecision": _battle_decision,
    "HexExplored": _hex_explored,
    "HexExploredByScouts": _hex_explored_by_scouts,
    "HexScouted": _hex_scouted,
    "ScoutsSeen": _scouts_seen,
    "NeutralKingdomDiscovered": _neutral_kingdom_discovered,
    "Retreated": _retreated,
    "BattleFought": _battle_fought,
    "BattleWon": _battle_won,
    "ArmyLosses": _army_losses,
    "DefenderLosses": _defender_losses,
    "CharacterFell": _character_fell,
    "ExperienceGained": _experience_gained,
    "HexConquered": _hex_conquered,
    "ArmyMoved": _army_moved,
    "OrphanChanged": _orphan_changed,
    "CampaignEndRoll": _campaign_end_roll,
    "PowerCollected": _power_collected,
    "CrownsCollected": _crowns_collected,  # E-30, E-31 (rules.kingdoms.crowns)
    "CampaignWon": _campaign_won,
    "RulesetChanged": _ruleset_changed,
    "RumourPublished": _rumour_published,
    "MercenaryOffered": _mercenary_offered,
    "CapitalMoved": _capital_moved,
    "FallbackCapitalsSet": _fallback_capitals_set,
    "KingdomEliminated": _kingdom_eliminated,
    "ArmyDestroyed": _army_destroyed,
    "DefenderAppeared": _defender_appeared,
    "DiscoveryRollFailed": _discovery_roll_failed,
    "DefenderRecovered": _defender_recovered,
    "NeutralKingdomConquered": _neutral_kingdom_conquered,
    "GMCorrection": _gm_correction,
    "SecondaryTerrainsSet": _secondary_terrains_set,  # Q16 (campaign.map.services)
    "ArmyRested": _army_rested,
    "RestFlagUsed": _rest_flag_used,
    "PatrolTookOver": _patrol_took_over,
    "OrdersReady": _orders_ready,
    "EarlyResolution": _early_resolution,
    "EdictSubmitted": _edict_submitted,
    "EdictWithdrawn": _edict_withdrawn,
    "EdictResolved": _edict_resolved,
    "EdictVoid": _edict_void,
    "HexRevolted": _hex_revolted,
    "BanditLairRolled": _bandit_lair_rolled,  # Table 17
}


def register() -> None:
    register_narrators(CAMPAIGN_NARRATORS)


def narrate(entry: dict, names: Names) -> str:
    """The entry as a sentence, with its rule ID in brackets when it has one."""
    kind = entry.get("kind", "")
    narrator = NARRATORS.get(kind)
    if narrator is None and entry.get("text"):
        sentence = str(entry["text"])  # an optional module's Announcement (rules.modules)
    elif narrator is None:
        sentence = f"{_words(entry.get('kind') or 'Something')} happened."
    else:
        sentence = narrator(entry, names)
    sentence = sentence[0].upper() + sentence[1:]  # names like "an army" may open it
    rule = entry.get("rule")
    return f"{sentence} [{rule}]" if rule else sentence
