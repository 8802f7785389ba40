"""Power spending and diplomacy (Table 10, Table 11, §5.6)."""
