# candidate topic-free blocks computed from the raw text (screening only)
import os, re, sys, numpy as np
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
DIR = os.environ.get('AES_DIR', os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../../../shared/data/aes-calibration')) + '/essays/'
def body(i):
    t = open(DIR + D[i]['id'] + '.txt', encoding='utf8').read()
    t = re.sub(r'<br\s*/?>', '\n', t, flags=re.I); t = re.sub(r'<[^>]+>', '', t).replace('&nbsp;', ' ')
    return '\n'.join(t.split('\n')[1:])
HANRE = re.compile(r'[\u4e00-\u9fff]')
PUNCT = list('，。！？；：“”、…—《（')
rows, rowsS = [], []
for i in range(N):
    b = body(i); han = max(len(HANRE.findall(b)), 100)
    rows.append([np.log1p(b.count(c) * 1000 / han) for c in PUNCT])
    sents = [s for s in re.split(r'[。！？!?…]+', b) if HANRE.search(s)]
    L = np.array([len(HANRE.findall(s)) for s in sents]) if sents else np.array([0])
    bins = [0, 6, 11, 21, 36, 10**6]
    rowsS.append([((L >= lo) & (L < hi)).mean() for lo, hi in zip(bins[:-1], bins[1:])])
for name, R, keys in [('punct', rows, PUNCT), ('sentBins', rowsS, ['s0', 's1', 's2', 's3', 's4'])]:
    X = np.array(R, float)
    BLOCKS[name] = dict(keys=keys, X=X, P=np.ones_like(X, bool), fixed=True)
