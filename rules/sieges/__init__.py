"""Sieges of fortified places (E-37): their state, days, tables, battles and events."""
