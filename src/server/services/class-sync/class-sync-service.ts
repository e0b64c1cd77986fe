import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { SyncReport } from '../../../core/api/contracts/classes';
import type { Executor } from '../../db/database';
import { campuses, classSyncRuns, classes, identities, students, users } from '../../db/schema';
import { AppError, forbidden } from '../../errors';
import { classesRepo } from '../../repositories/classes';
import { can, isScopedTeacher } from '../access';
import type { AuthContext } from '../auth-context';
import { newClassCode } from '../class-service';
import type { ServiceDeps } from '../deps';
import { fetchBasicData, type BasicDataResponse } from './basic-data-client';

const GENDER = { male: 1, female: 2, unknown: 0 } as const;

/**
 * Upserts the synced classes and students of a school by external id. Classes created in zhipi
 * (source 'zhipi') are never read for changes nor written; synced classes and students missing from
 * the platform's answer are soft-deleted. A second run with the same data changes nothing.
 */
export async function applyBasicData(tx: Executor, schoolId: number, data: BasicDataResponse, now: Date): Promise<Omit<SyncReport, 'id' | 'startedAt' | 'finishedAt' | 'source'>> {
  const report = {
    classes: { created: 0, updated: 0, unchanged: 0, removed: 0 },
    students: { created: 0, updated: 0, unchanged: 0, removed: 0 },
    names: { classes: { created: [] as string[], updated: [] as string[], removed: [] as string[] }, students: { created: [] as string[], updated: [] as string[], removed: [] as string[] } },
    manualClassesUntouched: 0,
  };
  const semester = await classesRepo.currentSemester(tx, schoolId);
  if (!semester) throw new AppError(400, 'CLASS_SYNC_FAILED', 'class.syncFailed', { detail: 'no semester' }, { show: true });
  const schoolCampuses = await tx.select().from(campuses).where(eq(campuses.schoolId, schoolId));
  const teachers = await tx
    .select({ id: identities.id, phone: users.phone })
    .from(identities)
    .innerJoin(users, eq(users.id, identities.userId))
    .where(and(eq(identities.schoolId, schoolId), eq(identities.roleId, 2)));
  const local = await tx.select().from(classes).where(and(eq(classes.schoolId, schoolId), eq(classes.source, 'sync')));
  report.manualClassesUntouched = (await tx.select({ id: classes.id }).from(classes).where(and(eq(classes.schoolId, schoolId), eq(classes.source, 'zhipi'), isNull(classes.deletedAt)))).length;
  const byExternal = new Map(local.map((c) => [c.externalId, c]));
  const seenClassIds: number[] = [];

  for (const remote of data.classes) {
    const campusId = schoolCampuses.find((c) => c.name === remote.campus)?.id ?? schoolCampuses[0]?.id;
    if (!campusId) throw new AppError(400, 'CLASS_SYNC_FAILED', 'class.syncFailed', { detail: 'no campus' }, { show: true });
    const mainTeacherId = (remote.teacherPhone && teachers.find((t) => t.phone === remote.teacherPhone)?.id) || null;
    const wanted = { name: remote.name, grade: remote.grade, campusId, mainTeacherId };
    let row = byExternal.get(remote.id);
    if (!row) {
      row = await classesRepo.insert(tx, { ...wanted, schoolId, semesterId: semester.id, classCode: await newClassCode(tx), source: 'sync', externalId: remote.id });
      report.classes.created++;
      report.names.classes.created.push(remote.name);
    } else if (row.deletedAt || row.name !== wanted.name || row.grade !== wanted.grade || row.campusId !== wanted.campusId || row.mainTeacherId !== wanted.mainTeacherId) {
      await classesRepo.update(tx, row.id, { ...wanted, deletedAt: null });
      report.classes.updated++;
      report.names.classes.updated.push(remote.name);
    } else report.classes.unchanged++;
    seenClassIds.push(row.id);

    const localStudents = await tx.select().from(students).where(and(eq(students.schoolId, schoolId), eq(students.source, 'sync'), eq(students.classId, row.id)));
    const studentByExt = new Map(localStudents.map((s) => [s.externalId, s]));
    const seenStudents = new Set<string>();
    for (const rs of remote.students) {
      seenStudents.add(rs.id);
      const values = { name: rs.name, gender: GENDER[rs.gender], studentNo: rs.studentNo, identificationNo: rs.identificationNo ?? null, phone: rs.phone ?? null, classId: row.id };
      // A student may have moved between synced classes: look it up school-wide.
      let existing = studentByExt.get(rs.id);
      if (!existing) [existing] = await tx.select().from(students).where(and(eq(students.schoolId, schoolId), eq(students.externalId, rs.id)));
      const label = `${remote.name} / ${rs.name}`;
      if (!existing) {
        await tx.insert(students).values({ ...values, schoolId, source: 'sync', externalId: rs.id });
        report.students.created++;
        report.names.students.created.push(label);
      } else if (
        existing.deletedAt || existing.name !== values.name || existing.gender !== values.gender || existing.studentNo !== values.studentNo ||
        existing.identificationNo !== values.identificationNo || existing.phone !== values.phone || existing.classId !== values.classId
      ) {
        await tx.update(students).set({ ...values, deletedAt: null, updatedAt: now }).where(eq(students.id, existing.id));
        report.students.updated++;
        report.names.students.updated.push(label);
      } else report.students.unchanged++;
    }
    const gone = localStudents.filter((s) => !s.deletedAt && s.externalId && !seenStudents.has(s.externalId));
    if (gone.length) {
      await tx.update(students).set({ deletedAt: now }).where(inArray(students.id, gone.map((s) => s.id)));
      report.students.removed += gone.length;
      report.names.students.removed.push(...gone.map((s) => `${remote.name} / ${s.name}`));
    }
  }
  const removed = local.filter((c) => !c.deletedAt && !seenClassIds.includes(c.id));
  for (const c of removed) {
    await classesRepo.softDelete(tx, c.id, now);
    report.classes.removed++;
    report.names.classes.removed.push(c.name);
  }
  return report;
}

/** Runs a sync for the caller's school against the configured basic-data platform and records the report. */
export function classSyncService(deps: ServiceDeps) {
  const db = deps.db;
  const allowed = (auth: AuthContext) => (can(auth, 'class', 'edit') && !isScopedTeacher(auth)) || can(auth, 'headmaster', 'edit');
  return {
    configured: () => Boolean(deps.basicDataUrl),
    async run(auth: AuthContext): Promise<SyncReport> {
      if (!allowed(auth)) throw forbidden();
      const url = deps.basicDataUrl;
      if (!url) throw new AppError(400, 'CLASS_SYNC_NOT_CONFIGURED', 'class.syncNotConfigured', undefined, { show: true });
      const startedAt = deps.now();
      let data: BasicDataResponse;
      try {
        data = await fetchBasicData(url, auth.school.name);
      } catch (err) {
        const detail = err instanceof Error ? err.message : String(err);
        await db.insert(classSyncRuns).values({ schoolId: auth.school.id, startedAt, finishedAt: deps.now(), error: detail });
        throw new AppError(502, 'CLASS_SYNC_FAILED', 'class.syncFailed', { detail }, { show: true });
      }
      const body = await db.transaction((tx) => applyBasicData(tx, auth.school.id, data, startedAt));
      const finishedAt = deps.now();
      const [run] = await db.insert(classSyncRuns).values({ schoolId: auth.school.id, startedAt, finishedAt }).returning();
      const report: SyncReport = { id: run!.id, startedAt: startedAt.toISOString(), finishedAt: finishedAt.toISOString(), source: new URL(url).host, ...body };
      await db.update(classSyncRuns).set({ report }).where(eq(classSyncRuns.id, run!.id));
      return report;
    },
    async last(auth: AuthContext) {
      const [row] = await db
        .select()
        .from(classSyncRuns)
        .where(and(eq(classSyncRuns.schoolId, auth.school.id), isNull(classSyncRuns.error)))
        .orderBy(desc(classSyncRuns.id))
        .limit(1);
      return { report: (row?.report as SyncReport | undefined) ?? null, configured: Boolean(deps.basicDataUrl) };
    },
  };
}
