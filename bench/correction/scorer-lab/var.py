import os, sys, numpy as np
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
from baseline import run, fit_predict
G = lambda **kw: [dict(lam=l, pb=pb, fw=fw, **kw) for l in [0.3, 1, 3] for pb in [0, 1] for fw in [1, 2]]
which = sys.argv[1]
if which == 'mindoc':
    for md in [0.03, 0.15, 0.3]:
        run(G(mindoc=md), label=f'mindoc fixed {md}')
    run(G(mindoc=0.07) + G(mindoc=0.15) + G(mindoc=0.3), label='mindoc nested 0.07/0.15/0.3')
if which == 'lams':
    grid = [dict(lam=l, pb=pb, fw=fw) for l in [0.3, 1, 3, 10] for pb in [0, 1] for fw in [1, 2]]
    run(grid, label='λ 0.3..10')
    grid = [dict(lam=l, pb=pb, fw=fw) for l in [1] for pb in [0, 1] for fw in [1, 2]]
    run(grid, label='λ 1 only')
def bag_fp(tr, te, p):
    rng = np.random.default_rng(12345 + len(tr))
    titles = sorted({TITLES[i] for i in tr})
    preds = []
    for b in range(p['B']):
        keep = set(rng.choice(titles, int(round(p['frac'] * len(titles))), replace=False))
        sub = np.array([i for i in tr if TITLES[i] in keep])
        preds.append(fit_predict(sub, te, p))
    return np.mean(preds, 0)
if which == 'bag':
    run(G(B=int(sys.argv[2]), frac=float(sys.argv[3])), fp=bag_fp, label=f'bag B={sys.argv[2]} frac={sys.argv[3]}')
if which == 'mindoc2':
    for md in [0.01, 0.02, 0.05]:
        run(G(mindoc=md), label=f'mindoc fixed {md}')
    run(G(mindoc=0.03) + G(mindoc=0.07), label='mindoc nested 0.03/0.07')
    run(G(mindoc=0.01) + G(mindoc=0.03) + G(mindoc=0.07), label='mindoc nested 0.01/0.03/0.07')
