import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SANDBOX_OAUTH_CLIENT } from '../../ports/task-tool.port';
import { CODE_TTL_SECONDS, issueGrant } from './grants';
import { consentBody, errorBody, sendPage } from './pages';
import { redirectAllowed, str, validEmail, withQuery } from './requests';
import type { SandboxTool } from './sandbox.tables';
import { type Account, accountsOf, type Tx } from './sandbox-store';

interface ConsentFlow {
  tool: SandboxTool;
  toolName: string;
  /** Path of the authorize page, shown on GET and posted to by the consent form. */
  path: string;
  /** Query parameters carried through the consent form. */
  fields: readonly string[];
  /** Extra checks of the request (response_type, PKCE); an OAuth error code and text when it fails. */
  check?: (query: Record<string, string | undefined>) => { error: string; description: string } | undefined;
  createAccount: (email: string) => Promise<Account>;
}

const S256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** PKCE: the verifier must hash to the challenge the authorize request carried. */
export function verifierMatches(challenge: string | null, verifier: string | undefined): boolean {
  if (!challenge) return true;
  return (
    typeof verifier === 'string' && verifier.length >= 43 && verifier.length <= 128 && S256(verifier) === challenge
  );
}

/**
 * The consent screen of a simulator: GET shows it, POST takes Allow or Deny and redirects back
 * to the client with a code and the state (or error=access_denied), as an OAuth provider does.
 */
export function registerConsent(app: FastifyInstance, flow: ConsentFlow): void {
  const publicUrl = app.config.PUBLIC_URL;

  const fieldsOf = (source: unknown) => {
    const record = (source ?? {}) as Record<string, unknown>;
    return Object.fromEntries(flow.fields.map((f) => [f, str(record[f])])) as Record<string, string | undefined>;
  };

  /** Problems shown on the page itself: without a trusted redirect_uri nothing may be sent back. */
  const pageProblem = (fields: Record<string, string | undefined>) => {
    if (fields.client_id !== SANDBOX_OAUTH_CLIENT.clientId)
      return `Unknown client_id. The sandbox knows only '${SANDBOX_OAUTH_CLIENT.clientId}'.`;
    if (!redirectAllowed(publicUrl, fields.redirect_uri)) {
      return `The redirect_uri must be an address under ${publicUrl}.`;
    }
    return undefined;
  };

  const show = async (reply: FastifyReply, fields: Record<string, string | undefined>, error?: string) =>
    sendPage(
      reply,
      publicUrl,
      `Authorize | ${flow.toolName} sandbox`,
      consentBody({
        toolName: flow.toolName,
        action: `/sandbox/${flow.tool}${flow.path}`,
        hidden: fields,
        accounts: await accountsOf(app.db, flow.tool),
        ...(error && { error }),
      }),
      error ? 400 : 200,
    );

  const redirectError = (
    reply: FastifyReply,
    fields: Record<string, string | undefined>,
    error: string,
    description?: string,
  ) =>
    reply.redirect(
      withQuery(fields.redirect_uri!, {
        error,
        ...(description && { error_description: description }),
        state: fields.state,
      }),
      302,
    );

  app.get(flow.path, { schema: { hide: true } }, async (request: FastifyRequest, reply) => {
    const fields = fieldsOf(request.query);
    const problem = pageProblem(fields);
    if (problem) return sendPage(reply, publicUrl, `${flow.toolName} sandbox`, errorBody(flow.toolName, problem), 400);
    const failed = flow.check?.(fields);
    if (failed) return redirectError(reply, fields, failed.error, failed.description);
    return show(reply, fields);
  });

  app.post(flow.path, { schema: { hide: true } }, async (request: FastifyRequest, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const fields = fieldsOf(body);
    const problem = pageProblem(fields);
    if (problem) return sendPage(reply, publicUrl, `${flow.toolName} sandbox`, errorBody(flow.toolName, problem), 400);
    const failed = flow.check?.(fields);
    if (failed) return redirectError(reply, fields, failed.error, failed.description);
    if (body.decision === 'deny') return redirectError(reply, fields, 'access_denied');
    if (body.decision !== 'allow') return show(reply, fields, 'Choose Allow or Deny.');
    if (!validEmail(body.email)) return show(reply, fields, 'Enter a valid e-mail for the sandbox account.');
    const account = await flow.createAccount(body.email);
    const code = await issueGrant(app.db, {
      tool: flow.tool,
      kind: 'code',
      accountId: account.id,
      redirectUri: fields.redirect_uri ?? null,
      codeChallenge: fields.code_challenge ?? null,
      scope: fields.scope ?? null,
      ttlSeconds: CODE_TTL_SECONDS,
    });
    return reply.redirect(withQuery(fields.redirect_uri!, { code, state: fields.state }), 302);
  });
}

/** Seeds run inside the account's creation transaction. */
export type Seed = (tx: Tx, account: Account) => Promise<void>;
