"""The ruleset in force and the GM's house rules."""
