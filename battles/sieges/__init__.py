"""Sieges (E-37): the sheet, the plans, and their part of the turn pipeline."""
