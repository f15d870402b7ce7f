import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type SandboxTool, sandboxObjects } from './sandbox.tables';
import { accountsOf, type SandboxObject, siblingOrder } from './sandbox-store';

export interface TreeNode {
  kind: string;
  id: string;
  name: string;
  details: Record<string, unknown>;
  /** Tasks only: whether the task is done, as the tool's API answers it. */
  done?: boolean;
  children: TreeNode[];
}

export interface SandboxAccountTree {
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
export function findTreeNode(nodes: TreeNode[], match: (n: TreeNode) => boolean): TreeNode | undefined {
  for (const n of nodes) {
    const found = match(n) ? n : findTreeNode(n.children, match);
    if (found) return found;
  }
  return undefined;
}
