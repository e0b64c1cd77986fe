import os, sys, numpy as np
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
from baseline import run
def fp(tr, te, p):
    shares = dict(features=1, posTags=0, posPairs=2, functionWords=p['fw'], posBands=p['pb'], discourse=0)
    b = Blocks(tr, shares, 0.07)
    Ztr, Zte = b.apply(tr), b.apply(te)
    f = Blocks(tr, {'features': 1})
    Ftr, Fte = f.apply(tr), f.apply(te)   # scaled by 1/sqrt(d): squared distance ~ 2 on average
    def rbf(A, B):
        d2 = (A**2).sum(1)[:, None] + (B**2).sum(1)[None, :] - 2 * A @ B.T
        return np.exp(-np.maximum(d2, 0) / (2 * p['w']**2))
    t = pct_ranks(Y[tr]); tm = t.mean()
    K = Ztr @ Ztr.T + p['g'] * rbf(Ftr, Ftr) + p['lam'] * np.eye(len(tr))
    a = np.linalg.solve(K, t - tm)
    return tm + (Zte @ Ztr.T + p['g'] * rbf(Fte, Ftr)) @ a
G = lambda **kw: [dict(lam=l, pb=pb, fw=fw, **kw) for l in [0.3, 1, 3] for pb in [0, 1] for fw in [1, 2]]
if __name__ == '__main__':
  for spec in sys.argv[1:]:
    g, w = map(float, spec.split(':'))
    run(G(g=g, w=w), fp=fp, label=f'linear+RBF(features) g={g} w={w}')
