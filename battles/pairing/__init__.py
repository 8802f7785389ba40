"""The pairing of battles (P-C3, P-C4, E-15) in the turn pipeline."""
