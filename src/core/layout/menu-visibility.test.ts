import { describe, expect, it } from 'vitest';
import type { MenuItem } from '../api/contracts/auth';
import { visibleMenus } from './menu-visibility';

const item = (key: string, path: string, sort: number, notShown = false): MenuItem => ({
  key,
  permissionId: key,
  titleZh: key,
  titleEn: key,
  path,
  icon: '',
  sort,
  notShown,
  parentKey: null,
});

const menus = [
  item('homework', '/homework', 3),
  item('requireWork', '/requireWork/index', 5),
  item('hidden', '/correctRemark', 1, true),
  item('teacherIndex', '/teacherIndex', 1),
  item('class', '/class', 2),
];

describe('visibleMenus', () => {
  it('hides items flagged not-shown and sorts the rest by sort', () => {
    expect(visibleMenus(menus, 1).map((m) => m.key)).toEqual(['teacherIndex', 'class', 'homework', 'requireWork']);
  });

  it('hides the requireWork entry when the school version id is 2', () => {
    expect(visibleMenus(menus, 2).map((m) => m.key)).toEqual(['teacherIndex', 'class', 'homework']);
  });

  it('keeps requireWork when the version is unknown', () => {
    expect(visibleMenus(menus, null).map((m) => m.key)).toContain('requireWork');
    expect(visibleMenus(menus, undefined).map((m) => m.key)).toContain('requireWork');
  });

  it('does not reorder the caller’s list', () => {
    const before = menus.map((m) => m.key);
    visibleMenus(menus, 1);
    expect(menus.map((m) => m.key)).toEqual(before);
  });
});
