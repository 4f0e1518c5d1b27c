"""Benchmarks and the reference fine-tune, turned into findings (facts: facts/probes_active.py).

One module per thing judged: matmul (RD-BENCH-001/002), allreduce (003), p2p (004), membw (005),
numerics (006), attention (007), train (RD-TRAIN-001); what they share (labels, the finding for a
run that did not finish, the multi-GPU hang remedies) is in common.py. The registry takes a check
package's checks in code order, as it does a module's, so the split keeps the report's order.

Outcomes follow benchmarks/runner.py: "completed", "failed" (the benchmark reported an
error), "timeout" (killed; names the ranks and stages), "crashed", "error" (never
started). A CPU run is always labelled as one; GPU thresholds never apply to it.
"""
