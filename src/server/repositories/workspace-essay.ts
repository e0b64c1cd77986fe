import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/database';
import { corrections, essayReviews, essays, identities, jobs, revisionRequests } from '../db/schema';
import { preparedPerDatabase } from './prepared-per-database';

const approver = alias(identities, 'approver');
const requester = alias(identities, 'requester');

/**
 * The correction screen's essay side in one prepared statement: the AI correction (correctionsRepo.get),
 * the teacher's review with the approver's name (reviewsRepo.get), the pending revised-draft request of the
 * student for the task with the requesting teacher's name and the essay's
 * latest job (latestJobByKey): four round trips per open before; no row when the essay is gone.
 */
export async function workspaceEssay(db: Executor, essayId: number, jobKey: string) {
  const [row] = await statement(db).execute({ essayId, jobKey });
  return row;
}

/** The query (placeholders essayId, jobKey); exported for the EXPLAIN tests. */
export const workspaceEssayQuery = (db: Executor) =>
  db
    .select({
      correction: corrections,
      review: essayReviews,
      approvedByName: approver.teacherName,
      revision: revisionRequests,
      requestedBy: requester.teacherName,
      job: jobs,
    })
    .from(essays)
    .leftJoin(corrections, eq(corrections.essayId, essays.id))
    .leftJoin(essayReviews, eq(essayReviews.essayId, essays.id))
    .leftJoin(approver, eq(approver.id, essayReviews.approvedByIdentityId))
    // one pending request per task and student (a unique index)
    .leftJoin(revisionRequests, and(eq(revisionRequests.taskId, essays.taskId), eq(revisionRequests.studentId, essays.studentId), eq(revisionRequests.status, 'pending')))
    .leftJoin(requester, eq(requester.id, revisionRequests.requestedByIdentityId))
    .leftJoin(jobs, eq(jobs.id, sql`(select j.id from jobs j where j.dedupe_key = ${sql.placeholder('jobKey')} order by j.id desc limit 1)`))
    .where(eq(essays.id, sql`${sql.placeholder('essayId')}::int`));
const statement = preparedPerDatabase((db: Executor) => workspaceEssayQuery(db).prepare('zp_workspace_essay'));
