"""The map: the visible hexes, the SVG drawing, and the GM's hex terrain editor (Q16)."""
