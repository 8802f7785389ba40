"""Campaigns: the list, the campaign page, set-up, and its GM."""
