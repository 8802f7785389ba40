"""Optional module: wildlands (new-rules.md §4–5). An army on a barren hex may spend its
turn examining it; T-WILD says what it finds (rules.modules.wildlands.sites)."""

from rules.modules.wildlands import undead_horde, burdens, ruins, necropolis  # noqa: E402, F401, I001  (they register, the horde first: §12.3)
