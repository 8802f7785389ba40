"""The numbers of the supplement's new tiles and navigation hazards (new-rules.md §2–3) as
ruleset options; the module that plays them is rules.modules.new_tiles. They live apart
from it, as the sieges' do (rules.sieges.options), because ``rules.core.state.Ruleset``
inherits them and the module registry imports the state."""
