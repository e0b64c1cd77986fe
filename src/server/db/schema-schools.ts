import { boolean, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './schema-columns';

/** Schools, their versions, campuses, departments and the dictionary. */

export const schoolVersions = pgTable('school_versions', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

export const schools = pgTable('schools', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** School category (0/1 regular schools; other values: institutions with a reduced landing). */
  category: integer('category').notNull().default(0),
  /** schoolCategory of product-rules.md#entities (2, 3 or other change styling). */
  styleCategory: integer('style_category').notNull().default(1),
  schoolType: integer('school_type').notNull().default(1),
  versionId: integer('version_id').notNull().references(() => schoolVersions.id),
  /** 0 active, 1 expired (product-rules.md#states: expired leaves only /expired). */
  limitStatus: integer('limit_status').notNull().default(0),
  limitExpiresAt: timestamp('limit_expires_at', { withTimezone: true }),
  isSynchronizationSchool: boolean('is_synchronization_school').notNull().default(false),
  limitationAi: boolean('limitation_ai').notNull().default(false),
  wxChat: text('wx_chat'),
  logoutUrl: text('logout_url'),
  titlePrefix: text('title_prefix'),
  /** Secret a teacher types to register into this school. */
  registerCode: text('register_code').unique(),
  createdAt: createdAt(),
});

export const campuses = pgTable('campuses', {
  id: serial('id').primaryKey(),
  schoolId: integer('school_id').notNull().references(() => schools.id),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

export const departments = pgTable('departments', {
  id: serial('id').primaryKey(),
  schoolId: integer('school_id').notNull().references(() => schools.id),
  campusId: integer('campus_id').references(() => campuses.id),
  name: text('name').notNull(),
});

export const dictItems = pgTable(
  'dict_items',
  {
    id: serial('id').primaryKey(),
    dictName: text('dict_name').notNull(),
    labelZh: text('label_zh').notNull(),
    labelEn: text('label_en').notNull(),
    value: text('value').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('dict_items_unique').on(t.dictName, t.value)],
);
