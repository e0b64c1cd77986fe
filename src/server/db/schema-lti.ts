import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './schema-columns';
import { schools } from './schema-schools';
import { identities } from './schema-accounts';
import { classes, students } from './schema-classes';
import { tasks } from './schema-teaching';

/** LTI 1.3 (docs/lti.md): the platforms (LMSs) a school registered, zhipi's own keys, launches and their links. */

/** zhipi's RSA key pairs as an LTI tool: the newest signs, all are published in the tool JWKS. */
export const ltiToolKeys = pgTable('lti_tool_keys', {
  kid: text('kid').primaryKey(),
  /** the public key as a JWK (what the tool JWKS serves) */
  publicJwk: jsonb('public_jwk').notNull(),
  /** the private key, PKCS#8 PEM; never logged, never sent anywhere */
  privatePem: text('private_pem').notNull(),
  createdAt: createdAt(),
});

/** A platform (LMS) registered by a school: who it is (issuer + client id) and where to reach it. */
export const ltiPlatforms = pgTable(
  'lti_platforms',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull().references(() => schools.id),
    name: text('name').notNull(),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    /** deployment ids of this registration zhipi accepts (a launch naming another is refused) */
    deploymentIds: text('deployment_ids').array().notNull().default(sql`'{}'::text[]`),
    authLoginUrl: text('auth_login_url').notNull(),
    tokenUrl: text('token_url').notNull(),
    jwksUrl: text('jwks_url').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('lti_platforms_issuer_client_key').on(t.issuer, t.clientId), index('lti_platforms_school_idx').on(t.schoolId)],
);

/**
 * Login initiations and launch nonces, each usable once: `state` rows are written at login initiation and
 * claimed by the launch; `nonce` rows are the id_token nonces already seen. Shared by every process through the database.
 */
export const ltiOnceValues = pgTable(
  'lti_once_values',
  {
    /** 'state' | 'nonce' | 'handoff' */
    kind: text('kind').notNull(),
    /** the value itself (state, nonce) or the SHA-256 of a secret (handoff code) */
    value: text('value').notNull(),
    platformId: integer('platform_id').notNull().references(() => ltiPlatforms.id),
    /** what the value carries: the nonce of a state, the session to start for a handoff */
    data: jsonb('data').notNull().default(sql`'{}'::jsonb`),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.value] }), index('lti_once_values_expiry_idx').on(t.expiresAt)],
);

/** Which zhipi teacher identity a platform's user (its `sub`) is, linked at the first launch. */
export const ltiUserLinks = pgTable(
  'lti_user_links',
  {
    platformId: integer('platform_id').notNull().references(() => ltiPlatforms.id),
    sub: text('sub').notNull(),
    identityId: integer('identity_id').notNull().references(() => identities.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.platformId, t.sub] })],
);

/** Which zhipi student a platform's learner is in a class (launch, roster sync); AGS scores name the `sub`. */
export const ltiStudentLinks = pgTable(
  'lti_student_links',
  {
    platformId: integer('platform_id').notNull().references(() => ltiPlatforms.id),
    sub: text('sub').notNull(),
    classId: integer('class_id').notNull().references(() => classes.id),
    studentId: integer('student_id').notNull().references(() => students.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.platformId, t.sub, t.classId] }), index('lti_student_links_student_idx').on(t.studentId)],
);

/** A course (LTI context) of a platform mapped to a zhipi class, with its roster service URL. */
export const ltiContexts = pgTable(
  'lti_contexts',
  {
    id: serial('id').primaryKey(),
    platformId: integer('platform_id').notNull().references(() => ltiPlatforms.id),
    deploymentId: text('deployment_id').notNull(),
    contextId: text('context_id').notNull(),
    title: text('title').notNull().default(''),
    classId: integer('class_id').references(() => classes.id),
    /** NRPS context_memberships_url from the last launch; null when the platform offers none */
    membershipsUrl: text('memberships_url'),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('lti_contexts_key').on(t.platformId, t.deploymentId, t.contextId)],
);

/** A resource link placed by deep linking: which task (and class) it opens and the AGS line item scores go to. */
export const ltiResourceLinks = pgTable(
  'lti_resource_links',
  {
    id: serial('id').primaryKey(),
    platformId: integer('platform_id').notNull().references(() => ltiPlatforms.id),
    contextId: integer('context_id').notNull().references(() => ltiContexts.id),
    resourceLinkId: text('resource_link_id').notNull(),
    taskId: integer('task_id').notNull().references(() => tasks.id),
    classId: integer('class_id').notNull().references(() => classes.id),
    /** AGS line item URL; null when the platform gave none (no score passback) */
    lineitemUrl: text('lineitem_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('lti_resource_links_key').on(t.platformId, t.resourceLinkId), index('lti_resource_links_task_idx').on(t.taskId, t.classId)],
);
