import { sql } from 'drizzle-orm';
import { boolean, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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

// ---------------------------------------------------------------------------------------------
// Issue 3: semesters, classes, students, parents, textbooks, prompt bank, tasks, scoring standards.
// ---------------------------------------------------------------------------------------------

const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A school's semester: school year (e.g. 2025 = 2025–2026) and term 1 (first) or 2 (second). */
export const semesters = pgTable(
  'semesters',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull().references(() => schools.id),
    year: integer('year').notNull(),
    term: integer('term').notNull(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    isCurrent: boolean('is_current').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('semesters_unique').on(t.schoolId, t.year, t.term)],
);

export const classes = pgTable(
  'classes',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull().references(() => schools.id),
    campusId: integer('campus_id').notNull().references(() => campuses.id),
    semesterId: integer('semester_id').notNull().references(() => semesters.id),
    name: text('name').notNull(),
    /** 1–9, then 10–12 for senior high 1–3. */
    grade: integer('grade').notNull(),
    /** Main teacher: a teacher identity of the same school. */
    mainTeacherId: integer('main_teacher_id').references(() => identities.id),
    classDate: date('class_date', { mode: 'string' }),
    startTime: text('start_time'),
    endTime: text('end_time'),
    /** Code students type (or scan) to join the class on the H5 page. */
    classCode: text('class_code').notNull(),
    /** 'zhipi' = created in the product (sync never touches it), 'sync' = from the basic-data platform. */
    source: text('source').notNull().default('zhipi'),
    externalId: text('external_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('classes_school_idx').on(t.schoolId, t.semesterId),
    uniqueIndex('classes_code_key').on(t.classCode),
    uniqueIndex('classes_external_key').on(t.schoolId, t.externalId).where(sql`${t.externalId} is not null`),
  ],
);

/** Teachers bound to a class besides its main teacher (mSchoolClassTeacher/binding). */
export const classTeachers = pgTable(
  'class_teachers',
  {
    classId: integer('class_id').notNull().references(() => classes.id),
    identityId: integer('identity_id').notNull().references(() => identities.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.classId, t.identityId] }), index('class_teachers_identity_idx').on(t.identityId)],
);

export const students = pgTable(
  'students',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull().references(() => schools.id),
    classId: integer('class_id').notNull().references(() => classes.id),
    name: text('name').notNull(),
    /** 1 male, 2 female, 0 not given. */
    gender: integer('gender').notNull().default(0),
    /** Student id: at most 4 digits, unique in the class (spec §3, §9). */
    studentNo: text('student_no').notNull(),
    /** Unique identification number, unique in the school when given. */
    identificationNo: text('identification_no'),
    phone: text('phone'),
    source: text('source').notNull().default('zhipi'),
    externalId: text('external_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('students_class_idx').on(t.classId),
    uniqueIndex('students_no_key').on(t.classId, t.studentNo).where(sql`${t.deletedAt} is null`),
    uniqueIndex('students_ident_key').on(t.schoolId, t.identificationNo).where(sql`${t.deletedAt} is null and ${t.identificationNo} is not null`),
    uniqueIndex('students_external_key').on(t.schoolId, t.externalId).where(sql`${t.externalId} is not null`),
  ],
);

export const parents = pgTable(
  'parents',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull().references(() => schools.id),
    studentId: integer('student_id').notNull().references(() => students.id),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    relation: text('relation').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('parents_student_idx').on(t.studentId)],
);

export const textbooks = pgTable(
  'textbooks',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    publisher: text('publisher').notNull(),
    subject: text('subject').notNull(),
    grade: integer('grade').notNull(),
    /** 1 first volume (上册), 2 second volume (下册). */
    term: integer('term').notNull(),
  },
  (t) => [uniqueIndex('textbooks_unique').on(t.publisher, t.subject, t.grade, t.term)],
);

export const classTextbooks = pgTable(
  'class_textbooks',
  {
    classId: integer('class_id').notNull().references(() => classes.id),
    textbookId: integer('textbook_id').notNull().references(() => textbooks.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.classId, t.textbookId] })],
);

/** The prompt bank: public rows (school and owner null) and teachers' personal rows. */
export const writingSources = pgTable(
  'writing_sources',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').references(() => schools.id),
    ownerIdentityId: integer('owner_identity_id').references(() => identities.id),
    /** Stable key of a seeded public prompt, so seeding is idempotent. */
    seedKey: text('seed_key').unique(),
    copiedFromId: integer('copied_from_id'),
    title: text('title').notNull(),
    theme: text('theme').notNull(),
    topic: text('topic').notNull(),
    /** Genre value of the `genre` dictionary. */
    type: text('type').notNull(),
    grade: integer('grade').notNull(),
    unit: integer('unit'),
    term: integer('term'),
    requirements: text('requirements').array().notNull().default(sql`'{}'::text[]`),
    guidance: text('guidance').notNull().default(''),
    material: text('material').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('writing_sources_owner_idx').on(t.ownerIdentityId), index('writing_sources_grade_idx').on(t.grade, t.unit)],
);

/** mScoringLevel: score type 1–4, comma-joined dimensions, difficulty 0 normal / 1 hard. */
export const scoringStandards = pgTable('scoring_standards', {
  id: serial('id').primaryKey(),
  /** Null for the product's default standard. */
  schoolId: integer('school_id').references(() => schools.id),
  ownerIdentityId: integer('owner_identity_id').references(() => identities.id),
  name: text('name').notNull(),
  levelType: integer('level_type').notNull(),
  levelDim: text('level_dim').notNull(),
  difficulty: integer('difficulty').notNull().default(0),
  isDefault: boolean('is_default').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull().references(() => schools.id),
    title: text('title').notNull(),
    /** textbookUnit | fiveFourUnit | selfSet */
    type: text('type').notNull(),
    genre: text('genre').notNull(),
    grade: integer('grade').notNull(),
    unit: integer('unit'),
    semesterId: integer('semester_id').references(() => semesters.id),
    /** easy | normal | hard */
    difficulty: text('difficulty').notNull().default('normal'),
    material: text('material').notNull().default(''),
    requirements: text('requirements').array().notNull().default(sql`'{}'::text[]`),
    guidance: text('guidance').notNull().default(''),
    sourceId: integer('source_id').references(() => writingSources.id),
    releaseAt: timestamp('release_at', { withTimezone: true }).notNull(),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    /** Regular publishing: released by the background job (or lazily on read) at releaseAt. */
    scheduled: boolean('scheduled').notNull().default(false),
    /** scheduled | released */
    status: text('status').notNull().default('released'),
    /** Rating type: the scoring standard id. */
    scoringStandardId: integer('scoring_standard_id').references(() => scoringStandards.id),
    creatorIdentityId: integer('creator_identity_id').notNull().references(() => identities.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('tasks_school_idx').on(t.schoolId, t.releaseAt), index('tasks_scheduled_idx').on(t.status, t.releaseAt)],
);

export const taskClasses = pgTable(
  'task_classes',
  {
    taskId: integer('task_id').notNull().references(() => tasks.id),
    classId: integer('class_id').notNull().references(() => classes.id),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.classId] }), index('task_classes_class_idx').on(t.classId)],
);

/** mTeacherScoreConfig: which scoring standard and full mark apply per school campus and key. */
export const teacherScoreConfigs = pgTable(
  'teacher_score_configs',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull().references(() => schools.id),
    campusId: integer('campus_id').notNull().references(() => campuses.id),
    key: text('key').notNull(),
    scoringStandardId: integer('scoring_standard_id').references(() => scoringStandards.id),
    fullMark: integer('full_mark').notNull().default(100),
    updatedByIdentityId: integer('updated_by_identity_id').references(() => identities.id),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('teacher_score_configs_unique').on(t.schoolId, t.campusId, t.key)],
);

/** One row per class sync run with its report (what the sync created, updated, removed). */
export const classSyncRuns = pgTable('class_sync_runs', {
  id: serial('id').primaryKey(),
  schoolId: integer('school_id').notNull().references(() => schools.id),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  report: jsonb('report'),
  error: text('error'),
});

// Issues 4 and 5: stored files, essays and their pages, batch uploads, background jobs, AI corrections.

/** A stored file: content-addressed (sha256) per school, bytes kept behind the storage interface. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey(),
    schoolId: integer('school_id').notNull().references(() => schools.id),
    sha256: text('sha256').notNull(),
    /** Key in the storage backend (folder under DATA_DIR, or S3-compatible object storage). */
    storageKey: text('storage_key').notNull(),
    /** Sniffed from the content, never trusted from the name: image/jpeg, image/png, image/webp, application/pdf, application/zip. */
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    originalName: text('original_name'),
    createdByIdentityId: integer('created_by_identity_id').references(() => identities.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('files_school_sha_key').on(t.schoolId, t.sha256)],
);

/**
 * One student's essay for one task and draft (0 first, 1 revised 1, 2 revised 2). Status follows
 * spec §4: submitted → awaiting_ai → ai_running → ai_done → approved, or abnormal; revision_requested
 * when the teacher asks for a revised draft. "Not submitted" is the absence of a row.
 */
export const essays = pgTable(
  'essays',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull().references(() => schools.id),
    taskId: integer('task_id').notNull().references(() => tasks.id),
    classId: integer('class_id').notNull().references(() => classes.id),
    studentId: integer('student_id').notNull().references(() => students.id),
    draft: integer('draft').notNull().default(0),
    /** submitted | abnormal | awaiting_ai | ai_running | ai_done | approved | revision_requested */
    status: text('status').notNull().default('submitted'),
    /** single | batch | phone */
    source: text('source').notNull(),
    /** Abnormal flag codes of src/correction/flags.ts with their evidence. */
    flags: jsonb('flags').notNull().default(sql`'[]'::jsonb`),
    /** The teacher chose to correct an abnormal essay anyway (results may be less accurate). */
    insistCorrect: boolean('insist_correct').notNull().default(false),
    wordCount: integer('word_count'),
    aiScore: text('ai_score'),
    teacherScore: text('teacher_score'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    auditAt: timestamp('audit_at', { withTimezone: true }),
    submittedByIdentityId: integer('submitted_by_identity_id').references(() => identities.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('essays_task_student_draft_key').on(t.taskId, t.studentId, t.draft).where(sql`${t.deletedAt} is null`),
    index('essays_task_class_idx').on(t.taskId, t.classId),
    // leaders' dashboards pick up changed essays by this (essay_facts refresh)
    index('essays_school_updated_idx').on(t.schoolId, t.updatedAt),
  ],
);

/** The pages of an essay, in the teacher's order, each with its clockwise rotation. */
export const essayPages = pgTable(
  'essay_pages',
  {
    id: serial('id').primaryKey(),
    essayId: integer('essay_id').notNull().references(() => essays.id),
    fileId: uuid('file_id').notNull().references(() => files.id),
    pageNo: integer('page_no').notNull(),
    /** 0, 90, 180 or 270. */
    rotation: integer('rotation').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('essay_pages_essay_idx').on(t.essayId, t.pageNo)],
);

/** A batch PDF or ZIP upload for one task and class, split and matched in the background. */
export const batchUploads = pgTable('batch_uploads', {
  id: uuid('id').primaryKey(),
  schoolId: integer('school_id').notNull().references(() => schools.id),
  taskId: integer('task_id').notNull().references(() => tasks.id),
  classId: integer('class_id').notNull().references(() => classes.id),
  /** pdf | zip */
  kind: text('kind').notNull(),
  fileId: uuid('file_id').notNull().references(() => files.id),
  /** queued | running | done | failed */
  status: text('status').notNull().default('queued'),
  progress: integer('progress').notNull().default(0),
  totalPages: integer('total_pages'),
  error: text('error'),
  createdByIdentityId: integer('created_by_identity_id').notNull().references(() => identities.id),
  createdAt: createdAt(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/** Every page (or ZIP entry) of a batch and where it went: matched, grouped, unmatched or rejected. */
export const batchPages = pgTable(
  'batch_pages',
  {
    id: serial('id').primaryKey(),
    batchId: uuid('batch_id').notNull().references(() => batchUploads.id),
    pageNo: integer('page_no').notNull(),
    entryName: text('entry_name'),
    fileId: uuid('file_id').references(() => files.id),
    /** pending | matched | grouped | unmatched | rejected */
    state: text('state').notNull().default('pending'),
    /** qr | ocr | filename | manual */
    matchMethod: text('match_method'),
    confidence: text('confidence'),
    studentId: integer('student_id').references(() => students.id),
    essayId: integer('essay_id').references(() => essays.id),
    /** Top candidates for a page the teacher assigns by hand: [{ studentId, name, score }]. */
    candidates: jsonb('candidates').notNull().default(sql`'[]'::jsonb`),
    /** Why a page was rejected or left unmatched, in words for the teacher. */
    reason: text('reason'),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('batch_pages_batch_page_key').on(t.batchId, t.pageNo)],
);

/**
 * Background jobs (AI correction, batch splitting): claimed with FOR UPDATE SKIP LOCKED under a
 * lease, so a killed worker's job is taken again; retried with backoff up to maxAttempts.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    /** Jobs with the same key are not queued twice while one is pending or running. */
    dedupeKey: text('dedupe_key'),
    /** queued | running | done | failed */
    status: text('status').notNull().default('queued'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** Due jobs are claimed highest first (then by runAt): background work (the seeded demo essays) is below 0, so it never delays what a teacher waits for. */
    priority: integer('priority').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    progress: integer('progress').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_claim_idx').on(t.status, t.runAt),
    uniqueIndex('jobs_dedupe_key').on(t.dedupeKey).where(sql`${t.status} in ('queued', 'running')`),
  ],
);

/** The AI's full correction of an essay (replaced as a whole by a re-run; teacher edits live elsewhere). */
export const corrections = pgTable('corrections', {
  essayId: integer('essay_id')
    .primaryKey()
    .references(() => essays.id),
  /** queued | running | done | failed */
  status: text('status').notNull().default('queued'),
  attempts: integer('attempts').notNull().default(0),
  transcript: text('transcript'),
  /** The whole result of correctEssay/correctText (analysis, scores, comments, notes, flags, OCR boxes). */
  result: jsonb('result'),
  /** local | model name */
  engine: text('engine'),
  error: text('error'),
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  updatedAt: updatedAt(),
});

// Issue 6: teacher review, revised drafts, comment library, students' notifications.

/**
 * The teacher's side of an essay's correction (never touched by an AI re-run except on a confirmed
 * overwrite): corrected transcript, teacher comment, per-dimension scores, sentence annotations, approval.
 */
export const essayReviews = pgTable('essay_reviews', {
  essayId: integer('essay_id')
    .primaryKey()
    .references(() => essays.id),
  /** The transcript as corrected by the teacher; null while the AI's OCR text stands. */
  transcript: text('transcript'),
  teacherComment: text('teacher_comment').notNull().default(''),
  /** [{ id, value }] per dimension of the task's scoring standard, in the task's score type. */
  dimensionScores: jsonb('dimension_scores').notNull().default(sql`'[]'::jsonb`),
  /** Teacher's sentence annotations: [{ id, start, end, excerpt, text, kind }] on the transcript. */
  annotations: jsonb('annotations').notNull().default(sql`'[]'::jsonb`),
  updatedByIdentityId: integer('updated_by_identity_id').references(() => identities.id),
  approvedByIdentityId: integer('approved_by_identity_id').references(() => identities.id),
  approvedAt: timestamp('approved_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A teacher's request that a student resubmit (spec §4 Resubmission). */
export const revisionRequests = pgTable(
  'revision_requests',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull().references(() => schools.id),
    essayId: integer('essay_id').notNull().references(() => essays.id),
    taskId: integer('task_id').notNull().references(() => tasks.id),
    classId: integer('class_id').notNull().references(() => classes.id),
    studentId: integer('student_id').notNull().references(() => students.id),
    /** keep: the current essay stays for comparison; discard: the current essay and comment are dropped. */
    mode: text('mode').notNull(),
    message: text('message').notNull().default(''),
    /** pending | cancelled | fulfilled */
    status: text('status').notNull().default('pending'),
    /** The draft number the student's next upload becomes. */
    nextDraft: integer('next_draft').notNull(),
    requestedByIdentityId: integer('requested_by_identity_id').notNull().references(() => identities.id),
    createdAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    fulfilledByEssayId: integer('fulfilled_by_essay_id').references(() => essays.id),
  },
  (t) => [
    index('revision_requests_task_idx').on(t.taskId, t.classId),
    uniqueIndex('revision_requests_pending_key').on(t.taskId, t.studentId).where(sql`${t.status} = 'pending'`),
  ],
);

/** Comment library (spec §3): public comments (school null, owner null) and each teacher's own. */
export const libraryComments = pgTable(
  'library_comments',
  {
    id: serial('id').primaryKey(),
    /** null for the public library shipped with the product */
    schoolId: integer('school_id').references(() => schools.id),
    /** null for public comments; the teacher identity for "mine" */
    ownerIdentityId: integer('owner_identity_id').references(() => identities.id),
    /** positive | reverse */
    kind: text('kind').notNull(),
    /** scoring dimension id (src/correction dimensions) or 'overall' */
    dimension: text('dimension').notNull().default('overall'),
    /** narrative | argumentative | expository | practical | any */
    genre: text('genre').notNull().default('any'),
    /** one of the core comments teachers reach for first */
    core: boolean('core').notNull().default(false),
    tags: jsonb('tags').notNull().default(sql`'[]'::jsonb`),
    text: text('text').notNull(),
    /** stable key of a seeded public comment (upserted at start) */
    seedKey: text('seed_key'),
    useCount: integer('use_count').notNull().default(0),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('library_comments_owner_idx').on(t.ownerIdentityId),
    uniqueIndex('library_comments_seed_key').on(t.seedKey),
  ],
);

/** Notifications to a student, shown on the H5 class pages (resubmission requests, reminders, approvals). */
export const studentNotifications = pgTable(
  'student_notifications',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull().references(() => schools.id),
    studentId: integer('student_id').notNull().references(() => students.id),
    /** revision | reminder | approved | revision_cancelled */
    kind: text('kind').notNull(),
    taskId: integer('task_id').references(() => tasks.id),
    essayId: integer('essay_id').references(() => essays.id),
    message: text('message').notNull(),
    isRead: integer('is_read').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('student_notifications_student_idx').on(t.studentId, t.isRead)],
);

// Issue 7: SSO partners (partner portals that sign their users in and embed zhipi's elements).

/** A configured SSO partner: its HMAC secret for launches, its endpoints, the origins allowed to embed. */
export const ssoPartners = pgTable('sso_partners', {
  /** the partner id the partner's server sends (e.g. hzy, gz, tianyu, demo) */
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** hzy | gz | tianyu | launch: how the partner's entry route validates its users */
  kind: text('kind').notNull(),
  schoolId: integer('school_id').notNull().references(() => schools.id),
  /** HMAC-SHA256 secret shared with the partner's server (launch signatures) */
  secret: text('secret').notNull(),
  /** base URL of the partner's ticket/user validation endpoints */
  endpoint: text('endpoint'),
  /** origins allowed to embed the elements and call the API from the browser (CORS) */
  allowedOrigins: jsonb('allowed_origins').notNull().default(sql`'[]'::jsonb`),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: createdAt(),
});

/** Which zhipi identity a partner's user maps to. */
export const ssoUserLinks = pgTable(
  'sso_user_links',
  {
    partnerId: text('partner_id').notNull().references(() => ssoPartners.id),
    externalUserId: text('external_user_id').notNull(),
    identityId: integer('identity_id').notNull().references(() => identities.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.externalUserId] })],
);

/** Used launch nonces: a launch is single-use; rows older than their expiry may be purged. */
export const ssoLaunchNonces = pgTable(
  'sso_launch_nonces',
  {
    partnerId: text('partner_id').notNull().references(() => ssoPartners.id),
    nonce: text('nonce').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.nonce] })],
);

// ---------------------------------------------------------------------------------------------
// Issue 16 (report): class report settings and the parents' report links.
// ---------------------------------------------------------------------------------------------

/** Which class-report sections a teacher includes (tasks/getTeacherReportConfig), per identity. */
export const reportConfigs = pgTable('report_configs', {
  identityId: integer('identity_id')
    .primaryKey()
    .references(() => identities.id),
  /** simple | full */
  mode: text('mode').notNull().default('simple'),
  /** section keys of the full report the teacher keeps (core/api/contracts/class-report.ts) */
  sections: text('sections').array().notNull(),
  updatedAt: updatedAt(),
});

/**
 * A parent's link to one student's report: the QR code carries `<id>.<HMAC(secret, id:nonce)>`, so it
 * cannot be derived from the student id; revoked by the teacher, expires at the end of the semester.
 */
export const parentReportLinks = pgTable(
  'parent_report_links',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull().references(() => schools.id),
    studentId: integer('student_id').notNull().references(() => students.id),
    nonce: text('nonce').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdByIdentityId: integer('created_by_identity_id').notNull().references(() => identities.id),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('parent_report_links_student_idx').on(t.studentId)],
);

// ── security (#12): rate limits shared by every server process; pages a student's re-submission replaced ──

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

/** The pages an essay had before a phone re-submission replaced them (kept, the teacher is told). */
export const essayPageVersions = pgTable(
  'essay_page_versions',
  {
    id: serial('id').primaryKey(),
    essayId: integer('essay_id').notNull().references(() => essays.id),
    /** file ids of the replaced pages, in page order */
    fileIds: jsonb('file_ids').$type<string[]>().notNull(),
    /** how the replaced pages had come in (single | batch | phone) */
    source: text('source').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    replacedAt: createdAt(),
  },
  (t) => [index('essay_page_versions_essay_idx').on(t.essayId)],
);

/** How often a school's teachers used a library comment: public comments are counted per school, never across schools. */
export const libraryCommentUses = pgTable(
  'library_comment_uses',
  {
    commentId: integer('comment_id').notNull().references(() => libraryComments.id),
    schoolId: integer('school_id').notNull().references(() => schools.id),
    uses: integer('uses').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.schoolId] })],
);

// Issue 18: excellent sample essays (优秀范文): proposals, editing, review (exCheck), publication, likes.

/**
 * An approved essay proposed as an excellent sample. Status (spec §4): to_release (待发布) →
 * published (已发布); a campus-wide publication passes through checking (exCheck) first. Visible
 * scope class | grade | campus, never wider than the campus of the essay's class.
 */
export const excellentSamples = pgTable(
  'excellent_samples',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull().references(() => schools.id),
    campusId: integer('campus_id').notNull().references(() => campuses.id),
    classId: integer('class_id').notNull().references(() => classes.id),
    grade: integer('grade').notNull(),
    taskId: integer('task_id').notNull().references(() => tasks.id),
    essayId: integer('essay_id').notNull().references(() => essays.id),
    studentId: integer('student_id').notNull().references(() => students.id),
    /** to_release | checking | published */
    status: text('status').notNull().default('to_release'),
    reason: text('reason').notNull().default(''),
    title: text('title').notNull(),
    /** A page of the essay or an uploaded image (files of the same school). */
    coverFileId: uuid('cover_file_id').references(() => files.id),
    abstract: text('abstract').notNull().default(''),
    aiReview: text('ai_review').notNull().default(''),
    /** 名师点评: the famous-teacher evaluation. */
    teacherEvaluation: text('teacher_evaluation').notNull().default(''),
    /** class | grade | campus */
    scope: text('scope').notNull().default('class'),
    /** Name shown in full inside the class, initials beyond it; false = anonymous everywhere. */
    showName: boolean('show_name').notNull().default(true),
    genre: text('genre').notNull(),
    themes: text('themes').array().notNull().default(sql`'{}'::text[]`),
    /** [{ start, end, excerpt, note }] UTF-16 offsets into the essay's transcript. */
    highlights: jsonb('highlights').notNull().default(sql`'[]'::jsonb`),
    featured: boolean('featured').notNull().default(false),
    likeCount: integer('like_count').notNull().default(0),
    checkNote: text('check_note'),
    proposedByIdentityId: integer('proposed_by_identity_id').notNull().references(() => identities.id),
    checkedByIdentityId: integer('checked_by_identity_id').references(() => identities.id),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('excellent_samples_essay_key').on(t.essayId).where(sql`${t.deletedAt} is null`),
    index('excellent_samples_school_idx').on(t.schoolId, t.campusId, t.status),
    index('excellent_samples_student_idx').on(t.studentId),
    index('excellent_samples_task_idx').on(t.taskId, t.classId),
  ],
);

/** One like per reader and sample: `identity:<id>` for signed-in users, `h5:<device key hash>` for phones. */
export const excellentSampleLikes = pgTable(
  'excellent_sample_likes',
  {
    sampleId: integer('sample_id').notNull().references(() => excellentSamples.id),
    readerKey: text('reader_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.sampleId, t.readerKey] })],
);
// School leaders' area (#15): one summary row per live essay for the headmaster dashboards, kept
// current from essays.updated_at (services/leaders/essay-facts.ts), so every figure is one SQL
// aggregate over indexed columns instead of reading corrections' JSON for the whole school.

/** What the dashboards read of an essay: where it belongs, its times, percents and problem kinds. */
export const essayFacts = pgTable(
  'essay_facts',
  {
    essayId: integer('essay_id').primaryKey().references(() => essays.id),
    schoolId: integer('school_id').notNull().references(() => schools.id),
    campusId: integer('campus_id').notNull(),
    semesterId: integer('semester_id').notNull(),
    grade: integer('grade').notNull(),
    classId: integer('class_id').notNull(),
    taskId: integer('task_id').notNull(),
    studentId: integer('student_id').notNull(),
    /** the task's creator: the teacher who assigned it and reviews its essays */
    teacherId: integer('teacher_id').notNull(),
    /** who approved it (null until approved) */
    approverId: integer('approver_id'),
    draft: integer('draft').notNull(),
    /** the student's latest live draft of the task */
    isLatest: boolean('is_latest').notNull().default(true),
    status: text('status').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /** the AI's result stands (statistics' AI_SCORED with a finished correction) */
    aiDone: boolean('ai_done').notNull(),
    aiPercent: doublePrecision('ai_percent'),
    teacherPercent: doublePrecision('teacher_percent'),
    /** teacher's if approved, else the AI's */
    finalPercent: doublePrecision('final_percent'),
    /** approved with a total different from the AI's, and by how many percent points (teacher − AI) */
    scoreChanged: boolean('score_changed').notNull().default(false),
    scoreDelta: doublePrecision('score_delta'),
    wordCount: integer('word_count'),
    /** teacher comment written (1/0) and sentence annotations the teacher added */
    commented: integer('commented').notNull().default(0),
    annotations: integer('annotations').notNull().default(0),
    /** { dimensionId: percent } */
    dimensions: jsonb('dimensions').notNull().default(sql`'{}'::jsonb`),
    /** problem kinds of the class statistics (wrongChar, punctuation, …) */
    problems: text('problems').array().notNull().default(sql`'{}'::text[]`),
    /** essays.updated_at this row was built from */
    sourceAt: timestamp('source_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('essay_facts_scope_idx').on(t.schoolId, t.semesterId, t.campusId, t.grade, t.classId),
    index('essay_facts_teacher_idx').on(t.schoolId, t.semesterId, t.teacherId),
    index('essay_facts_task_student_idx').on(t.taskId, t.studentId, t.draft),
  ],
);

/** Per school: the essays.updated_at up to which essay_facts is current. */
export const essayFactsWatermarks = pgTable('essay_facts_watermarks', {
  schoolId: integer('school_id').primaryKey().references(() => schools.id),
  watermark: timestamp('watermark', { withTimezone: true }).notNull(),
});
// Issue 17: student growth records (written when an essay is approved, removed when approval is cancelled).

/**
 * What an approved essay adds to its student's growth record, taken at approval time (teacher scores
 * as percents, the AI's wrong characters, the teacher's good sentences and comment), so a profile of
 * hundreds of essays is read from one narrow table instead of the correction results.
 */
export const growthEntries = pgTable(
  'growth_entries',
  {
    essayId: integer('essay_id')
      .primaryKey()
      .references(() => essays.id),
    schoolId: integer('school_id').notNull().references(() => schools.id),
    studentId: integer('student_id').notNull().references(() => students.id),
    classId: integer('class_id').notNull().references(() => classes.id),
    semesterId: integer('semester_id').notNull().references(() => semesters.id),
    taskId: integer('task_id').notNull().references(() => tasks.id),
    taskTitle: text('task_title').notNull(),
    draft: integer('draft').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    approvedAt: timestamp('approved_at', { withTimezone: true }).notNull(),
    wordCount: integer('word_count').notNull().default(0),
    /** the teacher's total as stored (a number or a level label) */
    score: text('score'),
    /** the teacher's total on the 0-100 scale (teacher-percent.ts) */
    scorePercent: integer('score_percent'),
    /** [{ id, percent }] per scoring dimension, on the 0-100 scale */
    dimensions: jsonb('dimensions').notNull().default(sql`'[]'::jsonb`),
    /** [{ wrong, fix }] wrong characters the correction found */
    wrongChars: jsonb('wrong_chars').notNull().default(sql`'[]'::jsonb`),
    /** [{ excerpt, text }] sentences the teacher marked good */
    goodSentences: jsonb('good_sentences').notNull().default(sql`'[]'::jsonb`),
    teacherComment: text('teacher_comment').notNull().default(''),
    /** the approved transcript: a later essay that writes a wrong character's fix shows it fixed */
    transcript: text('transcript').notNull().default(''),
  },
  (t) => [index('growth_entries_student_idx').on(t.studentId, t.semesterId, t.submittedAt)],
);

/** One student's growth record per semester (spec §3), recomputed from growth_entries on every change. */
export const growthRecords = pgTable(
  'growth_records',
  {
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    semesterId: integer('semester_id')
      .notNull()
      .references(() => semesters.id),
    schoolId: integer('school_id').notNull().references(() => schools.id),
    tasksCompleted: integer('tasks_completed').notNull().default(0),
    essaysSubmitted: integer('essays_submitted').notNull().default(0),
    totalWords: integer('total_words').notNull().default(0),
    averagePercent: integer('average_percent'),
    lastApprovedAt: timestamp('last_approved_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.semesterId] }), index('growth_records_semester_idx').on(t.semesterId, t.schoolId)],
);
export * from './schema-lcw';
export * from './schema-enrollment';
export * from './schema-security';
export * from './schema-practice';
