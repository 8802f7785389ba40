"""Transfer: a whole campaign as one versioned JSON document (docs/export-format.md), to
move it to another server or keep a backup, and a map taken from one to set up a new
campaign."""
