import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Database schema. Change it here, then `npm run db:generate` writes the next numbered migration. */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const schoolVersions = pgTable('school_versions', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

export const schools = pgTable('schools', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** School category (0/1 regular schools; other values: institutions with a reduced landing). */
  category: integer('category').notNull().default(0),
  /** schoolCategory of spec §3 (2, 3 or other change styling). */
  styleCategory: integer('style_category').notNull().default(1),
  schoolType: integer('school_type').notNull().default(1),
  versionId: integer('version_id').notNull().references(() => schoolVersions.id),
  /** 0 active, 1 expired (spec §4: expired leaves only /expired). */
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

/** A user's identity in a school: teacher / department / role name (spec §3). */
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
    message: text('message').notNull(),
    isRead: integer('is_read').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.isRead)],
);

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

/** Failed sign-ins per account and per IP, kept in the database so limits survive restarts. */
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

/** AI review start delay per teacher identity (spec §3 "AI review delay setting"). */
export const autoCorrectionSettings = pgTable('auto_correction_settings', {
  identityId: integer('identity_id').primaryKey().references(() => identities.id),
  enabled: boolean('enabled').notNull().default(true),
  manual: integer('manual').notNull().default(0),
  waitSeconds: integer('wait_seconds').notNull().default(60),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
