import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { schools } from './schema-schools';
import { identities } from './schema-accounts';
import { students } from './schema-classes';

/**
 * A student's 学生码 generation. The code itself is derived (HMAC of the token secret, the student and
 * this version), so a teacher who resets it only bumps the version: the old code stops working at once
 * in every process, and a student without a row keeps version 0 (the code issued before resets existed).
 */
export const studentCodeVersions = pgTable('student_code_versions', {
  studentId: integer('student_id').primaryKey().references(() => students.id),
  schoolId: integer('school_id').notNull().references(() => schools.id),
  version: integer('version').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  resetByIdentityId: integer('reset_by_identity_id').notNull().references(() => identities.id),
});

/** Fixed-window hit counters (`h5:ip:<addr>`, `h5code:fail:<student>`…), counted with one upsert so processes share them. */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limit_counters_window_idx').on(t.windowStart)],
);

/**
 * Named leases shared by every process (e.g. `roster-import:<schoolId>`: one roster read per school at
 * a time, whichever server takes the upload). Taken with one upsert that succeeds only when the lease
 * is free or expired; an expiry frees the lease of a process that died holding it.
 */
export const leases = pgTable('leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
