import os, sys, numpy as np
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
from baseline import run, fit_predict
from scipy.optimize import nnls

LAMS = [0.3, 1, 3, 10, 30]
DEF_SHARES = dict(features=1, posTags=1, posPairs=1, functionWords=1, posBands=1, discourse=1)

def block_oof_pred(tr, te, name, lam, mindoc=0.07, seed=7):
    """oof on tr (title folds) and prediction for te of a one-block ridge."""
    t = pct_ranks(Y[tr])
    o = np.zeros(len(tr))
    for f in title_folds(tr, seed):
        m = np.ones(len(tr), bool); m[f] = False
        b = Blocks(tr[m], {name: 1}, mindoc)
        o[f] = ridge_fit_predict(b.apply(tr[m]), pct_ranks(Y[tr[m]]), b.apply(tr[f]), lam)
    b = Blocks(tr, {name: 1}, mindoc)
    return o, ridge_fit_predict(b.apply(tr), t, b.apply(te), lam)

def ens_fp(tr, te, p):
    blocks = p['blocks']
    O, P = [], []
    for name in blocks:
        best = None
        for lam in p.get('lams', LAMS):
            o, pr = block_oof_pred(tr, te, name, lam, p.get('mindoc', 0.07))
            rho = spearman(o, Y[tr]) if p.get('crit', 'rho') == 'rho' else -np.mean((o - pct_ranks(Y[tr]))**2)
            if best is None or rho > best[0]: best = (rho, o, pr)
        O.append(best[1]); P.append(best[2])
    O = np.array(O).T; P = np.array(P).T
    t = pct_ranks(Y[tr])
    if p['comb'] == 'avg':
        mu, sd = O.mean(0), O.std(0); sd[sd == 0] = 1
        return ((P - mu) / sd).mean(1)
    if p['comb'] == 'stack':
        mu = O.mean(0)
        w, _ = nnls(O - mu, t - t.mean())
        return t.mean() + (P - mu) @ w
    raise ValueError

if __name__ == '__main__':
    B4 = ['features', 'posPairs', 'functionWords', 'posBands']
    which = sys.argv[1] if len(sys.argv) > 1 else 'all'
    if which in ('avg', 'all'):
        run([dict(blocks=B4, comb='avg')], fp=ens_fp, label='avg4 rho-λ')
    if which in ('stack', 'all'):
        run([dict(blocks=B4, comb='stack')], fp=ens_fp, label='stack4 rho-λ')
    if which in ('stack6', 'all'):
        run([dict(blocks=B4 + ['posTags', 'discourse'], comb='stack')], fp=ens_fp, label='stack6 rho-λ')
