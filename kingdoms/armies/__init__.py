"""Army building (§5.6): raising, allocations, disbanding."""
