import type { zhLti } from './zh-lti';

/** English text of the lti area. */
export const enLti: Record<keyof typeof zhLti, string> = {
  'lti.error.unknownPlatform': 'This LTI platform is not registered (issuer or client_id unknown); please contact your school administrator',
  'lti.error.badRequest': 'The LTI request lacks required parameters; please open zhipi again from your learning platform',
  'lti.error.stateInvalid': 'The LTI sign-in state is invalid or expired; please open zhipi again from your learning platform',
  'lti.error.badToken': 'The LTI launch token failed verification (signature, issuer, audience or validity)',
  'lti.error.replayed': 'This LTI launch was already used; please open zhipi again from your learning platform',
  'lti.error.unknownDeployment': 'This LTI deployment (deployment_id) is not registered; please contact your school administrator',
  'lti.error.badClaims': 'The LTI launch does not follow LTI 1.3',
  'lti.error.noRole': 'Your role in the learning platform cannot use zhipi (teacher or student needed)',
  'lti.error.platformUnreachable': 'The learning platform could not be reached; please try again later',
  'lti.error.notPlaced': 'No essay task is placed behind this link yet; a teacher must add a zhipi essay task in the learning platform first',
  'lti.error.noClass': 'This course is not linked to a class yet; a teacher must add a zhipi essay task in the learning platform first',
  'lti.error.handoffInvalid': 'The sign-in code is invalid or already used; please open zhipi again from your learning platform',
  'lti.error.duplicate': 'This learning platform (issuer + client_id) is already registered',
  'lti.error.noMembershipService': 'The learning platform offers no roster service (NRPS) to sync from',
  'page.lti': 'Opening from the learning platform',
  'lti.page.errorTitle': 'zhipi could not be opened from the learning platform',
  'lti.page.pickTitle': 'Choose the essay task to place in the course',
  'lti.page.pickHint': 'Students open the link to upload their essays; approved scores are sent back to the learning platform.',
  'lti.page.noTasks': 'You have not set any essay task yet. Set one in zhipi first, then add it from the learning platform.',
  'lti.page.place': 'Place in course',
  'lti.page.returning': 'Returning to the learning platform…',
  'lti.page.continue': 'Continue',
};
