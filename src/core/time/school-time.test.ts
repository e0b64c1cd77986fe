import { describe, expect, it } from 'vitest';
import { schoolTime } from './school-time';

describe('schoolTime', () => {
  it('shows China Standard Time whatever the machine’s zone', () => {
    expect(schoolTime('2026-11-27T05:01:27.000Z')).toBe('2026-11-27 13:01:27');
    expect(schoolTime(new Date('2026-12-31T16:30:00Z'), 'YYYY-MM-DD HH:mm')).toBe('2027-01-01 00:30');
    expect(schoolTime('2026-03-08T01:02:03Z', 'MM-DD HH:mm:ss')).toBe('03-08 09:02:03');
  });
  it('is empty for no time or a broken one', () => {
    expect(schoolTime(null)).toBe('');
    expect(schoolTime('not a time')).toBe('');
  });
});
