import { z } from 'zod';
import { tokenResponse } from './auth';

/** LTI 1.3 tool (docs/lti.md): platform registrations, the tool's URLs, launch hand-off, LMS courses and roster sync. */

const httpsOrLoopbackUrl = z
  .string()
  .trim()
  .max(1000)
  .url()
  .refine((v) => /^https:\/\//i.test(v) || /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\//i.test(v), 'must be https (http only on loopback)');

/** POST/PUT lti/platforms: one registration of zhipi in an LMS. */
export const ltiPlatformBody = z.object({
  name: z.string().trim().min(1).max(100),
  issuer: z.string().trim().min(1).max(1000),
  clientId: z.string().trim().min(1).max(255),
  deploymentIds: z.array(z.string().trim().min(1).max(255)).min(1).max(50),
  authLoginUrl: httpsOrLoopbackUrl,
  tokenUrl: httpsOrLoopbackUrl,
  jwksUrl: httpsOrLoopbackUrl,
  enabled: z.boolean().optional(),
});
export type LtiPlatformBody = z.infer<typeof ltiPlatformBody>;

export const ltiPlatform = ltiPlatformBody.extend({ id: z.number().int(), enabled: z.boolean(), createdAt: z.string() });

/** The URLs a school enters in its LMS when it registers zhipi. */
export const ltiToolUrls = z.object({ loginUrl: z.string(), launchUrl: z.string(), deepLinkingUrl: z.string(), jwksUrl: z.string() });

export const ltiPlatformList = z.object({ tool: ltiToolUrls, platforms: z.array(ltiPlatform) });
export const ltiPlatformIdParams = z.object({ id: z.coerce.number().int().positive() });

/** GET/POST lti/login: the platform's OIDC third-party login initiation. */
export const ltiLoginParams = z.object({
  iss: z.string().max(1000).optional(),
  login_hint: z.string().max(2000).optional(),
  target_link_uri: z.string().max(2000).optional(),
  lti_message_hint: z.string().max(4000).optional(),
  lti_deployment_id: z.string().max(255).optional(),
  client_id: z.string().max(255).optional(),
});

/** POST lti/launch (form_post). */
export const ltiLaunchForm = z.object({ id_token: z.string().max(32_000).optional(), state: z.string().max(255).optional() });
/** POST lti/deep-link (the picker's form). */
export const ltiDeepLinkForm = z.object({ dl: z.string().max(255).optional(), choice: z.string().max(64).optional() });

/** POST lti/session: the hand-off code of a teacher's launch → the same token response as loginTeacher. */
export const ltiSessionBody = z.object({ code: z.string().min(20).max(255) });
export const ltiSessionResponse = tokenResponse;

/** GET lti/contexts: the LMS courses linked to classes the caller sees. */
export const ltiContext = z.object({
  id: z.number().int(),
  platformName: z.string(),
  title: z.string(),
  classId: z.number().int(),
  className: z.string(),
  canSyncRoster: z.boolean(),
  lastSyncedAt: z.string().nullable(),
});
export const ltiContextList = z.array(ltiContext);
export const ltiContextIdParams = z.object({ id: z.coerce.number().int().positive() });
export const ltiRosterSyncResult = z.object({ members: z.number().int(), created: z.number().int(), updated: z.number().int() });
export type LtiLoginParams = z.infer<typeof ltiLoginParams>;
