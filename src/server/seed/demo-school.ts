import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { campuses, departments, notifications, schools } from '../db/schema';
import { hashPassword } from '../auth/password-hash';
import { identitiesRepo } from '../repositories/identities';
import { schoolsRepo } from '../repositories/schools';
import { usersRepo } from '../repositories/users';
import { seedDemoTeaching } from './teaching';

export const DEMO_PASSWORD = 'Zhipi@2026';

/** The demo accounts printed at start (issue: foundation, "Demo school seeded"). */
export const DEMO_ACCOUNTS = [
  { username: 'teacher01', realname: '王老师', phone: '13800000001', school: 'demo', roles: [2], note: 'teacher → /teacherIndex' },
  { username: 'classrole01', realname: '李老师', phone: '13800000002', school: 'demo', roles: [3], note: 'class staff → /class' },
  { username: 'headmaster01', realname: '张校长', phone: '13800000003', school: 'demo', roles: [6], note: 'headmaster → /headmaster' },
  { username: 'principal01', realname: '赵校长', phone: '13800000004', school: 'demo', roles: [7], note: 'principal → /headmaster' },
  { username: 'multi01', realname: '陈老师', phone: '13800000005', school: 'demo', roles: [2, 6], note: 'teacher + headmaster, chooses an identity' },
  { username: 'expired01', realname: '孙老师', phone: '13800000006', school: 'expired', roles: [2], note: 'school expired → /expired' },
  { username: 'teacherB01', realname: '周老师', phone: '13800000007', school: 'B', roles: [2], note: 'school B (isolation)' },
] as const;

export const DEMO_SCHOOLS = {
  demo: { name: '智批实验学校', registerCode: 'ZHIPI2026', limitStatus: 0, campus: '主校区' },
  expired: { name: '智批到期学校', registerCode: 'EXPIRED2026', limitStatus: 1, campus: '本部' },
  B: { name: '明德学校 (school B)', registerCode: 'SCHOOLB2026', limitStatus: 0, campus: '东校区' },
} as const;

const DEPT_BY_ROLE: Record<number, string> = { 2: '语文教研组', 3: '教务处', 6: '校长室', 7: '校长室' };

async function ensureSchool(db: Executor, key: keyof typeof DEMO_SCHOOLS) {
  const spec = DEMO_SCHOOLS[key];
  const existing = await schoolsRepo.findByName(db, spec.name);
  if (existing) return existing;
  const [school] = await db
    .insert(schools)
    .values({
      name: spec.name,
      registerCode: spec.registerCode,
      limitStatus: spec.limitStatus,
      limitExpiresAt: spec.limitStatus === 1 ? new Date(Date.now() - 86_400_000) : new Date(Date.now() + 365 * 86_400_000),
      versionId: 1,
    })
    .returning();
  await db.insert(campuses).values({ schoolId: school!.id, name: spec.campus });
  return school!;
}

async function ensureDepartment(db: Executor, schoolId: number, campusId: number | undefined, name: string) {
  const [found] = await db.select().from(departments).where(and(eq(departments.schoolId, schoolId), eq(departments.name, name)));
  if (found) return found;
  const [row] = await db.insert(departments).values({ schoolId, campusId, name }).returning();
  return row!;
}

/**
 * Seeds the demo school, an expired school and school B with the demo accounts. Idempotent: an
 * account that exists is left as it is (its password may have been changed on purpose).
 */
export async function seedDemoSchool(db: Executor): Promise<{ created: number }> {
  let created = 0;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const account of DEMO_ACCOUNTS) {
    if (await usersRepo.findByUsername(db, account.username)) continue;
    const school = await ensureSchool(db, account.school);
    const [campus] = await db.select().from(campuses).where(eq(campuses.schoolId, school.id));
    await db.transaction(async (tx) => {
      const user = await usersRepo.create(tx, { username: account.username, realname: account.realname, phone: account.phone, passwordHash });
      for (const roleId of account.roles) {
        const dept = await ensureDepartment(tx, school.id, campus?.id, DEPT_BY_ROLE[roleId]!);
        await identitiesRepo.create(tx, { userId: user.id, schoolId: school.id, campusId: campus?.id, departmentId: dept.id, roleId, teacherName: account.realname });
      }
      await tx.insert(notifications).values({ userId: user.id, schoolId: school.id, message: `欢迎使用智批作文智能批改教学平台，${account.realname}！`, messageKey: 'notify.welcome', messageParams: { name: account.realname } });
    });
    created++;
  }
  await seedDemoTeaching(db);
  return { created };
}
