"""`rocmdoctor scan --cluster`: scan every node of a multi-node job and compare them.

rendezvous  who am I in the job (torchrun, srun, mpirun variables)
node        one node's scan, with its node summary, optionally saved as a snapshot
protocol    the gather, run in a child process of each rank: store control plane, gloo data plane
gather      starts that child and holds it to a hard deadline
drift       what differs between nodes (pure)
report      the cluster report: nodes, drift, membership problems, exit codes (pure)
table       the nodes x areas text table
run         the command: live (under a launcher) or offline (--from snapshots)
"""
