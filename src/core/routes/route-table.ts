import type { MessageKey } from '../i18n';
import type { PermissionKey } from '../constants';

export type LayoutKind = 'main' | 'user' | 'blank';

/** One route of product-rules.md#screens with the meta the guard, menu, breadcrumb and tab bar read. */
export interface RouteDef {
  /** Full path under the /teaching/ base. */
  path: string;
  name: string;
  titleKey: MessageKey;
  layout: LayoutKind;
  /** product-rules.md#roles: shown when this list shares a permission id with the user's; absent = any signed-in user. */
  permission?: readonly PermissionKey[];
  /** Skips the login guard (product-rules.md#screens list of open route names). */
  open?: boolean;
  /** Kept alive between tab switches (class essay list, expired page). */
  keepAlive?: boolean;
  /** Side menu hidden on this page (expired). */
  hideSideMenu?: boolean;
  /** Side menu collapsed on this page (writing work info). */
  collapseSideMenu?: boolean;
  /** Child route that `path` redirects to. */
  redirect?: string;
  /** Parent path for the breadcrumb. */
  parent?: string;
  /** Feature not built yet: page says so honestly (routes, guards and menus already work). */
  building?: boolean;
}

const task: readonly PermissionKey[] = ['task'];
const klass: readonly PermissionKey[] = ['class'];
const head: readonly PermissionKey[] = ['headmaster'];
const assign: readonly PermissionKey[] = ['class', 'task', 'taskBasis'];

const main = (path: string, name: string, titleKey: MessageKey, extra: Partial<RouteDef> = {}): RouteDef => ({
  path,
  name,
  titleKey,
  layout: 'main',
  ...extra,
});
const open = (path: string, name: string, titleKey: MessageKey, layout: LayoutKind, extra: Partial<RouteDef> = {}): RouteDef => ({
  path,
  name,
  titleKey,
  layout,
  open: true,
  ...extra,
});

/** Every route of product-rules.md#screens. The app registers exactly these; tests check the list against the spec. */
export const ROUTES: readonly RouteDef[] = [
  // user layout (login pages)
  open('/user/login', 'login', 'page.login', 'user'),
  open('/user/register', 'register', 'page.register', 'user'),
  open('/user/recover', 'recover', 'page.recover', 'user'),
  open('/user/register-result', 'registerResult', 'page.registerResult', 'user'),
  // public blank pages
  { path: '/selectCharacter', name: 'selectCharacter', titleKey: 'page.selectCharacter', layout: 'blank' },
  open('/initialUser', 'initialUser', 'page.initialUser', 'blank'),
  open('/forgetPassword', 'forgetPassword', 'page.forgetPassword', 'blank'),
  open('/forgetNewPassword', 'forgetNewPassword', 'page.forgetNewPassword', 'blank'),
  open('/report', 'report', 'page.report', 'blank'),
  open('/oldReport', 'oldReport', 'page.oldReport', 'blank'),
  open('/report/Preview', 'reportPreview', 'page.reportPreview', 'blank'),
  open('/DetailHome', 'DetailHome', 'page.detailHome', 'blank'),
  // LTI 1.3 launches land here with a single-use hand-off code (docs/lti.md)
  open('/lti', 'lti', 'page.lti', 'blank'),
  open('/XiaPdf', 'XiaPdf', 'page.xiaPdf', 'blank'),
  open('/h5Pdf', 'h5Pdf', 'page.h5Pdf', 'blank'),
  open('/reportStatistics', 'reportStatistics', 'page.reportStatistics', 'blank'),
  open('/goYueShen', 'goYueShen', 'page.goYueShen', 'blank'),
  open('/goYueShenTwo', 'goYueShenTwo', 'page.goYueShenTwo', 'blank'),
  open('/gohzyTY', 'gohzyTY', 'page.gohzyTY', 'blank'),
  open('/loading', 'loading', 'page.loading', 'blank'),
  open('/404', '404', 'page.404', 'blank'),
  open('/exception/403', 'exception403', 'page.403', 'blank'),
  open('/exception/404', 'exception404', 'page.404', 'blank'),
  open('/exception/500', 'exception500', 'page.500', 'blank'),
  // standalone correction page: own hidden layout
  main('/homework/correctCommentInfo', 'correctCommentInfo', 'page.correctCommentInfo', { layout: 'blank', permission: task }),

  // main layout
  main('/expired', 'expired', 'page.expired', { open: true, keepAlive: true, hideSideMenu: true }),
  main('/teacherIndex', 'teacherIndex', 'page.teacherIndex', { permission: ['workbench'] }),
  main('/teacherIndex/assignTask', 'teacherAssignTask', 'page.assignTask', { permission: assign, parent: '/teacherIndex' }),

  main('/headmaster', 'headmaster', 'page.headmaster', { permission: head }),
  main('/teachingAdmin', 'teachingAdmin', 'page.teachingAdmin', { permission: head, redirect: '/teachingAdmin/studentNum' }),
  main('/teachingAdmin/studentNum', 'studentNum', 'page.studentData', { permission: head, parent: '/teachingAdmin' }),
  main('/teachingAdmin/grade', 'gradeData', 'page.gradeData', { permission: head, parent: '/teachingAdmin' }),
  main('/teachingAdmin/teacherNum', 'teacherNum', 'page.teacherData', { permission: head, parent: '/teachingAdmin' }),
  main('/teachingAdmin/detailGrouing', 'detailGrouing', 'page.growthDetail', { permission: head, parent: '/teachingAdmin' }),
  main('/teachingAdmin/foundation', 'foundation', 'page.foundation', { permission: head, parent: '/teachingAdmin' }),

  main('/class', 'class', 'page.class', { permission: klass, redirect: '/class/index' }),
  main('/class/index', 'classIndex', 'page.classIndex', { permission: klass, parent: '/class' }),
  main('/class/student', 'classStudent', 'page.student', { permission: klass, parent: '/class' }),
  main('/class/ParentManagement', 'parentManagement', 'page.parent', { permission: klass, parent: '/class' }),
  main('/class/bind', 'classBind', 'page.bind', { permission: klass, parent: '/class' }),

  main('/homework', 'homework', 'page.homework', { permission: task, redirect: '/homework/situation' }),
  main('/homework/situation', 'situation', 'page.situation', { permission: task, parent: '/homework' }),
  main('/homework/situation/index', 'situationIndex', 'page.situationIndex', { permission: task, parent: '/homework/situation' }),
  main('/homework/situation/writinglist', 'writingList', 'page.writingList', { permission: task, parent: '/homework/situation', keepAlive: true }),
  main('/homework/situation/Review', 'review', 'page.review', { permission: task, parent: '/homework/situation' }),
  main('/homework/assignTask', 'assignTask', 'page.assignTask', { permission: assign, parent: '/homework' }),
  main('/homework/writingWorkInfo', 'writingWorkInfo', 'page.writingWorkInfo', { permission: task, parent: '/homework', collapseSideMenu: true }),
  main('/homework/writingUploadIndex', 'writingUploadIndex', 'page.writingUploadIndex', { permission: task, parent: '/homework' }),
  main('/homework/writingUploadInfo', 'writingUploadInfo', 'page.writingUploadInfo', { permission: task, parent: '/homework' }),
  main('/homework/correctComment', 'correctComment', 'page.correctComment', { permission: task, parent: '/homework' }),
  main('/homework/correctCommentList', 'correctCommentList', 'page.correctCommentList', { permission: task, parent: '/homework' }),
  main('/homework/aiCorrect', 'aiCorrect', 'page.aiCorrect', { permission: task, parent: '/homework' }),

  main('/excellentArticle', 'excellentArticle', 'page.excellentArticle', { permission: klass, redirect: '/excellentArticle/pre-list' }),
  main('/excellentArticle/exceHome', 'exceHome', 'page.exceHome', { permission: klass, parent: '/excellentArticle' }),
  main('/excellentArticle/list', 'exceList', 'page.exceList', { permission: klass, parent: '/excellentArticle' }),
  main('/excellentArticle/detail', 'exceDetail', 'page.exceDetail', { permission: klass, parent: '/excellentArticle' }),
  main('/excellentArticle/pre-list', 'excePreList', 'page.excePreList', { permission: klass, parent: '/excellentArticle' }),
  main('/excellentArticle/edit', 'exceEdit', 'page.exceEdit', { permission: klass, parent: '/excellentArticle' }),
  main('/excellentArticle/exCheck', 'exCheck', 'page.exceCheck', { permission: klass, parent: '/excellentArticle' }),

  main('/practice', 'practice', 'page.practice', { permission: ['exercise'], redirect: '/practice/index' }),
  main('/practice/index', 'practiceIndex', 'page.practiceIndex', { permission: ['exercise'], parent: '/practice' }),
  main('/practice/testWorkInfo', 'testWorkInfo', 'page.testWorkInfo', { permission: ['exercise'], parent: '/practice' }),

  main('/growingUp', 'growingUp', 'page.growingUp', { permission: klass, redirect: '/growingUp/index' }),
  main('/growingUp/index', 'growingUpIndex', 'page.growingUpIndex', { permission: klass, parent: '/growingUp' }),
  main('/growingUp/detailGrouing', 'growingUpDetail', 'page.growingUpDetail', { permission: klass, parent: '/growingUp' }),

  main('/lcwAts', 'lcwAts', 'page.lcwAts', { permission: ['lcw'], redirect: '/lcwAts/index' }),
  main('/lcwAts/index', 'lcwIndex', 'page.lcwIndex', { permission: ['lcw'], parent: '/lcwAts' }),
  main('/lcwAts/newSetUp', 'lcwNewSetUp', 'page.lcwNewSetUp', { permission: ['lcw'], parent: '/lcwAts' }),
  main('/lcwAts/particularsLcw', 'particularsLcw', 'page.lcwParticulars', { permission: ['lcw'], parent: '/lcwAts' }),
  main('/lcwAts/studentViewing', 'studentViewing', 'page.lcwStudentViewing', { permission: ['lcw'], parent: '/lcwAts' }),
  main('/lcwAts/examineLcw', 'examineLcw', 'page.lcwExamine', { permission: ['lcw'], parent: '/lcwAts' }),

  main('/requireWork', 'requireWork', 'page.requireWork', { permission: klass, redirect: '/requireWork/index' }),
  main('/requireWork/index', 'requireWorkIndex', 'page.requireWork', { permission: klass, parent: '/requireWork' }),

  main('/enrollment', 'enrollment', 'page.enrollment', { permission: ['admissions'], redirect: '/enrollment/index' }),
  main('/enrollment/index', 'enrollmentIndex', 'page.enrollmentIndex', { permission: ['admissions'], parent: '/enrollment' }),
  main('/enrollment/details', 'enrollmentDetails', 'page.enrollmentDetails', { permission: ['admissions'], parent: '/enrollment' }),

  main('/correctRemark', 'correctRemark', 'page.correctRemark', { permission: task }),
];

export const HOME_PATH = '/teacherIndex';
export const LOGIN_PATH = '/user/login';
export const NOT_FOUND_PATH = '/404';
export const FORBIDDEN_PATH = '/exception/403';
export const EXPIRED_PATH = '/expired';

const byPath = new Map(ROUTES.map((r) => [r.path.toLowerCase(), r]));

/** Finds a route by path, ignoring a trailing slash and letter case (old links mix cases). */
export function findRoute(path: string): RouteDef | undefined {
  const clean = path.replace(/\/+$/, '') || '/';
  return byPath.get(clean.toLowerCase());
}

/** Breadcrumb trail from home to the route. */
export function breadcrumbTrail(route: RouteDef): RouteDef[] {
  const trail: RouteDef[] = [];
  let current: RouteDef | undefined = route;
  while (current) {
    trail.unshift(current);
    current = current.parent ? findRoute(current.parent) : undefined;
  }
  return trail;
}
