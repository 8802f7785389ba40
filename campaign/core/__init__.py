"""The kernel every app may import: who is asking, refusals and errors, input bounds, the API's
shared plumbing."""
