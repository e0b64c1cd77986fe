import os, sys, numpy as np
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
from baseline import run
def add_bins(name, cuts):
    X = []
    for d in D:
        L = np.array([l for l in d['sentLens'] if l > 0]) if any(l > 0 for l in d['sentLens']) else np.array([0])
        b = list(cuts) + [10**6]
        X.append([((L >= lo) & (L < hi)).mean() for lo, hi in zip([0] + list(cuts), b)])
    X = np.array(X)
    BLOCKS[name] = dict(keys=[f'{name}{i}' for i in range(X.shape[1])], X=X, P=np.ones_like(X, bool), fixed=True)
add_bins('sb5', [6, 11, 21, 36])
add_bins('sb8', [4, 8, 12, 16, 24, 32, 48])
add_bins('sb4', [8, 16, 32])
add_bins('sb6', [5, 10, 15, 20, 30])
def fp(tr, te, p):
    shares = {**dict(features=1, posTags=0, posPairs=2, functionWords=p['fw'], posBands=p['pb'], discourse=0), **p.get('extra', {})}
    b = Blocks(tr, shares, p.get('mindoc', 0.07))
    return ridge_fit_predict(b.apply(tr), pct_ranks(Y[tr]), b.apply(te), p['lam'])
G = lambda **kw: [dict(lam=l, pb=pb, fw=fw, **kw) for l in [0.3, 1, 3] for pb in [0, 1] for fw in [1, 2]]
if __name__ == '__main__':
  for spec in sys.argv[1:]:
    name, share = spec.split('=')
    if ',' in share:
        grid = sum((G(extra={name: float(s)}) for s in share.split(',')), [])
        run(grid, fp=fp, label=f'{name} nested {share}')
    else:
        run(G(extra={name: float(share)}), fp=fp, label=f'{name} fixed {share}')
