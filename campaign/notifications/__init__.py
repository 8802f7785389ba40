"""Notifications: the inbox, e-mail, the daily digest, reminders and the campaign's gazette
webhook (an app of its own)."""
