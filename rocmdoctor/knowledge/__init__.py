"""Static knowledge tables with their sources (docs/knowledge.md lists them)."""
