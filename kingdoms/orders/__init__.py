"""Army orders (Table 5) and the kingdom's readiness (Q7)."""
