import { describe, expect, it } from 'vitest';
import { deriveCounts } from './status-counts';

describe('deriveCounts', () => {
  it('counts every essay the AI scored as AI-corrected, whatever the teacher did next', () => {
    const c = deriveCounts({ students: 45, submitted: 10, abnormal: 1, awaitingAi: 0, aiDone: 7, approved: 1, revisionRequested: 1 });
    expect(c.aiCorrected).toBe(9);
    expect(c.notSubmitted).toBe(35);
    // every handed-in essay is in exactly one bucket
    expect(c.abnormal + c.awaitingAi + c.aiDone + c.approved + c.revisionRequested).toBe(c.submitted);
  });
});
