"""Optional module: wildlands (new-rules.md §4–5). An army on a barren hex may spend its
turn examining it; T-WILD says what it finds (rules.modules.wildlands.sites)."""

from rules.modules.wildlands import mines, temples, towers  # noqa: E402, F401  (they register)
