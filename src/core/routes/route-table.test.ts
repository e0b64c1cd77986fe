import { describe, expect, it } from 'vitest';
import { isMessageKey } from '../i18n';
import { ROUTES, breadcrumbTrail, findRoute } from './route-table';

/** Every path named in product-rules.md#screens, written out from the spec text. */
const SPEC_PATHS = [
  // public routes
  '/user/login',
  '/user/register',
  '/user/recover',
  '/user/register-result',
  '/selectCharacter',
  '/initialUser',
  '/forgetPassword',
  '/forgetNewPassword',
  '/report',
  '/oldReport',
  '/report/Preview',
  '/DetailHome',
  '/XiaPdf',
  '/h5Pdf',
  '/reportStatistics',
  '/goYueShen',
  '/gohzyTY',
  '/goYueShenTwo',
  '/loading',
  '/404',
  // error pages
  '/exception/403',
  '/exception/404',
  '/exception/500',
  // headmaster
  '/headmaster',
  '/teachingAdmin/grade',
  '/teachingAdmin/teacherNum',
  '/teachingAdmin',
  '/teachingAdmin/studentNum',
  '/teachingAdmin/detailGrouing',
  '/teachingAdmin/foundation',
  // teacher
  '/teacherIndex',
  '/teacherIndex/assignTask',
  '/class',
  '/class/index',
  '/class/student',
  '/class/ParentManagement',
  '/class/bind',
  // essay management
  '/homework',
  '/homework/situation',
  '/homework/assignTask',
  '/homework/writingWorkInfo',
  '/homework/writingUploadIndex',
  '/homework/writingUploadInfo',
  '/homework/correctComment',
  '/homework/correctCommentList',
  '/homework/aiCorrect',
  '/homework/situation/writinglist',
  '/homework/situation/Review',
  '/homework/situation/index',
  '/homework/correctCommentInfo',
  // other areas
  '/excellentArticle',
  '/excellentArticle/exceHome',
  '/excellentArticle/list',
  '/excellentArticle/detail',
  '/excellentArticle/pre-list',
  '/excellentArticle/edit',
  '/excellentArticle/exCheck',
  '/practice',
  '/practice/index',
  '/practice/testWorkInfo',
  '/growingUp',
  '/growingUp/index',
  '/growingUp/detailGrouing',
  '/lcwAts',
  '/lcwAts/index',
  '/lcwAts/newSetUp',
  '/lcwAts/particularsLcw',
  '/lcwAts/studentViewing',
  '/lcwAts/examineLcw',
  '/requireWork/index',
  '/enrollment',
  '/enrollment/index',
  '/enrollment/details',
  '/expired',
  '/correctRemark',
];

/** product-rules.md#screens "Routes that skip the login guard (names)". */
const OPEN_NAMES = [
  'login',
  'register',
  'recover',
  'registerResult',
  'expired',
  'loading',
  '404',
  'DetailHome',
  'goYueShen',
  'goYueShenTwo',
  'XiaPdf',
  'reportStatistics',
  'h5Pdf',
  'gohzyTY',
  'report',
  'oldReport',
  'initialUser',
  'forgetPassword',
  'forgetNewPassword',
];

describe('route table', () => {
  it.each(SPEC_PATHS)('registers %s with exactly that spelling', (path) => {
    expect(ROUTES.map((r) => r.path)).toContain(path);
  });

  it('has unique paths (case-insensitively) and unique names', () => {
    const paths = ROUTES.map((r) => r.path.toLowerCase());
    const names = ROUTES.map((r) => r.name);
    expect(new Set(paths).size).toBe(paths.length);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(OPEN_NAMES)('marks the public route %s open', (name) => {
    const route = ROUTES.find((r) => r.name === name);
    expect(route, name).toBeDefined();
    expect(route!.open).toBe(true);
  });

  it('keeps /selectCharacter and main-layout pages behind the login guard', () => {
    expect(findRoute('/selectCharacter')!.open).toBeFalsy();
    const openMain = ROUTES.filter((r) => r.layout === 'main' && r.open).map((r) => r.name);
    expect(openMain).toEqual(['expired']);
  });

  it('gives every route a titleKey that exists in the catalogue', () => {
    const missing = ROUTES.filter((r) => !isMessageKey(r.titleKey)).map((r) => `${r.path}: ${r.titleKey}`);
    expect(missing).toEqual([]);
  });

  it('points every redirect and parent at a registered route', () => {
    for (const r of ROUTES) {
      if (r.redirect) expect(findRoute(r.redirect), `${r.path} redirect`).toBeDefined();
      if (r.parent) expect(findRoute(r.parent), `${r.path} parent`).toBeDefined();
    }
  });

  it('applies the product-rules.md#screens default children', () => {
    expect(findRoute('/class')!.redirect).toBe('/class/index');
    expect(findRoute('/homework')!.redirect).toBe('/homework/situation');
    expect(findRoute('/teachingAdmin')!.redirect).toBe('/teachingAdmin/studentNum');
    expect(findRoute('/excellentArticle')!.redirect).toBe('/excellentArticle/pre-list');
  });

  it('caches the class essay list and expired page, not report or correctRemark', () => {
    expect(findRoute('/homework/situation/writinglist')!.keepAlive).toBe(true);
    expect(findRoute('/expired')!.keepAlive).toBe(true);
    expect(findRoute('/report')!.keepAlive).toBeFalsy();
    expect(findRoute('/correctRemark')!.keepAlive).toBeFalsy();
  });

  it('hides the side menu on expired and collapses it on writing work info', () => {
    expect(findRoute('/expired')!.hideSideMenu).toBe(true);
    expect(findRoute('/homework/writingWorkInfo')!.collapseSideMenu).toBe(true);
  });

  it('gives /homework/correctCommentInfo its own non-main layout', () => {
    expect(findRoute('/homework/correctCommentInfo')!.layout).not.toBe('main');
  });
});

describe('findRoute', () => {
  it('finds a route by exact path', () => {
    expect(findRoute('/class/ParentManagement')!.name).toBe('parentManagement');
  });

  it('ignores letter case', () => {
    expect(findRoute('/class/parentmanagement')!.path).toBe('/class/ParentManagement');
    expect(findRoute('/TEACHERINDEX')!.path).toBe('/teacherIndex');
  });

  it('ignores trailing slashes', () => {
    expect(findRoute('/homework/situation/')!.path).toBe('/homework/situation');
    expect(findRoute('/Homework/Situation//')!.path).toBe('/homework/situation');
  });

  it('returns undefined for unknown paths and the bare root', () => {
    expect(findRoute('/nope')).toBeUndefined();
    expect(findRoute('/')).toBeUndefined();
    expect(findRoute('/class/index/extra')).toBeUndefined();
  });
});

describe('breadcrumbTrail', () => {
  it('is just the route for a top-level page', () => {
    expect(breadcrumbTrail(findRoute('/teacherIndex')!).map((r) => r.path)).toEqual(['/teacherIndex']);
  });

  it('walks parents from the top down', () => {
    expect(breadcrumbTrail(findRoute('/homework/situation/writinglist')!).map((r) => r.path)).toEqual([
      '/homework',
      '/homework/situation',
      '/homework/situation/writinglist',
    ]);
    expect(breadcrumbTrail(findRoute('/teachingAdmin/grade')!).map((r) => r.titleKey)).toEqual(['page.teachingAdmin', 'page.gradeData']);
  });
});
