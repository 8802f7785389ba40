"""The crown ledger (E-30, E-31)."""
