"""Input files the user runs: launch and Slurm scripts, Dockerfiles, compose files,
requirements and training configs, read into one settings model and linted against the machine."""
