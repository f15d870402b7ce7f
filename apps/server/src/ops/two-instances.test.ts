import { createServer, request as httpRequest, type Server } from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, PASSWORD } from '../../test/helpers';
import { activatedAccount, type Instance, isAlive, startInstance, waitFor } from '../../test/instances';
import { type Caller, clickupUploadPath, connectSandboxTool, freePort, httpCaller } from '../../test/task-tool-upload';

/**
 * Two real server processes on one PostgreSQL database behind a small load balancer, as a deployment runs
 * them. It needs a PostgreSQL server, so it runs in the PostgreSQL pass of the suite (TEST_DATABASE_URL, which
 * `npm test` always provides); the embedded database serves one process only.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

/** Sends each request to the first instance that accepts the connection, in turn, like a load balancer. */
function loadBalancer(backends: () => string[]): Server {
  let next = 0;
  return createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (c: Buffer) => chunks.push(c));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      const tryBackend = (attempt: number) => {
        const live = backends();
        if (attempt >= live.length) {
          outgoing.writeHead(502).end();
          return;
        }
        const target = new URL(live[(next++ + attempt) % live.length]!);
        const forward = httpRequest(
          {
            host: target.hostname,
            port: target.port,
            method: incoming.method,
            path: incoming.url,
            headers: { ...incoming.headers, host: target.host },
          },
          (answer) => {
            outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(outgoing);
          },
        );
        // A backend that refuses the connection is skipped; one that dies mid-answer cuts the client's answer.
        forward.on('error', (error: NodeJS.ErrnoException) => {
          if (error.code === 'ECONNREFUSED' && !outgoing.headersSent) tryBackend(attempt + 1);
          else outgoing.destroy();
        });
        forward.end(body);
      };
      tryBackend(0);
    });
  });
}

describe.runIf(serverUrl)('two instances on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let sql: pg.Client;
  let balancer: Server;
  let publicUrl: string;
  const instances: Instance[] = [];
  const live = () => instances.filter(isAlive);

  async function start(name: string) {
    const instance = await startInstance(name, {
      DATABASE_URL: database.url,
      DATABASE_POOL_SIZE: '4',
      // Every instance answers under the load balancer's address.
      PUBLIC_URL: publicUrl,
      // A cache that would hold a stale catalogue for an hour if nobody told the instance of a change.
      CATALOGUE_CACHE_SECONDS: '3600',
    });
    instances.push(instance);
    return instance;
  }

  beforeAll(async () => {
    database = await createScratchDatabase(serverUrl!);
    sql = new pg.Client({ connectionString: database.url });
    const port = await freePort();
    publicUrl = `http://127.0.0.1:${port}`;
    balancer = loadBalancer(() => live().map((i) => i.url));
    await new Promise<void>((resolve) => balancer.listen(port, '127.0.0.1', resolve));
    // One after the other: the second start finds the migrations applied and the seed in place.
    await start('first');
    await start('second');
    await sql.connect();
  }, 120_000);

  afterAll(async () => {
    for (const instance of instances) instance.process.kill('SIGKILL');
    await new Promise((resolve) => balancer?.close(resolve));
    await sql?.end();
    await database?.drop();
  });

  it('shares accounts and sessions, and finishes an upload whose instance was killed, creating nothing twice', async () => {
    const [first, second] = instances as [Instance, Instance];
    const viaFirst = httpCaller(first.url);
    const viaSecond = httpCaller(second.url);
    const viaBalancer = httpCaller(publicUrl);

    // Sign up on one instance, verify and sign in on the other: nothing lives in one process's memory.
    const email = 'two.instances@example.com';
    const { auth, clientId } = await activatedAccount(viaFirst, viaSecond, email);
    expect((await viaSecond.call('GET', '/api/identity/current-user', undefined, auth)).status).toBe(200);

    // An admin's change on one instance shows at once on the other, whose catalogue was cached.
    const catalogue = async () =>
      (
        (await viaSecond.call('GET', '/api/project-plans-without-pagination')).json() as { id: number; free: boolean }[]
      ).map((t) => t.id);
    const before = await catalogue();
    const adminSignIn = await viaFirst.call('POST', '/api/identity/sign-in', {
      email: 'admin@example.com',
      password: PASSWORD,
    });
    const admin = { authorization: `Bearer ${(adminSignIn.json() as { access_token: string }).access_token}` };
    const removed = before[before.length - 1]!;
    expect((await viaFirst.call('DELETE', `/api/project-plans/${removed}`, undefined, admin)).status).toBe(204);
    await waitFor(
      'the other instance to drop its cached catalogue',
      async () => ((await catalogue()).includes(removed) ? undefined : true),
      { timeoutMs: 60_000 },
    );

    // A plan big enough to be cut in the middle: 10 sections, 60 tasks, 120 subtasks.
    const plan = {
      sections: Array.from({ length: 10 }, (_, s) => ({
        name: `Phase ${s + 1}`,
        description: '',
        tasks: Array.from({ length: 6 }, (_, t) => ({
          name: `Task ${s + 1}.${t + 1}`,
          description: 'Do it well',
          due_in_days: s * 7 + t,
          subtasks: [
            { name: 'Prepare', description: '' },
            { name: 'Review', description: '' },
          ],
        })),
      })),
    };
    const inserted = await sql.query(
      `insert into project_plans (slug, name, product_name, category, free, plan)
       values ('two-instances', 'Two instances plan', 'Two instances plan', 'Project Plan Templates', true, $1)
       returning id`,
      [JSON.stringify(plan)],
    );
    const planId = inserted.rows[0].id as number;

    // The OAuth round trip crosses instances too: the state lives in the database.
    const { handle, placeId } = await connectSandboxTool(viaBalancer as Caller, auth, 'clickup', email);
    const started = await viaFirst.call(
      'POST',
      clickupUploadPath(placeId, planId, clientId),
      { accessToken: handle },
      auth,
    );
    const jobId = (started.json() as { job_id: number }).job_id;
    expect(jobId).toBeGreaterThan(0);

    // Kill the instance that holds the job once part of the plan is in the tool.
    const holder = await waitFor('the job to be under way', async () => {
      const { rows } = await sql.query(
        `select j.locked_by, (select count(*) from upload_items u where u.job_id = j.id)::int as done
         from jobs j where j.id = $1`,
        [jobId],
      );
      return rows[0]?.locked_by && rows[0].done >= 20 ? (rows[0].locked_by as string) : undefined;
    });
    const pid = Number(holder.split(':')[1]);
    const victim = instances.find((i) => i.process.pid === pid)!;
    expect(victim).toBeDefined();
    victim.process.kill('SIGKILL');
    await waitFor(`${victim.name} to die`, async () => (victim.process.signalCode ? true : undefined));
    const survivor = instances.find((i) => i !== victim)!;
    const { rows: cut } = await sql.query('select count(*)::int as done from upload_items where job_id = $1', [jobId]);
    expect(cut[0].done).toBeLessThan(1 + 10 + 60 + 120);

    // The survivor takes the job over when the dead instance's lease runs out (30 s), and finishes it: the lease
    // and then some 170 calls to the tool, which on a machine busy with other work outlasted a minute.
    const finished = await waitFor(
      'the job to finish',
      async () => {
        const answer = await httpCaller(survivor.url).call('GET', `/api/upload-jobs/${jobId}`, undefined, auth);
        const job = answer.json() as { state: string; created: number; total: number };
        return job.state === 'succeeded' || job.state === 'failed' ? job : undefined;
      },
      { timeoutMs: 180_000 },
    );
    expect(finished).toMatchObject({ state: 'succeeded', created: 191, total: 191 });
    const { rows: job } = await sql.query('select locked_by, attempts from jobs where id = $1', [jobId]);
    expect(job[0].attempts).toBe(2);

    // The tool holds the plan exactly once: every list, task and subtask, in order, nothing twice.
    const children = async (parent: string, kind: string) =>
      (
        await sql.query(
          `select remote_id, name from sandbox_objects where tool = 'clickup' and parent_id = $1 and kind = $2 order by id`,
          [parent, kind],
        )
      ).rows as { remote_id: string; name: string }[];
    const folders = (await children(placeId, 'folder')).filter((f) => f.name === 'Two instances plan');
    expect(folders).toHaveLength(1);
    const remote = [];
    for (const list of await children(folders[0]!.remote_id, 'list')) {
      const tasks = [];
      for (const task of await children(list.remote_id, 'task')) {
        tasks.push({ name: task.name, subtasks: (await children(task.remote_id, 'task')).map((s) => s.name) });
      }
      remote.push({ name: list.name, tasks });
    }
    expect(remote).toEqual(
      plan.sections.map((s) => ({
        name: s.name,
        tasks: s.tasks.map((t) => ({ name: t.name, subtasks: t.subtasks.map((st) => st.name) })),
      })),
    );
  }, 360_000);
});
