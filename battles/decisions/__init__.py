"""The turn's battles and each side's fight-or-retreat choice (A-2.4), patrols' battles (P-C4,
E-15)."""
