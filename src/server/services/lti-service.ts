// The LTI 1.3 tool (docs/lti.md): OIDC login initiation, the signed launch, deep linking, and the
// single-use hand-off that turns a teacher's launch into a zhipi session (the same sessions as the
// partners' SSO: session-service's startSession, via `sso:lti:lti-<registration id>`).
import { createHash, randomBytes } from 'node:crypto';
import type { ErrorCode } from '../../core/api/error-codes';
import { h5UploadPath } from '../../core/domain/h5-links';
import type { MessageKey } from '../../core/i18n/index';
import { AppError } from '../errors';
import { ltiRepo, type LtiPlatformRow } from '../repositories/lti';
import { usersRepo } from '../repositories/users';
import { CLAIM, LTI_VERSION, MSG_DEEP_LINKING, MSG_DEEP_LINKING_RESPONSE, zhipiRole, type LaunchClaims } from '../lti/claims';
import { signAsTool } from '../lti/tool-keys';
import { verifyLaunchToken, MAX_TOKEN_AGE_S } from '../lti/verify-launch';
import { ssoVia } from '../sso/session-via';
import type { ServiceDeps } from './deps';
import { sharedRateLimit } from './security/shared-rate-limit';
import { studentFor, teacherFor } from './lti-people';
import type { ClientInfo, SessionService } from './session-service';

/** How long a login initiation waits for its launch, and a hand-off or picker code for its use. */
const STATE_TTL_MS = 10 * 60_000;
const HANDOFF_TTL_MS = 2 * 60_000;
const PICKER_TTL_MS = 30 * 60_000;
/**
 * Login initiations and launches per address: a class behind one school address launching together
 * stays far below it; a flood of logins (each writes a state row) does not.
 */
export const LTI_PER_IP = { max: 300, windowMs: 60_000 };
/** The app page that exchanges a hand-off code for a session (src/app/pages/account/LtiPage.tsx). */
export const LTI_APP_PAGE = '/teaching/lti';
/** Where a teacher lands after a resource-link launch: the class's essays of the task. */
const teacherLanding = (taskId: number, classId: number) => `/homework/situation/writinglist?taskId=${taskId}&classId=${classId}`;

export const LTI_ERRORS = {
  LTI_UNKNOWN_PLATFORM: 'lti.error.unknownPlatform',
  LTI_BAD_REQUEST: 'lti.error.badRequest',
  LTI_STATE_INVALID: 'lti.error.stateInvalid',
  LTI_BAD_TOKEN: 'lti.error.badToken',
  LTI_REPLAYED: 'lti.error.replayed',
  LTI_UNKNOWN_DEPLOYMENT: 'lti.error.unknownDeployment',
  LTI_BAD_CLAIMS: 'lti.error.badClaims',
  LTI_NO_ROLE: 'lti.error.noRole',
  LTI_PLATFORM_UNREACHABLE: 'lti.error.platformUnreachable',
  LTI_NOT_PLACED: 'lti.error.notPlaced',
  LTI_NO_CLASS: 'lti.error.noClass',
  LTI_HANDOFF_INVALID: 'lti.error.handoffInvalid',
} as const satisfies { [code in ErrorCode]?: MessageKey };
export type LtiErrorCode = keyof typeof LTI_ERRORS;

export interface LtiLog {
  warn(obj: object, msg: string): void;
}

/** A refusal: the stable code and a message in the caller's language; the reason goes to the log only. */
export function ltiRefusal(code: LtiErrorCode, log: LtiLog, context: Record<string, unknown>): AppError {
  log.warn({ lti: { code, ...context } }, 'lti refused');
  const status = code === 'LTI_PLATFORM_UNREACHABLE' ? 502 : code === 'LTI_BAD_REQUEST' || code === 'LTI_UNKNOWN_PLATFORM' ? 400 : code === 'LTI_NOT_PLACED' || code === 'LTI_NO_CLASS' || code === 'LTI_NO_ROLE' ? 403 : 401;
  return new AppError(status, code, LTI_ERRORS[code], undefined, { show: true });
}

const hash = (s: string) => createHash('sha256').update(s).digest('base64url');
const secret = () => randomBytes(32).toString('base64url');

export interface LoginInput {
  iss?: string | undefined;
  login_hint?: string | undefined;
  target_link_uri?: string | undefined;
  lti_message_hint?: string | undefined;
  lti_deployment_id?: string | undefined;
  client_id?: string | undefined;
}

/** What a launch answers: a redirect (into the app, or the H5 upload page) or the deep-linking picker. */
export type LaunchOutcome = { kind: 'redirect'; location: string } | { kind: 'picker'; code: string; options: { taskId: number; classId: number; title: string; className: string }[] };

export function ltiService(deps: ServiceDeps, session: SessionService) {
  const { db, now } = deps;

  async function handoff(platformId: number, data: object, ttlMs: number): Promise<string> {
    const code = secret();
    await ltiRepo.putOnce(db, 'handoff', hash(code), platformId, data, new Date(now().getTime() + ttlMs));
    return code;
  }

  async function resourceLinkLaunch(platform: LtiPlatformRow, claims: LaunchClaims, role: 'teacher' | 'student', contextRowId: number | null, log: LtiLog): Promise<LaunchOutcome> {
    const link = claims[CLAIM.resourceLink];
    if (!link) throw ltiRefusal('LTI_BAD_CLAIMS', log, { platformId: platform.id, detail: 'no resource_link' });
    let placed = await ltiRepo.resourceLink(db, platform.id, link.id);
    const custom = claims[CLAIM.custom] ?? {};
    const taskId = Number(custom.zhipi_task_id);
    const classId = Number(custom.zhipi_class_id);
    const lineitem = claims[CLAIM.ags]?.lineitem ?? null;
    // First launch of a link placed by our deep-linking response: its custom parameters name the task.
    if (!placed && Number.isInteger(taskId) && Number.isInteger(classId) && contextRowId !== null) {
      const tc = await ltiRepo.taskClass(db, platform.schoolId, taskId, classId);
      if (tc) placed = await ltiRepo.upsertResourceLink(db, { platformId: platform.id, contextId: contextRowId, resourceLinkId: link.id, taskId, classId, lineitemUrl: lineitem }, now());
    } else if (placed && lineitem && placed.lineitemUrl !== lineitem) {
      placed = await ltiRepo.upsertResourceLink(db, { ...placed, lineitemUrl: lineitem }, now());
    }
    if (!placed) throw ltiRefusal('LTI_NOT_PLACED', log, { platformId: platform.id, resourceLinkId: link.id });
    if (contextRowId !== null) await ltiRepo.setContextClass(db, contextRowId, placed.classId, now());
    const person = { sub: claims.sub, name: claims.name, email: claims.email };
    if (role === 'teacher') {
      const teacher = await teacherFor(db, platform, person);
      const code = await handoff(platform.id, { purpose: 'session', ...teacher }, HANDOFF_TTL_MS);
      return { kind: 'redirect', location: `${LTI_APP_PAGE}?code=${encodeURIComponent(code)}&redirect=${encodeURIComponent(teacherLanding(placed.taskId, placed.classId))}` };
    }
    const tc = await ltiRepo.taskClass(db, platform.schoolId, placed.taskId, placed.classId);
    if (!tc) throw ltiRefusal('LTI_NOT_PLACED', log, { platformId: platform.id, detail: 'task or class gone' });
    const { studentId } = await studentFor(db, platform, placed.classId, person, now());
    return { kind: 'redirect', location: h5UploadPath({ taskId: placed.taskId, classCode: tc.classCode, studentId }) };
  }

  return {
    /** The tool's URLs on this server (PUBLIC_URL when configured, else the request's origin). */
    urls(requestOrigin: string) {
      const base = (deps.publicUrl ?? requestOrigin).replace(/\/+$/, '');
      const api = `${base}/correction-api/lti`;
      return { loginUrl: `${api}/login`, launchUrl: `${api}/launch`, deepLinkingUrl: `${api}/launch`, jwksUrl: `${api}/jwks` };
    },

    /** OIDC login initiation: a state and nonce stored once, then the platform's auth URL. */
    async login(input: LoginInput, launchUrl: string, client: { ip: string; log: LtiLog }): Promise<string> {
      const log = client.log;
      await sharedRateLimit.hit(db, `lti:login:${client.ip}`, LTI_PER_IP, now());
      if (!input.iss || !input.login_hint || !input.target_link_uri) throw ltiRefusal('LTI_BAD_REQUEST', log, { detail: 'iss, login_hint and target_link_uri are required' });
      const platforms = await ltiRepo.platformsOfIssuer(db, input.iss, input.client_id);
      if (platforms.length !== 1) throw ltiRefusal('LTI_UNKNOWN_PLATFORM', log, { iss: input.iss, clientId: input.client_id, found: platforms.length });
      const platform = platforms[0]!;
      if (input.lti_deployment_id && !platform.deploymentIds.includes(input.lti_deployment_id)) throw ltiRefusal('LTI_UNKNOWN_DEPLOYMENT', log, { platformId: platform.id, deploymentId: input.lti_deployment_id });
      const state = secret();
      const nonce = secret();
      await ltiRepo.purgeOnce(db, now());
      await ltiRepo.putOnce(db, 'state', state, platform.id, { nonce }, new Date(now().getTime() + STATE_TTL_MS));
      const url = new URL(platform.authLoginUrl);
      const params = {
        scope: 'openid',
        response_type: 'id_token',
        response_mode: 'form_post',
        prompt: 'none',
        client_id: platform.clientId,
        redirect_uri: launchUrl,
        login_hint: input.login_hint,
        state,
        nonce,
        ...(input.lti_message_hint ? { lti_message_hint: input.lti_message_hint } : {}),
      };
      for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
      return url.toString();
    },

    /** The launch (form_post): state once, id_token verified, nonce once, then the user and the page. */
    async launch(input: { id_token?: string | undefined; state?: string | undefined }, client: { ip: string; log: LtiLog }): Promise<LaunchOutcome> {
      const log = client.log;
      await sharedRateLimit.hit(db, `lti:launch:${client.ip}`, LTI_PER_IP, now());
      if (!input.id_token || !input.state) throw ltiRefusal('LTI_BAD_REQUEST', log, { detail: 'id_token and state are required' });
      const at = now();
      // The state is read first and used only with the nonce, after the token passed: a forged post cannot burn a real login.
      const state = await ltiRepo.peekOnce(db, 'state', input.state, at);
      if (!state) throw ltiRefusal('LTI_STATE_INVALID', log, { detail: 'unknown or expired state' });
      if (state.usedAt) throw ltiRefusal('LTI_REPLAYED', log, { platformId: state.platformId, detail: 'state already used' });
      const platform = await ltiRepo.platform(db, state.platformId);
      if (!platform || !platform.enabled) throw ltiRefusal('LTI_UNKNOWN_PLATFORM', log, { platformId: state.platformId });
      const check = await verifyLaunchToken(input.id_token, platform, at);
      if (!check.ok) throw ltiRefusal(check.reason, log, { platformId: platform.id, detail: check.detail });
      const claims = check.claims;
      const expected = (state.data as { nonce?: unknown }).nonce;
      if (claims.nonce !== expected) throw ltiRefusal('LTI_REPLAYED', log, { platformId: platform.id, detail: 'nonce is not the one of this login' });
      const fresh = await db.transaction(async (tx) => {
        if (!(await ltiRepo.takeOnce(tx, 'state', input.state!, at))) return false;
        return ltiRepo.putOnce(tx, 'nonce', claims.nonce, platform.id, {}, new Date(at.getTime() + (MAX_TOKEN_AGE_S + 60) * 1000));
      });
      if (!fresh) throw ltiRefusal('LTI_REPLAYED', log, { platformId: platform.id, detail: 'state or nonce already used' });
      const role = zhipiRole(claims[CLAIM.roles]);
      if (!role) throw ltiRefusal('LTI_NO_ROLE', log, { platformId: platform.id, sub: claims.sub });
      const context = claims[CLAIM.context];
      const contextRow = context
        ? await ltiRepo.upsertContext(db, { platformId: platform.id, deploymentId: claims[CLAIM.deploymentId], contextId: context.id, title: context.title ?? context.label ?? '', membershipsUrl: claims[CLAIM.nrps]?.context_memberships_url ?? null }, at)
        : null;

      if (claims[CLAIM.messageType] === MSG_DEEP_LINKING) {
        const settings = claims[CLAIM.deepLinkingSettings];
        if (!settings) throw ltiRefusal('LTI_BAD_CLAIMS', log, { platformId: platform.id, detail: 'no deep_linking_settings' });
        if (role !== 'teacher') throw ltiRefusal('LTI_NO_ROLE', log, { platformId: platform.id, detail: 'deep linking needs an instructor' });
        const teacher = await teacherFor(db, platform, { sub: claims.sub, name: claims.name, email: claims.email });
        const options = await ltiRepo.teacherTaskClasses(db, platform.schoolId, teacher.identityId);
        const code = await handoff(
          platform.id,
          { purpose: 'deepLink', identityId: teacher.identityId, returnUrl: settings.deep_link_return_url, data: settings.data ?? null, deploymentId: claims[CLAIM.deploymentId], contextRowId: contextRow?.id ?? null },
          PICKER_TTL_MS,
        );
        return { kind: 'picker', code, options: options.map((o) => ({ taskId: o.taskId, classId: o.classId, title: o.title, className: o.className })) };
      }
      return resourceLinkLaunch(platform, claims, role, contextRow?.id ?? null, log);
    },

    /**
     * The picker's answer: a signed LtiDeepLinkingResponse with one ltiResourceLink (custom task and
     * class ids, a line item of 100 points), to be auto-posted to the platform's return URL.
     */
    async deepLinkResponse(input: { dl?: string | undefined; choice?: string | undefined }, launchUrl: string, log: LtiLog): Promise<{ returnUrl: string; jwt: string }> {
      const [taskId, classId] = (input.choice ?? '').split(':').map(Number);
      if (!input.dl || !Number.isInteger(taskId) || !Number.isInteger(classId)) throw ltiRefusal('LTI_BAD_REQUEST', log, { detail: 'dl and choice are required' });
      const taken = await ltiRepo.takeOnce(db, 'handoff', hash(input.dl), now());
      const data = taken?.data as { purpose?: string; identityId: number; returnUrl: string; data: string | null; deploymentId: string; contextRowId: number | null } | undefined;
      if (!taken || data?.purpose !== 'deepLink') throw ltiRefusal('LTI_HANDOFF_INVALID', log, { detail: 'unknown, expired or used picker code' });
      const platform = await ltiRepo.platform(db, taken.platformId);
      if (!platform) throw ltiRefusal('LTI_UNKNOWN_PLATFORM', log, { platformId: taken.platformId });
      const tc = await ltiRepo.taskClass(db, platform.schoolId, taskId!, classId!);
      if (!tc || tc.creatorIdentityId !== data.identityId) throw ltiRefusal('LTI_NOT_PLACED', log, { platformId: platform.id, taskId, classId, detail: 'not a task of this teacher' });
      if (data.contextRowId !== null) await ltiRepo.setContextClass(db, data.contextRowId, tc.classId, now());
      const item = {
        type: 'ltiResourceLink',
        title: tc.title,
        url: launchUrl,
        custom: { zhipi_task_id: String(tc.taskId), zhipi_class_id: String(tc.classId) },
        lineItem: { scoreMaximum: 100, label: tc.title, resourceId: `zhipi-task-${tc.taskId}-class-${tc.classId}`, tag: 'zhipi-essay' },
      };
      const jwt = await signAsTool(
        db,
        {
          iss: platform.clientId,
          aud: platform.issuer,
          nonce: secret(),
          [CLAIM.messageType]: MSG_DEEP_LINKING_RESPONSE,
          [CLAIM.version]: LTI_VERSION,
          [CLAIM.deploymentId]: data.deploymentId,
          [CLAIM.contentItems]: [item],
          ...(data.data ? { [CLAIM.dlData]: data.data } : {}),
        },
        { expiresInS: 300, now: now() },
      );
      return { returnUrl: data.returnUrl, jwt };
    },

    /** The app page's call: the hand-off code of a teacher's launch → a zhipi session. */
    async exchange(input: { code: string }, client: ClientInfo & { log: LtiLog }) {
      const taken = await ltiRepo.takeOnce(db, 'handoff', hash(input.code), now());
      const data = taken?.data as { purpose?: string; userId: number; identityId: number } | undefined;
      if (!taken || data?.purpose !== 'session') throw ltiRefusal('LTI_HANDOFF_INVALID', client.log, { ip: client.ip });
      const user = await usersRepo.findById(db, data.userId);
      if (!user) throw ltiRefusal('LTI_HANDOFF_INVALID', client.log, { detail: 'user gone' });
      return session.startSession(user, ssoVia('lti', `lti-${taken.platformId}`), client, data.identityId);
    },
  };
}
export type LtiService = ReturnType<typeof ltiService>;
