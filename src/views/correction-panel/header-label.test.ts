import { describe, expect, it } from 'vitest';
import { headerLabel } from './header-label';

describe('headerLabel', () => {
  it('leaves 已审核 to the approval tag, so the header never says it twice (product-rules.md#teacher-journey)', () => {
    expect(headerLabel('reviewed', true)).toBeNull();
  });
  it('says 待审核 once an approval is cancelled, before the list label is read again', () => {
    expect(headerLabel('reviewed', false)).toBe('pendingReview');
  });
  it('keeps the other labels and drops unknown ones', () => {
    expect(headerLabel('pendingReview', false)).toBe('pendingReview');
    expect(headerLabel('awaitingRevision', false)).toBe('awaitingRevision');
    expect(headerLabel('revisedDraft', false)).toBe('revisedDraft');
    expect(headerLabel('something', true)).toBeNull();
  });
});
