import {
  ChangePasswordRequestSchema,
  ConfirmForgotPasswordRequestSchema,
  ConfirmSignUpRequestSchema,
  ErrorResponseSchema,
  ForgotPasswordRequestSchema,
  IdentityUserSchema,
  OkResponseSchema,
  ResendCodeRequestSchema,
  SessionResponseSchema,
  SignInRequestSchema,
  SignUpRequestSchema,
  SignUpResponseSchema,
  UpdateAttributesRequestSchema,
} from '@dpp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  429: ErrorResponseSchema,
};

/** The user pool's operations. Every route here is also limited per client address. */
export const identityRoutes: FastifyPluginAsyncZod = async (app) => {
  const identity = app.identity;
  const rateLimit = { max: app.config.IDENTITY_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' };
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
      schema: { tags, body: ConfirmSignUpRequestSchema, response: { 200: OkResponseSchema, ...errors } },
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
      schema: { tags, body: SignInRequestSchema, response: { 200: SessionResponseSchema, ...errors } },
    },
    (request) => identity.signIn(request.body, context(request)),
  );
  app.post(
    '/api/identity/forgot-password',
    {
      config: { rateLimit },
      schema: { tags, body: ForgotPasswordRequestSchema, response: { 200: OkResponseSchema, ...errors } },
    },
    (request) => identity.forgotPassword(request.body),
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
    (request) => identity.changePassword(request.session!, request.body),
  );
  app.post(
    '/api/identity/update-attributes',
    {
      preHandler: app.requireUser,
      schema: { tags, body: UpdateAttributesRequestSchema, response: { 200: IdentityUserSchema, ...errors } },
    },
    (request) => identity.updateAttributes(request.session!, request.body),
  );
  app.get(
    '/api/identity/current-user',
    { preHandler: app.requireUser, schema: { tags, response: { 200: IdentityUserSchema, ...errors } } },
    (request) => identity.currentUser(request.session!),
  );
  app.post(
    '/api/identity/sign-out',
    { preHandler: app.requireUser, schema: { tags, response: { 200: OkResponseSchema, ...errors } } },
    (request) => identity.signOut(request.session!),
  );
};
