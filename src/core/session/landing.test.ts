import { describe, expect, it } from 'vitest';
import { landingPath } from './landing';

describe('landingPath (product-rules.md#screens "After login")', () => {
  it('sends an expired school to /expired before any other rule', () => {
    expect(landingPath({ limitStatus: 1, category: 0, roleId: 2 })).toBe('/expired');
    expect(landingPath({ limitStatus: 1, category: 5, roleId: 6 })).toBe('/expired');
    expect(landingPath({ limitStatus: 1, category: 1, roleId: 3 })).toBe('/expired');
  });

  it.each([2, 3, 6, 7])('sends category other than 0 or 1 to /teacherIndex whatever the role (%i)', (roleId) => {
    expect(landingPath({ limitStatus: 0, category: 2, roleId })).toBe('/teacherIndex');
    expect(landingPath({ limitStatus: 0, category: -1, roleId })).toBe('/teacherIndex');
  });

  it.each([0, 1])('in category %i routes by role', (category) => {
    expect(landingPath({ limitStatus: 0, category, roleId: 2 })).toBe('/teacherIndex');
    expect(landingPath({ limitStatus: 0, category, roleId: 3 })).toBe('/class');
    expect(landingPath({ limitStatus: 0, category, roleId: 6 })).toBe('/headmaster');
    expect(landingPath({ limitStatus: 0, category, roleId: 7 })).toBe('/headmaster');
  });

  it('falls back to /teacherIndex for an unknown role', () => {
    expect(landingPath({ limitStatus: 0, category: 0, roleId: 99 })).toBe('/teacherIndex');
  });
});
