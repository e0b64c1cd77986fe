import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { campuses, departments, identities, roles, schools, users } from '../db/schema';

/** An identity joined with what the session and the role chooser show about it. */
export interface IdentityView {
  id: number;
  userId: number;
  schoolId: number;
  schoolName: string;
  roleId: number;
  roleNameZh: string;
  roleNameEn: string;
  teacherName: string;
  departmentName: string | null;
  campusName: string | null;
  isSchoolTeacher: boolean;
  teacherVersion: number;
  ssoSource: string | null;
}

/** Columns of an IdentityView; the joins they need are identities → schools, roles, departments, campuses. */
export const identityViewColumns = {
  id: identities.id,
  userId: identities.userId,
  schoolId: identities.schoolId,
  schoolName: schools.name,
  roleId: identities.roleId,
  roleNameZh: roles.nameZh,
  roleNameEn: roles.nameEn,
  teacherName: identities.teacherName,
  departmentName: departments.name,
  campusName: campuses.name,
  isSchoolTeacher: identities.isSchoolTeacher,
  teacherVersion: identities.teacherVersion,
  ssoSource: identities.ssoSource,
};

function base(db: Executor) {
  return db
    .select(identityViewColumns)
    .from(identities)
    .innerJoin(schools, eq(schools.id, identities.schoolId))
    .innerJoin(roles, eq(roles.id, identities.roleId))
    .leftJoin(departments, eq(departments.id, identities.departmentId))
    .leftJoin(campuses, eq(campuses.id, identities.campusId));
}

/** SQL for identities (teacher / department / role name per school). */
export const identitiesRepo = {
  listForUser(db: Executor, userId: number): Promise<IdentityView[]> {
    return base(db).where(eq(identities.userId, userId)).orderBy(asc(identities.id));
  },
  async findForUser(db: Executor, userId: number, identityId: number): Promise<IdentityView | undefined> {
    const [row] = await base(db).where(and(eq(identities.userId, userId), eq(identities.id, identityId)));
    return row;
  },
  /** An identity whose user is not disabled (the reader a bound file link was issued to). */
  async findActive(db: Executor, identityId: number): Promise<IdentityView | undefined> {
    const [row] = await base(db).innerJoin(users, eq(users.id, identities.userId)).where(and(eq(identities.id, identityId), eq(users.disabled, false)));
    return row;
  },
  async create(db: Executor, values: typeof identities.$inferInsert) {
    const [row] = await db.insert(identities).values(values).returning();
    return row!;
  },
};
