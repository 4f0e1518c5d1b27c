import os
import sys

# harness.py and targets.py import each other by bare name (benchmarks/fuzz.py does the same).
sys.path.insert(0, os.path.dirname(__file__))
