"""A turn's phases: orders, Provisional and Final Results, exploration, scouting, power and the end
roll."""
