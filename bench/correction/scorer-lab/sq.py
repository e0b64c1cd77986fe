# Sentence-length quantiles (no cut points to choose): log(1 + Han length) at the 10/25/50/75/90th
# percentile of the essay's sentences (analyzeText's), a block beside the shipped ones.
import os, sys, numpy as np
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
import sb
from baseline import run
X = np.array([np.quantile(np.log1p([l for l in d['sentLens'] if l > 0] or [0]), [0.1, 0.25, 0.5, 0.75, 0.9]) for d in D])
BLOCKS['sq'] = dict(keys=['q10', 'q25', 'q50', 'q75', 'q90'], X=X, P=np.ones_like(X, bool), fixed=True)
if __name__ == '__main__':
    run(sb.G(extra={'sq': 0.5}), fp=sb.fp, label='sentence quantiles 0.5')
    run(sb.G() + sb.G(extra={'sq': 0.5}) + sb.G(extra={'sq': 1}), fp=sb.fp, label='sentence quantiles 0/0.5/1 nested')
