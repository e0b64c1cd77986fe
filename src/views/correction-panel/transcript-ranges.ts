// Transcript offsets ↔ what the panel highlights: notes and teacher annotations are UTF-16 ranges
// [start, end) of the transcript shown; the transcript is rendered as segments cut at every range
// boundary, each segment knowing the ranges that cover it. Pure functions, unit-tested.

export interface TextRange {
  /** 'n3' for note 3, 'a<id>' for a teacher annotation, 'l<page>-<line>' for an OCR line */
  id: string;
  start: number;
  end: number;
}

export interface Segment {
  start: number;
  end: number;
  text: string;
  /** ranges covering the segment, outermost (longest) first */
  ids: string[];
}

/**
 * Where a note's range really is in the transcript shown: its offsets when the text there is its
 * excerpt, else the occurrence of the excerpt nearest to its offsets (the teacher may have edited
 * text before it), else nothing (the excerpt is gone).
 */
export function resolveRange(text: string, start: number, end: number, excerpt: string): { start: number; end: number } | null {
  if (start >= 0 && end > start && end <= text.length && (!excerpt || text.slice(start, end) === excerpt)) return { start, end };
  if (!excerpt) return null;
  let best = -1;
  for (let at = text.indexOf(excerpt); at >= 0; at = text.indexOf(excerpt, at + 1)) {
    if (best < 0 || Math.abs(at - start) < Math.abs(best - start)) best = at;
  }
  return best < 0 ? null : { start: best, end: best + excerpt.length };
}

/** Cuts the text at every range boundary; empty and out-of-text ranges are ignored. */
export function segmentTranscript(text: string, ranges: readonly TextRange[]): Segment[] {
  const valid = ranges
    .map((r) => ({ ...r, start: Math.max(0, r.start), end: Math.min(text.length, r.end) }))
    .filter((r) => r.end > r.start)
    .sort((a, b) => b.end - b.start - (a.end - a.start));
  const cuts = new Set<number>([0, text.length]);
  for (const r of valid) {
    cuts.add(r.start);
    cuts.add(r.end);
  }
  const points = [...cuts].sort((a, b) => a - b);
  const out: Segment[] = [];
  for (let i = 0; i < points.length - 1; i++) {
    const start = points[i]!;
    const end = points[i + 1]!;
    if (end <= start) continue;
    out.push({ start, end, text: text.slice(start, end), ids: valid.filter((r) => r.start <= start && r.end >= end).map((r) => r.id) });
  }
  return out;
}

/** The segments a range covers (to scroll the first into view). */
export function segmentsOf(segments: readonly Segment[], id: string): Segment[] {
  return segments.filter((s) => s.ids.includes(id));
}

interface OcrLineLike {
  text: string;
  box: { x: number; y: number; width: number; height: number };
  chars?: ReadonlyArray<{ text: string }>;
  continues?: boolean;
}

export interface LineRange extends TextRange {
  page: number;
  line: number;
  box: { x: number; y: number; width: number; height: number };
}

/**
 * The transcript range of every OCR line, rebuilt the way the engine joins lines (a newline before
 * each line that starts a paragraph). Answers null when the rebuilt text is not the transcript shown
 * (the teacher corrected it, or a page was unreadable), so lines are never linked to the wrong text.
 */
export function ocrLineRanges(pages: readonly unknown[], transcript: string): LineRange[] | null {
  let text = '';
  const out: LineRange[] = [];
  pages.forEach((p, page) => {
    const lines = ((p as { lines?: OcrLineLike[] })?.lines ?? []) as OcrLineLike[];
    lines.forEach((l, line) => {
      if (text && !l.continues) text += '\n';
      const start = text.length;
      text += l.chars?.length ? l.chars.map((c) => c.text).join('') : l.text;
      out.push({ id: `l${page}-${line}`, page, line, start, end: text.length, box: l.box });
    });
  });
  return out.length && text === transcript ? out : null;
}

/**
 * Offsets of a selection made in the rendered transcript: each end is a segment start plus the
 * offset inside that segment's text; the answer is ordered and trimmed of surrounding whitespace.
 */
export function selectionRange(text: string, a: { segmentStart: number; offset: number }, b: { segmentStart: number; offset: number }): { start: number; end: number } | null {
  let start = Math.min(a.segmentStart + a.offset, b.segmentStart + b.offset);
  let end = Math.max(a.segmentStart + a.offset, b.segmentStart + b.offset);
  start = Math.max(0, Math.min(text.length, start));
  end = Math.max(0, Math.min(text.length, end));
  while (start < end && /\s/.test(text[start]!)) start++;
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  return end > start ? { start, end } : null;
}

/** Annotations follow a transcript edit: kept where their excerpt is found again, dropped otherwise. */
export function rebaseAnnotations<T extends { start: number; end: number; excerpt: string }>(annotations: readonly T[], text: string): T[] {
  const out: T[] = [];
  for (const a of annotations) {
    const r = resolveRange(text, a.start, a.end, a.excerpt);
    if (r) out.push({ ...a, ...r });
  }
  return out;
}
