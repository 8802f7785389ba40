"""Edicts: looting and razing (§5.3 Table 2)."""
