import { and, eq, sql } from 'drizzle-orm';
import { GRADES } from '../../core/constants';
import { gradeLabel } from '../../core/domain/grades';
import type { Executor } from '../db/database';
import { dictItems, menus, permissions, rolePermissions, roles, schoolVersions } from '../db/schema';
import { seedTeachingReference } from './teaching';

const ALL = ['add', 'delete', 'edit', 'query', 'get', 'enable', 'disable', 'import', 'export'];
const READ = ['query', 'get', 'export'];

export const ROLES = [
  { id: 2, nameZh: '教师', nameEn: 'Teacher' },
  { id: 3, nameZh: '班级相关角色', nameEn: 'Class staff' },
  { id: 6, nameZh: '校长', nameEn: 'Headmaster' },
  { id: 7, nameZh: '校长（正职）', nameEn: 'Principal' },
];

export const PERMISSIONS = [
  { id: 'workbench', nameZh: '教师首页', nameEn: 'Teacher home' },
  { id: 'class', nameZh: '班级管理', nameEn: 'Classes' },
  { id: 'task', nameZh: '作文管理', nameEn: 'Essays' },
  { id: 'taskBasis', nameZh: '布置作文', nameEn: 'Assign essays' },
  { id: 'exercise', nameZh: '练习作业', nameEn: 'Practice' },
  { id: 'headmaster', nameZh: '校长驾驶舱', nameEn: 'Headmaster dashboard' },
  { id: 'lcw', nameZh: '礼仪测试', nameEn: 'Etiquette test' },
  { id: 'admissions', nameZh: '招生信息', nameEn: 'Enrollment' },
  // leaders (product-rules.md#school-leaders): basic-data maintenance changes the school's campuses, semesters and teachers, so only role 6 holds it
  { id: 'foundation', nameZh: '基础数据维护', nameEn: 'Basic data maintenance' },
];

/** Which permission ids (and actions) each role holds; the spec leaves the exact mapping to us (product-rules.md#roles). */
export const ROLE_PERMISSIONS: { roleId: number; permissionId: string; actions: string[] }[] = [
  ...['workbench', 'class', 'task', 'taskBasis', 'exercise'].map((p) => ({ roleId: 2, permissionId: p, actions: ALL })),
  { roleId: 3, permissionId: 'class', actions: ALL },
  { roleId: 3, permissionId: 'task', actions: READ },
  { roleId: 6, permissionId: 'headmaster', actions: ALL },
  { roleId: 6, permissionId: 'class', actions: READ },
  { roleId: 6, permissionId: 'foundation', actions: ALL },
  { roleId: 7, permissionId: 'headmaster', actions: READ },
  // lcw/admissions (product-rules.md#practice): teachers and class staff give etiquette tests to their classes; the headmaster runs
  // them school-wide and the school office's enrollment (admissions); the principal reads and exports both.
  { roleId: 2, permissionId: 'lcw', actions: ALL },
  { roleId: 3, permissionId: 'lcw', actions: ALL },
  { roleId: 6, permissionId: 'lcw', actions: ALL },
  { roleId: 6, permissionId: 'admissions', actions: ALL },
  { roleId: 7, permissionId: 'lcw', actions: READ },
  { roleId: 7, permissionId: 'admissions', actions: READ },
];

/** Side menu entries; `notShown` entries stay routable but out of the menu (product-rules.md#screens). */
export const MENUS = [
  { key: 'headmaster', permissionId: 'headmaster', titleZh: '校长首页', titleEn: 'Headmaster home', path: '/headmaster', icon: 'dashboard', sort: 5 },
  { key: 'teachingAdmin', permissionId: 'headmaster', titleZh: '教学管理', titleEn: 'Teaching admin', path: '/teachingAdmin', icon: 'bar-chart', sort: 6 },
  // leaders (product-rules.md#school-leaders): the 教学管理 sub-menu (parentKey); the principal (role 7) lacks `foundation`, so gets no maintenance entry
  { key: 'taStudentNum', parentKey: 'teachingAdmin', permissionId: 'headmaster', titleZh: '学生数据', titleEn: 'Student data', path: '/teachingAdmin/studentNum', icon: 'team', sort: 601 },
  { key: 'taGrade', parentKey: 'teachingAdmin', permissionId: 'headmaster', titleZh: '年级数据', titleEn: 'Grade data', path: '/teachingAdmin/grade', icon: 'bar-chart', sort: 602 },
  { key: 'taTeacherNum', parentKey: 'teachingAdmin', permissionId: 'headmaster', titleZh: '教师数据', titleEn: 'Teacher data', path: '/teachingAdmin/teacherNum', icon: 'solution', sort: 603 },
  { key: 'taDetailGrouing', parentKey: 'teachingAdmin', permissionId: 'headmaster', titleZh: '成长档案详情', titleEn: 'Growth details', path: '/teachingAdmin/detailGrouing', icon: 'rise', sort: 604 },
  { key: 'taFoundation', parentKey: 'teachingAdmin', permissionId: 'foundation', titleZh: '基础数据维护', titleEn: 'Basic data', path: '/teachingAdmin/foundation', icon: 'database', sort: 605 },
  { key: 'teacherIndex', permissionId: 'workbench', titleZh: '首页', titleEn: 'Home', path: '/teacherIndex', icon: 'home', sort: 10 },
  { key: 'homework', permissionId: 'task', titleZh: '作文管理', titleEn: 'Essays', path: '/homework', icon: 'file-text', sort: 20 },
  { key: 'correctRemark', permissionId: 'task', titleZh: '批阅要求', titleEn: 'Review requirements', path: '/correctRemark', icon: 'audit', sort: 25, notShown: true },
  { key: 'class', permissionId: 'class', titleZh: '班级管理', titleEn: 'Classes', path: '/class', icon: 'team', sort: 30 },
  { key: 'excellentArticle', permissionId: 'class', titleZh: '优秀范文', titleEn: 'Sample essays', path: '/excellentArticle', icon: 'star', sort: 40 },
  { key: 'growingUp', permissionId: 'class', titleZh: '成长档案', titleEn: 'Growth profiles', path: '/growingUp', icon: 'rise', sort: 50 },
  { key: 'requireWork', permissionId: 'class', titleZh: '作文题库', titleEn: 'Question bank', path: '/requireWork/index', icon: 'database', sort: 60 },
  { key: 'practice', permissionId: 'exercise', titleZh: '练习作业', titleEn: 'Practice', path: '/practice', icon: 'edit', sort: 70 },
  { key: 'lcwAts', permissionId: 'lcw', titleZh: '礼仪测试', titleEn: 'Etiquette test', path: '/lcwAts', icon: 'safety', sort: 80 },
  { key: 'enrollment', permissionId: 'admissions', titleZh: '招生信息', titleEn: 'Enrollment', path: '/enrollment', icon: 'solution', sort: 90 },
];


/** Code lists served by dictDetail (product-rules.md#entities, #limits). */
export const DICTIONARY: { dictName: string; labelZh: string; labelEn: string; value: string }[] = [
  ...GRADES.map((g) => ({ dictName: 'grade', labelZh: gradeLabel(g, 'zh'), labelEn: gradeLabel(g, 'en'), value: String(g) })),
  ...[
    ['narrative', '记叙文', 'Narrative'],
    ['argumentative', '议论文', 'Argumentative'],
    ['expository', '说明文', 'Expository'],
    ['practical', '应用文', 'Practical writing'],
    ['prose', '散文', 'Prose'],
    ['imaginative', '想象作文', 'Imaginative'],
  ].map(([value, labelZh, labelEn]) => ({ dictName: 'genre', labelZh: labelZh!, labelEn: labelEn!, value: value! })),
  ...[
    ['easy', '简单（日常练习）', 'Easy (daily practice)'],
    ['normal', '普通（作业）', 'Normal (homework)'],
    ['hard', '困难（测验或考试）', 'Hard (tests or exams)'],
  ].map(([value, labelZh, labelEn]) => ({ dictName: 'difficulty', labelZh: labelZh!, labelEn: labelEn!, value: value! })),
  ...[
    ['1', 'A/B/C 等级', 'A/B/C grade'],
    ['2', '优/良/中/差', 'Excellent/good/medium/poor'],
    ['3', '分数', 'Score'],
    ['4', '传统文字等级', 'Traditional text grade'],
  ].map(([value, labelZh, labelEn]) => ({ dictName: 'scoreType', labelZh: labelZh!, labelEn: labelEn!, value: value! })),
  ...[
    ['textbookUnit', '教材单元作文', 'Textbook unit essay'],
    ['fiveFourUnit', '五四制单元作文', 'Five-four-system unit essay'],
    ['selfSet', '自命题作文', 'Self-set essay'],
  ].map(([value, labelZh, labelEn]) => ({ dictName: 'taskType', labelZh: labelZh!, labelEn: labelEn!, value: value! })),
  { dictName: 'schoolTerm', labelZh: '上学期', labelEn: 'First term', value: '1' },
  { dictName: 'schoolTerm', labelZh: '下学期', labelEn: 'Second term', value: '2' },
];

/** Product reference data (roles, permissions, menus, versions, code lists); safe to run at every start. */
export async function seedReferenceData(db: Executor): Promise<void> {
  await db.insert(schoolVersions).values([{ id: 1, name: '标准版' }, { id: 2, name: '基础版' }]).onConflictDoNothing();
  await db.insert(roles).values(ROLES).onConflictDoUpdate({ target: roles.id, set: { nameZh: sql`excluded.name_zh`, nameEn: sql`excluded.name_en` } });
  await db.insert(permissions).values(PERMISSIONS).onConflictDoUpdate({ target: permissions.id, set: { nameZh: sql`excluded.name_zh`, nameEn: sql`excluded.name_en` } });
  await db.insert(rolePermissions).values(ROLE_PERMISSIONS).onConflictDoUpdate({ target: [rolePermissions.roleId, rolePermissions.permissionId], set: { actions: sql`excluded.actions` } });
  // A grant taken out of ROLE_PERMISSIONS is withdrawn at the next start, not left in older databases.
  const granted = new Set(ROLE_PERMISSIONS.map((g) => `${g.roleId}:${g.permissionId}`));
  for (const g of await db.select().from(rolePermissions)) {
    if (!granted.has(`${g.roleId}:${g.permissionId}`)) await db.delete(rolePermissions).where(and(eq(rolePermissions.roleId, g.roleId), eq(rolePermissions.permissionId, g.permissionId)));
  }
  await db
    .insert(menus)
    .values(MENUS.map((m) => ({ ...m, notShown: m.notShown ?? false, parentKey: m.parentKey ?? null })))
    .onConflictDoUpdate({
      target: menus.key,
      set: { permissionId: sql`excluded.permission_id`, parentKey: sql`excluded.parent_key`, titleZh: sql`excluded.title_zh`, titleEn: sql`excluded.title_en`, path: sql`excluded.path`, icon: sql`excluded.icon`, sort: sql`excluded.sort`, notShown: sql`excluded.not_shown` },
    });
  await db
    .insert(dictItems)
    .values(DICTIONARY.map((d, i) => ({ ...d, sort: i })))
    .onConflictDoUpdate({ target: [dictItems.dictName, dictItems.value], set: { labelZh: sql`excluded.label_zh`, labelEn: sql`excluded.label_en` } });
  await seedTeachingReference(db);
}
