"""The Warpost rules engine: pure Python over plain data.

Nothing below this package imports Django or any other part of the project. Every
phase is ``resolve_X(world, ..., dice) -> Outcome``: a list of typed events, each with
the rule ID that caused it and the dice it used. See docs/architecture.md.
"""
