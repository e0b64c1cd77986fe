import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, date } from 'drizzle-orm/pg-core';
import { schools } from './schema-schools';
import { identities } from './schema-accounts';

// Enrollment information (招生信息, /enrollment): notices the school publishes and the registrations
// parents send from the notice's public H5 form. An ID number is never stored in clear: a keyed hash
// for the duplicate check and a masked form for the office's views.

const at = (name: string) => timestamp(name, { withTimezone: true });

export const enrollmentNotices = pgTable(
  'enrollment_notices',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull().references(() => schools.id),
    createdBy: integer('created_by').notNull().references(() => identities.id),
    title: text('title').notNull(),
    /** Grades taken in (1–12). */
    grades: jsonb('grades').$type<number[]>().notNull(),
    places: integer('places').notNull(),
    /** Registration window. */
    opensAt: at('opens_at').notNull(),
    closesAt: at('closes_at').notNull(),
    requirements: text('requirements').notNull().default(''),
    contact: text('contact').notNull().default(''),
    /** draft | published | closed (closed: the form refuses, the office keeps working). */
    status: text('status').$type<'draft' | 'published' | 'closed'>().notNull().default('draft'),
    /** Unguessable key in the public form's URL (a draft or another school's notice cannot be reached by id). */
    publicKey: text('public_key').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    deletedAt: at('deleted_at'),
  },
  (t) => [index('enrollment_notices_school_idx').on(t.schoolId), uniqueIndex('enrollment_notices_key').on(t.publicKey)],
);

export type RegistrationStatus = 'new' | 'contacted' | 'admitted' | 'declined';

export const enrollmentRegistrations = pgTable(
  'enrollment_registrations',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull().references(() => schools.id),
    noticeId: integer('notice_id').notNull().references(() => enrollmentNotices.id),
    childName: text('child_name').notNull(),
    /** 1 male, 2 female. */
    gender: integer('gender').notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    grade: integer('grade').notNull(),
    guardianName: text('guardian_name').notNull(),
    relation: text('relation').notNull(),
    phone: text('phone').notNull(),
    /** HMAC of the normalised ID number with the server secret: equal numbers match, the number cannot be read back. */
    idHash: text('id_hash').notNull(),
    /** e.g. 110105********1234 */
    idMasked: text('id_masked').notNull(),
    currentSchool: text('current_school').notNull().default(''),
    address: text('address').notNull().default(''),
    remark: text('remark').notNull().default(''),
    status: text('status').$type<RegistrationStatus>().notNull().default('new'),
    /** The office's notes, newest last: who changed the status, when, and why. */
    history: jsonb('history').$type<{ status: RegistrationStatus; note: string; by: string; at: string }[]>().notNull().default([]),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('enrollment_registrations_notice_idx').on(t.noticeId, t.status),
    // Duplicate checks (also enforced here, so two parallel submissions cannot both pass).
    uniqueIndex('enrollment_registrations_id_once').on(t.noticeId, t.idHash),
    uniqueIndex('enrollment_registrations_phone_child_once').on(t.noticeId, t.phone, t.childName),
  ],
);
