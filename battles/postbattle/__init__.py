"""Post-battle bookkeeping (§3 step 6c) in the turn pipeline."""
