import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { SANDBOX_OAUTH_CLIENT } from '../../ports/task-tool.port';
import { type SandboxTool, sandboxAccounts, sandboxGrants } from './sandbox.tables';
import type { Account, Executor } from './sandbox-store';

/** The simulators' OAuth grants: authorization codes, access and refresh tokens, kept only as hashes. */

/** Authorization codes live 10 minutes, like most providers'. */
export const CODE_TTL_SECONDS = 600;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newSecret = (bytes = 32) => randomBytes(bytes).toString('base64url');

export async function issueGrant(
  db: Executor,
  grant: {
    tool: SandboxTool;
    kind: 'code' | 'access' | 'refresh';
    accountId: number;
    redirectUri?: string | null;
    codeChallenge?: string | null;
    scope?: string | null;
    ttlSeconds?: number;
  },
  token = newSecret(),
): Promise<string> {
  await db.insert(sandboxGrants).values({
    tokenHash: hashToken(token),
    tool: grant.tool,
    kind: grant.kind,
    accountId: grant.accountId,
    clientId: SANDBOX_OAUTH_CLIENT.clientId,
    redirectUri: grant.redirectUri ?? null,
    codeChallenge: grant.codeChallenge ?? null,
    scope: grant.scope ?? null,
    expiresAt: grant.ttlSeconds ? new Date(Date.now() + grant.ttlSeconds * 1000) : null,
  });
  return token;
}

type Grant = typeof sandboxGrants.$inferSelect;

/**
 * Marks an authorization code used and returns it, once: a second use (or a concurrent one on
 * another instance) finds nothing.
 */
export async function consumeCode(db: Executor, tool: SandboxTool, code: string): Promise<Grant | undefined> {
  const [row] = await db
    .update(sandboxGrants)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(sandboxGrants.tokenHash, hashToken(code)),
        eq(sandboxGrants.tool, tool),
        eq(sandboxGrants.kind, 'code'),
        sql`${sandboxGrants.usedAt} is null`,
        sql`${sandboxGrants.expiresAt} > now()`,
      ),
    )
    .returning();
  return row;
}

/** The account behind a live access (or refresh) token. */
export async function tokenAccount(
  db: Executor,
  tool: SandboxTool,
  token: string,
  kind: 'access' | 'refresh' = 'access',
): Promise<Account | undefined> {
  const [row] = await db
    .select({ account: sandboxAccounts })
    .from(sandboxGrants)
    .innerJoin(sandboxAccounts, eq(sandboxAccounts.id, sandboxGrants.accountId))
    .where(
      and(
        eq(sandboxGrants.tokenHash, hashToken(token)),
        eq(sandboxGrants.tool, tool),
        eq(sandboxGrants.kind, kind),
        sql`(${sandboxGrants.expiresAt} is null or ${sandboxGrants.expiresAt} > now())`,
      ),
    );
  return row?.account;
}
