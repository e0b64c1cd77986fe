import os, sys, numpy as np
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
import sb
from baseline import nested_predict
from baseline import fit_predict as base_fp
h = N // 2
Gb = [dict(lam=l, pb=pb, fw=fw) for l in [0.3, 1, 3] for pb in [0, 1] for fw in [1, 2]]
for name, te in [('1->2', np.arange(h, N)), ('2->1', np.arange(h))]:
    a = nested_predict([te], 1, Gb, base_fp)[te]
    b = nested_predict([te], 1, sb.G(extra={'sb5': 0.5}), sb.fp)[te]
    y = Y[te]
    rng = np.random.default_rng(0); diffs = []
    for _ in range(2000):
        i = rng.integers(0, len(te), len(te))
        diffs.append(spearman(b[i], y[i]) - spearman(a[i], y[i]))
    print(name, f'base {spearman(a, y):.3f} sb5 {spearman(b, y):.3f} diff {spearman(b,y)-spearman(a,y):+.3f} paired bootstrap se {np.std(diffs):.3f}')
