"""Tabletop battles (E-24, P-C5, P-C6): the battle page, its sheet and report."""
