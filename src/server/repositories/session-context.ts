import { and, eq, getTableColumns, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { campuses, departments, identities, roles, schools, sessions, users } from '../db/schema';
import { identityViewColumns } from './identities';

/**
 * One query for everything a bearer token stands for: the live session, its user, the chosen
 * identity (with role, department and campus names), the school, and how many identities the
 * user has. Every authenticated request runs it, so it is a single round trip.
 */
function build(db: Executor) {
  return db
    .select({
      session: { id: sessions.id, via: sessions.via, expiresAt: sessions.expiresAt },
      user: getTableColumns(users),
      identity: identityViewColumns,
      school: getTableColumns(schools),
      identityCount: sql<number>`(select count(*)::int from ${identities} i2 where i2.user_id = ${users.id})`.mapWith(Number),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(identities, and(eq(identities.id, sessions.identityId), eq(identities.userId, sessions.userId)))
    .innerJoin(schools, eq(schools.id, identities.schoolId))
    .innerJoin(roles, eq(roles.id, identities.roleId))
    .leftJoin(departments, eq(departments.id, identities.departmentId))
    .leftJoin(campuses, eq(campuses.id, identities.campusId))
    .where(and(eq(sessions.id, sql.placeholder('id')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql.placeholder('now'))))
    .prepare('zp_session_context');
}

// Prepared once per database: the seven-table plan is the cost of every authenticated request.
const prepared = new WeakMap<object, ReturnType<typeof build>>();

export async function findSessionContext(db: Executor, sessionId: string, now: Date) {
  let statement = prepared.get(db);
  if (!statement) prepared.set(db, (statement = build(db)));
  const [row] = await statement.execute({ id: sessionId, now: now.toISOString() });
  return row;
}
