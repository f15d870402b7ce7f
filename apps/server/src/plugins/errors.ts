import { MESSAGES } from '@dpp/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, STATUS_BY_CODE } from '../errors';

/**
 * One place that turns every failure into `{ error: { code, message, details? } }`. A 5xx never
 * carries the cause's text: that goes to the log with the request id.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((v) => ({
        field: [error.validationContext, v.instancePath.replace(/^\//, '').replaceAll('/', '.')]
          .filter(Boolean)
          .join('.'),
        message: v.message,
      }));
      // A rule about the request as a whole (no field to point at) says in its own words what is wrong.
      const [first] = error.validation;
      const wholeRequestRule =
        error.validation.length === 1 && first?.keyword === 'custom' && first.instancePath === '/';
      const message = wholeRequestRule ? first.message : MESSAGES.INVALID_REQUEST;
      return reply.code(400).send({ error: { code: 'VALIDATION_FAILED', message, details } });
    }
    if (error instanceof AppError) {
      const status = STATUS_BY_CODE[error.code];
      if (error.retryAfterSeconds !== undefined) {
        reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
      }
      if (status >= 500 && error.retryAfterSeconds !== undefined) {
        request.log.warn({ err: error }, 'request refused for now');
        return reply.code(status).send({ error: { code: error.code, message: error.message } });
      }
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      if (status >= 500) {
        return reply.code(status).send({ error: { code: error.code, message: MESSAGES.SERVER_ERROR } });
      }
      return reply.code(status).send({
        error: { code: error.code, message: error.message, exception: error.exception, details: error.details },
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = status === 429 ? 'RATE_LIMITED' : status === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED';
      return reply.code(status).send({ error: { code, message: error.message } });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ error: { code: 'INTERNAL', message: MESSAGES.SERVER_ERROR } });
  });
}

export function apiNotFound() {
  return { error: { code: 'NOT_FOUND' as const, message: 'No such API route.' } };
}
