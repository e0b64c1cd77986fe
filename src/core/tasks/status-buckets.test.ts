import { describe, expect, it } from 'vitest';
import { ESSAY_STATUSES } from '../api/contracts/essays';
import { PENDING_REVIEW_STATUSES, STATUS_BUCKET, statusesIn } from './status-buckets';

describe('status buckets', () => {
  it('puts every status in exactly one bucket', () => {
    const buckets = ['awaitingAi', 'aiDone', 'abnormal', 'approved', 'revisionRequested'] as const;
    expect(buckets.flatMap((b) => statusesIn(b)).sort()).toEqual([...ESSAY_STATUSES].sort());
    expect(Object.keys(STATUS_BUCKET).sort()).toEqual([...ESSAY_STATUSES].sort());
  });
  it('never counts an abnormal essay as pending review', () => {
    expect(PENDING_REVIEW_STATUSES).toEqual(['ai_done']);
  });
});
