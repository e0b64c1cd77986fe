import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { monthDayTime } from './short-time';

describe('monthDayTime', () => {
  it('formats as dayjs MM-DD HH:mm did, in local time', () => {
    for (const iso of ['2026-01-05T03:04:00.000Z', '2026-12-31T23:59:59.000Z', '2026-07-09T12:00:00+08:00']) {
      expect(monthDayTime(iso)).toBe(dayjs(iso).format('MM-DD HH:mm'));
    }
  });
  it('says nothing for a date it cannot read', () => {
    expect(monthDayTime('not a date')).toBe('');
  });
});
