import os, sys, numpy as np
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lib
from lib import *
from baseline import run
G = [dict(lam=l, pb=pb, fw=fw) for l in [0.3, 1, 3] for pb in [0, 1] for fw in [1, 2]]
orig = lib.pct_ranks
import baseline
baseline.pct_ranks = lambda y: (y - y.mean()) / y.std()
run(G, label='raw score target (z)')
