import os, sys, numpy as np
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import extra
from lib import *
from baseline import run
def fp(tr, te, p):
    shares = {**dict(features=1, posTags=0, posPairs=2, functionWords=p['fw'], posBands=p['pb'], discourse=0), **p.get('extra', {})}
    b = Blocks(tr, shares, p.get('mindoc', 0.07))
    return ridge_fit_predict(b.apply(tr), pct_ranks(Y[tr]), b.apply(te), p['lam'])
G = lambda **kw: [dict(lam=l, pb=pb, fw=fw, **kw) for l in [0.3, 1, 3] for pb in [0, 1] for fw in [1, 2]]
for spec in sys.argv[1:]:
    name, share = spec.split('=')
    if ',' in share:
        grid = sum((G(extra={name: float(s)}) for s in share.split(',')), [])
        run(grid, fp=fp, label=f'{name} nested {share}')
    else:
        run(G(extra={name: float(share)}), fp=fp, label=f'{name} fixed {share}')
