"""Players talk (B 7.0): private messages between kingdoms and public press releases."""
