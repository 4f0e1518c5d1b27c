"""The machine: the one source layer (live host, --root tree, snapshot), command probes,
child probes run in the target interpreter, their cache, and the parsers of tool output."""
