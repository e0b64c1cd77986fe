// Teacher scores on the 0-100 percent scale, so statistics, grade bands and the export can compare
// them with the AI's percent. Mapping (docs/decisions.md, 2026 comment library and statistics entry):
//  - score type 3: value / full mark × 100 (the total's full mark from the standard, dimensions out of 100);
//  - level types 1, 2, 4: the midpoint of the percent range the label covers in scales.ts showScore
//    (A = 85–100 → 92.5, B = 70–85 → 77.5); the bottom level is open below, so it gets the width of
//    the level above it (C = 55–70 → 62.5), otherwise one C would read as 35 and sink every average.
// Only the teacher's own score is used: an approved essay's band never borrows the AI's percent.
import { showScore, type ScoreType } from '../../correction/index';

type LevelRange = { label: string; lo: number; hi: number };
const rangesCache = new Map<ScoreType, LevelRange[]>();

/** The percent range of every level label (zh and en) of a level score type, lowest first. */
function levelRanges(type: Exclude<ScoreType, 3>): LevelRange[] {
  const cached = rangesCache.get(type);
  if (cached) return cached;
  const spans: { zh: string; en: string; lo: number; hi: number }[] = [];
  for (let tenth = 0; tenth <= 1000; tenth++) {
    const p = tenth / 10;
    const zh = showScore(p, type, 'zh').label;
    const last = spans.at(-1);
    if (last && last.zh === zh) last.hi = p;
    else spans.push({ zh, en: showScore(p, type, 'en').label, lo: p, hi: p });
  }
  // Upper ends are exclusive below the top level: B covers [70, 85).
  for (let i = 0; i < spans.length - 1; i++) spans[i]!.hi = spans[i + 1]!.lo;
  if (spans.length > 1) spans[0]!.lo = Math.max(0, spans[0]!.hi - (spans[1]!.hi - spans[1]!.lo));
  const out = spans.flatMap((s) => [{ label: s.zh, lo: s.lo, hi: s.hi }, ...(s.en !== s.zh ? [{ label: s.en, lo: s.lo, hi: s.hi }] : [])]);
  rangesCache.set(type, out);
  return out;
}

const clamp = (x: number) => Math.max(0, Math.min(100, x));

/** Percent of a level label of score type 1, 2 or 4; null for a label the type does not have. */
export function levelPercent(type: ScoreType, label: string): number | null {
  if (type === 3) return null;
  const r = levelRanges(type).find((l) => l.label === label.trim());
  return r ? (r.lo + r.hi) / 2 : null;
}

/** Percent of a teacher total as stored on the essay (a label, or a number out of fullMark for type 3). */
export function teacherTotalPercent(type: ScoreType, score: string | null | undefined, fullMark: number | null): number | null {
  if (score === null || score === undefined || score.trim() === '') return null;
  if (type === 3) {
    const n = Number(score);
    return Number.isFinite(n) && (fullMark ?? 100) > 0 ? clamp((n / (fullMark ?? 100)) * 100) : null;
  }
  return levelPercent(type, score);
}

/** Full mark of one dimension under score type 3 (the engine and the review screen score dimensions out of 100). */
export const DIMENSION_FULL_MARK = 100;

/** Percent of one stored teacher dimension score ({ value } for type 3, { label } otherwise). */
export function teacherDimensionPercent(type: ScoreType, score: { value?: number | undefined; label?: string | undefined }): number | null {
  if (type === 3) return typeof score.value === 'number' && Number.isFinite(score.value) ? clamp((score.value / DIMENSION_FULL_MARK) * 100) : null;
  return score.label ? levelPercent(type, score.label) : null;
}
