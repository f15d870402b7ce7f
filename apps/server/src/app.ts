import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import pino from 'pino';
import { type AdapterOverrides, type Adapters, buildAdapters } from './adapters';
import { type Config, trustProxyOption } from './config/env';
import type { Database } from './db/client';
import { registerChangeFeed } from './lib/change-feed';
import { type Clock, systemClock } from './lib/clock';
import { FastReads, requestIdOf } from './lib/fast-reads';
import { createMetrics, type Metrics } from './lib/metrics';
import { rateLimitStorage } from './lib/rate-limit-store';
import { lazyRequestLogger } from './lib/request-logger';
import { auditRoutes, registerAudit } from './modules/audit';
import {
  billingRoutes,
  mayUploadTemplate,
  moveBillingDatesBack,
  purchasesService,
  subscriptionsService,
} from './modules/billing';
import { authoritiesOf, type ClientRow, clientsRoutes, findClient, findClientByEmail } from './modules/clients';
import { countriesRoutes } from './modules/countries';
import { filesRoutes } from './modules/files';
import { ageMailedCodes, identityRoutes, identityService, throwAwayEncryptionKey } from './modules/identity';
import { insightsRoutes } from './modules/insights';
import {
  integrationsRoutes,
  registerIntegrations,
  registerPlanSource,
  templatePlanSource,
} from './modules/integrations';
import { countQueuedJobs, registerJobs } from './modules/jobs';
import { lifetimeDealRoutes } from './modules/lifetime-deal';
import { crmRoutes, memberAdminRoutes, membersRoutes, supportRoutes } from './modules/members';
import { myDataRoutes, registerMyData } from './modules/my-data';
import { endTeammateAccess, myPlansRoutes, registerMyPlans } from './modules/my-plans';
import { operationsRoutes } from './modules/operations';
import { permissionsRoutes } from './modules/permissions';
import { aiPlanSource, plannerRoutes } from './modules/planner';
import { findPriceByStripeId, plansRoutes } from './modules/plans';
import { teamRoutes } from './modules/team';
import { templatesRoutes } from './modules/templates';
import { type CallerClient, registerAuth } from './plugins/auth';
import { registerDownloadBudget } from './plugins/download-budget';
import { registerErrorHandling } from './plugins/errors';
import { registerInputTextCheck } from './plugins/input-text';
import { appSecurityHeaders } from './plugins/security-headers';
import { pageInlineScripts, registerWeb } from './plugins/web';
import type { Payments } from './ports/payments.port';
import { registerStandIns } from './stand-ins';
import { type HeavyWork, heavyWork } from './work';
import type * as heavyTasks from './work/tasks';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    metrics: Metrics;
    /** Cached public reads answered below Fastify (lib/fast-reads.ts). */
    fastReads: FastReads;
    /** Every outside service, chosen once from the config (adapters/index.ts). */
    adapters: Adapters;
    /** The worker threads that build Word, Excel and zip files off the event loop (work/index.ts, ADR 0040). */
    work: HeavyWork<typeof heavyTasks>;
    /** The client record a call is about, the caller's own unless they may name another (plugins/auth.ts). */
    callerClient: CallerClient<ClientRow>;
  }
}

export interface AppDependencies {
  config: Config;
  db: Database;
  /** Encrypts the TOTP secrets; main.ts resolves it (see identity.encryption-key.ts). Tests get a throw-away one. */
  encryptionKey?: Buffer;
  /** Where the log goes; standard output unless told otherwise (tests read it). */
  logStream?: { write(line: string): void };
  /** The billing clock (the local payment providers keep it too); tests pass one they move. */
  clock?: Clock;
  /** The clock of sessions, codes and authenticator steps; tests pass one they move. */
  identityClock?: Clock;
  /** Ports to run instead of the ones the config chooses (tests' doubles); the rest are chosen as usual. */
  adapters?: AdapterOverrides;
}

/** A read slower than this is always logged: sampling must not hide the slow ones. */
const SLOW_READ_MS = 500;

/**
 * One access line per request, when it completes, instead of Fastify's two. Successful quick reads, most of
 * the traffic, are sampled: one line in `readSample`, marked `sampled: readSample`; errors, refusals, writes
 * and slow reads always get theirs. The request metrics count every request.
 */
class AccessLog extends LogController {
  private reads = 0;

  constructor(private readonly readSample: number) {
    super();
  }

  /** Whether this successful quick read gets its line: one in `readSample`. */
  sampledRead(): boolean {
    if (this.readSample <= 1) return true;
    this.reads = (this.reads + 1) % this.readSample;
    return this.reads === 0;
  }

  /** The mark of a sampled line, so counts can be rebuilt from the log. */
  get sampleMark(): { sampled: number } | undefined {
    return this.readSample > 1 ? { sampled: this.readSample } : undefined;
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const ms = Math.round(reply.elapsedTime);
    const read = (request.method === 'GET' || request.method === 'HEAD') && reply.statusCode < 400 && ms < SLOW_READ_MS;
    const sampled = !error && read;
    if (sampled && !this.sampledRead()) return;
    const line = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      ms,
      ...(sampled && this.sampleMark),
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}

/** Where this server reaches its own sandbox endpoints: over loopback when listening, else PUBLIC_URL. */
function selfBase(app: FastifyInstance, publicUrl: string): string {
  const address = app.server.address() as AddressInfo | string | null;
  if (!address || typeof address === 'string') return new URL(publicUrl).origin;
  const host = ['0.0.0.0', '::', '127.0.0.1'].includes(address.address)
    ? '127.0.0.1'
    : address.family === 'IPv6'
      ? `[${address.address}]`
      : address.address;
  return `http://${host}:${address.port}`;
}

/** The default location of the built web app, next to the server in the repository. */
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Builds the whole server: plugins, modules, error handling. Tests build it too, without a port. */
export async function buildApp({
  config,
  db,
  encryptionKey: givenKey,
  logStream,
  clock = systemClock,
  identityClock = systemClock,
  adapters: overrides,
}: AppDependencies): Promise<FastifyInstance> {
  const accessLog = new AccessLog(config.ACCESS_LOG_READ_SAMPLE);
  const fastReads = new FastReads();
  const app = Fastify({
    // Cached public reads are answered below Fastify, the rest by it (lib/fast-reads.ts).
    serverFactory: fastReads.serverFactory,
    logger: {
      level: config.LOG_LEVEL,
      redact: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        'password',
      ],
      // Asynchronous writes: a synchronous write per line costs a third of a cached read's throughput.
      stream: logStream ?? pino.destination({ dest: 1, sync: false }),
    },
    genReqId: (req) => requestIdOf(req.headers['x-request-id']),
    // Only the configured proxies may name the client's address (rate limits and the audit log key on it).
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    // A busy machine (several instances starting at once, a loaded CI) must not fail a start for slowness.
    pluginTimeout: 60_000,
    logController: accessLog,
    childLoggerFactory: lazyRequestLogger,
    // Addresses the router refuses before any route runs (too long, badly encoded) get the one error shape too.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode ?? 400;
      const message = status === 414 ? 'The address is too long.' : 'The address is not valid.';
      const body = { error: { code: status >= 500 ? 'INTERNAL' : 'VALIDATION_FAILED', message } };
      return (reply as FastifyReply).code(status).send(body);
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', db);
  // Closed after the job worker (onClose runs last-added first): an archive under way finishes or is handed back.
  const work = heavyWork<typeof heavyTasks>(config);
  app.decorate('work', work);
  app.addHook('onClose', () => work.close());
  registerChangeFeed(app);
  // Process-wide metrics (CPU, memory, event loop) only for a real server, not for each test app; the queue's
  // depth from the jobs module.
  app.decorate(
    'metrics',
    createMetrics(config.NODE_ENV !== 'test', () => countQueuedJobs(db)),
  );
  app.addHook('onResponse', (request, reply, done) => {
    app.metrics.observeRequest(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
  const encryptionKey = givenKey ?? throwAwayEncryptionKey(config);
  const adapters = buildAdapters(
    {
      config,
      db,
      clock,
      prices: (stripePriceId) => findPriceByStripeId(db, stripePriceId),
      encryptionKey,
      serverBase: () => selfBase(app, config.PUBLIC_URL),
    },
    overrides,
  );
  app.decorate('adapters', adapters);
  const webDistDir = config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST;
  const headers = appSecurityHeaders(config, pageInlineScripts(webDistDir));
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    reply.header('x-request-id', request.id);
    done();
  });
  // While shutting down, answers in flight close their keep-alive connection, so closing does not wait
  // for idle clients to hang up.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  app.decorate('fastReads', fastReads);
  fastReads.connect({
    headers,
    requestId: requestIdOf,
    series: (route, statusCode) => app.metrics.requestSeries('GET', route, statusCode),
    sampledRead: () => accessLog.sampledRead(),
    logRead: (line) => app.log.info({ ...line, ...accessLog.sampleMark }, 'request'),
    closing: () => closing,
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Digital Project Planner API',
        description: 'Every route of the server. Errors answer { error: { code, message, details? } }.',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerErrorHandling(app);
  registerInputTextCheck(app);
  // Limits apply per route (identity routes); nothing is limited by default.
  const rateLimits = rateLimitStorage(config, db);
  app.addHook('onClose', () => rateLimits.close());
  await app.register(fastifyRateLimit, { global: false, ...rateLimits.options });
  // Members' downloads per minute, in the same store (ADR 0040).
  registerDownloadBudget(app);

  const identity = identityService({
    db,
    mailer: adapters.mail,
    publicUrl: config.PUBLIC_URL,
    supportEmail: config.SUPPORT_EMAIL,
    encryptionKey,
    socialProviders: adapters.socialSignIn,
    now: () => identityClock.now(),
  });
  app.decorate('identity', identity);
  app.decorateRequest('session', null);
  // The access checks know the caller through the identity module's sessions and the clients module's records.
  const { callerClient } = registerAuth(app, {
    authenticate: (token) => identity.authenticate(token),
    sessionOf: (request) => request.session,
    keepSession: (request, session) => {
      request.session = session;
    },
    clientOf: (session) => findClientByEmail(db, session.user.email),
    findClient: (ref) => findClient(db, ref),
    rolesOf: (clientId) => authoritiesOf(db, clientId),
  });
  app.decorate('callerClient', callerClient);

  await app.register(operationsRoutes);
  // Before the modules: it watches their routes being added.
  await registerAudit(app);
  await app.register(plansRoutes);
  await app.register(templatesRoutes);
  await app.register(countriesRoutes);
  // Before the identity routes: the reset mail is a job.
  registerJobs(app);
  await app.register(identityRoutes);
  await app.register(clientsRoutes);
  await app.register(permissionsRoutes);
  await app.register(auditRoutes);
  registerIntegrations(app);
  // Templates can be uploaded by whoever billing says may (free, membership or purchase).
  registerPlanSource(templatePlanSource(mayUploadTemplate));
  await app.register(integrationsRoutes);
  await app.register(filesRoutes);
  await app.register(crmRoutes);
  await app.register(membersRoutes);
  await app.register(memberAdminRoutes);
  await app.register(insightsRoutes);
  await app.register(supportRoutes(adapters.mail));
  await app.register(lifetimeDealRoutes);
  await app.register(plannerRoutes);
  // Plans the planner saved can be uploaded like templates.
  registerPlanSource(aiPlanSource);
  // So can members' own copies, with their edits; their progress is read back from the tools.
  registerMyPlans(app);
  await app.register(myPlansRoutes);
  // A member's team: removing a teammate ends their access to the member's plans, which my-plans keeps.
  await app.register(teamRoutes({ endTeammateAccess }));
  const tick = await registerBilling(app, config, db, clock, adapters.payments);
  // After billing: deleting an account cancels its subscriptions.
  registerMyData(app);
  await app.register(myDataRoutes);
  // The simulators, the mailbox and the local providers' sandbox pages, as the adapters chose them (never in
  // production).
  await registerStandIns(app, {
    encryptionKey,
    tick,
    records: {
      ageMailedCodes: (email, hours) => ageMailedCodes(db, email, hours),
      clientIdOf: async (email) => (await findClientByEmail(db, email))?.id ?? null,
      moveBillingDatesBack: (clientId, days) => moveBillingDatesBack(db, clientId, days),
    },
  });

  await registerWeb(app, webDistDir);
  return app;
}

/**
 * Billing: its two services on the payment ports, their routes, and with a local provider its events and its
 * time passing with the billing tick. Answers the tick, which the local providers' sandbox routes run too.
 */
async function registerBilling(app: FastifyInstance, config: Config, db: Database, clock: Clock, payments: Payments) {
  const { cards, orders, sandbox } = payments;
  const subscriptions = subscriptionsService({ db, cards, clock });
  app.decorate('subscriptions', subscriptions);
  app.decorate('purchases', purchasesService({ db, orders, clock }));
  // The local card provider delivers its events in-process, where Stripe posts them to the webhook.
  sandbox?.cards?.onEvent((event) => subscriptions.handleEvent(event));
  await app.register(billingRoutes);
  // Time passing: the local card provider bills and converts (Stripe does so on its own servers), then
  // the no-card trials that are over end.
  const tick = async () => ({
    providerEvents: (await sandbox?.cards?.tick()) ?? 0,
    trialsEnded: await subscriptions.endDueTrials(),
  });
  // Trials end and renewals happen with nobody on the site. Test apps default to 0 and tick themselves.
  if (config.BILLING_TICK_SECONDS > 0) {
    let running: Promise<void> | null = null;
    const timer = setInterval(() => {
      if (running) return;
      running = tick()
        .then((done) => app.log.debug({ done }, 'billing tick done'))
        .catch((error: unknown) => app.log.error({ err: error }, 'billing tick failed'))
        .finally(() => {
          running = null;
        });
    }, config.BILLING_TICK_SECONDS * 1000);
    timer.unref();
    // A tick under way finishes before the database it writes to is closed.
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  }
  return tick;
}
