import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { monthDayTime, monthDayTimeOfCst } from './short-time';

describe('monthDayTime', () => {
  it('formats as dayjs MM-DD HH:mm did, in local time', () => {
    for (const iso of ['2026-01-05T03:04:00.000Z', '2026-12-31T23:59:59.000Z', '2026-07-09T12:00:00+08:00']) {
      expect(monthDayTime(iso)).toBe(dayjs(iso).format('MM-DD HH:mm'));
    }
  });
  it('says nothing for a date it cannot read', () => {
    expect(monthDayTime('not a date')).toBe('');
  });
  it('shows a server time (China Standard Time) in the phone’s zone, like the deadlines', () => {
    expect(monthDayTimeOfCst('2026-11-27 17:18:05')).toBe(monthDayTime('2026-11-27T09:18:05Z'));
    expect(monthDayTimeOfCst('2026-01-01 07:30')).toBe(monthDayTime('2025-12-31T23:30:00Z'));
    expect(monthDayTimeOfCst('yesterday')).toBe('');
  });
});
