"""Battles: the fight, the tabletop, post-battle bookkeeping, advancement and recovery."""
