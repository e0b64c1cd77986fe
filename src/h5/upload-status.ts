// What the phone upload list says about a student: one label per essay state (a student waiting for
// their rewrite must not read "已提交"), and why a student cannot be picked (approved essays are final).
import type { EssayLabel } from '../core/api/contracts/zod-free';
import type { MessageKey } from '../core/i18n';

export interface UploadStatus {
  label: MessageKey;
  color: 'default' | 'success' | 'warning' | 'primary';
  /** why the student cannot submit now, shown under the name */
  why?: MessageKey;
}

export function uploadStatusOf(s: { label: EssayLabel; canSubmit: boolean }): UploadStatus {
  if (s.label === 'notSubmitted') return { label: 'h5.upload.notSubmitted', color: 'default' };
  if (s.label === 'awaitingRevision') return { label: 'h5.upload.awaitingRevision', color: 'warning' };
  if (s.label === 'reviewed' || s.label === 'revisedDraft') {
    return s.canSubmit ? { label: 'h5.upload.reviewed', color: 'primary' } : { label: 'h5.upload.reviewed', color: 'primary', why: 'h5.upload.reviewedFinal' };
  }
  return s.canSubmit ? { label: 'h5.upload.submitted', color: 'success' } : { label: 'h5.upload.submitted', color: 'success', why: 'h5.upload.cannotSubmit' };
}
