"""A kingdom as a whole: the "My kingdom" page, neutral kingdoms and the standings."""
