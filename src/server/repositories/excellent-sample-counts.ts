import { sql, type SQL } from 'drizzle-orm';

/**
 * Times a student's essays of a semester were named excellent sample essays (spec §3 growth record).
 * The one place the growth records read it from. Sample essays (/excellentArticle, issue 18) have no
 * table in this schema yet, so no essay has been named one and the count is 0; once that table
 * exists this expression counts its rows for the student and semester, and every list, sort,
 * profile and export follows.
 */
export function excellentSampleCount(_studentId: SQL, _semesterId: SQL): SQL<number> {
  return sql<number>`0`;
}
