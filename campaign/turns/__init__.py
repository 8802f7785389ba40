"""Turns: opening, claiming a server step, deadlines, the GM console and its tasks."""
