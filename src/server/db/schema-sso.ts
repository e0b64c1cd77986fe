import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './schema-columns';
import { schools } from './schema-schools';
import { identities } from './schema-accounts';

/** SSO partners (portals that sign their users in and embed zhipi's elements). */

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
