import { createHash, randomBytes, randomInt } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { escapeHtml } from '../../lib/escape-html';
import { SANDBOX_OAUTH_CLIENT } from '../../ports/task-tool.port';
import { type SandboxTool, sandboxAccounts, sandboxGrants, sandboxObjects, sandboxRateWindows } from './sandbox.tables';

export { escapeHtml };

/** Authorization codes live 10 minutes, like most providers'. */
export const CODE_TTL_SECONDS = 600;

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Tx;
export type Account = typeof sandboxAccounts.$inferSelect;
export type SandboxObject = typeof sandboxObjects.$inferSelect;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newSecret = (bytes = 32) => randomBytes(bytes).toString('base64url');

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

/** The vendors' contracts: in the repository's contracts/ folder, or next to the built server. */
export function contractFile(relative: string): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    const candidate = join(dir, 'contracts', relative);
    if (existsSync(candidate)) return candidate;
    dir = dirname(dir);
  }
  throw new Error(`Contract file contracts/${relative} not found`);
}

/** A redirect URI is accepted only under the configured PUBLIC_URL. */
export function redirectAllowed(publicUrl: string, redirectUri: unknown): redirectUri is string {
  if (typeof redirectUri !== 'string') return false;
  try {
    const target = new URL(redirectUri);
    const base = new URL(publicUrl);
    const basePath = base.pathname.endsWith('/') ? base.pathname : `${base.pathname}/`;
    return target.origin === base.origin && `${target.pathname}/`.startsWith(basePath) && !target.hash;
  } catch {
    return false;
  }
}

export function withQuery(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  return url.toString();
}

/** A JSON body that did not parse; each simulator answers it in its vendor's words. */
const BAD_JSON = Symbol('bad json');
export const isBadJson = (body: unknown) => typeof body === 'object' && body !== null && BAD_JSON in body;

/**
 * Bodies parsed as the vendors take them, inside the sandbox only: form bodies (OAuth token
 * requests, consent forms) and JSON whose syntax errors the simulator reports itself.
 */
export function sandboxBodyParsers(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(null, { [BAD_JSON]: true });
    }
  });
}

export const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function displayName(email: string): string {
  const local = email.split('@')[0] ?? email;
  return local
    .split(/[._-]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const validEmail = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= 254 && EMAIL.test(value);

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
const siblingOrder = [
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

// --- OAuth grants -------------------------------------------------------------------------------

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

// --- Rate windows -------------------------------------------------------------------------------

interface RateOutcome {
  allowed: boolean;
  used: number;
  limit: number;
  /** When the current window ends. */
  resetAt: Date;
  retryAfterSeconds: number;
}

/**
 * Spends `cost` from a per-minute window that starts at the first call after the previous one
 * ended (monday: "resets 60 seconds after the first call"). `countRejected`: a refused call
 * still uses the window (Asana says so of its limiter).
 */
export async function spendRate(
  db: Database,
  tool: SandboxTool,
  key: string,
  cost: number,
  limit: number,
  countRejected: boolean,
): Promise<RateOutcome> {
  return db.transaction(async (tx) => {
    await tx.insert(sandboxRateWindows).values({ tool, key, windowStart: new Date(), used: 0 }).onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(sandboxRateWindows)
      .where(and(eq(sandboxRateWindows.tool, tool), eq(sandboxRateWindows.key, key)))
      .for('update');
    const now = Date.now();
    let windowStart = row!.windowStart.getTime();
    let used = row!.used;
    if (windowStart + 60_000 <= now) {
      windowStart = now;
      used = 0;
    }
    const allowed = used + cost <= limit;
    if (allowed || countRejected) used += cost;
    await tx
      .update(sandboxRateWindows)
      .set({ windowStart: new Date(windowStart), used })
      .where(and(eq(sandboxRateWindows.tool, tool), eq(sandboxRateWindows.key, key)));
    const resetAt = new Date(windowStart + 60_000);
    return {
      allowed,
      used,
      limit,
      resetAt,
      retryAfterSeconds: Math.max(1, Math.ceil((resetAt.getTime() - now) / 1000)),
    };
  });
}

// --- Pages --------------------------------------------------------------------------------------

const PAGE_STYLE = `body{font-family:system-ui,sans-serif;max-width:860px;margin:32px auto;padding:0 16px;color:#0f172a;line-height:1.5}
h1{font-size:1.6rem}form{border:1px solid #cbd5e1;border-radius:12px;padding:16px 20px}label{display:block;font-weight:600;margin:12px 0 4px}
input{font:inherit;padding:8px 10px;border:1px solid #64748b;border-radius:8px;width:100%;max-width:420px;box-sizing:border-box}
.actions{display:flex;gap:12px;margin-top:16px}button{font:inherit;padding:8px 20px;border-radius:8px;border:1px solid #1e3a8a;cursor:pointer}
.allow{background:#1e3a8a;color:#fff}.deny{background:#fff;color:#1e3a8a}.note{color:#334155}.error{color:#991b1b;font-weight:600}
ul.tree{padding-left:20px}ul.tree li{margin:2px 0}.kind{color:#475569;font-size:.85em;margin-right:6px}code{background:#f1f5f9;padding:0 4px}
.state{font-size:.85em;margin-left:6px;color:#334155}.state-done{color:#166534;font-weight:700}
form.tick{display:inline-block;border:0;padding:0;margin:0 0 0 8px}form.tick button{padding:0 10px;font-size:.85em;background:#fff;color:#1e3a8a}`;

/** Sends a simulator page with a policy of its own: no script at all, forms may post back here and go on to PUBLIC_URL. */
export function sendPage(reply: FastifyReply, publicUrl: string, title: string, body: string, status = 200) {
  const origin = new URL(publicUrl).origin;
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self' ${origin}; base-uri 'none'; frame-ancestors 'none'`,
    )
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${PAGE_STYLE}</style></head><body><main>${body}</main></body></html>`,
    );
}

interface ConsentPageOptions {
  toolName: string;
  action: string;
  hidden: Record<string, string | undefined>;
  accounts: Account[];
  error?: string;
}

/** The consent screen: pick or type a sandbox identity, then Allow or Deny. */
export function consentBody({ toolName, action, hidden, accounts, error }: ConsentPageOptions): string {
  const hiddenInputs = Object.entries(hidden)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  const options = accounts.map((a) => `<option value="${escapeHtml(a.email)}"></option>`).join('');
  const known = accounts.length
    ? `<p class="note">Sandbox accounts already here: ${accounts.map((a) => `<code>${escapeHtml(a.email)}</code>`).join(', ')}.</p>`
    : '';
  return `<h1>${escapeHtml(toolName)} sandbox: authorize Digital Project Planner</h1>
<p>Digital Project Planner asks to create projects and tasks in your ${escapeHtml(toolName)} account. This is a local simulator: nothing leaves this machine.</p>
<form method="post" action="${escapeHtml(action)}">${hiddenInputs}
<label for="email">Sandbox account e-mail</label>
<input id="email" name="email" type="email" autocomplete="email" list="sandbox-accounts" required aria-describedby="email-help"${error ? ' aria-invalid="true"' : ''}>
<datalist id="sandbox-accounts">${options}</datalist>
<p id="email-help" class="note">Choose an existing sandbox account or type a new e-mail to create one.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}${known}
<div class="actions"><button class="allow" type="submit" name="decision" value="allow">Allow</button>
<button class="deny" type="submit" name="decision" value="deny" formnovalidate>Deny</button></div></form>`;
}

export function errorBody(toolName: string, message: string): string {
  return `<h1>${escapeHtml(toolName)} sandbox: authorization failed</h1><p class="error" role="alert">${escapeHtml(message)}</p>`;
}

// --- Home page: what was uploaded ---------------------------------------------------------------

export interface TreeNode {
  kind: string;
  id: string;
  name: string;
  details: Record<string, unknown>;
  /** Tasks only: whether the task is done, as the tool's API answers it. */
  done?: boolean;
  children: TreeNode[];
}

interface SandboxAccountTree {
  email: string;
  name: string;
  id: string;
  created_at: string;
  tree: TreeNode[];
}

/**
 * The tasks a person ticks done on a simulator's page, read and written in the tool's own fields, so that its API
 * and the adapters' progress reads see the tick as if it were made in the tool.
 */
export interface TaskDone {
  /** Whether an object is one of the tool's tasks: not a section, not a subtask. */
  isTask(kind: string, data: Record<string, unknown>): boolean;
  isDone(data: Record<string, unknown>): boolean;
  /** Marks a task done or not as the tool's API would; a sentence when the task cannot be. */
  setDone(db: Database, task: SandboxObject, done: boolean): Promise<string | undefined>;
}

/** Every account of a tool with everything created in it, in the order the tool shows it. */
export async function sandboxTree(
  db: Database,
  tool: SandboxTool,
  /** Kinds the tool keeps out of sight (monday's subitems boards, under which nothing is stored). */
  hidden: ReadonlySet<string> = new Set(),
  tasks?: TaskDone,
): Promise<SandboxAccountTree[]> {
  const accounts = await accountsOf(db, tool);
  const objects = (
    await db
      .select()
      .from(sandboxObjects)
      .where(eq(sandboxObjects.tool, tool))
      .orderBy(...siblingOrder)
  ).filter((o) => !hidden.has(o.kind));
  const nodes = new Map<string, TreeNode>();
  for (const o of objects) {
    const done = tasks?.isTask(o.kind, o.data) ? { done: tasks.isDone(o.data) } : {};
    nodes.set(o.remoteId, { kind: o.kind, id: o.remoteId, name: o.name, details: o.data, ...done, children: [] });
  }
  const roots = new Map<number, TreeNode[]>();
  for (const o of objects) {
    const node = nodes.get(o.remoteId)!;
    const parent = o.parentId ? nodes.get(o.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.set(o.accountId, [...(roots.get(o.accountId) ?? []), node]);
  }
  return accounts.map((a) => ({
    email: a.email,
    name: a.name,
    id: a.remoteId,
    created_at: a.createdAt.toISOString(),
    tree: roots.get(a.id) ?? [],
  }));
}

/** The first node, depth first, that matches. */
function findTreeNode(nodes: TreeNode[], match: (n: TreeNode) => boolean): TreeNode | undefined {
  for (const n of nodes) {
    const found = match(n) ? n : findTreeNode(n.children, match);
    if (found) return found;
  }
  return undefined;
}

/** What a simulator's page shows: its name, how it names each kind of object, and which details it lists. */
interface HomePage {
  tool: SandboxTool;
  toolName: string;
  labels: Record<string, string>;
  detailKeys: string[];
  /** The kind of object an upload makes its project of (Asana project, ClickUp folder, monday board). */
  projectKind: string;
}

/** A task's state in words (not colour alone), and the button that turns it over, named after the task. */
function taskState(page: HomePage, task: TreeNode): string {
  const label = task.done ? 'Mark not done' : 'Mark done';
  const state = task.done ? '<strong class="state state-done">Done</strong>' : '<span class="state">To do</span>';
  return ` ${state}<form class="tick" method="post" action="/sandbox/${page.tool}/-/tasks/${escapeHtml(encodeURIComponent(task.id))}/done"><input type="hidden" name="done" value="${task.done ? 'false' : 'true'}"><button type="submit" aria-label="${escapeHtml(`${label}: ${task.name}`)}">${label}</button></form>`;
}

/** The button that deletes a project, named after it, as a person deletes one in the tool. */
function projectDelete(page: HomePage, project: TreeNode): string {
  const label = `Delete ${(page.labels[project.kind] ?? project.kind).toLowerCase()}`;
  return `<form class="tick" method="post" action="/sandbox/${page.tool}/-/projects/${escapeHtml(encodeURIComponent(project.id))}/delete"><button type="submit" aria-label="${escapeHtml(`${label}: ${project.name}`)}">${escapeHtml(label)}</button></form>`;
}

/** A detail as the page lists it: nothing when unset, an object (monday's columns by title) as its entries. */
function detailEntries(key: string, value: unknown): [string, unknown][] {
  if (value === undefined || value === null || value === '') return [];
  if (typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value).filter(([, v]) => v !== undefined && v !== null && v !== '');
  }
  return [[key, value]];
}

function renderNodes(page: HomePage, nodes: TreeNode[]): string {
  if (nodes.length === 0) return '';
  return `<ul class="tree">${nodes
    .map((n) => {
      const details = page.detailKeys
        .flatMap((k) => detailEntries(k, n.details[k]))
        .map(([k, v]) => ` <small>${escapeHtml(k)}: ${escapeHtml(v)}</small>`)
        .join('');
      const state =
        n.done === undefined ? (n.kind === page.projectKind ? projectDelete(page, n) : '') : taskState(page, n);
      return `<li id="obj-${escapeHtml(n.id)}"><span class="kind">${escapeHtml(page.labels[n.kind] ?? n.kind)}</span>${escapeHtml(n.name)} <small>(${escapeHtml(n.id)})</small>${details}${state}${renderNodes(page, n.children)}</li>`;
    })
    .join('')}</ul>`;
}

export function homeBody(page: HomePage, accounts: SandboxAccountTree[]): string {
  const { tool, toolName } = page;
  const jsonPath = `/sandbox/${tool}/index.json`;
  const list = accounts
    .map(
      (a) =>
        `<section aria-labelledby="acct-${escapeHtml(a.id)}"><h2 id="acct-${escapeHtml(a.id)}">${escapeHtml(a.name)} &lt;${escapeHtml(a.email)}&gt;</h2>${renderNodes(page, a.tree) || '<p>Nothing yet.</p>'}</section>`,
    )
    .join('');
  return `<h1>${escapeHtml(toolName)} sandbox</h1>
<p>The local simulator of ${escapeHtml(toolName)}: its sandbox accounts and everything uploaded into them, in the order it was created. The same as JSON: <a href="${escapeHtml(jsonPath)}">${escapeHtml(jsonPath)}</a>.</p>
<p class="note">Marking a task done here is ticking it in ${escapeHtml(toolName)}: the API answers it done from then on. Deleting a project here deletes it in ${escapeHtml(toolName)}: the API no longer finds it.</p>
${list || '<p>No sandbox account yet: one is created on the consent screen.</p>'}`;
}

/** One project's own page, where the tool's address for it leads: its tree, ticks included. */
function projectBody(page: HomePage, project: TreeNode): string {
  const { tool, toolName } = page;
  return `<h1>${escapeHtml(project.name)}</h1>
<p>${escapeHtml(page.labels[project.kind] ?? project.kind)} in the local simulator of ${escapeHtml(toolName)} <small>(${escapeHtml(project.id)})</small>. <a href="/sandbox/${tool}/">Everything in the ${escapeHtml(toolName)} sandbox</a></p>
${renderNodes(page, project.children) || '<p>Nothing in it yet.</p>'}`;
}

/**
 * Where the tool's address of a project leads, as its path in the simulator (`/0/:id/list` for Asana): the
 * project's id, and the object it must sit under when the address names one (ClickUp's Workspace).
 */
interface ProjectPage {
  path: string;
  locate(params: Record<string, string>): { id: string; within?: string } | undefined;
}

function problemBody(page: HomePage, heading: string, message: string): string {
  return `<h1>${escapeHtml(page.toolName)} sandbox: ${escapeHtml(heading)}</h1><p class="error" role="alert">${escapeHtml(message)}</p>
<p><a href="/sandbox/${page.tool}/">Back to the ${escapeHtml(page.toolName)} sandbox</a></p>`;
}
const taskProblemBody = (page: HomePage, message: string) => problemBody(page, 'the task was not changed', message);
const projectProblemBody = (page: HomePage, message: string) =>
  problemBody(page, 'the project was not deleted', message);

/** The ids of the three tools: digits (Asana, monday) or ClickUp's short alphanumeric ones. */
const TaskDoneParams = z.object({ id: z.string().regex(/^[0-9a-z]{1,40}$/i) });
const ProjectParams = TaskDoneParams;
const TaskDoneForm = z.object({ done: z.enum(['true', 'false']) });

/**
 * A simulator's page of what was uploaded (`/`), its JSON twin (`/index.json`), and the forms of the page that mark a
 * task done or not (`POST /-/tasks/:id/done`, then back to the task on the page) and delete a project (`POST
 * /-/projects/:id/delete`, then back to the page).
 */
export function registerHomePage(
  app: FastifyInstance,
  page: HomePage & { hidden?: ReadonlySet<string>; tasks: TaskDone; project: ProjectPage },
): void {
  const publicUrl = app.config.PUBLIC_URL;
  const title = `${page.toolName} sandbox`;
  const tree = () => sandboxTree(app.db, page.tool, page.hidden, page.tasks);
  app.get('/index.json', { schema: { hide: true } }, async () => ({ tool: page.tool, accounts: await tree() }));
  app.get('/', { schema: { hide: true } }, async (_request, reply) =>
    sendPage(reply, publicUrl, title, homeBody(page, await tree())),
  );
  app.get(page.project.path, { schema: { hide: true } }, async (request, reply) => {
    const where = page.project.locate(request.params as Record<string, string>);
    const roots = (await tree()).flatMap((a) => a.tree);
    const scope = where?.within ? findTreeNode(roots, (n) => n.id === where.within)?.children : roots;
    const project = where && scope ? findTreeNode(scope, (n) => n.id === where.id) : undefined;
    if (!project) {
      return sendPage(
        reply,
        publicUrl,
        title,
        problemBody(page, 'project not found', 'There is no such project in this sandbox.'),
        404,
      );
    }
    return sendPage(reply, publicUrl, `${project.name} · ${title}`, projectBody(page, project));
  });
  app.post('/-/tasks/:id/done', { schema: { hide: true } }, async (request, reply) => {
    const problem = (status: number, message: string) =>
      sendPage(reply, publicUrl, title, taskProblemBody(page, message), status);
    const params = TaskDoneParams.safeParse(request.params);
    const task = params.success ? await findObject(app.db, page.tool, params.data.id) : undefined;
    if (!task || !page.tasks.isTask(task.kind, task.data)) {
      return problem(404, `There is no task ${String((request.params as { id?: unknown }).id)} in this sandbox.`);
    }
    const form = TaskDoneForm.safeParse(isBadJson(request.body) ? {} : (request.body ?? {}));
    if (!form.success) return problem(400, 'Say whether the task is done: done=true or done=false.');
    const refused = await page.tasks.setDone(app.db, task, form.data.done === 'true');
    if (refused) return problem(409, refused);
    return reply.redirect(`/sandbox/${page.tool}/#obj-${encodeURIComponent(task.remoteId)}`, 303);
  });
  app.post('/-/projects/:id/delete', { schema: { hide: true } }, async (request, reply) => {
    const params = ProjectParams.safeParse(request.params);
    const project = params.success ? await findObject(app.db, page.tool, params.data.id) : undefined;
    if (!project || project.kind !== page.projectKind) {
      const id = String((request.params as { id?: unknown }).id);
      return sendPage(
        reply,
        publicUrl,
        title,
        projectProblemBody(page, `There is no project ${id} in this sandbox.`),
        404,
      );
    }
    await deleteWithDescendants(app.db, page.tool, project.remoteId);
    return reply.redirect(`/sandbox/${page.tool}/`, 303);
  });
}
