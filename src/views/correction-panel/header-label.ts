// Which status tag the panel header shows beside the student's name. The approval has its own tag
// (kept current by the panel as the teacher approves or cancels), so the list's "reviewed" label would
// say 已审核 a second time; after a cancelled approval (the list's label not yet re-read) the essay is
// waiting for review again.
import { ESSAY_LABELS, type EssayLabel } from '../../core/api/contracts/zod-free';

export function headerLabel(label: string, approved: boolean): EssayLabel | null {
  if (!(ESSAY_LABELS as readonly string[]).includes(label)) return null;
  if (label === 'reviewed') return approved ? null : 'pendingReview';
  return label as EssayLabel;
}
