"""The check engine: the vocabulary a check needs (check), the registry that finds checks,
the result model, and the runner that turns checks into findings (run)."""
