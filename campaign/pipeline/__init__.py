"""The turn pipeline: load a snapshot, call the rules engine, write the outcome back."""
