"""The peoples of the supplement as data (new-rules.md §10): the twelve races and their
alignment, the race tables T-RACE-GOOD and T-RACE-EVIL, the diplomacy matrix
T-DIPLO-MATRIX, and the peoples module's options (``Ruleset`` inherits them).

They live here, not in rules.modules.peoples, because ``rules.core.state`` inherits the
options and the module registry imports the state: the module's hooks read this data.
Every table is editable by the GM (rules.core.ruleset, through the module's ``tables``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules.core.dicetable import DiceTable
from rules.core.problems import Phrase, translatable
from rules.core.table_options import PEOPLES, option


class Alignment(StrEnum):
    GOOD = "good"
    EVIL = "evil"


class Race(StrEnum):
    """The supplement's races, in T-DIPLO-MATRIX's order: the six good, then the six evil."""

    BRETONNIANS = "bretonnians"
    DWARFS = "dwarfs"
    EMPIRE = "empire"
    HIGH_ELVES = "high_elves"
    WOOD_ELVES = "wood_elves"
    LIZARDMEN = "lizardmen"
    CHAOS = "chaos"
    CHAOS_DWARFS = "chaos_dwarfs"
    DARK_ELVES = "dark_elves"
    ORCS_GOBLINS = "orcs_goblins"
    SKAVEN = "skaven"
    UNDEAD = "undead"

    @property
    def alignment(self) -> Alignment:
        return Alignment.GOOD if list(Race).index(self) < 6 else Alignment.EVIL


# The races' English names, which the site translates where it shows them (the claim
# form, the pages, the engine's refusals: a Phrase of one of them)
RACE_WORDS = {
    Race.BRETONNIANS: translatable("Bretonnians"),
    Race.DWARFS: translatable("Dwarfs"),
    Race.EMPIRE: translatable("Empire"),
    Race.HIGH_ELVES: translatable("High Elves"),
    Race.WOOD_ELVES: translatable("Wood Elves"),
    Race.LIZARDMEN: translatable("Lizardmen"),
    Race.CHAOS: translatable("Chaos"),
    Race.CHAOS_DWARFS: translatable("Chaos Dwarfs"),
    Race.DARK_ELVES: translatable("Dark Elves"),
    Race.ORCS_GOBLINS: translatable("Orcs & Goblins"),
    Race.SKAVEN: translatable("Skaven"),
    Race.UNDEAD: translatable("Undead"),
}


def race_phrase(race: Race) -> Phrase:
    return Phrase(RACE_WORDS[race])


def as_race(value: str | None) -> Race | None:
    """A stored race (a kingdom's, a neutral's free text, a settlement's), if it names one
    of the supplement's (new-rules §10): its value or its English name, in any case ("Orcs &
    Goblins", as a new campaign names its neutral kingdoms); anything else (blank, a GM's
    own words) is no race."""
    wanted = (value or "").strip().casefold()
    return next(
        (r for r in Race if wanted in (r.value, RACE_WORDS[r].casefold())),
        None,
    )


def _race_table(alignment: Alignment, rule: str) -> DiceTable:
    races = [r for r in Race if r.alignment is alignment]
    return DiceTable(
        title=f"{rule} (the race of a {alignment.value} settlement, d6)",
        rule=f"{rule} NR-RACE-2",
        sides=6,
        rows=tuple((n, n, race) for n, race in enumerate(races, start=1)),
    )


RACE_TABLES = {
    Alignment.GOOD: ("t-race-good", _race_table(Alignment.GOOD, "T-RACE-GOOD")),
    Alignment.EVIL: ("t-race-evil", _race_table(Alignment.EVIL, "T-RACE-EVIL")),
}

NO = "no"  # NR-DIPLO-2: no exchange is possible between the two races

# T-DIPLO-MATRIX exactly as the source (AMB-41): row = the sending kingdom's race, column =
# the target's, in ``Race`` order. The Bretonnians' "1" towards Wood Elves reads +1, and
# the Chaos/Skaven asymmetry (−1 against +2) stays.
_MATRIX = """
 4  0  1  0  1 -1 no no no no no no
 0  4  2 -2 -2 -1 no no no no no no
 1  2  4  0  0 -1 no no no no no no
 0 -2  0  4  2 -3 no no no no no no
 1 -2  0  2  4 -3 no no no no no no
-1 -1 -1 -3 -3  4 no no no  0  0 no
no no no no no no  4  1  1  0 -1  0
no no no no no no  1  4 -1  0 -1 -1
no no no no no no  1 -1  4  0  0  0
no no no no no  0  0  0  0  4 -1  0
no no no no no  0  2 -1  0 -1  4 -3
no no no no no no  0 -1  0  0 -3  4
"""

MATRIX_WORDS = {NO: NO, **{str(n): n for n in range(-6, 7)}}  # as rules.core.ruleset shows them


def _matrix_tables() -> dict[str, DiceTable]:
    tables = {}
    for race, line in zip(Race, _MATRIX.strip().splitlines(), strict=True):
        cells = [NO if cell == NO else int(cell) for cell in line.split()]
        tables[f"t-diplo-{race.value}"] = DiceTable(
            title=f"T-DIPLO-MATRIX ({race.value}' envoys; the target's race 1–12 in order)",
            rule="T-DIPLO-MATRIX NR-DIPLO-1 AMB-41",
            sides=len(Race),
            rows=tuple((n, n, cell) for n, cell in enumerate(cells, start=1)),
        )
    return tables


MATRIX_TABLES = _matrix_tables()


def matrix_key(sender: Race) -> str:
    return f"t-diplo-{sender.value}"


def column(target: Race) -> int:
    """The target's column in its sender's row (a 'die' face of 1–12)."""
    return list(Race).index(target) + 1


class Audience(StrEnum):
    """T-ADVDIP's results (NR-ADVDIP)."""

    THROWN_OUT = "thrown_out"  # 0: never again (NR-ADVDIP-5)
    UNIMPRESSED = "unimpressed"  # 1: again next winter (NR-ADVDIP-5)
    WELL_DISPOSED = "well_disposed"  # 2–3: +2 on the next mission (AMB-42)
    SPIES = "spies"  # 4: spy support (NR-ADVDIP-3)
    SPIES_AND_SUBSISTENCE = "spies_and_subsistence"  # 5 (NR-ADVDIP-3/4)
    OPEN_ALLIANCE = "open_alliance"  # 6: military aid and subsistence (AMB-42)
    ABSORBED = "absorbed"  # 7: it joins (E-38: Pacified)


ADVDIP_TABLE = DiceTable(
    title="T-ADVDIP (advanced diplomacy: d6 + modifiers, held to 0–7)",
    rule="T-ADVDIP NR-ADVDIP-2 AMB-42",
    sides=7,
    lowest=0,
    rows=(
        (0, 0, Audience.THROWN_OUT),
        (1, 1, Audience.UNIMPRESSED),
        (2, 3, Audience.WELL_DISPOSED),
        (4, 4, Audience.SPIES),
        (5, 5, Audience.SPIES_AND_SUBSISTENCE),
        (6, 6, Audience.OPEN_ALLIANCE),
        (7, 7, Audience.ABSORBED),
    ),
)


@dataclass(frozen=True)
class PeoplesOptions:
    peoples: int = option(
        0, "Optional module: peoples, races and diplomacy (1 on, 0 off)",
        "NR-RACE NR-DIPLO NR-ARMY E-38 E-40", 0, 1, PEOPLES,
    )  # fmt: skip
    peoples_good_on: int = option(
        3, "An independent settlement is good on a d6 of at most (else evil)",
        "NR-RACE-2 NR-INDEP-1", 0, 6, PEOPLES,
    )  # fmt: skip
    peoples_diplomacy_limit: int = option(
        2, "The races' diplomacy modifier is held within ± this", "E-38 NR-DIPLO-1", 0, 6,
        PEOPLES,
    )  # fmt: skip
    peoples_empire_bonus: int = option(
        1, "Empire armies attacking a fortified place: on the battle roll", "NR-ARMY-EMP E-36",
        0, 3, PEOPLES,
    )  # fmt: skip
    peoples_empire_always: int = option(
        0, "The Empire's bonus in every battle it attacks (1), not only fortified (0)",
        "AMB-43 NR-ARMY-EMP", 0, 1, PEOPLES,
    )  # fmt: skip
    peoples_bretonnian_malus: int = option(
        1, "Attacking fortified Bretonnians: off the attacker's battle roll",
        "NR-ARMY-BRET E-36", 0, 3, PEOPLES,
    )  # fmt: skip
    peoples_starvation_days: int = option(
        3, "Each point on the Starvation table: days of a siege's provisions",
        "NR-ARMY-DW NR-ARMY-CHAOS AMB-43 E-37", 0, 30, PEOPLES,
    )  # fmt: skip
    peoples_advanced_diplomacy: int = option(
        0, "Advanced diplomacy: pacify on T-ADVDIP in place of Table 11 (1 yes, 0 no)",
        "NR-ADVDIP-1 E-38", 0, 1, PEOPLES,
    )  # fmt: skip
    peoples_advdip_bonus: int = option(
        2, "Advanced diplomacy: well disposed, on the next mission", "T-ADVDIP AMB-42", 0, 6,
        PEOPLES,
    )  # fmt: skip
    peoples_repopulate: int = option(
        0, "A conqueror settles his own people in an independent settlement (1), or keeps its "
        "own (0), where he may choose", "NR-CONQ-1", 0, 1, PEOPLES,
    )  # fmt: skip
