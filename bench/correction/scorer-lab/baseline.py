import os, sys, itertools, numpy as np
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *

def fit_predict(tr, te, p):
    shares = dict(features=1, posTags=0, posPairs=2, functionWords=p['fw'], posBands=p['pb'], discourse=0)
    b = Blocks(tr, shares, p.get('mindoc', 0.07))
    return ridge_fit_predict(b.apply(tr), pct_ranks(Y[tr]), b.apply(te), p['lam'])

def oof(tr, seed, p, fp=fit_predict):
    o = np.zeros(len(tr))
    for f in title_folds(tr, seed):
        mask = np.ones(len(tr), bool); mask[f] = False
        o[f] = fp(tr[mask], tr[f], p)
    return o

def with_scale(tr, te, p, ew=0.5, fp=fit_predict):
    raw_te = fp(tr, te, p)
    o = oof(tr, 1, p, fp)
    rm, rs = o.mean(), o.std() or 1
    em, es = EXPERT[tr].mean(), EXPERT[tr].std() or 1
    z = (o - rm) / rs + ew * (EXPERT[tr] - em) / es
    cs = z.std() or 1
    c, s = Y[tr].mean(), Y[tr].std()
    return np.clip(c + s * ((raw_te - rm) / rs + ew * (EXPERT[te] - em) / es) / cs, 0, 100)

def nested_predict(test_folds, seed, grid, fp=fit_predict, picked=None):
    pred = np.zeros(N)
    for te in test_folds:
        mask = np.ones(N, bool); mask[te] = False
        tr = np.where(mask)[0]
        best, brho = grid[0], -np.inf
        for p in grid:
            rho = spearman(oof(tr, seed + 100, p, fp), Y[tr])
            if rho > brho: best, brho = p, rho
        if picked is not None: picked.append(best)
        pred[te] = with_scale(tr, te, best, fp=fp)
    return pred

def run(grid, fp=fit_predict, seeds=range(1, 11), halves=True, label=''):
    allidx = np.arange(N)
    per = []
    for seed in seeds:
        folds = [allidx[f] for f in title_folds(allidx, seed)]
        per.append(spearman(nested_predict(folds, seed, grid, fp), Y))
    per = np.array(per)
    out = dict(per=per, mean=per.mean(), sd=per.std())
    if halves:
        h = N // 2
        for name, te in [('1->2', np.arange(h, N)), ('2->1', np.arange(h))]:
            pr = nested_predict([te], 1, grid, fp)
            out[name] = spearman(pr[te], Y[te])
    print(label, f"nested {out['mean']:.3f} ± {out['sd']:.3f}", ' '.join(f'{x:.3f}' for x in per), f"halves {out.get('1->2',0):.3f} {out.get('2->1',0):.3f}", flush=True)
    return out

if __name__ == '__main__':
    import time; t0 = time.time()
    grid_b = [dict(lam=l, pb=pb, fw=fw) for l in [0.3, 1, 3] for pb in [0, 1] for fw in [1, 2]]
    grid_c = [dict(lam=l, pb=pb, fw=fw) for l in [0.3, 1, 3] for pb in [1] for fw in [1, 2]]
    run(grid_b, label='(b)'); print(time.time() - t0)
    run(grid_c, label='(c)'); print(time.time() - t0)
