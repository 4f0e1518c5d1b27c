"""Renderers of a report: terminal text, JUnit XML, Prometheus text, progress on stderr."""
