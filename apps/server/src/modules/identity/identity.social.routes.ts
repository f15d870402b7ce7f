import {
  LinkedAccountsResponseSchema,
  OkResponseSchema,
  SECURITY_MESSAGES,
  SignInResponseSchema,
  SocialExchangeRequestSchema,
  SocialProviderParamsSchema,
} from '@dpp/shared';
import fastifyCookie from '@fastify/cookie';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, errorResponses } from '../../errors';
import { sameSecret } from '../../lib/same-secret';
import { identityRateLimits } from './identity.rate-limits';
import { OAUTH_STATE_TTL_MS, SOCIAL_HANDOFF_TTL_MS, SocialSignInError } from './identity.social';

const errors = errorResponses(400, 401, 404, 429);
/** The PKCE verifier of a sign-in under way; only the identity OAuth routes ever see it. */
const COOKIE = 'dpp_oauth';
const COOKIE_PATH = '/api/identity/oauth/';
/**
 * The hand-over code again, kept by the browser that came back from the provider: the exchange needs both, so
 * a link carrying someone's code signs no other browser in (login CSRF).
 */
const HANDOFF_COOKIE = 'dpp_handoff';
/** The web page that finishes a social sign-in; the outcome travels in the fragment, which no server sees. */
const HANDLER_PAGE = '/social-sign-in';

/**
 * Not strict, unlike our other inputs: the providers add parameters of their own to the redirect (Google's
 * `iss`, `authuser`, `hd`; Facebook's `error_reason`), and refusing them would break real sign-ins.
 */
const CallbackQuerySchema = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
  error_reason: z.string().max(200).optional(),
  error_code: z.string().max(20).optional(),
  scope: z.string().max(2000).optional(),
  authuser: z.string().max(20).optional(),
  prompt: z.string().max(200).optional(),
  hd: z.string().max(200).optional(),
  iss: z.string().max(200).optional(),
});

/** Google and Facebook sign-in: start, callback, the web app's exchange, and the linked accounts. */
export const socialRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyCookie);
  const identity = app.identity;
  const { rateLimit, readRateLimit } = identityRateLimits(app.config);
  const tags = ['identity'];
  const secure = app.config.PUBLIC_URL.startsWith('https:');
  const cookieOptions = { path: COOKIE_PATH, httpOnly: true, sameSite: 'lax' as const, secure };
  // Only our own page's POST reads it, so no cross-site request ever carries it.
  const handoffCookieOptions = { ...cookieOptions, sameSite: 'strict' as const };

  app.get(
    '/api/identity/oauth/:provider/start',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: "Starts a Google or Facebook sign-in: redirects to the provider's consent page",
        params: SocialProviderParamsSchema,
      },
    },
    async (request, reply) => {
      try {
        const { url, verifier } = await identity.startSocial(request.params.provider);
        reply.setCookie(COOKIE, verifier, { ...cookieOptions, maxAge: OAUTH_STATE_TTL_MS / 1000 });
        return reply.header('cache-control', 'no-store').redirect(url, 302);
      } catch (error) {
        if (error instanceof SocialSignInError) return reply.redirect(`${HANDLER_PAGE}#error=${error.reason}`, 302);
        throw error;
      }
    },
  );

  app.get(
    '/api/identity/oauth/:provider/callback',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Where the provider sends the browser back; checks state and PKCE, then hands over to the web app',
        params: SocialProviderParamsSchema,
        querystring: CallbackQuerySchema,
      },
    },
    async (request, reply) => {
      const verifier = request.cookies[COOKIE];
      reply.clearCookie(COOKIE, cookieOptions).header('cache-control', 'no-store');
      try {
        const code = await identity.finishSocial(request.params.provider, request.query, verifier);
        reply.setCookie(HANDOFF_COOKIE, code, { ...handoffCookieOptions, maxAge: SOCIAL_HANDOFF_TTL_MS / 1000 });
        return reply.redirect(`${HANDLER_PAGE}#code=${encodeURIComponent(code)}`, 302);
      } catch (error) {
        const reason = error instanceof SocialSignInError ? error.reason : 'failed';
        if (!(error instanceof SocialSignInError)) request.log.error({ err: error }, 'social sign-in failed');
        return reply.redirect(`${HANDLER_PAGE}#error=${reason}`, 302);
      }
    },
  );

  app.post(
    '/api/identity/oauth/exchange',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Trades the one-time hand-over code of a finished social sign-in for a session or the code step',
        body: SocialExchangeRequestSchema,
        response: { 200: SignInResponseSchema, ...errors, ...errorResponses(403) },
      },
    },
    (request, reply) => {
      const kept = request.cookies[HANDOFF_COOKIE] ?? '';
      reply.clearCookie(HANDOFF_COOKIE, handoffCookieOptions);
      if (!sameSecret(kept, request.body.code)) {
        throw new AppError('VALIDATION_FAILED', SECURITY_MESSAGES.SOCIAL_FAILED, undefined, 'ExpiredCodeException');
      }
      return identity.exchangeSocial(request.body, {
        userAgent: String(request.headers['user-agent'] ?? ''),
        ip: request.ip,
      });
    },
  );

  app.get(
    '/api/identity/linked-accounts',
    {
      config: { rateLimit: readRateLimit },
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'The Google and Facebook accounts linked to the caller, and whether a password is set',
        response: { 200: LinkedAccountsResponseSchema, ...errors },
      },
    },
    (request) => identity.linkedAccounts(request.session!),
  );

  app.delete(
    '/api/identity/linked-accounts/:provider',
    {
      config: { rateLimit },
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Unlinks a Google or Facebook account (only when a password is set)',
        params: SocialProviderParamsSchema,
        response: { 200: OkResponseSchema, ...errors },
      },
    },
    (request) => identity.unlinkAccount(request.session!, request.params.provider),
  );
};
