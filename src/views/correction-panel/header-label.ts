// Which status tag the panel header shows beside the student's name. The approval has its own tag
// (kept current by the panel as the teacher approves or cancels), so the list's "reviewed" label would
// say 已审核 a second time, or still say it after a cancelled approval.
import { ESSAY_LABELS, type EssayLabel } from '../../core/api/contracts/zod-free';

export function headerLabel(label: string): EssayLabel | null {
  if (!(ESSAY_LABELS as readonly string[]).includes(label)) return null;
  return label === 'reviewed' ? null : (label as EssayLabel);
}
