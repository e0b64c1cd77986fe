import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../db/database';
import { notificationsRepo } from '../repositories/notifications';
import { usersRepo } from '../repositories/users';
import { verificationRepo } from '../repositories/verification';

/** Sends one text message. A real gateway implements this; the default is the development sink. */
export interface SmsProvider {
  send(phone: string, message: string): Promise<void>;
}

/**
 * Development sink: the message goes to the log, the `sms_outbox` table and, when the phone belongs
 * to a user, their notification drawer. Never used to reach a real phone.
 */
export function developmentSmsProvider(db: () => Executor, log: FastifyBaseLogger): SmsProvider {
  return {
    async send(phone, message) {
      log.info({ phone, sms: message }, 'sms (development sink)');
      await verificationRepo.addToOutbox(db(), phone, message);
      const user = await usersRepo.findByPhone(db(), phone);
      if (user) await notificationsRepo.create(db(), { userId: user.id, kind: 'sms', message });
    },
  };
}
