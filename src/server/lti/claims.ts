// Claim names and values of IMS LTI 1.3 Core, Deep Linking 2.0, Assignment and Grade Services 2.0 and
// Names and Role Provisioning Services 2.0, in one place (docs/lti.md).
import { z } from 'zod';

const LTI = 'https://purl.imsglobal.org/spec/lti/claim/';
const DL = 'https://purl.imsglobal.org/spec/lti-dl/claim/';

export const CLAIM = {
  messageType: `${LTI}message_type`,
  version: `${LTI}version`,
  deploymentId: `${LTI}deployment_id`,
  targetLinkUri: `${LTI}target_link_uri`,
  resourceLink: `${LTI}resource_link`,
  roles: `${LTI}roles`,
  context: `${LTI}context`,
  custom: `${LTI}custom`,
  deepLinkingSettings: `${DL}deep_linking_settings`,
  contentItems: `${DL}content_items`,
  dlData: `${DL}data`,
  ags: 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint',
  nrps: 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice',
} as const;

export const LTI_VERSION = '1.3.0';
export const MSG_RESOURCE_LINK = 'LtiResourceLinkRequest';
export const MSG_DEEP_LINKING = 'LtiDeepLinkingRequest';
export const MSG_DEEP_LINKING_RESPONSE = 'LtiDeepLinkingResponse';

export const SCOPE = {
  lineitem: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  score: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
  resultRead: 'https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly',
  membership: 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
} as const;

export const MEDIA = {
  score: 'application/vnd.ims.lis.v1.score+json',
  membership: 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json',
} as const;

/** Context roles (LIS vocabulary); system/institution roles are ignored for mapping. */
const ROLE_PREFIX = 'http://purl.imsglobal.org/vocab/lis/v2/membership#';
export const ROLE_INSTRUCTOR = `${ROLE_PREFIX}Instructor`;
export const ROLE_LEARNER = `${ROLE_PREFIX}Learner`;

/** Instructor (or its sub-roles, or the short form LTI allows) → teacher; Learner → student; else none. */
export function zhipiRole(roles: readonly string[]): 'teacher' | 'student' | null {
  const has = (full: string, short: string) => roles.some((r) => r === full || r === short || r.startsWith(`${full}#`) || r.startsWith(`${ROLE_PREFIX}${short}/`));
  if (has(ROLE_INSTRUCTOR, 'Instructor') || has(`${ROLE_PREFIX}Administrator`, 'Administrator')) return 'teacher';
  if (has(ROLE_LEARNER, 'Learner')) return 'student';
  return null;
}

/** The claims zhipi reads from a verified id_token (the JWT library checked signature, iss, aud and times). */
export const launchClaims = z.object({
  sub: z.string().min(1).max(255),
  nonce: z.string().min(1).max(255),
  azp: z.string().optional(),
  name: z.string().max(200).optional(),
  given_name: z.string().max(100).optional(),
  family_name: z.string().max(100).optional(),
  email: z.string().max(320).optional(),
  [CLAIM.messageType]: z.enum([MSG_RESOURCE_LINK, MSG_DEEP_LINKING]),
  [CLAIM.version]: z.literal(LTI_VERSION),
  [CLAIM.deploymentId]: z.string().min(1).max(255),
  [CLAIM.roles]: z.array(z.string()),
  [CLAIM.targetLinkUri]: z.string().optional(),
  [CLAIM.resourceLink]: z.object({ id: z.string().min(1).max(255), title: z.string().optional() }).optional(),
  [CLAIM.context]: z.object({ id: z.string().min(1).max(255), label: z.string().optional(), title: z.string().optional() }).optional(),
  [CLAIM.custom]: z.record(z.string(), z.unknown()).optional(),
  [CLAIM.deepLinkingSettings]: z
    .object({ deep_link_return_url: z.string().url(), accept_types: z.array(z.string()).optional(), data: z.string().optional() })
    .optional(),
  [CLAIM.ags]: z.object({ scope: z.array(z.string()).optional(), lineitems: z.string().url().optional(), lineitem: z.string().url().optional() }).optional(),
  [CLAIM.nrps]: z.object({ context_memberships_url: z.string().url(), service_versions: z.array(z.string()).optional() }).optional(),
});
export type LaunchClaims = z.infer<typeof launchClaims>;
