import { randomUUID } from 'node:crypto';
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
import { z } from 'zod';
import { localMailer } from './adapters/mail/mail.local';
import type { Mailer } from './adapters/mail/mail.port';
import { smtpMailer } from './adapters/mail/mail.smtp';
import { mailboxRoutes } from './adapters/mail/mailbox.routes';
import type { Config } from './config/env';
import type { Database } from './db/client';
import { clientsRoutes } from './modules/clients/clients.routes';
import { countriesRoutes } from './modules/countries/countries.routes';
import { identityRoutes } from './modules/identity/identity.routes';
import { identityService } from './modules/identity/identity.service';
import { permissionsRoutes } from './modules/permissions/permissions.routes';
import { plansRoutes } from './modules/plans/plans.routes';
import { templatesRoutes } from './modules/templates/templates.routes';
import { registerAuth } from './plugins/auth';
import { registerErrorHandling } from './plugins/errors';
import { appSecurityHeaders } from './plugins/security-headers';
import { registerWeb } from './plugins/web';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
  }
}

export interface AppDependencies {
  config: Config;
  db: Database;
  /** Defaults to SMTP when SMTP_URL is set, else the local outbox. */
  mailer?: Mailer;
  /** Where the log goes; standard output unless told otherwise (tests read it). */
  logStream?: { write(line: string): void };
}

const REQUEST_ID = /^[\w-]{8,64}$/;

/** One access line per request, when it completes, instead of Fastify's two. */
class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}

/** The default location of the built web app, next to the server in the repository. */
export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Builds the whole server: plugins, modules, error handling. Tests build it too, without a port. */
export async function buildApp({
  config,
  db,
  mailer: givenMailer,
  logStream,
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
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
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: true,
    bodyLimit: 1024 * 1024,
    logController: new AccessLog(),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', db);
  const headers = appSecurityHeaders(config.NODE_ENV === 'production');
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    reply.header('x-request-id', request.id);
    done();
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
  // Limits apply per route (identity routes); nothing is limited by default.
  await app.register(fastifyRateLimit, { global: false });

  const mailer = givenMailer ?? (config.SMTP_URL ? smtpMailer(db, config.SMTP_URL, config.MAIL_FROM) : localMailer(db));
  registerAuth(app, identityService({ db, mailer, publicUrl: config.PUBLIC_URL, supportEmail: config.SUPPORT_EMAIL }));

  app.get(
    '/healthz',
    {
      schema: {
        tags: ['operations'],
        summary: 'Liveness',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
  await app.register(plansRoutes);
  await app.register(templatesRoutes);
  await app.register(countriesRoutes);
  await app.register(identityRoutes);
  await app.register(clientsRoutes);
  await app.register(permissionsRoutes);
  // The mailbox shows every reset link: a sandbox tool, never part of a production server.
  if (mailer.kind === 'local' && config.NODE_ENV !== 'production') await app.register(mailboxRoutes);

  await registerWeb(app, config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST);
  return app;
}
