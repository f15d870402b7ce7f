import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedInUser, type TestContext } from '../../../test/helpers';
import { clickupUploadPath, connectSandboxTool, freePort } from '../../../test/task-tool-upload';
import type { Database } from '../../db/client';
import { sandboxObjects } from '../../sandbox/sandbox.schema';
import { findJob } from '../jobs/jobs.service';
import { projectPlans, type TemplatePlan } from '../templates/templates.schema';

const FREE = 'project-planning-made-easy-with-5-simple-principles';

/** The names under a remote object, level by level, in the order the simulator stored them. */
async function childNames(db: Database, parentId: string, kind: string) {
  return db
    .select({ remoteId: sandboxObjects.remoteId, name: sandboxObjects.name })
    .from(sandboxObjects)
    .where(
      and(eq(sandboxObjects.tool, 'clickup'), eq(sandboxObjects.parentId, parentId), eq(sandboxObjects.kind, kind)),
    )
    .orderBy(asc(sandboxObjects.id));
}

/** The ClickUp folder as a plan: lists as sections, tasks, and subtasks by parent. */
async function remotePlan(db: Database, folderId: string) {
  const sections = [];
  for (const list of await childNames(db, folderId, 'list')) {
    const tasks = [];
    for (const task of await childNames(db, list.remoteId, 'task')) {
      tasks.push({ name: task.name, subtasks: (await childNames(db, task.remoteId, 'task')).map((s) => s.name) });
    }
    sections.push({ name: list.name, tasks });
  }
  return sections;
}

const expected = (plan: TemplatePlan) =>
  plan.sections.map((s) => ({
    name: s.name,
    tasks: s.tasks.map((t) => ({ name: t.name, subtasks: t.subtasks.map((st) => st.name) })),
  }));

describe('an upload into the ClickUp simulator when the tool fails mid-way', () => {
  let ctx: TestContext;
  let baseUrl: string;

  beforeAll(async () => {
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    // The adapters reach the simulators over HTTP, as they would reach the real tools.
    ctx = await buildTestApp({ PUBLIC_URL: baseUrl, JOBS_POLL_INTERVAL_MS: '200', UPLOAD_WAIT_SECONDS: '60' });
    await ctx.app.listen({ host: '127.0.0.1', port });
  });
  afterAll(() => ctx.close());

  // 'lost': the tool created the object but its answer never arrived; the retry must find it, not repeat it.
  it.each(['500', '429', 'drop', 'lost'] as const)(
    'recovers from %s and ends with exactly the template',
    async (kind) => {
      const email = `faults-${kind}@example.com`;
      const user = await signedInUser(ctx.app, email);
      const client = await ctx.app.inject({
        method: 'POST',
        url: '/api/client/get',
        headers: user.auth,
        payload: { email },
      });
      const clientId = client.json().id as number;
      const app = {
        call: async (method: 'GET' | 'POST', path: string, body?: unknown, headers?: Record<string, string>) => {
          const res = await ctx.app.inject({
            method,
            url: path,
            headers,
            ...(body !== undefined && { payload: body as object }),
          });
          return { status: res.statusCode, json: () => res.json() };
        },
      };
      const { handle, placeId } = await connectSandboxTool(app, user.auth, 'clickup', email);
      const [template] = await ctx.app.db.select().from(projectPlans).where(eq(projectPlans.slug, FREE));

      // The folder and a few lists and tasks go through; then the armed fault fires once.
      const armed = await ctx.app.inject({
        method: 'POST',
        url: '/sandbox/clickup/faults',
        payload: { after: 6, kind },
      });
      expect(armed.statusCode).toBe(201);
      const answer = await app.call(
        'POST',
        clickupUploadPath(placeId, template!.id, clientId),
        { accessToken: handle },
        user.auth,
      );
      const result = answer.json() as { status: boolean; job_id: number; pending?: boolean };
      expect(result.status).toBe(true);
      const job = await findJob(ctx.app.db, result.job_id);
      expect(job).toMatchObject({ status: 'succeeded' });
      // Every kind but the rate limit (waited out inside the attempt) costs one failed attempt.
      expect(job!.attempts).toBe(kind === '429' ? 1 : 2);

      const folders = await childNames(ctx.app.db, placeId, 'folder');
      const ours = folders.filter((f) => f.name === template!.productName || f.name === template!.name);
      expect(ours).toHaveLength(1);
      expect(await remotePlan(ctx.app.db, ours[0]!.remoteId)).toEqual(expected(template!.plan));
    },
  );
});
