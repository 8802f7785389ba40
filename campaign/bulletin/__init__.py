"""The turn's bulletin (A-2.1): rumours and mercenaries for hire."""
