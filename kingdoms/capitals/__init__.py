"""Fallback capitals (A-3.2, E-23)."""
