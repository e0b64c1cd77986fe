import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthResponse } from '../core/api/contracts/platform';
import type { Database } from './db/database';
import { errorHandler } from './plugins/error-handler';
import { compiledSerializerCompiler } from './plugins/compiled-serializer';
import { requestContext } from './plugins/request-context';
import { ok } from './routes/reply';
import { defineRoute } from './routes/define-route';
import { health } from '../core/api/routes/health';
import type { RouteDef } from '../core/api/routes/route';
import { authRoutes } from './routes/platform-system/auth';
import { ssoRoutes } from './routes/platform-system/sso';
import { corsOriginPolicy, type CorsOriginPolicy } from './sso/cors-origins';
import { dictionaryRoutes } from './routes/platform-system/dictionary';
import { menuRoutes } from './routes/platform-system/menus';
import { userRoutes } from './routes/platform-system/users';
import { autoCorrectionRoutes } from './routes/platform-management/auto-correction';
import { messageRoutes } from './routes/platform-management/messages';
import { schoolRoutes } from './routes/platform-management/school';
import { classRoutes } from './routes/platform-management/classes';
import { foundationRoutes } from './routes/platform-management/foundation';
import { promptBankRoutes } from './routes/platform-management/prompt-bank';
import { scoringRoutes } from './routes/platform-management/scoring';
import { studentRoutes } from './routes/platform-management/students';
import { taskRoutes } from './routes/platform-management/tasks';
import { writingRoutes } from './routes/platform-management/writings';
import { h5UploadRoutes } from './routes/platform-management/h5-upload';
import { fileRoutes } from './routes/file-service/files';
import { startTaskReleaseJob } from './services/task-release-job';
import { JobRunner, defaultConcurrency } from './jobs/runner';
import { registerJobHandlers } from './jobs/handlers';
import { attachSessionCache } from './services/session-cache';
import { correctionRoutes } from './routes/platform-management/correction';
import { batchRoutes } from './routes/platform-management/batch';
import { writingStatisticsRoutes } from './routes/platform-management/writing-statistics';
import { classReportRoutes } from './routes/platform-management/class-report';
import { leaderRoutes } from './routes/platform-management/leaders';
import { commentLibraryRoutes } from './routes/platform-management/comment-library';
import { reviewRoutes } from './routes/platform-management/review';
import { revisionRoutes } from './routes/platform-management/revision';
import { h5MessageRoutes } from './routes/platform-management/h5-messages';
import { sampleRoutes } from './routes/platform-management/samples';
import { growthRoutes } from './routes/platform-management/growth';
import { lcwH5Routes, lcwRoutes } from './routes/platform-management/lcw';
import { enrollmentH5Routes, enrollmentRoutes } from './routes/platform-management/enrollment';

import { practiceRoutes } from './routes/platform-management/practice';
import { practiceH5Routes } from './routes/platform-management/practice-h5';
import { ltiRoutes } from './routes/lti/index';
import { operatorRoutes } from './routes/operator';
import { buildServices } from './services/services';
import type { ServiceDeps } from './services/deps';
import { staticApp } from './static-app';
import { securityHeaders } from './plugins/security-headers';

export interface AppOptions {
  database: Database;
  deps: Omit<ServiceDeps, 'db'>;
  englishHosts: string[];
  nodeEnv: string;
  /** A pino logger to use; none means silent (tests). */
  loggerInstance?: FastifyServerOptions['loggerInstance'];
  /** Folder of the Vite build; defaults to ./dist beside the package. */
  distDir?: string;
  /**
   * Whose X-Forwarded-* headers to believe (TRUST_PROXY): the default 'loopback' trusts only a reverse
   * proxy on this machine, so a caller cannot fake its IP (per-IP sign-in and H5 limits) or host.
   */
  trustProxy?: boolean | string | string[];
  /** Extra origins allowed to call the API from a browser (ZHIPI_CORS_ORIGINS), besides enabled SSO partners' allowedOrigins. */
  corsOrigins?: string[];
  /** Serve the OpenAPI UI and JSON at /correction-api/docs; default: everywhere but production (API_DOCS). */
  apiDocs?: boolean;
  /** Mount the stand-in SSO partner (demo/partner-portal-server.ts) at /demo-partner/; ignored in production. */
  demoPartner?: { rootSecret: string };
  /**
   * Background jobs: the scheduled task release and the job runner (AI correction, batch splitting);
   * default true. `{ poll: false }` builds the runner without starting it (tests call
   * `app.jobRunner.runDue()`); `concurrency` defaults to 1 on PGlite and 2 on PostgreSQL (the server
   * passes createDeps' jobConcurrency, which follows AI_WORKERS); `aiRetryBackoffMs` is AI_RETRY_SECONDS.
   */
  jobs?: boolean | { poll?: boolean; concurrency?: number; leaseMs?: number; pollMs?: number; aiRetryBackoffMs?: number };
  /** How long a resolved session is trusted without a change notification (SESSION_CACHE_SECONDS); 0 = no cache. Default 15 s. */
  sessionCacheMs?: number;
  /** Opens the operator's channel (routes/operator.ts) for the CLI, with this token. */
  operatorToken?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's job runner (null when jobs are off). */
    jobRunner: JobRunner | null;
    /** Which browser origins CORS allows (partners' origins cached 60 s). */
    corsPolicy: CorsOriginPolicy;
    /** Every route registered below /correction-api, with the core declaration it came from (the drift gate reads it). */
    apiRoutes: RegisteredRoute[];
  }
}

export interface RegisteredRoute {
  method: string;
  url: string;
  def?: RouteDef;
}

/** The body limit of a public route that sets none (sign-in, SMS, enrollment, H5 messages, likes). */
export const PUBLIC_BODY_LIMIT = 16 * 1024;

/** The folder of package.json (and dist/): two up from src/server, three from the build's build/src/server. */
function findPackageRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}
const packageRoot = findPackageRoot();

/** Builds the whole HTTP app without listening (tests use `app.inject` or listen on port 0). */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(opts.loggerInstance ? { loggerInstance: opts.loggerInstance } : { logger: false }),
    trustProxy: opts.trustProxy ?? 'loopback',
    bodyLimit: 2 * 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiledSerializerCompiler);

  const deps: ServiceDeps = { ...opts.deps, db: opts.database.db, events: opts.database.events };
  const services = buildServices(deps);
  // Sessions resolved without SQL, dropped on every process's change notification (services/session-cache.ts).
  await attachSessionCache(deps.db, opts.database.events, opts.sessionCacheMs);

  // The API docs are public like the sign-in calls; public routes are documented without the bearer requirement.
  const apiRoutes: RegisteredRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    // HEAD twins of GET routes are Fastify's own, not declared ones.
    if (route.url.startsWith('/correction-api/') && route.method !== 'HEAD' && !route.url.startsWith('/correction-api/docs')) {
      for (const method of [route.method].flat()) apiRoutes.push({ method, url: route.url, ...(route.config?.routeDef ? { def: route.config.routeDef } : {}) });
    }
    if (route.url.startsWith('/correction-api/docs')) route.config = { ...route.config, public: true };
    if (route.config?.public && route.schema) route.schema = { ...route.schema, security: [] };
    // Anyone can send to a public route: unless it says otherwise, it reads kilobytes, not megabytes.
    if (route.config?.public && route.bodyLimit === undefined) route.bodyLimit = PUBLIC_BODY_LIMIT;
  });
  await app.register(errorHandler);
  await app.register(securityHeaders);
  // CORS only for configured partner origins; bearer tokens, so no credentials (docs/widgets.md).
  // Before the request context: preflights are answered before auth, and a 401 still carries the
  // CORS headers, so a partner page can read it (zp-auth-expired) instead of seeing a network error.
  const corsPolicy = corsOriginPolicy(deps.db, opts.corsOrigins ?? []);
  app.decorate('corsPolicy', corsPolicy);
  await app.register(cors, {
    origin: (origin: string | undefined) => corsPolicy.allows(origin),
    credentials: false,
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['Authorization', 'Accept-Language', 'Content-Type'],
    maxAge: 600,
  });
  await app.register(requestContext, { deps, englishHosts: opts.englishHosts });
  await app.register(swagger, {
    openapi: {
      info: { title: 'zhipi correction API', version: '0.1.0', description: 'Every call of the 智批 platform, generated from the route schemas.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // The full map of the API is for developers: off in production unless asked for, and under a CSP
  // like the app's pages (swagger-ui's own, without its outside validator and https: sources).
  if (opts.apiDocs ?? opts.nodeEnv !== 'production') {
    await app.register(swaggerUi, {
      routePrefix: '/correction-api/docs',
      staticCSP: true,
      transformStaticCSP: (header: string) => header.replace(' validator.swagger.io', '').replace(/ https:/g, '').replace(/ ?upgrade-insecure-requests;/, '') + ` connect-src 'self'; form-action 'self';`,
    });
  }

  await app.register(
    async (api) => {
      defineRoute(api, health.health, { answer: healthResponse }, async () => ok({ status: 'ok' as const, database: opts.database.kind, uptimeSeconds: Math.round(process.uptime()) }));

      await api.register(
        async (sys) => {
          await sys.register(authRoutes, { services });
          await sys.register(ssoRoutes, { services });
          await sys.register(userRoutes, { services });
          await sys.register(menuRoutes, { services });
          await sys.register(dictionaryRoutes, { services });
        },
        { prefix: '/platform-system' },
      );
      await api.register(
        async (mgmt) => {
          await mgmt.register(schoolRoutes, { services });
          await mgmt.register(messageRoutes, { services });
          await mgmt.register(autoCorrectionRoutes, { services });
          await mgmt.register(classRoutes, { services });
          await mgmt.register(studentRoutes, { services });
          await mgmt.register(taskRoutes, { services });
          await mgmt.register(promptBankRoutes, { services });
          await mgmt.register(scoringRoutes, { services });
          await mgmt.register(foundationRoutes, { services });
          await mgmt.register(writingRoutes, { services });
          await mgmt.register(h5UploadRoutes, { services });
          await mgmt.register(correctionRoutes, { services });
          await mgmt.register(batchRoutes, { services });
          await mgmt.register(writingStatisticsRoutes, { services });
          await mgmt.register(classReportRoutes, { services });
          await mgmt.register(leaderRoutes, { services });
          await mgmt.register(commentLibraryRoutes, { services });
          await mgmt.register(reviewRoutes, { services });
          await mgmt.register(revisionRoutes, { services });
          await mgmt.register(h5MessageRoutes, { services });
          await mgmt.register(sampleRoutes, { services });
          await mgmt.register(growthRoutes, { services });
          // etiquette test and enrollment (product-rules.md#practice)
          await mgmt.register(lcwRoutes, { services });
          await mgmt.register(lcwH5Routes, { services });
          await mgmt.register(enrollmentRoutes, { services });
          await mgmt.register(enrollmentH5Routes, { services });

          await mgmt.register(practiceRoutes, { services });
          await mgmt.register(practiceH5Routes, { services });
        },
        { prefix: '/platform-management' },
      );
      await api.register(fileRoutes, { prefix: '/file-service', files: services.files });
      await api.register(ltiRoutes, { prefix: '/lti', services, db: deps.db });
      if (opts.operatorToken) await api.register(operatorRoutes, { prefix: '/operator', token: opts.operatorToken, db: deps.db });
    },
    { prefix: '/correction-api' },
  );

  const jobOpts = typeof opts.jobs === 'object' ? opts.jobs : {};
  const runner =
    opts.jobs === false
      ? null
      : registerJobHandlers(
          new JobRunner({ db: deps.db, events: opts.database.events, now: deps.now, log: app.log, concurrency: jobOpts.concurrency ?? defaultConcurrency(opts.database.kind), exclusiveDatabase: opts.database.kind === 'pglite', ...(jobOpts.leaseMs ? { leaseMs: jobOpts.leaseMs } : {}), ...(jobOpts.pollMs ? { pollMs: jobOpts.pollMs } : {}) }),
          deps,
          jobOpts.aiRetryBackoffMs !== undefined ? { aiRetryBackoffMs: jobOpts.aiRetryBackoffMs } : {},
        );
  app.decorate('jobRunner', runner);
  if (opts.jobs !== false) {
    let job: ReturnType<typeof startTaskReleaseJob> | undefined;
    app.addHook('onReady', async () => {
      job = startTaskReleaseJob(deps.db, deps.now, app.log);
      if (jobOpts.poll !== false) runner?.start();
    });
    app.addHook('onClose', async () => {
      job?.stop();
      await runner?.stop();
    });
  }

  if (opts.demoPartner && opts.nodeEnv !== 'production') {
    const { partnerPortalPlugin } = await import('../../demo/partner-portal-server');
    await app.register(partnerPortalPlugin, { prefix: '/demo-partner', rootSecret: opts.demoPartner.rootSecret });
  }

  await app.register(staticApp, { distDir: opts.distDir ?? path.join(packageRoot, 'dist'), englishHosts: opts.englishHosts, nodeEnv: opts.nodeEnv, partnerOrigins: () => corsPolicy.list() });
  return app;
}
