import { describe, expect, it } from 'vitest';
import { decideNavigation, loginRedirect, type GuardState } from './guard';

const noToken: GuardState = { hasToken: false, loaded: false, permissionIds: [] };
const notLoaded: GuardState = { hasToken: true, loaded: false, permissionIds: [], arrivedWithToken: true };
const teacher: GuardState = {
  hasToken: true,
  loaded: true,
  limitStatus: 0,
  permissionIds: ['workbench', 'class', 'task', 'taskBasis'],
  arrivedWithToken: true,
};
const expired: GuardState = { ...teacher, limitStatus: 1 };

const go = (path: string, state: GuardState, fullPath = path) => decideNavigation(path, fullPath, state);

describe('decideNavigation without a token', () => {
  it.each(['/user/login', '/user/register', '/user/recover', '/user/register-result', '/404', '/loading', '/report', '/forgetPassword', '/expired'])(
    'allows the open route %s',
    (path) => {
      expect(go(path, noToken)).toMatchObject({ kind: 'allow', route: { path } });
    },
  );

  it('sends a protected route to the login page with the full path as redirect', () => {
    expect(go('/teacherIndex', noToken, '/teacherIndex?tab=2')).toEqual({
      kind: 'redirect',
      to: `/user/login?redirect=${encodeURIComponent('/teacherIndex?tab=2')}`,
    });
  });

  it('sends /selectCharacter (not in the open list) to the login page', () => {
    expect(go('/selectCharacter', noToken)).toEqual({ kind: 'redirect', to: '/user/login?redirect=%2FselectCharacter' });
  });

  it('sends / to the main-layout root first', () => {
    expect(go('/', noToken)).toEqual({ kind: 'redirect', to: '/teacherIndex' });
  });
});

describe('loginRedirect', () => {
  it('adds no redirect query for the root or the login page itself', () => {
    expect(loginRedirect('/')).toBe('/user/login');
    expect(loginRedirect('')).toBe('/user/login');
    expect(loginRedirect('/user/login?redirect=%2Fclass')).toBe('/user/login');
  });

  it('encodes the page to come back to', () => {
    expect(loginRedirect('/homework/situation?id=1&b=2')).toBe('/user/login?redirect=%2Fhomework%2Fsituation%3Fid%3D1%26b%3D2');
  });
});

describe('decideNavigation with a token but no loaded session', () => {
  it('asks to load the session for a protected route', () => {
    expect(go('/teacherIndex', notLoaded)).toEqual({ kind: 'load' });
  });

  it('asks to load for the main-layout open route /expired', () => {
    expect(go('/expired', notLoaded)).toEqual({ kind: 'load' });
  });

  it.each(['/404', '/loading', '/exception/403', '/report', '/h5Pdf'])('allows the open non-main-layout route %s without loading', (path) => {
    expect(go(path, notLoaded)).toMatchObject({ kind: 'allow', route: { path } });
  });
});

describe('decideNavigation on the login page while holding a token', () => {
  it('logs out first when the user arrived there already signed in', () => {
    expect(go('/user/login', { ...teacher, arrivedWithToken: true }, '/user/login?redirect=%2Fclass')).toEqual({
      kind: 'redirect',
      to: '/user/login?redirect=%2Fclass',
      logout: true,
    });
  });

  it('treats a missing arrivedWithToken as arriving signed in', () => {
    const { arrivedWithToken: _omit, ...state } = teacher;
    expect(go('/user/login', state)).toMatchObject({ kind: 'redirect', logout: true });
  });

  it('allows the page when the token was just set by signing in there', () => {
    expect(go('/user/login', { ...teacher, arrivedWithToken: false })).toMatchObject({ kind: 'allow', route: { name: 'login' } });
  });
});

describe('decideNavigation for an expired school', () => {
  it.each(['/teacherIndex', '/class/index', '/homework/situation', '/headmaster'])('redirects %s to /expired', (path) => {
    expect(go(path, expired)).toEqual({ kind: 'redirect', to: '/expired' });
  });

  it('allows /expired itself', () => {
    expect(go('/expired', expired)).toMatchObject({ kind: 'allow', route: { path: '/expired', hideSideMenu: true } });
  });
});

describe('decideNavigation redirects and unknown paths', () => {
  it.each([
    ['/class', '/class/index'],
    ['/homework', '/homework/situation'],
    ['/teachingAdmin', '/teachingAdmin/studentNum'],
    ['/excellentArticle', '/excellentArticle/pre-list'],
    ['/practice', '/practice/index'],
    ['/growingUp', '/growingUp/index'],
    ['/lcwAts', '/lcwAts/index'],
    ['/requireWork', '/requireWork/index'],
    ['/enrollment', '/enrollment/index'],
  ])('redirects %s to its default child %s', (from, to) => {
    expect(go(from, teacher)).toEqual({ kind: 'redirect', to });
  });

  it('redirects / to /teacherIndex', () => {
    expect(go('/', teacher)).toEqual({ kind: 'redirect', to: '/teacherIndex' });
  });

  it('redirects an unknown path to /404, with or without a token', () => {
    expect(go('/no/such/page', teacher)).toEqual({ kind: 'redirect', to: '/404' });
    expect(go('/no/such/page', noToken)).toEqual({ kind: 'redirect', to: '/404' });
  });

  it('matches paths regardless of case and trailing slash', () => {
    expect(go('/TeacherIndex/', teacher)).toMatchObject({ kind: 'allow', route: { path: '/teacherIndex' } });
  });
});

describe('decideNavigation permissions', () => {
  it('allows a route whose permission the user holds', () => {
    expect(go('/teacherIndex', teacher)).toMatchObject({ kind: 'allow' });
    expect(go('/homework/situation/writinglist', teacher)).toMatchObject({ kind: 'allow', route: { keepAlive: true } });
  });

  it('sends a route without a shared permission to /exception/403', () => {
    expect(go('/headmaster', teacher)).toEqual({ kind: 'redirect', to: '/exception/403' });
    expect(go('/lcwAts/index', teacher)).toEqual({ kind: 'redirect', to: '/exception/403' });
    expect(go('/teachingAdmin/grade', { ...teacher, permissionIds: [] })).toEqual({ kind: 'redirect', to: '/exception/403' });
  });

  it('lets a headmaster open headmaster pages', () => {
    expect(go('/teachingAdmin/grade', { ...teacher, permissionIds: ['headmaster'] })).toMatchObject({ kind: 'allow' });
  });

  it.each(['class', 'task', 'taskBasis'])('allows assignTask with only the %s permission', (perm) => {
    const state = { ...teacher, permissionIds: [perm] };
    expect(go('/homework/assignTask', state)).toMatchObject({ kind: 'allow', route: { name: 'assignTask' } });
    expect(go('/teacherIndex/assignTask', state)).toMatchObject({ kind: 'allow', route: { name: 'teacherAssignTask' } });
  });

  it('refuses assignTask without any of class, task or taskBasis', () => {
    expect(go('/homework/assignTask', { ...teacher, permissionIds: ['workbench', 'headmaster'] })).toEqual({
      kind: 'redirect',
      to: '/exception/403',
    });
  });

  it('allows a signed-in, loaded user onto the open /expired page even when not expired', () => {
    expect(go('/expired', teacher)).toMatchObject({ kind: 'allow' });
  });
});
