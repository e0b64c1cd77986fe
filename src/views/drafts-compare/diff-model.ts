import fastDiff from 'fast-diff';

/** One run of text in a draft's column: unchanged, added in this draft, or removed from the one before. */
export interface DiffSegment {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/** What one column of the compare view shows for a draft. */
export interface DraftColumnModel {
  /** the draft's own text split into marked runs (removed runs are the base's text, shown struck through) */
  segments: DiffSegment[];
  /** index of the draft this one is compared with, or null (first draft, or nothing to compare with) */
  baseIndex: number | null;
  added: number;
  removed: number;
}

/** Counts characters as the student sees them (a surrogate pair is one character). */
const charCount = (s: string) => [...s].length;

/**
 * Character-level difference between two drafts, cleaned up to whole phrases (fast-diff's semantic
 * cleanup), so a rewritten clause reads as one removal and one addition instead of scattered letters.
 */
export function diffDrafts(before: string, after: string): DiffSegment[] {
  const out: DiffSegment[] = [];
  for (const [op, text] of fastDiff(before, after, undefined, true)) {
    if (!text) continue;
    const kind = op === fastDiff.INSERT ? 'added' : op === fastDiff.DELETE ? 'removed' : 'same';
    const last = out[out.length - 1];
    if (last && last.kind === kind) last.text += text;
    else out.push({ kind, text });
  }
  return out;
}

export interface DraftText {
  transcript: string | null;
  discarded: boolean;
}

/**
 * The compare model for drafts oldest first: each draft is compared with the nearest earlier draft
 * that has a transcript and was not discarded (a discarded draft was thrown away by the teacher's
 * revision request, so the revised draft starts afresh and is not marked against it).
 */
export function buildDraftColumns(drafts: readonly DraftText[]): DraftColumnModel[] {
  return drafts.map((draft, i) => {
    const text = draft.transcript ?? '';
    let baseIndex: number | null = null;
    for (let j = i - 1; j >= 0; j--) {
      const candidate = drafts[j]!;
      if (!candidate.discarded && candidate.transcript) {
        baseIndex = j;
        break;
      }
    }
    if (baseIndex === null || !draft.transcript) return { segments: text ? [{ kind: 'same', text }] : [], baseIndex: null, added: 0, removed: 0 };
    const segments = diffDrafts(drafts[baseIndex]!.transcript!, text);
    const count = (kind: DiffSegment['kind']) => segments.filter((s) => s.kind === kind).reduce((n, s) => n + charCount(s.text), 0);
    return { segments, baseIndex, added: count('added'), removed: count('removed') };
  });
}
