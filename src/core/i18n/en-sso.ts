import type { zhSso } from './zh-sso';

/** English text of the sso area. */
export const enSso: Record<keyof typeof zhSso, string> = {
  'sso.error.unknownPartner': 'Unknown or disabled partner platform: single sign-on refused',
  'sso.error.invalidLaunch': 'The sign-on link is invalid; please open zhipi again from the partner platform',
  'sso.error.expired': 'The sign-on link has expired; please open zhipi again from the partner platform',
  'sso.error.notYetValid': 'The sign-on link is not valid yet; check the server clocks and try again',
  'sso.error.tooLongLived': 'The sign-on link lives too long and was refused',
  'sso.error.replayed': 'The sign-on link was already used; please open zhipi again from the partner platform',
  'sso.error.userNotLinked': 'This partner account is not linked to a zhipi account; please contact your administrator',
  'sso.error.ticketInvalid': 'The sign-on ticket is invalid or expired; please open zhipi again from the partner platform',
  'sso.error.partnerUnreachable': 'The partner platform could not be reached to check the sign-on; please try again later',
  'sso.page.signingIn': 'Signing in through the partner platform…',
  'sso.page.failedTitle': 'Single sign-on failed',
  'sso.page.missingParams': 'The link lacks sign-on parameters; please open zhipi again from the partner platform',
  'sso.page.toLogin': 'Sign in with a password',
  'sso.page.back': 'Go back',
};
