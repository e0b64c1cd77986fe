import type { MessageKey } from '../../i18n';
import type { ErrorCode } from '../error-codes';

/**
 * Stable error keys of SSO refusals (all HTTP 401 except SSO_PARTNER_UNREACHABLE, 502) and the
 * catalogue message each one shows; pages map `ApiError.error` to the message with this table.
 */
export const SSO_ERRORS = {
  SSO_UNKNOWN_PARTNER: 'sso.error.unknownPartner',
  SSO_MALFORMED: 'sso.error.invalidLaunch',
  SSO_BAD_SIGNATURE: 'sso.error.invalidLaunch',
  SSO_PARTNER_MISMATCH: 'sso.error.invalidLaunch',
  SSO_EXPIRED: 'sso.error.expired',
  SSO_NOT_YET_VALID: 'sso.error.notYetValid',
  SSO_TOO_LONG_LIVED: 'sso.error.tooLongLived',
  SSO_REPLAYED: 'sso.error.replayed',
  SSO_USER_NOT_LINKED: 'sso.error.userNotLinked',
  SSO_TICKET_INVALID: 'sso.error.ticketInvalid',
  SSO_PARTNER_UNREACHABLE: 'sso.error.partnerUnreachable',
} as const satisfies { [code in ErrorCode]?: MessageKey };
export type SsoErrorCode = keyof typeof SSO_ERRORS;
