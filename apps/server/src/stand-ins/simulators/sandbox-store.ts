import { randomInt } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type SandboxTool, sandboxAccounts, sandboxObjects } from './sandbox.tables';

/**
 * The simulators' store: the sandbox accounts, the objects created in them (workspaces, projects, tasks, ...) as a
 * tree of parents and children, and the ids the tools give them.
 */

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Tx;
export type Account = typeof sandboxAccounts.$inferSelect;
export type SandboxObject = typeof sandboxObjects.$inferSelect;

/** A random id of `digits` decimal digits, never starting with 0 (Asana gids, monday and ClickUp ids). */
export function numericId(digits: number): string {
  let id = String(randomInt(1, 10));
  while (id.length < digits) id += String(randomInt(0, 10));
  return id;
}

export function alphanumericId(length: number): string {
  const alphabet = '0123456789abcdefghijklmnopqrstuvwxyz';
  let id = '';
  for (let i = 0; i < length; i++) id += alphabet[randomInt(0, alphabet.length)];
  return id;
}

function displayName(email: string): string {
  const local = email.split('@')[0] ?? email;
  return local
    .split(/[._-]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
}

/**
 * The account of an e-mail in a simulator, created with its seed objects (a workspace, ...) the
 * first time someone consents with it.
 */
export async function findOrCreateAccount(
  db: Database,
  tool: SandboxTool,
  email: string,
  seed: (tx: Tx, account: Account) => Promise<void>,
  remoteId: () => string,
): Promise<Account> {
  const normalized = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(sandboxAccounts)
      .values({ tool, email: normalized, name: displayName(normalized), remoteId: remoteId() })
      .onConflictDoNothing()
      .returning();
    if (inserted) {
      await seed(tx, inserted);
      return inserted;
    }
    const [existing] = await tx
      .select()
      .from(sandboxAccounts)
      .where(and(eq(sandboxAccounts.tool, tool), eq(sandboxAccounts.email, normalized)));
    return existing!;
  });
}

export async function accountById(db: Executor, id: number): Promise<Account | undefined> {
  const [row] = await db.select().from(sandboxAccounts).where(eq(sandboxAccounts.id, id));
  return row;
}

export async function accountsOf(db: Database, tool: SandboxTool): Promise<Account[]> {
  return db.select().from(sandboxAccounts).where(eq(sandboxAccounts.tool, tool)).orderBy(asc(sandboxAccounts.id));
}

export async function insertObject(
  db: Executor,
  values: {
    tool: SandboxTool;
    kind: string;
    remoteId: string;
    accountId: number;
    parentId: string | null;
    name: string;
    data?: Record<string, unknown>;
  },
): Promise<SandboxObject> {
  const [row] = await db
    .insert(sandboxObjects)
    .values({ ...values, data: values.data ?? {} })
    .returning();
  return row!;
}

/**
 * Deletes an object with everything under it (a project's sections, tasks and subtasks; a board's groups, items,
 * subitems and subitems board), as the tool does when a person deletes it: its API no longer finds any of them.
 */
export async function deleteWithDescendants(db: Executor, tool: SandboxTool, remoteId: string): Promise<void> {
  await db.execute(sql`
    with recursive tree(remote_id) as (
      select remote_id from sandbox_objects where tool = ${tool} and remote_id = ${remoteId}
      union all
      select o.remote_id from sandbox_objects o join tree t on o.parent_id = t.remote_id where o.tool = ${tool}
    )
    delete from sandbox_objects where tool = ${tool} and remote_id in (select remote_id from tree)`);
}

export async function findObject(
  db: Executor,
  tool: SandboxTool,
  remoteId: string,
): Promise<SandboxObject | undefined> {
  const [row] = await db
    .select()
    .from(sandboxObjects)
    .where(and(eq(sandboxObjects.tool, tool), eq(sandboxObjects.remoteId, remoteId)));
  return row;
}

/** Siblings as their place shows them: by the position an insert gave them (Asana), otherwise by creation. */
export const siblingOrder = [
  sql`coalesce((${sandboxObjects.data}->>'position')::float8, ${sandboxObjects.id})`,
  asc(sandboxObjects.id),
] as const;

/** Where an object stands among its siblings. */
const positionOf = (o: SandboxObject) => (typeof o.data.position === 'number' ? o.data.position : o.id);

/** A position right before or after `anchor` among `siblings` (as childrenOf lists them). */
export function positionBeside(siblings: SandboxObject[], anchor: SandboxObject, side: 'before' | 'after'): number {
  const at = siblings.findIndex((o) => o.id === anchor.id);
  const neighbour = siblings[side === 'after' ? at + 1 : at - 1];
  const step = side === 'after' ? 1 : -1;
  return neighbour ? (positionOf(anchor) + positionOf(neighbour)) / 2 : positionOf(anchor) + step;
}

export async function childrenOf(db: Executor, tool: SandboxTool, parentId: string, kind?: string) {
  return db
    .select()
    .from(sandboxObjects)
    .where(
      and(
        eq(sandboxObjects.tool, tool),
        eq(sandboxObjects.parentId, parentId),
        kind ? eq(sandboxObjects.kind, kind) : undefined,
      ),
    )
    .orderBy(...siblingOrder);
}
