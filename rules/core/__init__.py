"""The engine's foundations: the world's state, events, dice, tables, the ruleset and hex maths."""
