import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { identities, ssoLaunchNonces, ssoPartners, ssoUserLinks } from '../db/schema';

export type SsoPartnerRow = typeof ssoPartners.$inferSelect;
export const SSO_PARTNER_KINDS = ['hzy', 'gz', 'tianyu', 'launch'] as const;
export type SsoPartnerKind = (typeof SSO_PARTNER_KINDS)[number];

/** SQL for SSO partners, their users' links to zhipi identities, and used launch nonces. */
export const ssoRepo = {
  async findPartner(db: Executor, id: string): Promise<SsoPartnerRow | undefined> {
    const [row] = await db.select().from(ssoPartners).where(eq(ssoPartners.id, id));
    return row;
  },
  enabledOfKind(db: Executor, kind: SsoPartnerKind): Promise<SsoPartnerRow[]> {
    return db.select().from(ssoPartners).where(and(eq(ssoPartners.kind, kind), eq(ssoPartners.enabled, true)));
  },
  /** allowedOrigins of every enabled partner (CORS). */
  async enabledOrigins(db: Executor): Promise<string[]> {
    const rows = await db.select({ origins: ssoPartners.allowedOrigins }).from(ssoPartners).where(eq(ssoPartners.enabled, true));
    return rows.flatMap((r) => (Array.isArray(r.origins) ? r.origins.filter((o): o is string => typeof o === 'string') : []));
  },
  list(db: Executor): Promise<SsoPartnerRow[]> {
    return db.select().from(ssoPartners).orderBy(ssoPartners.id);
  },
  /** Inserts or replaces a partner's configuration (operator CLI, demo seed). */
  async upsertPartner(db: Executor, values: typeof ssoPartners.$inferInsert): Promise<void> {
    const { id: _id, createdAt: _c, ...update } = values;
    await db.insert(ssoPartners).values(values).onConflictDoUpdate({ target: ssoPartners.id, set: update });
  },
  /** Removes partners with their links and used nonces (the demo partners at a production start); returns how many partners went. */
  async deletePartners(db: Executor, ids: string[]): Promise<number> {
    if (!ids.length) return 0;
    return db.transaction(async (tx) => {
      await tx.delete(ssoUserLinks).where(inArray(ssoUserLinks.partnerId, ids));
      await tx.delete(ssoLaunchNonces).where(inArray(ssoLaunchNonces.partnerId, ids));
      return (await tx.delete(ssoPartners).where(inArray(ssoPartners.id, ids)).returning({ id: ssoPartners.id })).length;
    });
  },
  async setEnabled(db: Executor, id: string, enabled: boolean): Promise<boolean> {
    const rows = await db.update(ssoPartners).set({ enabled }).where(eq(ssoPartners.id, id)).returning({ id: ssoPartners.id });
    return rows.length > 0;
  },

  /** The zhipi identity (and its user) a partner's user maps to. */
  async findLink(db: Executor, partnerId: string, externalUserId: string): Promise<{ identityId: number; userId: number } | undefined> {
    const [row] = await db
      .select({ identityId: ssoUserLinks.identityId, userId: identities.userId })
      .from(ssoUserLinks)
      .innerJoin(identities, eq(identities.id, ssoUserLinks.identityId))
      .where(and(eq(ssoUserLinks.partnerId, partnerId), eq(ssoUserLinks.externalUserId, externalUserId)));
    return row;
  },
  async upsertLink(db: Executor, partnerId: string, externalUserId: string, identityId: number): Promise<void> {
    await db
      .insert(ssoUserLinks)
      .values({ partnerId, externalUserId, identityId })
      .onConflictDoUpdate({ target: [ssoUserLinks.partnerId, ssoUserLinks.externalUserId], set: { identityId } });
  },
  async deleteLink(db: Executor, partnerId: string, externalUserId: string): Promise<boolean> {
    const rows = await db
      .delete(ssoUserLinks)
      .where(and(eq(ssoUserLinks.partnerId, partnerId), eq(ssoUserLinks.externalUserId, externalUserId)))
      .returning({ id: ssoUserLinks.externalUserId });
    return rows.length > 0;
  },
  listLinks(db: Executor, partnerId: string) {
    return db.select().from(ssoUserLinks).where(eq(ssoUserLinks.partnerId, partnerId)).orderBy(ssoUserLinks.externalUserId);
  },

  /** Records a nonce as used; false when it already was (single-use launches, signed links, tickets). */
  async claimNonce(db: Executor, partnerId: string, nonce: string, expiresAt: Date, now: Date): Promise<boolean> {
    const rows = await db
      .insert(ssoLaunchNonces)
      .values({ partnerId, nonce, expiresAt, usedAt: now })
      .onConflictDoNothing()
      .returning({ nonce: ssoLaunchNonces.nonce });
    return rows.length > 0;
  },
  /** Nonces past their expiry can no longer be replayed (the launch is refused as expired): drop them. */
  async purgeNonces(db: Executor, now: Date, partnerId?: string): Promise<number> {
    const expired = lt(ssoLaunchNonces.expiresAt, now);
    const rows = await db
      .delete(ssoLaunchNonces)
      .where(partnerId ? and(eq(ssoLaunchNonces.partnerId, partnerId), expired) : expired)
      .returning({ n: sql<number>`1` });
    return rows.length;
  },
};
