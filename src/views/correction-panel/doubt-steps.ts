// Stepping through the OCR's doubtful characters from the keyboard: the fixes typed so far are held until
// the teacher pauses, then saved at once (one re-analysis for a run of fixes, not one per character).

export interface DoubtSpan {
  start: number;
  end: number;
}

/** A fix the teacher typed or accepted, not yet saved: the doubtful span's new text (same length). */
export type PendingFixes = ReadonlyMap<number, { end: number; text: string }>;

/** The transcript with the pending fixes in (from the end, so earlier offsets stay true). */
export function applyFixes(text: string, fixes: PendingFixes): string {
  let out = text;
  for (const [start, f] of [...fixes].sort((a, b) => b[0] - a[0])) out = out.slice(0, start) + f.text + out.slice(f.end);
  return out;
}

/**
 * The doubt after (or before) the one at `at`, in reading order; undefined when stepping past either end
 * (Tab then leaves the stepper as it would any field). From nowhere, forward starts at the first.
 */
export function stepDoubt(doubts: readonly DoubtSpan[], at: number | null, back: boolean): number | undefined {
  const order = [...doubts].sort((a, b) => a.start - b.start);
  if (!order.length) return undefined;
  const i = at === null ? -1 : order.findIndex((d) => d.start === at);
  if (i < 0) return back ? order.at(-1)!.start : order[0]!.start;
  return order[i + (back ? -1 : 1)]?.start;
}

/** A typed replacement fits a doubt when it is as long (so the other doubts' offsets hold until the save). */
export function fitsDoubt(d: DoubtSpan, typed: string): boolean {
  return typed.length === d.end - d.start && !/\s/u.test(typed);
}

/** How long the teacher's pause is before the fixes are saved and the essay analysed again. */
export const FIX_PAUSE_MS = 1200;
