import { and, asc, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { preparedPerDatabase } from './prepared-per-database';
import { campuses, classes, classTeachers, identities, roles, semesters, users } from '../db/schema';

export type ClassRow = typeof classes.$inferSelect;
export type SemesterRow = typeof semesters.$inferSelect;

/** Rows of classes the identity teaches: main teacher or bound through class_teachers. */
export function taughtBy(identityId: number | typeof identities.id): SQL {
  return or(
    eq(classes.mainTeacherId, identityId),
    sql`exists (select 1 from class_teachers ct where ct.class_id = "classes"."id" and ct.identity_id = ${identityId})`,
  )!;
}

export interface ClassFilter {
  schoolId: number;
  /** Only classes this identity teaches (role 2). */
  teacherIdentityId?: number;
  campusId?: number;
  semesterId?: number;
  grade?: number;
  name?: string;
  ids?: number[];
}

function where(f: ClassFilter): SQL {
  const parts: SQL[] = [eq(classes.schoolId, f.schoolId), isNull(classes.deletedAt)];
  if (f.teacherIdentityId !== undefined) parts.push(taughtBy(f.teacherIdentityId));
  if (f.campusId !== undefined) parts.push(eq(classes.campusId, f.campusId));
  if (f.semesterId !== undefined) parts.push(eq(classes.semesterId, f.semesterId));
  if (f.grade !== undefined) parts.push(eq(classes.grade, f.grade));
  if (f.name) parts.push(ilike(classes.name, `%${f.name.replace(/[%_\\]/g, '\\$&')}%`));
  if (f.ids) parts.push(f.ids.length ? inArray(classes.id, f.ids) : sql`false`);
  return and(...parts)!;
}

// Subqueries name outer columns in full: drizzle leaves columns unqualified in single-table selects.
const studentCount = sql<number>`(select count(*)::int from students s where s.class_id = "classes"."id" and s.deleted_at is null)`;

const view = {
  cls: classes,
  campusName: campuses.name,
  semesterYear: semesters.year,
  semesterTerm: semesters.term,
  semesterNameZh: semesters.nameZh,
  semesterNameEn: semesters.nameEn,
  mainTeacherName: identities.teacherName,
  studentCount,
};
export type ClassViewRow = { cls: ClassRow; campusName: string; semesterYear: number; semesterTerm: number; semesterNameZh: string; semesterNameEn: string; mainTeacherName: string | null; studentCount: number };

/** SQL for classes, their bound teachers, semesters, campuses and the school's teacher identities. */
export const classesRepo = {
  async page(db: Executor, f: ClassFilter, pageNum: number, pageSize: number): Promise<{ rows: ClassViewRow[]; total: number }> {
    const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(classes).where(where(f));
    const rows = await db
      .select(view)
      .from(classes)
      .innerJoin(campuses, eq(campuses.id, classes.campusId))
      .innerJoin(semesters, eq(semesters.id, classes.semesterId))
      .leftJoin(identities, eq(identities.id, classes.mainTeacherId))
      .where(where(f))
      .orderBy(desc(semesters.year), desc(semesters.term), asc(classes.grade), asc(classes.name), asc(classes.id))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize);
    return { rows, total };
  },
  async find(db: Executor, f: ClassFilter & { id: number }): Promise<ClassViewRow | undefined> {
    const [row] = await db
      .select(view)
      .from(classes)
      .innerJoin(campuses, eq(campuses.id, classes.campusId))
      .innerJoin(semesters, eq(semesters.id, classes.semesterId))
      .leftJoin(identities, eq(identities.id, classes.mainTeacherId))
      .where(and(where(f), eq(classes.id, f.id)));
    return row;
  },
  /** Whether one class is live in the school and (a scoped teacher given) taught by them: every essay read checks it, so it is prepared. */
  async inScope(db: Executor, schoolId: number, teacherIdentityId: number | null, classId: number): Promise<boolean> {
    const [row] = await inScopeStatement(db).execute({ schoolId, teacher: teacherIdentityId, classId });
    return !!row;
  },
  /** Ids among `ids` that the filter allows (school, live, taught by). */
  async allowedIds(db: Executor, f: ClassFilter, ids: number[]): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await db.select({ id: classes.id }).from(classes).where(where({ ...f, ids }));
    return rows.map((r) => r.id);
  },
  brief(db: Executor, f: ClassFilter) {
    return db
      .select({ id: classes.id, name: classes.name, grade: classes.grade, campusId: classes.campusId, studentCount })
      .from(classes)
      .where(where(f))
      .orderBy(asc(classes.grade), asc(classes.name), asc(classes.id));
  },
  async teachersOf(db: Executor, classIds: number[]): Promise<Map<number, { id: number; name: string }[]>> {
    const out = new Map<number, { id: number; name: string }[]>();
    if (!classIds.length) return out;
    const rows = await db
      .select({ classId: classTeachers.classId, id: identities.id, name: identities.teacherName })
      .from(classTeachers)
      .innerJoin(identities, eq(identities.id, classTeachers.identityId))
      .where(inArray(classTeachers.classId, classIds))
      .orderBy(asc(classTeachers.createdAt), asc(identities.id));
    for (const r of rows) {
      const list = out.get(r.classId) ?? [];
      list.push({ id: r.id, name: r.name });
      out.set(r.classId, list);
    }
    return out;
  },
  async insert(db: Executor, values: typeof classes.$inferInsert): Promise<ClassRow> {
    const [row] = await db.insert(classes).values(values).returning();
    return row!;
  },
  async update(db: Executor, id: number, patch: Partial<typeof classes.$inferInsert>): Promise<void> {
    await db.update(classes).set({ ...patch, updatedAt: sql`now()` }).where(eq(classes.id, id));
  },
  async softDelete(db: Executor, id: number, at: Date): Promise<void> {
    await db.update(classes).set({ deletedAt: at, updatedAt: sql`now()` }).where(eq(classes.id, id));
  },
  async nameTaken(db: Executor, schoolId: number, campusId: number, semesterId: number, name: string, exceptId?: number): Promise<boolean> {
    const rows = await db
      .select({ id: classes.id })
      .from(classes)
      .where(and(eq(classes.schoolId, schoolId), eq(classes.campusId, campusId), eq(classes.semesterId, semesterId), eq(classes.name, name), isNull(classes.deletedAt)));
    return rows.some((r) => r.id !== exceptId);
  },
  async codeExists(db: Executor, code: string): Promise<boolean> {
    const rows = await db.select({ id: classes.id }).from(classes).where(eq(classes.classCode, code));
    return rows.length > 0;
  },
  async findByCode(db: Executor, code: string) {
    const [row] = await db.select().from(classes).where(and(eq(classes.classCode, code.toUpperCase()), isNull(classes.deletedAt)));
    return row;
  },
  async bind(db: Executor, classId: number, identityIds: number[]): Promise<void> {
    if (!identityIds.length) return;
    await db.insert(classTeachers).values(identityIds.map((identityId) => ({ classId, identityId }))).onConflictDoNothing();
  },
  async relieve(db: Executor, classId: number, identityId: number): Promise<number> {
    const rows = await db.delete(classTeachers).where(and(eq(classTeachers.classId, classId), eq(classTeachers.identityId, identityId))).returning();
    return rows.length;
  },

  // semesters
  semesters(db: Executor, schoolId: number): Promise<SemesterRow[]> {
    return db.select().from(semesters).where(eq(semesters.schoolId, schoolId)).orderBy(desc(semesters.isCurrent), desc(semesters.year), desc(semesters.term));
  },
  async semester(db: Executor, schoolId: number, id: number): Promise<SemesterRow | undefined> {
    const [row] = await db.select().from(semesters).where(and(eq(semesters.schoolId, schoolId), eq(semesters.id, id)));
    return row;
  },
  async currentSemester(db: Executor, schoolId: number): Promise<SemesterRow | undefined> {
    const [row] = await db.select().from(semesters).where(eq(semesters.schoolId, schoolId)).orderBy(desc(semesters.isCurrent), desc(semesters.year), desc(semesters.term)).limit(1);
    return row;
  },
  async insertSemester(db: Executor, values: typeof semesters.$inferInsert): Promise<SemesterRow | undefined> {
    const [row] = await db.insert(semesters).values(values).onConflictDoNothing().returning();
    return row;
  },
  async updateSemester(db: Executor, schoolId: number, id: number, patch: Partial<typeof semesters.$inferInsert>): Promise<SemesterRow | undefined> {
    const [row] = await db.update(semesters).set(patch).where(and(eq(semesters.schoolId, schoolId), eq(semesters.id, id))).returning();
    return row;
  },
  async clearCurrent(db: Executor, schoolId: number): Promise<void> {
    await db.update(semesters).set({ isCurrent: false }).where(eq(semesters.schoolId, schoolId));
  },

  // campuses
  campuses(db: Executor, schoolId: number, ids?: number[]) {
    return db
      .select({
        id: campuses.id,
        name: campuses.name,
        classCount: sql<number>`(select count(*)::int from classes c where c.campus_id = "campuses"."id" and c.deleted_at is null)`,
      })
      .from(campuses)
      .where(and(eq(campuses.schoolId, schoolId), ids ? (ids.length ? inArray(campuses.id, ids) : sql`false`) : undefined))
      .orderBy(asc(campuses.id));
  },
  async campus(db: Executor, schoolId: number, id: number) {
    const [row] = await db.select().from(campuses).where(and(eq(campuses.schoolId, schoolId), eq(campuses.id, id)));
    return row;
  },
  async campusIdsOfTeacher(db: Executor, identityId: number): Promise<number[]> {
    const rows = await db.selectDistinct({ id: classes.campusId }).from(classes).where(and(isNull(classes.deletedAt), taughtBy(identityId)));
    return rows.map((r) => r.id);
  },
  async insertCampus(db: Executor, schoolId: number, name: string) {
    const [row] = await db.insert(campuses).values({ schoolId, name }).returning();
    return row!;
  },
  async renameCampus(db: Executor, schoolId: number, id: number, name: string) {
    const [row] = await db.update(campuses).set({ name }).where(and(eq(campuses.schoolId, schoolId), eq(campuses.id, id))).returning();
    return row;
  },
  async deleteCampus(db: Executor, schoolId: number, id: number): Promise<number> {
    const rows = await db.delete(campuses).where(and(eq(campuses.schoolId, schoolId), eq(campuses.id, id))).returning();
    return rows.length;
  },
  async campusHasClasses(db: Executor, id: number): Promise<boolean> {
    const rows = await db.select({ id: classes.id }).from(classes).where(eq(classes.campusId, id)).limit(1);
    return rows.length > 0;
  },

  // teachers (identities of the school)
  teachers(db: Executor, schoolId: number, opts: { roleIds?: number[]; campusId?: number; name?: string; ids?: number[] } = {}) {
    return db
      .select({
        id: identities.id,
        name: identities.teacherName,
        username: users.username,
        phone: users.phone,
        roleId: identities.roleId,
        roleNameZh: roles.nameZh,
        roleNameEn: roles.nameEn,
        campusId: identities.campusId,
        campusName: campuses.name,
        classCount: sql<number>`(select count(*)::int from classes where classes.deleted_at is null and (classes.main_teacher_id = "identities"."id" or exists (select 1 from class_teachers ct where ct.class_id = classes.id and ct.identity_id = "identities"."id")))`,
      })
      .from(identities)
      .innerJoin(users, eq(users.id, identities.userId))
      .innerJoin(roles, eq(roles.id, identities.roleId))
      .leftJoin(campuses, eq(campuses.id, identities.campusId))
      .where(
        and(
          eq(identities.schoolId, schoolId),
          eq(users.disabled, false),
          opts.roleIds ? inArray(identities.roleId, opts.roleIds) : undefined,
          opts.campusId !== undefined ? eq(identities.campusId, opts.campusId) : undefined,
          opts.name ? ilike(identities.teacherName, `%${opts.name.replace(/[%_\\]/g, '\\$&')}%`) : undefined,
          opts.ids ? (opts.ids.length ? inArray(identities.id, opts.ids) : sql`false`) : undefined,
        ),
      )
      .orderBy(asc(identities.id));
  },
  async updateTeacher(db: Executor, schoolId: number, id: number, patch: { teacherName: string; campusId: number | null }) {
    const [row] = await db.update(identities).set(patch).where(and(eq(identities.schoolId, schoolId), eq(identities.id, id))).returning();
    return row;
  },
};

const inScopeStatement = preparedPerDatabase((db: Executor) => {
  const teacher = sql`${sql.placeholder('teacher')}::int`;
  return db
    .select({ id: classes.id })
    .from(classes)
    .where(
      and(
        eq(classes.id, sql`${sql.placeholder('classId')}::int`),
        eq(classes.schoolId, sql`${sql.placeholder('schoolId')}::int`),
        isNull(classes.deletedAt),
        sql`(${teacher} is null or ${classes.mainTeacherId} = ${teacher} or exists (select 1 from class_teachers ct where ct.class_id = "classes"."id" and ct.identity_id = ${teacher}))`,
      ),
    )
    .prepare('zp_class_in_scope');
});
