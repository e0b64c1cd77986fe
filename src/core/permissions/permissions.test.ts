import { describe, expect, it } from 'vitest';
import { findRoute } from '../routes/route-table';
import { canOpenRoute, hasAction, type PermissionActions } from './permissions';

describe('canOpenRoute', () => {
  it('allows a route without a permission list to any signed-in user', () => {
    expect(canOpenRoute({}, [])).toBe(true);
    expect(canOpenRoute({ permission: [] }, [])).toBe(true);
  });

  it('allows a route when its list shares at least one id with the user’s', () => {
    expect(canOpenRoute({ permission: ['class', 'task', 'taskBasis'] }, ['taskBasis'])).toBe(true);
    expect(canOpenRoute({ permission: ['headmaster'] }, ['workbench', 'headmaster'])).toBe(true);
  });

  it('refuses a route when no id is shared', () => {
    expect(canOpenRoute({ permission: ['headmaster'] }, ['workbench', 'class'])).toBe(false);
    expect(canOpenRoute({ permission: ['task'] }, [])).toBe(false);
  });

  it('applies the product-rules.md#roles keys to the real routes', () => {
    expect(canOpenRoute(findRoute('/teacherIndex')!, ['workbench'])).toBe(true);
    expect(canOpenRoute(findRoute('/teacherIndex')!, ['class'])).toBe(false);
    expect(canOpenRoute(findRoute('/practice/index')!, ['exercise'])).toBe(true);
    expect(canOpenRoute(findRoute('/lcwAts/index')!, ['lcw'])).toBe(true);
    expect(canOpenRoute(findRoute('/enrollment/index')!, ['admissions'])).toBe(true);
    expect(canOpenRoute(findRoute('/requireWork/index')!, ['class'])).toBe(true);
    expect(canOpenRoute(findRoute('/homework/aiCorrect')!, ['class'])).toBe(false);
  });
});

describe('hasAction', () => {
  const granted: PermissionActions[] = [
    { permissionId: 'task', actions: ['query', 'add', 'delete'] },
    { permissionId: 'class', actions: ['query'] },
  ];

  it('grants permissionId.action when the action is listed for that permission', () => {
    expect(hasAction('task.delete', granted)).toBe(true);
    expect(hasAction('class.query', granted)).toBe(true);
  });

  it('refuses an action not listed for that permission, even if another permission has it', () => {
    expect(hasAction('class.delete', granted)).toBe(false);
    expect(hasAction('task.export', granted)).toBe(false);
  });

  it('refuses any check on a permission the user does not hold', () => {
    expect(hasAction('headmaster.query', granted)).toBe(false);
    expect(hasAction('headmaster', granted)).toBe(false);
    expect(hasAction('task.query', [])).toBe(false);
  });

  it('treats a bare permission id as holding the permission at all', () => {
    expect(hasAction('task', granted)).toBe(true);
    expect(hasAction('class', [{ permissionId: 'class', actions: [] }])).toBe(true);
  });
});
