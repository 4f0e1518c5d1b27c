"""`python -m rocmdoctor.cluster [scan options] --cluster|--from DIR...`: the same as
`rocmdoctor scan --cluster`, usable before the scan command is wired or under launchers
that want a module (torchrun -m rocmdoctor.cluster)."""
import sys

from .run import main

sys.exit(main(sys.argv[1:]))
