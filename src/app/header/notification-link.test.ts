import { describe, expect, it } from 'vitest';
import { appPathOf } from './notification-link';

describe('notification links', () => {
  it('opens in-app paths, with or without the /teaching base', () => {
    expect(appPathOf('/homework/correctComment?essayId=3')).toBe('/homework/correctComment?essayId=3');
    expect(appPathOf('/teaching/homework/situation/writinglist?taskId=1&classId=2')).toBe('/homework/situation/writinglist?taskId=1&classId=2');
    expect(appPathOf('/teaching')).toBe('/');
    expect(appPathOf('/teachingAdmin/grade')).toBe('/teachingAdmin/grade');
  });

  it('follows nothing outside the app', () => {
    expect(appPathOf(null)).toBeNull();
    expect(appPathOf('')).toBeNull();
    expect(appPathOf('https://example.com/x')).toBeNull();
    expect(appPathOf('//example.com/x')).toBeNull();
    expect(appPathOf('/\\example.com')).toBeNull();
    expect(appPathOf('javascript:alert(1)')).toBeNull();
  });
});
