"""Agreements between player kingdoms (Q23)."""
