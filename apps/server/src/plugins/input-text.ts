import { MESSAGES, unstorableTextAt } from '@dpp/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

/**
 * Refuses, before any route's schema runs, a request whose path, query or JSON body holds text the database
 * cannot store (NUL, half a surrogate pair): one check for every text field of every route, so no such value
 * reaches SQL and ends in a 500. JSON escapes such as "\u0000" are caught too, as this runs after parsing.
 */
export function registerInputTextCheck(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every request, and a promise per request is measurable there.
  app.addHook('preValidation', (request, _reply, done) => {
    for (const [part, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const at = unstorableTextAt(value);
      if (at !== undefined) {
        done(
          new AppError('VALIDATION_FAILED', MESSAGES.UNSTORABLE_TEXT, [
            { field: [part, at].filter(Boolean).join('.'), message: MESSAGES.UNSTORABLE_TEXT },
          ]),
        );
        return;
      }
    }
    done();
  });
}
