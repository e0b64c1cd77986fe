import { describe, expect, it } from 'vitest';
import { headerLabel } from './header-label';

describe('headerLabel', () => {
  it('leaves 已审核 to the approval tag, so the header never says it twice (issue 21 item 4)', () => {
    expect(headerLabel('reviewed')).toBeNull();
  });
  it('keeps the other labels and drops unknown ones', () => {
    expect(headerLabel('pendingReview')).toBe('pendingReview');
    expect(headerLabel('awaitingRevision')).toBe('awaitingRevision');
    expect(headerLabel('revisedDraft')).toBe('revisedDraft');
    expect(headerLabel('something')).toBeNull();
  });
});
