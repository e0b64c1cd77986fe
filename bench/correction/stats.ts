// Rank and agreement statistics for the scoring benchmark.

export function ranks(x: number[]): number[] {
  const idx = x.map((_, i) => i).sort((a, b) => x[a]! - x[b]!);
  const r = new Array<number>(x.length);
  for (let i = 0; i < idx.length; ) {
    let j = i;
    while (j + 1 < idx.length && x[idx[j + 1]!] === x[idx[i]!]) j++;
    for (let k = i; k <= j; k++) r[idx[k]!] = (i + j) / 2;
    i = j + 1;
  }
  return r;
}

export function pearson(a: number[], b: number[]): number {
  const n = a.length;
  const ma = a.reduce((s, x) => s + x, 0) / n;
  const mb = b.reduce((s, x) => s + x, 0) / n;
  let c = 0, va = 0, vb = 0;
  for (let i = 0; i < n; i++) {
    c += (a[i]! - ma) * (b[i]! - mb);
    va += (a[i]! - ma) ** 2;
    vb += (b[i]! - mb) ** 2;
  }
  return va && vb ? c / Math.sqrt(va * vb) : 0;
}

export function spearman(a: number[], b: number[]): number {
  return pearson(ranks(a), ranks(b));
}

/** Quadratic weighted kappa of two integer ratings in 0..k-1. */
export function qwk(a: number[], b: number[], k: number): number {
  const O = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  const ha = new Array<number>(k).fill(0);
  const hb = new Array<number>(k).fill(0);
  for (let i = 0; i < a.length; i++) {
    O[a[i]!]![b[i]!]!++;
    ha[a[i]!]!++;
    hb[b[i]!]!++;
  }
  const n = a.length;
  let num = 0, den = 0;
  for (let i = 0; i < k; i++)
    for (let j = 0; j < k; j++) {
      const w = ((i - j) * (i - j)) / ((k - 1) * (k - 1));
      num += w * O[i]![j]!;
      den += (w * ha[i]! * hb[j]!) / n;
    }
  return den ? 1 - num / den : 1;
}
