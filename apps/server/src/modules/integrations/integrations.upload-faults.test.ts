import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, type TestContext } from '../../../test/helpers';
import { expectedRemotePlan, jobEnded, remotePlan, remoteProjects, startUpload } from '../../../test/remote-plan';
import { type Caller, connectSandboxTool, injectCaller, listeningSimulatorApp } from '../../../test/task-tool-upload';
import type { TaskToolName } from '../../ports/task-tool.port';
import type { FaultKind } from '../../stand-ins/simulators/faults';
import { projectPlans } from '../templates/templates.tables';
import type { UploadJobPayload } from './integrations.service';

const FREE = 'project-planning-made-easy-with-5-simple-principles';
/**
 * The template (5 sections, 16 tasks, 43 subtasks, every one described) goes out as: Asana a teams read, the
 * project, then batches that mix sections, tasks and subtasks (one per container each); monday the board, groups, items, the first
 * subitem, then the subitems board's column with the other subitems; ClickUp one request per object. Each
 * case lets `after` API requests through, then the fault fires once.
 */
const CASES: { tool: TaskToolName; kind: FaultKind; after: number; at: string }[] = [
  ...(['500', '429', 'drop', 'lost'] as const).flatMap((kind) => [
    { tool: 'clickup' as const, kind, after: 6, at: 'a task' },
    { tool: 'asana' as const, kind, after: 4, at: 'the third batch' },
    { tool: 'monday' as const, kind, after: 2, at: 'the items' },
  ]),
  { tool: 'asana', kind: 'lost', after: 6, at: 'the fifth batch' },
  { tool: 'monday', kind: 'lost', after: 3, at: 'the first subitem' },
  { tool: 'monday', kind: '500', after: 4, at: 'the other subitems' },
  { tool: 'monday', kind: 'lost', after: 4, at: 'the other subitems' },
  { tool: 'clickup', kind: 'lost', after: 0, at: 'the folder' },
  { tool: 'asana', kind: 'lost', after: 1, at: 'the project' },
  { tool: 'monday', kind: 'lost', after: 0, at: 'the board' },
];

describe('an upload into a simulator when the tool fails mid-way', () => {
  let ctx: TestContext;
  let app: Caller;
  let planId: number;

  beforeAll(async () => {
    // A failed attempt is retried within 70 ms instead of 2 s: the retry is under test, not its delay.
    ctx = await listeningSimulatorApp({ JOBS_POLL_INTERVAL_MS: '50', JOBS_RETRY_BASE_MS: '10' });
    app = injectCaller(ctx.app);
    const [template] = await ctx.app.db.select().from(projectPlans).where(eq(projectPlans.slug, FREE));
    planId = template!.id;
  });
  afterAll(() => ctx.close());

  /** A new user connected to the tool's simulator, with the first place to upload into. */
  async function connected(tool: TaskToolName, email: string) {
    const user = await signedInUser(ctx.app, email);
    const client = await app.call('POST', '/api/client/get', { email }, user.auth);
    const clientId = (client.json() as { id: number }).id;
    const { handle, placeId } = await connectSandboxTool(app, user.auth, tool, email);
    return { auth: user.auth, clientId, handle, placeId };
  }

  async function arm(tool: TaskToolName, kind: FaultKind, after: number) {
    const armed = await ctx.app.inject({ method: 'POST', url: `/sandbox/${tool}/faults`, payload: { after, kind } });
    expect(armed.statusCode).toBe(201);
  }

  // 'lost': the tool created the object but its answer never arrived; the retry must find it, not repeat it.
  it.each(CASES)(
    '$tool recovers from $kind at $at and ends with exactly the template',
    async ({ tool, kind, after }) => {
      const user = await connected(tool, `faults-${tool}-${kind}-${after}@example.com`);
      await arm(tool, kind, after);
      const { jobId, parentId } = await startUpload(app, user.auth, tool, { ...user, planId });
      const job = await jobEnded(ctx.app.db, jobId);
      expect(job).toMatchObject({ status: 'succeeded' });
      // Every kind but the rate limit (waited out inside the attempt) costs one failed attempt.
      expect(job.attempts).toBe(kind === '429' ? 1 : 2);

      const plan = (job.payload as UploadJobPayload).plan;
      const projects = await remoteProjects(ctx.app.db, tool, parentId);
      expect(projects.map((p) => p.name)).toEqual([plan.name]);
      expect(await remotePlan(ctx.app.db, tool, projects[0]!.remoteId)).toEqual(expectedRemotePlan(plan));
    },
  );

  // A retry must not take an earlier upload's project for its own, even one of the same template.
  const TWICE: { tool: TaskToolName; kind: FaultKind; after: number }[] = [
    { tool: 'clickup', kind: '500', after: 0 },
    { tool: 'clickup', kind: 'lost', after: 0 },
    { tool: 'asana', kind: 'lost', after: 1 },
    { tool: 'monday', kind: 'lost', after: 0 },
  ];
  it.each(TWICE)(
    '$tool: the same template uploaded twice into a place, the second failing at its project ($kind), gives two projects',
    async ({ tool, kind, after }) => {
      const user = await connected(tool, `twice-${tool}-${kind}@example.com`);
      const first = await startUpload(app, user.auth, tool, { ...user, planId });
      expect(await jobEnded(ctx.app.db, first.jobId)).toMatchObject({ status: 'succeeded' });
      await arm(tool, kind, after);
      const second = await startUpload(app, user.auth, tool, { ...user, planId });
      const job = await jobEnded(ctx.app.db, second.jobId);
      expect(job).toMatchObject({ status: 'succeeded', attempts: 2 });

      const plan = (job.payload as UploadJobPayload).plan;
      const projects = await remoteProjects(ctx.app.db, tool, second.parentId);
      expect(projects.map((p) => p.name)).toEqual([plan.name, plan.name]);
      const expected = expectedRemotePlan(plan);
      for (const project of projects) {
        expect(await remotePlan(ctx.app.db, tool, project.remoteId)).toEqual(expected);
      }
    },
  );
});
