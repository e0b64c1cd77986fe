import { describe, expect, it } from 'vitest';
import { uploadStatusOf } from './upload-status';

describe('phone upload list status', () => {
  it('says a rewrite is awaited instead of "submitted" (product-rules.md#teacher-journey)', () => {
    expect(uploadStatusOf({ label: 'awaitingRevision', canSubmit: true })).toEqual({ label: 'h5.upload.awaitingRevision', color: 'warning' });
  });
  it('gives the reason a student cannot be picked', () => {
    expect(uploadStatusOf({ label: 'reviewed', canSubmit: false })).toMatchObject({ label: 'h5.upload.reviewed', why: 'h5.upload.reviewedFinal' });
    expect(uploadStatusOf({ label: 'pendingReview', canSubmit: false }).why).toBe('h5.upload.cannotSubmit');
    expect(uploadStatusOf({ label: 'pendingReview', canSubmit: true }).why).toBeUndefined();
  });
  it('keeps "not submitted" plain', () => {
    expect(uploadStatusOf({ label: 'notSubmitted', canSubmit: true })).toEqual({ label: 'h5.upload.notSubmitted', color: 'default' });
  });
});
