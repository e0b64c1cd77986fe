# Scorer lab: train-scorer.ts's nested check re-implemented in numpy over the cached model inputs
# (dump-inputs.ts), for trying model changes in seconds. Same title splits (the same double-precision LCG
# shuffle), same z-scoring, clipping, key threshold, percentile-rank target and dual ridge; reproduces the
# published per-split nested figures (0.418 / 0.430) to the third decimal. See README.md here.
import json, math, os
import numpy as np
from scipy.stats import rankdata

D = json.load(open(os.environ.get('SCORE_CACHE', '/tmp/score-cache.json')))
N = len(D)
Y = np.array([d['score'] for d in D], float)
HAN = np.array([d['han'] for d in D], float)
EXPERT = np.array([d['expert'] for d in D], float)
TITLES = [d['title'] for d in D]
BLOCKS = {}
for name in ['features', 'posTags', 'posPairs', 'functionWords', 'posBands', 'discourse']:
    keys = sorted({k for d in D for k in d[name]})
    X = np.array([[d[name].get(k, 0.0) for k in keys] for d in D], float)
    P = np.array([[k in d[name] for k in keys] for d in D], bool)
    fixed = name in ('features', 'functionWords', 'discourse')
    BLOCKS[name] = dict(keys=keys, X=X, P=P, fixed=fixed)

def shuffle(xs, seed):
    s = [float(seed) * 2654435761.0 + 1.0]
    def rnd():
        s[0] = math.fmod(s[0] * 1103515245.0 + 12345.0, 2147483648.0)
        return s[0] / 2147483648.0
    a = list(xs)
    for i in range(len(a) - 1, 0, -1):
        j = math.floor(rnd() * (i + 1))
        a[i], a[j] = a[j], a[i]
    return a

def title_folds(idx, seed, k=5):
    """idx: array of row indices (a subset, in order). Returns list of arrays of POSITIONS into idx."""
    titles = shuffle(sorted({TITLES[i] for i in idx}), seed)
    fold = {t: n % k for n, t in enumerate(titles)}
    return [np.array([p for p, i in enumerate(idx) if fold[TITLES[i]] == f], int) for f in range(k)]

def spearman(a, b):
    return float(np.corrcoef(rankdata(a), rankdata(b))[0, 1])

def pct_ranks(y):
    return (rankdata(y) - 1) / (len(y) - 1)

def zclip(X, m, sd):
    return np.clip((X - m) / sd, -3, 3)

class Blocks:
    """Z-scored, clipped, share-scaled design for a training set; .apply for new rows."""
    def __init__(self, tr, shares, min_doc=0.07):
        self.parts = []
        for name, share in shares.items():
            if share <= 0: continue
            B = BLOCKS[name]
            if B['fixed']:
                cols = np.arange(len(B['keys']))
            else:
                df = B['P'][tr].sum(0)
                cols = np.where(df >= min_doc * len(tr))[0]
            X = B['X'][tr][:, cols]
            m = X.mean(0); sd = X.std(0); sd[sd == 0] = 1
            self.parts.append((name, cols, m, sd, math.sqrt(share / len(cols))))
    def apply(self, rows, only=None):
        out = []
        for name, cols, m, sd, sc in self.parts:
            if only is not None and name not in only: continue
            out.append(zclip(BLOCKS[name]['X'][rows][:, cols], m, sd) * sc)
        return np.hstack(out)

def ridge_fit_predict(Ztr, t, Zte, lam):
    tm = t.mean()
    K = Ztr @ Ztr.T + lam * np.eye(len(t))
    alpha = np.linalg.solve(K, t - tm)
    w = Ztr.T @ alpha
    return tm + Zte @ w
