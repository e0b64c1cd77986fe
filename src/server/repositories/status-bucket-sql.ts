import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { statusesIn, type StatusBucket } from '../../core/tasks/status-buckets';

/** `column in (…statuses of the bucket)`: the core definition of a bucket, applied in SQL. */
export function inBucket(column: SQLWrapper | SQL.Aliased, bucket: StatusBucket): SQL {
  return sql`${column} in (${sql.join(statusesIn(bucket).map((s) => sql`${s}`), sql`, `)})`;
}

/** `column in (…statuses of any of the buckets)`. */
export function inBuckets(column: SQLWrapper | SQL.Aliased, buckets: readonly StatusBucket[]): SQL {
  return sql`${column} in (${sql.join(buckets.flatMap((b) => statusesIn(b)).map((s) => sql`${s}`), sql`, `)})`;
}
