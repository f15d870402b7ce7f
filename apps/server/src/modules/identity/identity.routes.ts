import {
  ActiveSessionsResponseSchema,
  ChangePasswordRequestSchema,
  ConfirmForgotPasswordRequestSchema,
  ConfirmSignUpRequestSchema,
  ConfirmSignUpResponseSchema,
  ForgotPasswordRequestSchema,
  IdentityUserSchema,
  MfaDisableRequestSchema,
  MfaEnableRequestSchema,
  MfaEnableResponseSchema,
  MfaSetupResponseSchema,
  MfaSignInRequestSchema,
  MfaStatusResponseSchema,
  OkResponseSchema,
  ResendCodeRequestSchema,
  RevokedSessionsResponseSchema,
  SessionIdParamsSchema,
  SessionResponseSchema,
  SignInRequestSchema,
  SignInResponseSchema,
  SignUpRequestSchema,
  SignUpResponseSchema,
  UpdateAttributesRequestSchema,
} from '@dpp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../errors';
import { enqueueJob } from '../jobs';
import { identityRateLimits } from './identity.rate-limits';
import { socialRoutes } from './identity.social.routes';

/** The job that looks an address up and mails it a reset link when it has an account. */
const PASSWORD_RESET_MAIL_JOB = 'identity.password-reset-mail';
interface PasswordResetMailJob {
  email: string;
}
/** A sent reset mail's job row is kept a week, for a member's word that no mail came to be looked into. */
const PASSWORD_RESET_MAIL_KEPT_MS = 7 * 86_400_000;

const errors = errorResponses(400, 401, 404, 409, 429);
/** A sign-in step may also be refused because the account's sign-in was turned off (403). */
const signInErrors = { ...errors, ...errorResponses(403) };

/** The user pool's operations. Every route here is also limited per client address. */
export const identityRoutes: FastifyPluginAsyncZod = async (app) => {
  const identity = app.identity;
  await app.register(socialRoutes);
  const { rateLimit, readRateLimit } = identityRateLimits(app.config);
  const tags = ['identity'];
  const context = (request: { headers: Record<string, unknown>; ip: string }) => ({
    userAgent: String(request.headers['user-agent'] ?? ''),
    ip: request.ip,
  });

  app.post(
    '/api/identity/sign-up',
    {
      config: { rateLimit },
      schema: { tags, body: SignUpRequestSchema, response: { 200: SignUpResponseSchema, ...errors } },
    },
    (request) => identity.signUp(request.body),
  );
  app.post(
    '/api/identity/confirm-sign-up',
    {
      config: { rateLimit },
      schema: { tags, body: ConfirmSignUpRequestSchema, response: { 200: ConfirmSignUpResponseSchema, ...errors } },
    },
    (request) => identity.confirmSignUp(request.body),
  );
  app.post(
    '/api/identity/resend-code',
    {
      config: { rateLimit },
      schema: { tags, body: ResendCodeRequestSchema, response: { 200: OkResponseSchema, ...errors } },
    },
    (request) => identity.resendCode(request.body),
  );
  app.post(
    '/api/identity/sign-in',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Sign in with e-mail and password: a session, or the two-factor code step when it is on',
        body: SignInRequestSchema,
        response: { 200: SignInResponseSchema, ...signInErrors },
      },
    },
    (request) => identity.signIn(request.body, context(request)),
  );
  app.post(
    '/api/identity/sign-in/mfa',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'The two-factor code step: the challenge token with a current code or a recovery code',
        body: MfaSignInRequestSchema,
        response: { 200: SessionResponseSchema, ...signInErrors },
      },
    },
    (request) => identity.signInMfa(request.body, context(request)),
  );
  app.get(
    '/api/identity/mfa',
    {
      config: { rateLimit: readRateLimit },
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Whether two-factor authentication is on',
        response: { 200: MfaStatusResponseSchema, ...errors },
      },
    },
    (request) => identity.mfaStatus(request.session!),
  );
  app.post(
    '/api/identity/mfa/setup',
    {
      config: { rateLimit },
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'A new authenticator secret with its QR code; not active until enabled with a code',
        response: { 200: MfaSetupResponseSchema, ...errors },
      },
    },
    (request) => identity.setupMfa(request.session!),
  );
  app.post(
    '/api/identity/mfa/enable',
    {
      config: { rateLimit },
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Turns two-factor authentication on with a current code; returns the ten recovery codes once',
        body: MfaEnableRequestSchema,
        response: { 200: MfaEnableResponseSchema, ...errors },
      },
    },
    (request) => identity.enableMfa(request.session!, request.body, context(request)),
  );
  app.post(
    '/api/identity/mfa/disable',
    {
      config: { rateLimit },
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Turns two-factor authentication off with a current code or a recovery code',
        body: MfaDisableRequestSchema,
        response: { 200: OkResponseSchema, ...errors },
      },
    },
    (request) => identity.disableMfa(request.session!, request.body, context(request)),
  );
  app.get(
    '/api/identity/sessions',
    {
      config: { rateLimit: readRateLimit },
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "The caller's active sessions, the current one marked",
        response: { 200: ActiveSessionsResponseSchema, ...errors },
      },
    },
    (request) => identity.listSessions(request.session!),
  );
  app.delete(
    '/api/identity/sessions/:id',
    {
      config: { rateLimit },
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "Ends one of the caller's sessions",
        params: SessionIdParamsSchema,
        response: { 200: OkResponseSchema, ...errors },
      },
    },
    (request) => identity.endSession(request.session!, request.params.id),
  );
  app.post(
    '/api/identity/sessions/revoke-others',
    {
      config: { rateLimit },
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Ends every session of the caller but this one',
        response: { 200: RevokedSessionsResponseSchema, ...errors },
      },
    },
    (request) => identity.endOtherSessions(request.session!),
  );
  // The lookup and the mail run as a job after the answer, so the answer takes as long for any address.
  app.jobs.handle(
    PASSWORD_RESET_MAIL_JOB,
    (job) => identity.sendPasswordReset((job.payload as PasswordResetMailJob).email),
    PASSWORD_RESET_MAIL_KEPT_MS,
  );
  const queuedResetMails = new WeakMap<object, number>();
  app.post(
    '/api/identity/forgot-password',
    {
      config: { rateLimit },
      schema: { tags, body: ForgotPasswordRequestSchema, response: { 200: OkResponseSchema, ...errors } },
      // This instance sends the mail at once when it is free; any other picks the job up otherwise.
      onResponse: async (request) => {
        const jobId = queuedResetMails.get(request);
        if (jobId === undefined) return;
        app.jobs.runner.runOnce(jobId).catch((error: unknown) => {
          request.log.warn({ err: error }, 'password reset mail job failed to start');
        });
      },
    },
    async (request) => {
      const email = await identity.forgotPassword(request.body);
      const payload: PasswordResetMailJob = { email };
      const job = await enqueueJob(app.db, PASSWORD_RESET_MAIL_JOB, payload, { maxAttempts: 3 });
      queuedResetMails.set(request, job.id);
      return { ok: true as const };
    },
  );
  app.post(
    '/api/identity/confirm-forgot-password',
    {
      config: { rateLimit },
      schema: { tags, body: ConfirmForgotPasswordRequestSchema, response: { 200: OkResponseSchema, ...errors } },
    },
    (request) => identity.confirmForgotPassword(request.body),
  );
  app.post(
    '/api/identity/change-password',
    {
      config: { rateLimit },
      preHandler: app.requireUser,
      schema: { tags, body: ChangePasswordRequestSchema, response: { 200: OkResponseSchema, ...errors } },
    },
    (request) => identity.changePassword(request.session!, request.body, context(request)),
  );
  app.post(
    '/api/identity/update-attributes',
    {
      config: { rateLimit },
      preHandler: app.requireUser,
      schema: { tags, body: UpdateAttributesRequestSchema, response: { 200: IdentityUserSchema, ...errors } },
    },
    (request) => identity.updateAttributes(request.session!, request.body),
  );
  app.get(
    '/api/identity/current-user',
    {
      config: { rateLimit: readRateLimit },
      preHandler: app.requireUser,
      schema: { tags, response: { 200: IdentityUserSchema, ...errors } },
    },
    (request) => identity.currentUser(request.session!),
  );
  app.post(
    '/api/identity/sign-out',
    {
      config: { rateLimit },
      preHandler: app.requireUser,
      schema: { tags, response: { 200: OkResponseSchema, ...errors } },
    },
    (request) => identity.signOut(request.session!),
  );
};
