import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { captchas, passwordResets, smsCodes, smsOutbox } from '../db/schema';

/** SQL for one-time secrets: image captchas, SMS codes, password-reset tokens, and the SMS sink. */
export const verificationRepo = {
  async createCaptcha(db: Executor, values: typeof captchas.$inferInsert) {
    await db.insert(captchas).values(values);
  },
  async findCaptcha(db: Executor, id: string) {
    const [row] = await db.select().from(captchas).where(eq(captchas.id, id));
    return row;
  },
  async markCaptchaVerified(db: Executor, id: string, at: Date) {
    await db.update(captchas).set({ verifiedAt: at }).where(eq(captchas.id, id));
  },
  /** Uses a captcha up; false when it was already used (single use even under races). */
  async consumeCaptcha(db: Executor, id: string, at: Date): Promise<boolean> {
    const rows = await db.update(captchas).set({ usedAt: at }).where(and(eq(captchas.id, id), isNull(captchas.usedAt))).returning({ id: captchas.id });
    return rows.length === 1;
  },
  async deleteExpiredCaptchas(db: Executor, now: Date) {
    await db.delete(captchas).where(sql`${captchas.expiresAt} < ${now.toISOString()}`);
  },

  async createSmsCode(db: Executor, values: typeof smsCodes.$inferInsert) {
    await db.insert(smsCodes).values(values);
  },
  async latestSmsCode(db: Executor, phone: string, purpose: string) {
    const [row] = await db
      .select()
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose)))
      .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
      .limit(1);
    return row;
  },
  /**
   * Takes one try of a live code: one UPDATE … RETURNING under the row lock, so parallel tries get
   * distinct numbers (1, 2, 3…) and none is compared past the limit. Undefined when used or expired.
   */
  async takeSmsAttempt(db: Executor, id: number, now: Date): Promise<number | undefined> {
    const [row] = await db
      .update(smsCodes)
      .set({ attempts: sql`${smsCodes.attempts} + 1` })
      .where(and(eq(smsCodes.id, id), isNull(smsCodes.usedAt), sql`${smsCodes.expiresAt} > ${now.toISOString()}`))
      .returning({ attempts: smsCodes.attempts });
    return row?.attempts;
  },
  async consumeSmsCode(db: Executor, id: number, at: Date): Promise<boolean> {
    const rows = await db.update(smsCodes).set({ usedAt: at }).where(and(eq(smsCodes.id, id), isNull(smsCodes.usedAt))).returning({ id: smsCodes.id });
    return rows.length === 1;
  },
  async addToOutbox(db: Executor, phone: string, message: string) {
    await db.insert(smsOutbox).values({ phone, message });
  },
  async outboxFor(db: Executor, phone: string) {
    return db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone)).orderBy(desc(smsOutbox.id));
  },

  async createReset(db: Executor, values: typeof passwordResets.$inferInsert) {
    await db.insert(passwordResets).values(values);
  },
  async consumeReset(db: Executor, tokenHash: string, now: Date) {
    const [row] = await db
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), sql`${passwordResets.expiresAt} > ${now.toISOString()}`))
      .returning();
    return row;
  },
};
