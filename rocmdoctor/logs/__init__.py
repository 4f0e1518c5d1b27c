"""Logs: the signature matcher (logscan), explain (from a log to its ranked causes) and watch
(live matching beside a running command)."""
