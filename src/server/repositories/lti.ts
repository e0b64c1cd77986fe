import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import {
  classes,
  essays,
  growthEntries,
  ltiContexts,
  ltiOnceValues,
  ltiPlatforms,
  ltiResourceLinks,
  ltiStudentLinks,
  ltiToolKeys,
  ltiUserLinks,
  students,
  taskClasses,
  tasks,
} from '../db/schema';

export type LtiPlatformRow = typeof ltiPlatforms.$inferSelect;
export type LtiContextRow = typeof ltiContexts.$inferSelect;
export type LtiResourceLinkRow = typeof ltiResourceLinks.$inferSelect;
export type LtiToolKeyRow = typeof ltiToolKeys.$inferSelect;
export type LtiOnceKind = 'state' | 'nonce' | 'handoff';

/** SQL of the LTI 1.3 tool: registrations, keys, single-use values, links, contexts and resource links. */
export const ltiRepo = {
  // ---- tool keys
  async newestKey(db: Executor): Promise<LtiToolKeyRow | undefined> {
    const [row] = await db.select().from(ltiToolKeys).orderBy(desc(ltiToolKeys.createdAt), desc(ltiToolKeys.kid)).limit(1);
    return row;
  },
  async publicKeys(db: Executor): Promise<{ kid: string; publicJwk: unknown }[]> {
    return db.select({ kid: ltiToolKeys.kid, publicJwk: ltiToolKeys.publicJwk }).from(ltiToolKeys).orderBy(ltiToolKeys.createdAt);
  },
  /** Stores a key pair unless another process stored one first (then that one is used). */
  async insertKeyIfNone(db: Executor, values: typeof ltiToolKeys.$inferInsert): Promise<void> {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('lti_tool_keys'))`);
      const [existing] = await tx.select({ kid: ltiToolKeys.kid }).from(ltiToolKeys).limit(1);
      if (!existing) await tx.insert(ltiToolKeys).values(values);
    });
  },

  // ---- platforms
  async platform(db: Executor, id: number): Promise<LtiPlatformRow | undefined> {
    const [row] = await db.select().from(ltiPlatforms).where(eq(ltiPlatforms.id, id));
    return row;
  },
  /** The enabled registration of an issuer; with a client id, that one (an issuer may register zhipi twice). */
  async platformsOfIssuer(db: Executor, issuer: string, clientId?: string): Promise<LtiPlatformRow[]> {
    const where = clientId ? and(eq(ltiPlatforms.issuer, issuer), eq(ltiPlatforms.clientId, clientId)) : eq(ltiPlatforms.issuer, issuer);
    return db.select().from(ltiPlatforms).where(and(where, eq(ltiPlatforms.enabled, true))).orderBy(ltiPlatforms.id);
  },
  listPlatforms(db: Executor, schoolId: number): Promise<LtiPlatformRow[]> {
    return db.select().from(ltiPlatforms).where(eq(ltiPlatforms.schoolId, schoolId)).orderBy(ltiPlatforms.id);
  },
  async insertPlatform(db: Executor, values: typeof ltiPlatforms.$inferInsert): Promise<LtiPlatformRow> {
    const [row] = await db.insert(ltiPlatforms).values(values).returning();
    return row!;
  },
  async updatePlatform(db: Executor, schoolId: number, id: number, patch: Partial<typeof ltiPlatforms.$inferInsert>, now: Date): Promise<LtiPlatformRow | undefined> {
    const [row] = await db
      .update(ltiPlatforms)
      .set({ ...patch, updatedAt: now })
      .where(and(eq(ltiPlatforms.id, id), eq(ltiPlatforms.schoolId, schoolId)))
      .returning();
    return row;
  },

  // ---- single-use values (state, nonce, handoff)
  async putOnce(db: Executor, kind: LtiOnceKind, value: string, platformId: number, data: object, expiresAt: Date): Promise<boolean> {
    const rows = await db.insert(ltiOnceValues).values({ kind, value, platformId, data, expiresAt }).onConflictDoNothing().returning({ v: ltiOnceValues.value });
    return rows.length > 0;
  },
  /** Marks an unexpired, unused value used and returns it; undefined when unknown, expired or used already. */
  async takeOnce(db: Executor, kind: LtiOnceKind, value: string, now: Date): Promise<{ platformId: number; data: unknown } | undefined> {
    const [row] = await db
      .update(ltiOnceValues)
      .set({ usedAt: now })
      .where(and(eq(ltiOnceValues.kind, kind), eq(ltiOnceValues.value, value), isNull(ltiOnceValues.usedAt), sql`${ltiOnceValues.expiresAt} > ${now}`))
      .returning({ platformId: ltiOnceValues.platformId, data: ltiOnceValues.data });
    return row;
  },
  /** An unexpired value without using it (the launch reads its state before the token is checked); usedAt says whether it was. */
  async peekOnce(db: Executor, kind: LtiOnceKind, value: string, now: Date): Promise<{ platformId: number; data: unknown; usedAt: Date | null } | undefined> {
    const [row] = await db
      .select({ platformId: ltiOnceValues.platformId, data: ltiOnceValues.data, usedAt: ltiOnceValues.usedAt })
      .from(ltiOnceValues)
      .where(and(eq(ltiOnceValues.kind, kind), eq(ltiOnceValues.value, value), sql`${ltiOnceValues.expiresAt} > ${now}`));
    return row;
  },
  async purgeOnce(db: Executor, now: Date): Promise<void> {
    await db.delete(ltiOnceValues).where(lt(ltiOnceValues.expiresAt, now));
  },

  // ---- teacher links
  async linkedIdentity(db: Executor, platformId: number, sub: string): Promise<number | undefined> {
    const [row] = await db.select({ id: ltiUserLinks.identityId }).from(ltiUserLinks).where(and(eq(ltiUserLinks.platformId, platformId), eq(ltiUserLinks.sub, sub)));
    return row?.id;
  },
  async linkIdentity(db: Executor, platformId: number, sub: string, identityId: number): Promise<void> {
    await db.insert(ltiUserLinks).values({ platformId, sub, identityId }).onConflictDoUpdate({ target: [ltiUserLinks.platformId, ltiUserLinks.sub], set: { identityId } });
  },

  // ---- student links
  async linkedStudent(db: Executor, platformId: number, sub: string, classId: number): Promise<number | undefined> {
    const [row] = await db
      .select({ id: ltiStudentLinks.studentId })
      .from(ltiStudentLinks)
      .innerJoin(students, eq(students.id, ltiStudentLinks.studentId))
      .where(and(eq(ltiStudentLinks.platformId, platformId), eq(ltiStudentLinks.sub, sub), eq(ltiStudentLinks.classId, classId), isNull(students.deletedAt)));
    return row?.id;
  },
  async linkStudent(db: Executor, platformId: number, sub: string, classId: number, studentId: number): Promise<void> {
    await db
      .insert(ltiStudentLinks)
      .values({ platformId, sub, classId, studentId })
      .onConflictDoUpdate({ target: [ltiStudentLinks.platformId, ltiStudentLinks.sub, ltiStudentLinks.classId], set: { studentId } });
  },
  /** The platform user id of a student in a class (the `userId` of an AGS score). */
  async subOfStudent(db: Executor, platformId: number, studentId: number, classId: number): Promise<string | undefined> {
    const [row] = await db
      .select({ sub: ltiStudentLinks.sub })
      .from(ltiStudentLinks)
      .where(and(eq(ltiStudentLinks.platformId, platformId), eq(ltiStudentLinks.studentId, studentId), eq(ltiStudentLinks.classId, classId)));
    return row?.sub;
  },
  /** Student numbers in use in a class (a new student gets the next free one). */
  async studentNos(db: Executor, classId: number): Promise<string[]> {
    const rows = await db.select({ no: students.studentNo }).from(students).where(and(eq(students.classId, classId), isNull(students.deletedAt)));
    return rows.map((r) => r.no);
  },
  async insertStudent(db: Executor, values: typeof students.$inferInsert): Promise<number> {
    const [row] = await db.insert(students).values(values).returning({ id: students.id });
    return row!.id;
  },
  async renameStudent(db: Executor, id: number, name: string, now: Date): Promise<void> {
    await db.update(students).set({ name, updatedAt: now }).where(eq(students.id, id));
  },
  async student(db: Executor, id: number) {
    const [row] = await db.select().from(students).where(eq(students.id, id));
    return row;
  },

  // ---- contexts
  async upsertContext(db: Executor, values: { platformId: number; deploymentId: string; contextId: string; title: string; membershipsUrl: string | null }, now: Date): Promise<LtiContextRow> {
    const [row] = await db
      .insert(ltiContexts)
      .values(values)
      .onConflictDoUpdate({
        target: [ltiContexts.platformId, ltiContexts.deploymentId, ltiContexts.contextId],
        set: { title: values.title, membershipsUrl: sql`coalesce(excluded.memberships_url, ${ltiContexts.membershipsUrl})`, updatedAt: now },
      })
      .returning();
    return row!;
  },
  async context(db: Executor, id: number): Promise<LtiContextRow | undefined> {
    const [row] = await db.select().from(ltiContexts).where(eq(ltiContexts.id, id));
    return row;
  },
  /** A school's LMS courses that are linked to a class, with the registration's name. */
  schoolContexts(db: Executor, schoolId: number) {
    return db
      .select({ id: ltiContexts.id, title: ltiContexts.title, classId: ltiContexts.classId, className: classes.name, membershipsUrl: ltiContexts.membershipsUrl, lastSyncedAt: ltiContexts.lastSyncedAt, platformName: ltiPlatforms.name })
      .from(ltiContexts)
      .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiContexts.platformId))
      .innerJoin(classes, eq(classes.id, ltiContexts.classId))
      .where(and(eq(ltiPlatforms.schoolId, schoolId), isNull(classes.deletedAt)))
      .orderBy(ltiContexts.id);
  },
  async setContextClass(db: Executor, id: number, classId: number, now: Date): Promise<void> {
    await db.update(ltiContexts).set({ classId, updatedAt: now }).where(eq(ltiContexts.id, id));
  },
  async markSynced(db: Executor, id: number, now: Date): Promise<void> {
    await db.update(ltiContexts).set({ lastSyncedAt: now }).where(eq(ltiContexts.id, id));
  },

  // ---- resource links
  async resourceLink(db: Executor, platformId: number, resourceLinkId: string): Promise<LtiResourceLinkRow | undefined> {
    const [row] = await db.select().from(ltiResourceLinks).where(and(eq(ltiResourceLinks.platformId, platformId), eq(ltiResourceLinks.resourceLinkId, resourceLinkId)));
    return row;
  },
  async resourceLinkById(db: Executor, id: number): Promise<LtiResourceLinkRow | undefined> {
    const [row] = await db.select().from(ltiResourceLinks).where(eq(ltiResourceLinks.id, id));
    return row;
  },
  async upsertResourceLink(db: Executor, values: typeof ltiResourceLinks.$inferInsert, now: Date): Promise<LtiResourceLinkRow> {
    const { platformId: _p, resourceLinkId: _r, ...set } = values;
    const [row] = await db
      .insert(ltiResourceLinks)
      .values(values)
      .onConflictDoUpdate({ target: [ltiResourceLinks.platformId, ltiResourceLinks.resourceLinkId], set: { ...set, updatedAt: now } })
      .returning();
    return row!;
  },
  /** Resource links of a task and class that carry a line item (where an approved score goes). */
  gradedLinks(db: Executor, taskId: number, classId: number): Promise<LtiResourceLinkRow[]> {
    return db
      .select()
      .from(ltiResourceLinks)
      .where(and(eq(ltiResourceLinks.taskId, taskId), eq(ltiResourceLinks.classId, classId), sql`${ltiResourceLinks.lineitemUrl} is not null`));
  },

  // ---- what a teacher can place, and what a score needs
  /** The live tasks a teacher created, with each class they were set for (the deep-linking picker). */
  teacherTaskClasses(db: Executor, schoolId: number, identityId: number) {
    return db
      .select({ taskId: tasks.id, title: tasks.title, grade: tasks.grade, classId: classes.id, className: classes.name })
      .from(tasks)
      .innerJoin(taskClasses, eq(taskClasses.taskId, tasks.id))
      .innerJoin(classes, eq(classes.id, taskClasses.classId))
      .where(and(eq(tasks.schoolId, schoolId), eq(tasks.creatorIdentityId, identityId), isNull(tasks.deletedAt), isNull(classes.deletedAt)))
      .orderBy(desc(tasks.id), classes.id)
      .limit(200);
  },
  async taskClass(db: Executor, schoolId: number, taskId: number, classId: number) {
    const [row] = await db
      .select({ taskId: tasks.id, title: tasks.title, creatorIdentityId: tasks.creatorIdentityId, classId: classes.id, classCode: classes.classCode })
      .from(tasks)
      .innerJoin(taskClasses, eq(taskClasses.taskId, tasks.id))
      .innerJoin(classes, eq(classes.id, taskClasses.classId))
      .where(and(eq(tasks.schoolId, schoolId), eq(tasks.id, taskId), eq(classes.id, classId), isNull(tasks.deletedAt)));
    return row;
  },
  async classOf(db: Executor, schoolId: number, classId: number) {
    const [row] = await db.select().from(classes).where(and(eq(classes.id, classId), eq(classes.schoolId, schoolId), isNull(classes.deletedAt)));
    return row;
  },
  /** An approved essay's score as the growth record holds it (0–100), with what the passback needs. */
  async approvedScore(db: Executor, essayId: number) {
    const [row] = await db
      .select({ essayId: essays.id, status: essays.status, taskId: essays.taskId, classId: essays.classId, studentId: essays.studentId, auditAt: essays.auditAt, scorePercent: growthEntries.scorePercent, comment: growthEntries.teacherComment })
      .from(essays)
      .leftJoin(growthEntries, eq(growthEntries.essayId, essays.id))
      .where(eq(essays.id, essayId));
    return row;
  },
};
