import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { api, errorBody } from '@talentloop/contract';
import { API_PREFIX } from '@talentloop/contract/api/define';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { authRoutes } from './features/auth/routes.ts';
import { analyticsRoutes } from './features/analytics/routes.ts';
import { pageViewOperatorRoutes } from './features/analytics/operator-routes.ts';
import { partnerRoutes } from './features/partners/routes.ts';
import { partnerOperatorRoutes } from './features/partners/operator-routes.ts';
import { fileRoutes } from './features/files/routes.ts';
import { createUploadLimit } from './features/files/upload-limit.ts';
import { onboardingRoutes } from './features/onboarding/routes.ts';
import { freelancerProfileRoutes } from './features/freelancer-profile/routes.ts';
import { benchRoutes } from './features/bench/routes.ts';
import { portfolioRoutes } from './features/portfolio/routes.ts';
import { accountRoutes, privacyRoutes } from './features/account/routes.ts';
import { billingRoutes } from './features/billing/routes.ts';
import { invoiceRoutes } from './features/invoices/routes.ts';
import { receiptRoutes } from './features/receipts/routes.ts';
import { disputeRoutes } from './features/disputes/routes.ts';
import { startReleaseJob } from './features/receipts/release-job.ts';
import { companyRoutes } from './features/company/routes.ts';
import { companyVerificationRoutes } from './features/company-verification/routes.ts';
import { operatorRoutes } from './features/operator/routes.ts';
import { operatorAccountsRoutes } from './features/operator-accounts/routes.ts';
import { operatorConsoleRoutes } from './features/operator-console/routes.ts';
import { payoutRoutes } from './features/payouts/routes.ts';
import { moneyReportRoutes } from './features/money-reports/routes.ts';
import { companySettingsRoutes } from './features/company-settings/routes.ts';
import { securityRoutes } from './features/security/routes.ts';
import { supportBookingRoutes } from './features/support-booking/routes.ts';
import { talentPoolRoutes } from './features/talent-pool/routes.ts';
import { shortlistRoutes } from './features/shortlists/routes.ts';
import { interviewRoutes } from './features/interviews/routes.ts';
import { startReminderWorker } from './features/interviews/reminders.ts';
import { startReviewPublisher } from './features/reviews/publisher.ts';
import { reviewRoutes } from './features/reviews/routes.ts';
import { engagementRoutes } from './features/engagements/routes.ts';
import { startEngagementSweep } from './features/engagements/sweep.ts';
import { messageRoutes } from './features/messages/routes.ts';
import { startMissedMessageSweep } from './features/messages/missed-mail.ts';
import { publicProfilePage, publicProfileRoutes } from './features/public-profile/routes.ts';
import { formPostPages } from './features/auth/form-posts.ts';
import { loadReferenceData } from './features/reference/load.ts';
import { searchRoutes } from './features/search/routes.ts';
import { talentSearchRoutes } from './features/talent-search/routes.ts';
import { subscribeReadModels } from './read-models.ts';
import { requireToken, requireUser } from './http/guards.ts';
import { openBlobStore } from './infra/blob-store.ts';
import { createFileStorage } from './infra/storage.ts';
import { cleanupOrphanBlobs } from './infra/storage-cleanup.ts';
import { testSeedRoutes } from './features/test-seed/routes.ts';
import { createGoogleVerifier } from './features/auth/google.ts';
import { holdPasswordPool } from './features/auth/passwords.ts';
import { type Drain, installDraining } from './http/draining.ts';
import { errSerializer, registerErrorHandler } from './http/error-handler.ts';
import { createThrottledWarn, installTransportLimits, transportServerOptions } from './http/limits.ts';
import { prunePageViews } from './features/analytics/queries.ts';
import { OUTSIDE_CONTRACT, contractOnly, route } from './http/route.ts';
import { type Clock, systemClock } from './infra/clock.ts';
import { pruneCounters } from './infra/counters.ts';
import { type Database, databaseOptions, openDatabase, pingDatabase } from './infra/db/client.ts';
import { type Mailer, createMailer } from './infra/mail/mailer.ts';
import { startOutboxWorker } from './infra/mail/outbox.ts';
import { getOrCreateSecret } from './infra/secrets.ts';
import { createTokenService } from './infra/tokens.ts';

export type AppOptions = {
  config: Config;
  clock?: Clock;
  /** An already open database (tests); otherwise opened from the config. */
  database?: Database;
  mailer?: Mailer;
  /** Where log lines go (tests capture them). */
  logStream?: NodeJS.WritableStream;
};

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Content Security Policy: our own origin only, plus Google's sign-in client when it is enabled. */
function contentSecurityPolicy(config: Config) {
  const google = config.googleClientId ? ['https://accounts.google.com/gsi/'] : [];
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...(config.googleClientId ? ['https://accounts.google.com/gsi/client'] : [])],
      styleSrc: ["'self'", "'unsafe-inline'", ...google],
      imgSrc: ["'self'", 'data:', 'blob:', ...(config.googleClientId ? ['https://*.googleusercontent.com'] : [])],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...google],
      // blob: only for the console's PDF preview (bytes our code read from /api/files and typed
      // application/pdf itself; operator-console/documents). No other page frames anything.
      frameSrc: ['blob:', ...google],
      mediaSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  };
}

export async function buildApp(opts: AppOptions): Promise<{ app: FastifyInstance; close: () => Promise<void>; drain: Drain }> {
  const { config } = opts;
  const clock = opts.clock ?? systemClock;
  // Limits that bite are logged, throttled; the logger exists once the app does.
  let log: FastifyInstance['log'] | undefined;
  const warnLimit = createThrottledWarn(() => log);
  const app = Fastify({
    ...transportServerOptions(config, warnLimit),
    logger: {
      level: config.logLevel,
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'], censor: '[redacted]' },
      // A database error logged anywhere keeps its SQL state, never the query or its parameters.
      serializers: { err: errSerializer },
      ...(opts.logStream ? { stream: opts.logStream } : {}),
    },
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    // Requests arriving while the app closes get our 503 envelope (http/draining.ts), not fastify's.
    return503OnClosing: false,
  });
  log = app.log;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  const database = opts.database ?? (await openDatabase(databaseOptions(config)));
  const { db } = database;
  // Profile and account writes reach the read models through profileChanged (decision 185).
  subscribeReadModels();
  const mailer = opts.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom });
  const outbox = startOutboxWorker({
    db,
    mailer,
    clock,
    log: app.log,
    pollMs: config.outboxPollMs,
    retryBaseMs: config.mailRetryBaseMs,
    maxAttempts: config.mailMaxAttempts,
  });
  // Interview reminders (issue 22): claimed once per interview whatever the number of instances.
  const reminders = startReminderWorker({ db, clock, config, log: app.log, onQueued: outbox.kick });
  // Review publication notices (issue 32): claimed once per review whatever the number of instances.
  const reviewPublisher = startReviewPublisher({ db, clock, config, log: app.log, onQueued: outbox.kick });
  // Engagements (issue 34): automatic approvals and timesheet reminders, once whatever the number of instances.
  const engagementSweep = startEngagementSweep({ db, clock, config, log: app.log, onQueued: outbox.kick });
  // Receipts (issue 35): releases due amounts to freelancers, once whatever the number of instances.
  const releaseJob = startReleaseJob({ db, clock, log: app.log, pollMs: config.releasePollMs });
  // Messages (issue 36): one mail per conversation when messages stay unread, once whatever the number of instances.
  const missedMessages = startMissedMessageSweep({
    db,
    clock,
    config,
    log: app.log,
    onQueued: outbox.kick,
    pollMs: config.missedMessagesPollMs,
  });
  const tokens = createTokenService(config.jwtSecret ?? (await getOrCreateSecret(db, 'jwt')), clock);
  const otpKey = await getOrCreateSecret(db, 'otp-hmac');
  await loadReferenceData(db);
  // File bytes: beside embedded PGlite on disk, never through its one connection (infra/blob-store.ts).
  const blobStore = await openBlobStore(config, database, clock);
  const storage = createFileStorage(db, blobStore.blobs);
  app.decorate('uploadLimit', createUploadLimit(db, clock));
  const auth = requireUser(db, tokens);
  // route() runs it for every endpoint whose access is a role list (http/route.ts).
  app.decorate('authGuard', auth);
  const google = config.googleClientId
    ? createGoogleVerifier({ clientId: config.googleClientId, jwksUrl: config.googleJwksUrl, clock })
    : null;
  const prune = async () => {
    await pruneCounters(db, clock.now());
    await prunePageViews(db, clock.now(), config.pageViewRetentionDays);
    await cleanupOrphanBlobs({ db, blobs: storage.blobs, now: clock.now() });
  };
  const pruneTimer = setInterval(() => prune().catch((err) => app.log.warn({ err }, 'prune failed')), config.pruneIntervalMs);
  pruneTimer.unref();

  await app.register(helmet, { contentSecurityPolicy: contentSecurityPolicy(config), crossOriginEmbedderPolicy: false });
  // After helmet (a 503 carries the security headers), before the limits and every route.
  const drain = installDraining(app);
  // After helmet (a 429 carries the security headers), before every route.
  installTransportLimits(app, { config, clock, warn: warnLimit });
  await app.register(compress, { threshold: 1024 });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: 2 * 1024 * 1024, files: 6, fields: 10, fieldSize: 64 * 1024 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Talentloop API', version: '1.0.0' },
      servers: [{ url: API_PREFIX }],
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });

  await app.register(
    async (scope) => {
      contractOnly(scope);
      const deps = { db, clock, config, tokens, outbox, otpKey, google };
      await authRoutes(scope, deps);
      await partnerRoutes(scope, deps);
      await analyticsRoutes(scope, deps);
      await partnerOperatorRoutes(scope, { db, clock });
      await pageViewOperatorRoutes(scope, { db, clock });
      await onboardingRoutes(scope, { db, clock, storage });
      await freelancerProfileRoutes(scope, { db, clock, storage, tokens });
      await portfolioRoutes(scope, { db, clock, storage });
      await privacyRoutes(scope, { db, clock });
      await accountRoutes(scope, { ...deps, storage });
      await securityRoutes(scope, deps);
      await companySettingsRoutes(scope, { db, clock });
      await companyRoutes(scope, { ...deps, storage });
      await billingRoutes(scope, deps);
      await invoiceRoutes(scope, { db, bank: config.bank });
      await receiptRoutes(scope, { db, clock, bank: config.bank, publicUrl: config.publicUrl });
      await disputeRoutes(scope, { db, clock, publicUrl: config.publicUrl, storage });
      await payoutRoutes(scope, deps);
      await moneyReportRoutes(scope, { db });
      await companyVerificationRoutes(scope, { db, clock, storage, config, outbox });
      await operatorRoutes(scope, { db, clock, storage, config, outbox });
      await operatorAccountsRoutes(scope, { db, clock, otpKey, outbox });
      await operatorConsoleRoutes(scope, { db, clock });
      await supportBookingRoutes(scope, { db, clock, config, outbox });
      await talentPoolRoutes(scope, { db, clock, config, outbox });
      await shortlistRoutes(scope, { db, clock, config, outbox });
      await interviewRoutes(scope, { db, clock, config, outbox });
      await reviewRoutes(scope, { db, clock, config, outbox });
      await engagementRoutes(scope, { db, clock, config, outbox, storage });
      await messageRoutes(scope, { database, clock, storage, hubPollMs: config.messagesPollMs });
      await publicProfileRoutes(scope, { db, clock, config, storage });
      await searchRoutes(scope, { db, tokenAuth: requireToken(db, tokens) });
      await talentSearchRoutes(scope, { db, clock, config, tokens, tokenAuth: requireToken(db, tokens) });
      if (config.benchControls) await benchRoutes(scope, { db, clock, storage, auth, bank: config.bank, publicUrl: config.publicUrl });
      if (config.testSeedSecret) await testSeedRoutes(scope, { ...deps, secret: config.testSeedSecret });
      await fileRoutes(scope, { storage });
      route(scope, api.health, {}, async () => {
        await pingDatabase(db);
        return { status: 'ok' as const, database: 'ok' as const };
      });
      route(scope, api.config, {}, async () => ({
        googleClientId: config.googleClientId ?? null,
        clientAccounts: config.clientAccounts,
        communityFormUrl: config.communityFormUrl,
        peerNetworkUrl: config.peerNetworkUrl,
      }));
      scope.get('/docs', { schema: { hide: true }, config: OUTSIDE_CONTRACT }, async () => app.swagger());
      scope.setNotFoundHandler((_request, reply) => reply.status(404).send(errorBody('TL_CORE_00404_E')));
    },
    { prefix: API_PREFIX },
  );

  // The built web app, with the single-page fallback for its routes.
  const webDist = config.webDist ?? defaultWebDist;
  // A shared profile link gets its own HTML head; before the single-page fallback.
  await publicProfilePage(app, { db, config, webDist, clock, listen: database.listen });
  // Login and sign-up posted before (or without) their scripts (issue 37).
  await formPostPages(app, { webDist });
  if (fs.existsSync(path.join(webDist, 'index.html'))) {
    // Pages the web build wrote with their route chunks preloaded (apps/web/vite.config.ts;
    // pages/login.html is /login): index.html plus preload links, sent for those paths.
    const pagesDir = path.join(webDist, 'pages');
    const pages = new Map(
      (fs.existsSync(pagesDir) ? fs.readdirSync(pagesDir) : [])
        .filter((f) => f.endsWith('.html'))
        // pages/index.html is the landing page built as HTML (issue 37), sent for /.
        .map((f) => [f === 'index.html' ? '/' : `/${f.slice(0, -'.html'.length)}`, `pages/${f}`]),
    );
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      // '/' is the landing page: pages/index.html when built (below), never the app shell file.
      index: false,
      // The build's server renderer (issue 37) lies beside the files, for this server only: no
      // route is made for its files, and a path to one is refused all the same.
      // The templates the server renders pages into (templates/) are not pages of their own either.
      globIgnore: ['server/**', 'templates/**'],
      allowedPath: (pathName) => !pathName.startsWith('/server/') && !pathName.startsWith('/templates/'),
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
        else res.header('Cache-Control', 'no-cache');
      },
    });
    app.setNotFoundHandler((request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return reply.status(404).send(errorBody('TL_CORE_00404_E'));
      const page = pages.get(request.url.split('?')[0] ?? '') ?? 'index.html';
      return reply.header('Cache-Control', 'no-cache').sendFile(page);
    });
  }

  // Password hashing's worker threads: held while the app runs, drained and stopped on close.
  const releasePasswordPool = holdPasswordPool();

  return {
    app,
    drain,
    async close() {
      await app.close();
      await releasePasswordPool();
      clearInterval(pruneTimer);
      await reminders.stop();
      await reviewPublisher.stop();
      await engagementSweep.stop();
      await releaseJob.stop();
      await missedMessages.stop();
      await outbox.stop();
      mailer.close();
      blobStore.close();
      if (!opts.database) await database.close();
    },
  };
}
