import { describe, expect, it } from 'vitest';
import { taskStatusAt } from './task-status';

describe('taskStatusAt', () => {
  const releaseAt = new Date('2026-11-28T08:00:00Z');
  it('keeps a scheduled task scheduled before its release time', () => {
    expect(taskStatusAt({ status: 'scheduled', releaseAt }, new Date('2026-11-28T07:59:59Z'))).toBe('scheduled');
  });
  it('counts a due scheduled task as released, whether or not the job wrote it yet', () => {
    expect(taskStatusAt({ status: 'scheduled', releaseAt }, releaseAt)).toBe('released');
    expect(taskStatusAt({ status: 'released', releaseAt }, new Date('2026-11-28T07:00:00Z'))).toBe('released');
  });
});
