import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, type TestContext } from '../../../test/helpers';
import { jobEnded, remoteProjects, startUpload } from '../../../test/remote-plan';
import { type Caller, connectSandboxTool, injectCaller, listeningSimulatorApp } from '../../../test/task-tool-upload';
import { ensureClient } from '../../modules/clients/clients.repository';
import { projectPlans } from '../../modules/templates/templates.tables';
import { issueGrant } from '../../stand-ins/simulators/grants';
import { sandboxAccounts } from '../../stand-ins/simulators/sandbox.tables';
import { fixedToken } from './http';

const FREE = 'project-planning-made-easy-with-5-simple-principles';

/** How a person marks a task done in each tool's simulator, through its API. */
const TICK_DONE = {
  asana: (gid: string) => ({
    method: 'PUT' as const,
    url: `/sandbox/asana/api/1.0/tasks/${gid}`,
    payload: { data: { completed: true } },
  }),
  clickup: (id: string) => ({
    method: 'PUT' as const,
    url: `/sandbox/clickup/api/v2/task/${id}`,
    payload: { status: 'complete' },
  }),
  monday: (id: string) => ({ method: 'POST' as const, url: '/sandbox/monday/v2', payload: mondayStatus(id) }),
} as const;

/** monday's way: the item's Status column set to Done, on the board the item is on. */
function mondayStatus(itemId: string) {
  return {
    query:
      'mutation ($b: ID!, $i: ID!, $v: JSON!) { change_multiple_column_values(board_id: $b, item_id: $i, column_values: $v) { id } }',
    variables: { b: mondayBoards.get(itemId), i: itemId, v: JSON.stringify({ status: { label: 'Done' } }) },
  };
}
/** The board of each monday item read, for the mutation that ticks it. */
const mondayBoards = new Map<string, string>();

describe("reading an uploaded project's progress from the simulators", () => {
  let ctx: TestContext;
  let app: Caller;

  beforeAll(async () => {
    ctx = await listeningSimulatorApp({ JOBS_POLL_INTERVAL_MS: '50' });
    app = injectCaller(ctx.app);
  });
  afterAll(() => ctx.close());

  it.each(['asana', 'clickup', 'monday'] as const)(
    '%s: says which tasks a person ticked done, and that a deleted project is gone',
    async (tool) => {
      const email = `progress-reader-${tool}@example.com`;
      const { auth } = await signedInUser(ctx.app, email);
      const client = await ensureClient(ctx.app.db, email);
      const [free] = await ctx.app.db.select().from(projectPlans).where(eq(projectPlans.slug, FREE));
      const { handle, placeId } = await connectSandboxTool(app, auth, tool, email);
      const { jobId, parentId } = await startUpload(app, auth, tool, {
        handle,
        placeId,
        planId: free!.id,
        clientId: client.id,
      });
      expect(await jobEnded(ctx.app.db, jobId)).toMatchObject({ status: 'succeeded' });
      const [project] = await remoteProjects(ctx.app.db, tool, parentId);

      // A person ticks three tasks done in the tool, with a token of the account the upload went to.
      const [account] = await ctx.app.db
        .select()
        .from(sandboxAccounts)
        .where(and(eq(sandboxAccounts.tool, tool), eq(sandboxAccounts.email, email)));
      const token = await issueGrant(ctx.app.db, {
        tool,
        kind: 'access',
        accountId: account!.id,
        ttlSeconds: 600,
      });
      const adapter = ctx.app.adapters.taskTools[tool];
      const before = await adapter.readProgress(fixedToken(token), project!.remoteId);
      if (before === 'gone') throw new Error('the project is there');
      expect(before.tasks.length).toBeGreaterThan(3);
      expect(before.tasks.every((t) => !t.done && /^\d{4}-\d{2}-\d{2}$/.test(t.dueOn ?? ''))).toBe(true);
      const ticked = before.tasks.slice(0, 3).map((t) => t.remoteId);
      for (const id of ticked) mondayBoards.set(id, project!.remoteId);
      for (const gid of ticked) {
        const done = await ctx.app.inject({
          headers: { authorization: tool === 'asana' ? `Bearer ${token}` : token },
          ...TICK_DONE[tool](gid),
        });
        expect(done.statusCode).toBe(200);
      }

      const after = await adapter.readProgress(fixedToken(token), project!.remoteId);
      if (after === 'gone') throw new Error('the project is there');
      expect(after.tasks.map((t) => t.remoteId)).toEqual(before.tasks.map((t) => t.remoteId));
      expect(after.tasks.filter((t) => t.done).map((t) => t.remoteId)).toEqual(ticked);

      expect(await adapter.readProgress(fixedToken(token), '98765432')).toBe('gone');
    },
  );
});
