// Copy detection run with every AI correction: a page another pupil already handed in (perceptual page
// hash) or a text that largely matches another pupil's essay of the class or school, or a published
// sample (character n-grams). A hit is an abnormal flag with the evidence — never a silent score.
import { flagLabel, hashDistance, pageHash, SAME_PAGE_MAX_BITS, textOverlap, type CopyMatch, type FlagHit } from '../../correction/index';
import type { Lang } from '../../core/i18n';
import type { Executor } from '../db/database';
import { copyCandidates, type CopyCandidate } from '../repositories/copy-candidates';

/**
 * Share of an essay's characters found in another text above which it is flagged. Measured on the 150
 * essays of /work/shared/data/aes-calibration (in-sample: the threshold was chosen on these figures):
 * two different essays share at most 7.9 %; a copy with every tenth character changed shares ≥ 51 %,
 * half an essay copied into another ≥ 24 % (149 of 150 ≥ 30 %). The ten demo essays share 0 %.
 * bench/copy-detection.ts prints these figures.
 */
export const COPY_SHARE = 0.3;
/** Shortest text compared (characters): a few lines in common prove nothing. */
const MIN_TEXT_CHARS = 60;
/** A page with fewer read characters is not compared by its image: near-blank grid pages all look alike. */
const MIN_PAGE_CHARS = 40;

export interface PageFingerprint {
  hash: string;
  /** characters the OCR read on the page */
  chars: number;
}

/** The fingerprints of an essay's pages (upright images), with the characters the OCR read on each. */
export async function pageFingerprints(images: Uint8Array[], charsPerPage: number[]): Promise<PageFingerprint[]> {
  const out: PageFingerprint[] = [];
  for (const [i, image] of images.entries()) out.push({ hash: await pageHash(image), chars: charsPerPage[i] ?? 0 });
  return out;
}

const sourceOf = (c: CopyCandidate, e: { taskId: number; classId: number }): CopyMatch['source'] => (c.published ? 'sample' : c.taskId === e.taskId && c.classId === e.classId ? 'class' : 'school');
const matchOf = (c: CopyCandidate, e: { taskId: number; classId: number }) => ({ source: sourceOf(c, e), essayId: c.essayId, studentName: c.studentName, className: c.className, taskTitle: c.taskTitle });

function evidenceOf(code: 'DUPLICATE_PAGE' | 'COPIED_TEXT', m: CopyMatch, lang: Lang): string {
  const who = lang === 'en' ? `${m.studentName} (${m.className}, “${m.taskTitle}”)` : `${m.className}${m.studentName}的《${m.taskTitle}》`;
  const sample = m.source === 'sample' ? (lang === 'en' ? ', a published sample' : '（已发布范文）') : '';
  if (code === 'DUPLICATE_PAGE') return lang === 'en' ? `Page ${m.page! + 1} is page ${m.otherPage! + 1} of ${who}${sample}.` : `第 ${m.page! + 1} 页与${who}${sample}第 ${m.otherPage! + 1} 页是同一页。`;
  const pct = Math.round((m.share ?? 0) * 100);
  return lang === 'en' ? `${pct}% of the text matches ${who}${sample}.` : `${pct}% 的文字与${who}${sample}相同。`;
}

/** Copy flags of an essay: at most one per page for a page handed in by another pupil, one for the text. */
export async function copyFlags(db: Executor, essay: { id: number; schoolId: number; studentId: number; taskId: number; classId: number; submittedAt: Date }, transcript: string, pages: PageFingerprint[], lang: Lang): Promise<FlagHit[]> {
  const candidates = await copyCandidates(db, essay);
  const flags: FlagHit[] = [];
  for (const [page, mine] of pages.entries()) {
    if (mine.chars < MIN_PAGE_CHARS) continue;
    let best: { c: CopyCandidate; otherPage: number; distance: number } | undefined;
    for (const c of candidates) {
      for (const [otherPage, theirs] of c.pageHashes.entries()) {
        if (theirs.chars < MIN_PAGE_CHARS) continue;
        const distance = hashDistance(mine.hash, theirs.hash);
        if (distance <= SAME_PAGE_MAX_BITS && (!best || distance < best.distance)) best = { c, otherPage, distance };
      }
    }
    if (!best) continue;
    const match: CopyMatch = { ...matchOf(best.c, essay), page, otherPage: best.otherPage, distance: best.distance };
    flags.push({ code: 'DUPLICATE_PAGE', label: flagLabel('DUPLICATE_PAGE', lang), evidence: evidenceOf('DUPLICATE_PAGE', match, lang), ranges: [], page, match });
  }

  let bestText: { c: CopyCandidate; overlap: ReturnType<typeof textOverlap> } | undefined;
  for (const c of candidates) {
    if (!c.transcript) continue;
    const overlap = textOverlap(transcript, c.transcript);
    if (overlap.length < MIN_TEXT_CHARS) break;
    if (overlap.share >= COPY_SHARE && (!bestText || overlap.share > bestText.overlap.share)) bestText = { c, overlap };
  }
  if (bestText) {
    const match: CopyMatch = { ...matchOf(bestText.c, essay), share: Math.round(bestText.overlap.share * 1000) / 1000, passages: bestText.overlap.passages };
    flags.push({ code: 'COPIED_TEXT', label: flagLabel('COPIED_TEXT', lang), evidence: evidenceOf('COPIED_TEXT', match, lang), ranges: bestText.overlap.passages.map((p) => p.mine), match });
  }
  return flags;
}
