import os, sys, numpy as np
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
import extra, sb, baseline, rbf as rbf_mod
from baseline import run
P = dict(lam=1, pb=1, fw=1)
run([P], fp=sb.fp, label='screen baseline (c) λ1 pb1 fw1')
for md in [0.01, 0.02, 0.03, 0.05, 0.15, 0.3]:
    run([dict(P, mindoc=md)], fp=sb.fp, label=f'screen mindoc {md}')
for name, s in [('punct', 0.5), ('punct', 1), ('sentBins', 0.5), ('sb5', 0.5), ('sb5', 1), ('sb8', 0.5), ('sb4', 0.5)]:
    run([dict(P, extra={name: s})], fp=sb.fp, label=f'screen {name} {s}')
run([dict(P, g=0.5, w=1.0)], fp=rbf_mod.fp, label='screen RBF')
baseline.pct_ranks = lambda y: (y - y.mean()) / y.std()
run([P], label='screen raw target')
