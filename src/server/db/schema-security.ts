import { integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { identities, schools, students } from './schema';

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
