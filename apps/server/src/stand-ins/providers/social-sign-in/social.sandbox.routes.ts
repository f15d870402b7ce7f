import { createHash, randomBytes } from 'node:crypto';
import { emailProblem, SOCIAL_PROVIDERS, type SocialProvider } from '@dpp/shared';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { sameSecret } from '../../../lib/same-secret';
import { s256 } from '../../../ports/social.port';
import { sandboxClient } from './social.sandbox';
import { sandboxOauthGrants } from './social.tables';

const CODE_TTL_MS = 60 * 1000;
const TOKEN_TTL_S = 3600;
const NAMES: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook' };

const hash = (value: string) => createHash('sha256').update(value).digest('base64url');
const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
/** The provider's stable id of a person: Google's are 21 digits; ours come from the e-mail. */
const subjectOf = (provider: SocialProvider, email: string) =>
  BigInt(`0x${createHash('sha256').update(`${provider}:${email}`).digest('hex').slice(0, 16)}`)
    .toString()
    .padStart(21, '1');

interface SandboxOptions {
  encryptionKey: Buffer;
  publicUrl: string;
}

type Params = Record<string, string | undefined>;

const page = (reply: FastifyReply, status: number, title: string, body: string) =>
  reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} | sandbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:460px;margin:48px auto;padding:0 16px;color:#0f172a}
main{border:1px solid #e2e8f0;border-radius:16px;padding:24px 28px}label{display:block;margin:16px 0 4px;font-weight:600}
input{width:100%;box-sizing:border-box;padding:10px;border:1px solid #64748b;border-radius:8px;font-size:16px}
.actions{display:flex;gap:12px;margin-top:24px}button{flex:1;padding:10px;border-radius:8px;font-size:16px;cursor:pointer;border:1px solid #3730a3}
.allow{background:#3730a3;color:#fff}.deny{background:#fff;color:#3730a3}p{color:#334155}.note{font-size:14px}</style></head>
<body><main>${body}</main></body></html>`);

/**
 * A stand-in for Google's and Facebook's OAuth 2.0 endpoints while no client id is configured (never in
 * production): a consent page, a token endpoint that checks the client secret, the code, the redirect URI
 * and the PKCE verifier, and a profile endpoint. Its grants live in the database.
 */
export const sandboxSignInRoutes: FastifyPluginAsync<SandboxOptions> = async (app, options) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16_384 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const redirectUriOf = (provider: SocialProvider) =>
    new URL(`/api/identity/oauth/${provider}/callback`, options.publicUrl).toString();
  const providerOf = (value: unknown): SocialProvider | null =>
    SOCIAL_PROVIDERS.includes(value as SocialProvider) ? (value as SocialProvider) : null;

  /** The request's problem, as the real consent pages name them, or null when the app may ask. */
  function authorizeProblem(provider: SocialProvider, q: Params): string | null {
    if (q.client_id !== sandboxClient(provider, options.encryptionKey).clientId) return 'invalid_client';
    if (q.redirect_uri !== redirectUriOf(provider)) return 'redirect_uri_mismatch';
    if (q.response_type !== 'code') return 'unsupported_response_type';
    if (!q.state) return 'invalid_request: state missing';
    if (q.code_challenge_method !== 'S256' || !q.code_challenge || !/^[\w-]{43}$/.test(q.code_challenge)) {
      return 'invalid_request: PKCE S256 code_challenge required';
    }
    return null;
  }

  const FIELDS = [
    'client_id',
    'redirect_uri',
    'response_type',
    'scope',
    'state',
    'code_challenge',
    'code_challenge_method',
  ];

  app.get('/sandbox/:provider/authorize', { schema: { hide: true } }, async (request, reply) => {
    const provider = providerOf((request.params as Params).provider);
    if (!provider) return reply.callNotFound();
    const q = request.query as Params;
    const problem = authorizeProblem(provider, q);
    const title = `Sign in with ${NAMES[provider]}`;
    if (problem) return page(reply, 400, title, `<h1>Error 400</h1><p>${escapeHtml(problem)}</p>`);
    const hidden = FIELDS.map((f) => `<input type="hidden" name="${f}" value="${escapeHtml(q[f] ?? '')}">`).join('');
    return page(
      reply,
      200,
      title,
      `<h1>${escapeHtml(title)}</h1>
<p class="note">Sandbox provider: no ${NAMES[provider]} account is used. Type the person to sign in as.</p>
<p>Digital Project Planner wants your name and email address.</p>
<form method="post" action="/sandbox/${provider}/authorize">${hidden}
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" required>
<label for="name">Name</label><input id="name" name="name" type="text" autocomplete="name" required>
<div class="actions"><button class="deny" name="decision" value="deny" type="submit" formnovalidate>Deny</button>
<button class="allow" name="decision" value="allow" type="submit">Allow</button></div></form>`,
    );
  });

  app.post('/sandbox/:provider/authorize', { schema: { hide: true } }, async (request, reply) => {
    const provider = providerOf((request.params as Params).provider);
    if (!provider) return reply.callNotFound();
    const form = (request.body ?? {}) as Params;
    const problem = authorizeProblem(provider, form);
    if (problem) return page(reply, 400, 'Error', `<h1>Error 400</h1><p>${escapeHtml(problem)}</p>`);
    const back = new URL(form.redirect_uri!);
    back.searchParams.set('state', form.state!);
    if (form.decision !== 'allow') {
      back.searchParams.set('error', 'access_denied');
      return reply.redirect(back.toString(), 302);
    }
    const email = (form.email ?? '').trim().toLowerCase();
    const name = (form.name ?? '').trim().slice(0, 120);
    if (emailProblem(email) || name === '') {
      return page(reply, 400, 'Error', '<h1>Error 400</h1><p>An email address and a name are needed.</p>');
    }
    const code = randomBytes(24).toString('base64url');
    await app.db.insert(sandboxOauthGrants).values({
      provider,
      clientId: form.client_id!,
      redirectUri: form.redirect_uri!,
      codeChallenge: form.code_challenge!,
      codeHash: hash(code),
      subject: subjectOf(provider, email),
      email,
      name,
      codeExpiresAt: new Date(Date.now() + CODE_TTL_MS),
    });
    back.searchParams.set('code', code);
    return reply.redirect(back.toString(), 302);
  });

  app.post('/sandbox/:provider/token', { schema: { hide: true } }, async (request, reply) => {
    const provider = providerOf((request.params as Params).provider);
    if (!provider) return reply.callNotFound();
    const form = (request.body ?? {}) as Params;
    const oauthError = (status: number, error: string, description: string) =>
      reply.code(status).header('cache-control', 'no-store').send({ error, error_description: description });

    // client_secret_basic or client_secret_post, as both providers accept.
    let clientId = form.client_id;
    let clientSecret = form.client_secret;
    const basic = request.headers.authorization?.match(/^Basic (.+)$/);
    if (basic) {
      const [id, secret] = Buffer.from(basic[1]!, 'base64').toString().split(':');
      clientId = decodeURIComponent(id ?? '');
      clientSecret = decodeURIComponent(secret ?? '');
    }
    const expected = sandboxClient(provider, options.encryptionKey);
    if (clientId !== expected.clientId || !clientSecret || !sameSecret(clientSecret, expected.clientSecret)) {
      return oauthError(401, 'invalid_client', 'The OAuth client was not found or its secret is wrong.');
    }
    if (form.grant_type !== 'authorization_code')
      return oauthError(400, 'unsupported_grant_type', 'Only authorization_code.');
    if (!form.code || !form.code_verifier)
      return oauthError(400, 'invalid_request', 'code and code_verifier are required.');

    const [grant] = await app.db
      .select()
      .from(sandboxOauthGrants)
      .where(and(eq(sandboxOauthGrants.codeHash, hash(form.code)), eq(sandboxOauthGrants.provider, provider)))
      .limit(1);
    const badGrant = () => oauthError(400, 'invalid_grant', 'Malformed auth code, or it expired, or it was used.');
    if (!grant || grant.exchangedAt || grant.codeExpiresAt <= new Date() || grant.clientId !== clientId)
      return badGrant();
    if (form.redirect_uri !== grant.redirectUri) return oauthError(400, 'invalid_grant', 'redirect_uri_mismatch');
    if (s256(form.code_verifier) !== grant.codeChallenge)
      return oauthError(400, 'invalid_grant', 'Invalid code verifier.');

    const token = randomBytes(32).toString('base64url');
    const used = await app.db
      .update(sandboxOauthGrants)
      .set({
        exchangedAt: new Date(),
        tokenHash: hash(token),
        tokenExpiresAt: new Date(Date.now() + TOKEN_TTL_S * 1000),
      })
      .where(and(eq(sandboxOauthGrants.id, grant.id), isNull(sandboxOauthGrants.exchangedAt)))
      .returning({ id: sandboxOauthGrants.id });
    if (used.length !== 1) return badGrant();
    return reply.header('cache-control', 'no-store').send({
      access_token: token,
      token_type: 'Bearer',
      expires_in: TOKEN_TTL_S,
      scope: provider === 'google' ? 'openid email profile' : 'email,public_profile',
    });
  });

  const profile = async (provider: SocialProvider, token: string | undefined) => {
    if (!token) return null;
    const [grant] = await app.db
      .select()
      .from(sandboxOauthGrants)
      .where(
        and(
          eq(sandboxOauthGrants.tokenHash, hash(token)),
          eq(sandboxOauthGrants.provider, provider),
          gt(sandboxOauthGrants.tokenExpiresAt, new Date()),
        ),
      )
      .limit(1);
    return grant ?? null;
  };
  const bearer = (header: string | undefined, query: Params) =>
    header?.match(/^Bearer (.+)$/)?.[1] ?? query.access_token;

  app.get('/sandbox/google/userinfo', { schema: { hide: true } }, async (request, reply) => {
    const grant = await profile('google', bearer(request.headers.authorization, request.query as Params));
    if (!grant) return reply.code(401).send({ error: 'invalid_token', error_description: 'Invalid Credentials' });
    const [given = '', ...rest] = grant.name.split(' ');
    return {
      sub: grant.subject,
      email: grant.email,
      email_verified: true,
      name: grant.name,
      given_name: given,
      family_name: rest.join(' '),
    };
  });

  app.get('/sandbox/facebook/me', { schema: { hide: true } }, async (request, reply) => {
    const grant = await profile('facebook', bearer(request.headers.authorization, request.query as Params));
    if (!grant) {
      return reply
        .code(401)
        .send({ error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } });
    }
    return { id: grant.subject, name: grant.name, email: grant.email };
  });
};
