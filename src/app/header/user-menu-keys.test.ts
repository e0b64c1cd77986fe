import { describe, expect, it } from 'vitest';
import { userMenuKeys } from './user-menu-keys';

describe('userMenuKeys', () => {
  const teacher = { roleId: 2, identityCount: 1, limitStatus: 0 };
  it('offers the AI review setting to a teacher of an active school', () => {
    expect(userMenuKeys(teacher)).toEqual(['phone', 'ai', 'password', 'logout']);
  });
  it('hides it from a user of an expired school, whose calls would be refused', () => {
    expect(userMenuKeys({ ...teacher, limitStatus: 1 })).not.toContain('ai');
  });
  it('hides it from the principal; role switch only with several identities; no logout via basic data', () => {
    expect(userMenuKeys({ ...teacher, roleId: 7 })).not.toContain('ai');
    expect(userMenuKeys({ ...teacher, identityCount: 2 })).toContain('role');
    expect(userMenuKeys({ ...teacher, hideLogout: true })).not.toContain('logout');
  });
});
