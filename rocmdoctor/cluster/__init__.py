"""Many nodes: `scan --cluster`, `scan --from DIR`, `bench --find-slow-node` (docs/cluster.md).

rendezvous  who am I in the job (torchrun, srun, mpirun variables)
node        one node's scan, with its node summary, optionally saved as a snapshot
store       the rendezvous store seen from rocmdoctor's own process, without torch: a shared
            directory, or the TCP store held by storeproxy.py in the training interpreter
storeproxy  that child (torch + stdlib, started by path)
protocol    the gather's phases on a store: barrier keys, deadlines, who is missing
gather      one rank's part: open the store, join, scan, post; rank 0 builds the report
drift       what differs between nodes (pure)
report      the cluster report: nodes, drift, membership problems, exit codes (pure)
table       the nodes x areas text table (grouped past 16 nodes)
hostlist    Slurm's compressed host lists, both ways
bench       the cross-node all-reduce at --level bench
slownode    bench --find-slow-node: pairwise rounds, the slow node or link
run         the command: live (under a launcher) or offline (--from snapshots or node reports)
"""
