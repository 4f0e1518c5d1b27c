"""Active probes (matmul, bandwidth, all-reduce, reference training). Installed as
rocmdoctor.benchmarks; each runs in a child process with a hard timeout."""
