/**
 * Orders teacher scores of one task, whatever the score type (product-rules.md#limits: 1 A/B/C, 2 优/良/中/差,
 * 3 numbers, 4 text grades): higher is better; unknown or missing scores sort last.
 */
const LEVELS: Record<string, number> = { A: 3, B: 2, C: 1, 优: 4, 良: 3, 中: 2, 差: 1, 优秀: 4, 良好: 3, 中等: 2, 合格: 1.5, 待提高: 1 };

export function scoreValue(score: string | null | undefined): number {
  if (!score) return -Infinity;
  const text = score.trim();
  const n = Number(text);
  if (text !== '' && Number.isFinite(n)) return n;
  const base = LEVELS[text.replace(/[+-]$/, '')];
  if (base === undefined) return -Infinity;
  return base + (text.endsWith('+') ? 0.3 : text.endsWith('-') ? -0.3 : 0);
}

/** Descending by score; ties keep their order. */
export function byScoreDesc<T>(rows: T[], scoreOf: (row: T) => string | null | undefined): T[] {
  return rows.map((row, i) => ({ row, i, v: scoreValue(scoreOf(row)) })).sort((a, b) => b.v - a.v || a.i - b.i).map((x) => x.row);
}
