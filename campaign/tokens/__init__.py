"""Personal API tokens: a user's named keys to the API, read-only or read-write, each
revocable on its own (models, services, the DRF authentication and permission, the API
under /api/tokens/)."""
