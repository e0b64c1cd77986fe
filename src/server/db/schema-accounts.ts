import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './schema-columns';
import { campuses, departments, schools } from './schema-schools';

/** Accounts: users, roles and permissions, menus, identities, sessions, sign-in limits, SMS, staff notifications. */

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    realname: text('realname').notNull(),
    phone: text('phone'),
    avatar: text('avatar'),
    passwordHash: text('password_hash').notNull(),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    disabled: boolean('disabled').notNull().default(false),
    /** Identity last chosen, used as the default at the next sign-in. */
    lastIdentityId: integer('last_identity_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_username_key').on(sql`lower(${t.username})`), uniqueIndex('users_phone_key').on(t.phone)],
);

export const roles = pgTable('roles', {
  id: integer('id').primaryKey(),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
});

export const permissions = pgTable('permissions', {
  id: text('id').primaryKey(),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id').notNull().references(() => roles.id),
    permissionId: text('permission_id').notNull().references(() => permissions.id),
    actions: text('actions').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);

export const menus = pgTable('menus', {
  key: text('key').primaryKey(),
  permissionId: text('permission_id').notNull().references(() => permissions.id),
  parentKey: text('parent_key'),
  titleZh: text('title_zh').notNull(),
  titleEn: text('title_en').notNull(),
  path: text('path').notNull(),
  icon: text('icon').notNull(),
  sort: integer('sort').notNull(),
  notShown: boolean('not_shown').notNull().default(false),
});

/** A user's identity in a school: teacher / department / role name (product-rules.md#entities). */
export const identities = pgTable(
  'identities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id),
    schoolId: integer('school_id').notNull().references(() => schools.id),
    campusId: integer('campus_id').references(() => campuses.id),
    departmentId: integer('department_id').references(() => departments.id),
    roleId: integer('role_id').notNull().references(() => roles.id),
    teacherName: text('teacher_name').notNull(),
    isSchoolTeacher: boolean('is_school_teacher').notNull().default(true),
    teacherVersion: integer('teacher_version').notNull().default(1),
    /** Basic-data platform or SSO partner this identity was synced from; null for zhipi's own. */
    ssoSource: text('sso_source'),
    createdAt: createdAt(),
  },
  (t) => [index('identities_user_idx').on(t.userId), uniqueIndex('identities_unique').on(t.userId, t.schoolId, t.roleId)],
);

/** Revocable sessions: a token is valid only while its row is unrevoked and unexpired. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id),
    identityId: integer('identity_id').notNull().references(() => identities.id),
    via: text('via').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id),
    schoolId: integer('school_id').references(() => schools.id),
    kind: text('kind').notNull().default('system'),
    /** The text in Chinese as written (older clients, and what rows without a key show). */
    message: text('message').notNull(),
    /** The i18n catalogue key the text was written from, so the drawer shows it in the reader's language; null on older rows. */
    messageKey: text('message_key'),
    /** The key's parameters ({ title, count, … }). */
    messageParams: jsonb('message_params'),
    /** In-app path the notification opens (e.g. the correction screen of an essay); null for none. */
    link: text('link'),
    isRead: integer('is_read').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.isRead)],
);

/**
 * Failed sign-ins per account and per IP, kept in the database so limits survive restarts. A leaky
 * bucket: `failures` loses one every leak interval counted from `windowStart` (the time up to which
 * the leak has been applied), so the count is always that of the recent past, not of a window that
 * opened at the first failure.
 */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

export const captchas = pgTable('captchas', {
  id: uuid('id').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('sms_codes_phone_idx').on(t.phone, t.purpose)],
);

/** Development SMS sink: every message the dev provider "sends" lands here and in the log. */
export const smsOutbox = pgTable('sms_outbox', {
  id: serial('id').primaryKey(),
  phone: text('phone').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

export const passwordResets = pgTable('password_resets', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** AI review start delay per teacher identity (product-rules.md#entities "AI review delay setting"). */
export const autoCorrectionSettings = pgTable('auto_correction_settings', {
  identityId: integer('identity_id').primaryKey().references(() => identities.id),
  enabled: boolean('enabled').notNull().default(true),
  manual: integer('manual').notNull().default(0),
  waitSeconds: integer('wait_seconds').notNull().default(60),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
