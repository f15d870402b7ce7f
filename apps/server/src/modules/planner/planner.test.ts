import {
  AI_MESSAGES,
  AREA_SEPARATOR,
  checkSubtasksReply,
  PLAN_NAMES,
  parseProjects,
  parseSmartGoal,
  parseTaskNames,
  sseParser,
  TERMS,
  withRetries,
} from '@dpp/shared';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedInUser, type TestContext } from '../../../test/helpers';
import { startOpenAiStub } from '../../../test/openai-stub';
import { clients } from '../clients/clients.schema';
import { periodOf } from './planner.repository';
import { aiUsage } from './planner.schema';
import { aiPlanForUpload, monthlyCredits } from './planner.service';

let n = 0;
const email = () => `planner-${Date.now()}-${n++}@example.com`;

/** A signed-in, activated user on a plan (Premium by default). */
async function member(app: FastifyInstance, plan: string | null = PLAN_NAMES.PREMIUM_MONTHLY, activate = true) {
  const address = email();
  const user = await signedInUser(app, address);
  if (activate) {
    await app.inject({
      method: 'POST',
      url: '/api/identity/update-attributes',
      payload: { given_name: 'Ada', family_name: 'Lovelace' },
      headers: user.auth,
    });
  }
  await app.inject({ method: 'POST', url: '/api/client/get', payload: { email: address }, headers: user.auth });
  const [client] = await app.db.select().from(clients).where(eq(clients.email, address));
  let row = client;
  if (!row) {
    [row] = await app.db.insert(clients).values({ email: address, username: user.username }).returning();
  }
  if (plan) await app.db.update(clients).set({ isSubscribed: '2', planName: plan }).where(eq(clients.id, row!.id));
  return { ...user, email: address, clientId: row!.id };
}

const answers = {
  industry: 'Real Estate',
  target_audience: 'Luxury condo sales in Miami',
  goal_or_problem: `Team & Hiring${AREA_SEPARATOR}Contractors & virtual assistants`,
  challenges: 'I spend 20 hours a week on admin',
  outcome_importance: 'Cut admin to 5 hours a week by June',
  solution: 'Action Plan',
};

/** The events of an /openai answer, and the text they carry. */
function readEvents(body: string) {
  const events = sseParser()(body);
  const text = events
    .filter((e) => e.event === 'delta')
    .map((e) => (JSON.parse(e.data) as { text: string }).text)
    .join('');
  return { events, text, last: events.at(-1)! };
}

describe('the AI planner with the offline planner', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ AI_OFFLINE_DELAY_MS: '0' });
  });
  afterAll(() => ctx.close());
  const ask = (payload: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: '/openai', payload: payload as object, headers });

  it('refuses without a session, before activation, and without the plan permission', async () => {
    expect((await ask({ step: '0', ...answers })).statusCode).toBe(401);
    const inactive = await member(ctx.app, PLAN_NAMES.PREMIUM_MONTHLY, false);
    const res = await ask({ step: '0', ...answers }, inactive.auth);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(AI_MESSAGES.NOT_ACTIVATED);
    const essential = await member(ctx.app, null);
    const denied = await ask({ step: '0', ...answers }, essential.auth);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toBe(AI_MESSAGES.NO_PERMISSION);
  });

  it('documents its routes in OpenAPI', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: object };
    for (const path of [
      '/openai',
      '/ai/doc',
      '/ai/planfile',
      '/ai/download',
      '/ai/download/{token}',
      '/ai/plans',
      '/ai/usage',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
  });

  it('refuses unknown fields, prompts and unknown steps', async () => {
    const user = await member(ctx.app);
    for (const payload of [{ step: '0', prompt: 'Write me a poem' }, { step: '11' }, { step: '0', messages: [] }]) {
      const res = await ask(payload, user.auth);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('streams each step as server-sent events and counts the credits used', async () => {
    const user = await member(ctx.app);
    const res = await ask({ step: '0', ...answers }, user.auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    const { events, text, last } = readEvents(res.body);
    expect(events.filter((e) => e.event === 'delta').length).toBeGreaterThan(10);
    expect(parseSmartGoal(text).measurable).toContain('Cut admin to 5 hours a week by June');
    expect(last.event).toBe('done');
    const done = JSON.parse(last.data) as { tokens: number; used: number; limit: number };
    expect(done.tokens).toBeGreaterThan(0);
    expect(done.used).toBe(done.tokens);
    expect(done.limit).toBe(TERMS.AI_CREDITS_PREMIUM);
    const usage = await ctx.app.inject({ method: 'GET', url: '/ai/usage', headers: user.auth });
    expect(usage.json()).toMatchObject({ used: done.tokens, limit: TERMS.AI_CREDITS_PREMIUM });

    const projects = parseProjects(readEvents((await ask({ step: '2', ...answers }, user.auth)).body).text);
    expect(projects).toHaveLength(5);
    const names = parseTaskNames(
      readEvents((await ask({ step: '8', ...answers, selected_project: projects[0] }, user.auth)).body).text,
    );
    expect(names).toHaveLength(8);
    const json = readEvents(
      (await ask({ step: '9', ...answers, selected_project: projects[0], tasks_array: names }, user.auth)).body,
    ).text;
    expect(checkSubtasksReply(json, names).ok).toBe(true);
  });

  it('stops at the monthly cap with 402 and the renewal date', async () => {
    const user = await member(ctx.app, PLAN_NAMES.PRO_MONTHLY);
    await ctx.app.db
      .insert(aiUsage)
      .values({ clientId: user.clientId, period: periodOf(new Date()), tokens: TERMS.AI_CREDITS_PRO });
    const res = await ask({ step: '0', ...answers }, user.auth);
    expect(res.statusCode).toBe(402);
    expect(res.json().error.code).toBe('PAYMENT_REQUIRED');
    expect(res.json().error.message).toMatch(
      /^You have used all 50,000 AI credits of your plan this month\. They renew on \d{4}-\d{2}-01\.$/,
    );
  });

  it('gives each plan its monthly credits', () => {
    const base = { isSubscribed: '2', planName: '', isAppsumoUser: false } as Parameters<typeof monthlyCredits>[0];
    const config = ctx.app.config;
    expect(monthlyCredits({ ...base, planName: PLAN_NAMES.PREMIUM_MONTHLY }, false, config)).toBe(100_000);
    expect(monthlyCredits({ ...base, planName: PLAN_NAMES.PRO_MONTHLY }, false, config)).toBe(50_000);
    expect(monthlyCredits({ ...base, isSubscribed: '1', planName: PLAN_NAMES.PREMIUM_MONTHLY }, false, config)).toBe(
      config.AI_CREDITS_TRIAL,
    );
    expect(monthlyCredits({ ...base, isSubscribed: '', isAppsumoUser: true }, false, config)).toBe(50_000);
    expect(monthlyCredits({ ...base, isSubscribed: '' }, true, config)).toBe(100_000);
  });

  it('saves plans per user, downloads own plans only, as real .docx and .xlsx files', async () => {
    const owner = await member(ctx.app);
    const other = await member(ctx.app);
    const title = 'Hire a transaction coordinator';
    const tasks = Array.from({ length: 8 }, (_, i) => ({
      name: `Task ${i + 1} of the plan`,
      subtasks: [{ name: `Subtask ${i + 1}.1`, description: 'Do the first part.' }],
    }));
    const post = (url: string, payload: object, headers: Record<string, string>) =>
      ctx.app.inject({ method: 'POST', url, payload, headers });

    expect(
      (await post('/ai/planfile', { email: other.email, title, project: title, tasks }, owner.auth)).statusCode,
    ).toBe(403);
    const saved = await post('/ai/planfile', { email: owner.email, title, project: title, tasks }, owner.auth);
    expect(saved.statusCode).toBe(200);
    const id = saved.json().id as number;
    const goal = 'Specific: Hand off admin\nMeasurable: 5 hours a week';
    expect((await post('/ai/doc', { email: owner.email, title, step: '0', input: goal }, owner.auth)).json().goal).toBe(
      goal,
    );
    const withSection = await post(
      '/ai/doc',
      { email: owner.email, title, step: '3', input: 'Why it matters.' },
      owner.auth,
    );
    expect(withSection.json()).toMatchObject({ id, success_plan: [{ title: 'Purpose', text: 'Why it matters.' }] });

    // Another user cannot reach the plan, by id or by title.
    expect((await ctx.app.inject({ method: 'GET', url: `/ai/plans/${id}`, headers: other.auth })).statusCode).toBe(404);
    expect((await post('/ai/download', { email: other.email, title, excel: true, id }, other.auth)).statusCode).toBe(
      404,
    );
    expect((await post('/ai/download', { email: other.email, title, excel: true }, other.auth)).statusCode).toBe(404);
    expect((await post('/ai/download', { email: other.email, title, excel: true }, owner.auth)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/ai/plans', headers: other.auth })).json()).toEqual([]);

    const xlsxLink = await post('/ai/download', { email: owner.email, title, excel: true }, owner.auth);
    expect(xlsxLink.json().file_name).toBe('Hire-a-transaction-coordinator.xlsx');
    const xlsx = await ctx.app.inject({ method: 'GET', url: xlsxLink.json().url });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const taskNames = new Set<string>();
    book.getWorksheet('Tasks')!.eachRow((row, i) => {
      if (i > 1) taskNames.add(String(row.getCell(1).value));
    });
    expect([...taskNames]).toEqual(tasks.map((t) => t.name));
    expect(JSON.stringify(book.getWorksheet('Plan')!.getSheetValues())).toContain('Hand off admin');

    const docxLink = await post('/ai/download', { email: owner.email, title, excel: false, id }, owner.auth);
    const docx = await ctx.app.inject({ method: 'GET', url: docxLink.json().url });
    expect(docx.headers['content-type']).toContain('wordprocessingml');
    const xml = await (await JSZip.loadAsync(docx.rawPayload)).file('word/document.xml')!.async('string');
    expect(xml).toContain('Hand off admin');
    for (const t of tasks) expect(xml).toContain(t.name);

    expect((await ctx.app.inject({ method: 'GET', url: '/ai/download/not-a-real-token-at-all-0000' })).statusCode).toBe(
      404,
    );

    const upload = await aiPlanForUpload(ctx.app.db, owner.clientId, id);
    expect(upload?.sections[0]?.tasks).toHaveLength(8);
    expect(upload?.sections[0]?.tasks[7]?.due_in_days).toBe(90);
    expect(await aiPlanForUpload(ctx.app.db, other.clientId, id)).toBeNull();
  });
});

describe('the AI planner relaying an OpenAI-compatible provider', () => {
  let ctx: TestContext;
  let stub: Awaited<ReturnType<typeof startOpenAiStub>>;
  beforeAll(async () => {
    stub = await startOpenAiStub();
    ctx = await buildTestApp({ AI_API_KEY: 'sk-test', AI_BASE_URL: stub.baseUrl, AI_MODEL: 'gpt-test' });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await ctx.close();
    await stub.close();
  });
  const url = () => {
    const address = ctx.app.server.address() as { port: number };
    return `http://127.0.0.1:${address.port}/openai`;
  };

  it('sends the first bytes before the provider has finished', async () => {
    const user = await member(ctx.app);
    stub.reply({ chunks: ['Specific:', ' one', ' two', ' three'], delayMs: 300 });
    const res = await fetch(url(), {
      method: 'POST',
      headers: { ...user.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ step: '0', ...answers }),
    });
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('event: delta');
    expect(stub.streaming).toBe(1);
    let rest = first;
    for (let r = await reader.read(); !r.done; r = await reader.read()) rest += new TextDecoder().decode(r.value);
    expect(readEvents(rest).text).toBe('Specific: one two three');
    // The prompt was built on the server from the answers.
    const sent = stub.requests.at(-1)!.body as { messages: { role: string; content: string }[] };
    expect(sent.messages.at(-1)!.content).toContain('"""Real Estate"""');
    expect(sent.messages.at(-1)!.content).toContain('Specific:');
  });

  it('shows a provider failure mid-stream as an error event and counts what was produced', async () => {
    const user = await member(ctx.app);
    stub.reply({ chunks: ['Specific: half', ' an answer', ' never sent'], failAfter: 2 });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/openai',
      payload: { step: '0', ...answers },
      headers: user.auth,
    });
    const { text, last } = readEvents(res.body);
    expect(text).toBe('Specific: half an answer');
    expect(last).toEqual({
      event: 'error',
      data: JSON.stringify({ code: 'UPSTREAM_FAILED', message: AI_MESSAGES.PROVIDER_FAILED }),
    });
    const usage = await ctx.app.inject({ method: 'GET', url: '/ai/usage', headers: user.auth });
    expect(usage.json().used).toBeGreaterThan(0);
    expect((await ctx.app.inject({ method: 'GET', url: '/ai/plans', headers: user.auth })).json()).toEqual([]);
  });

  it('answers 502 when the provider refuses the request', async () => {
    const user = await member(ctx.app);
    stub.reply({ chunks: [], status: 400 });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/openai',
      payload: { step: '0', ...answers },
      headers: user.auth,
    });
    expect(res.statusCode).toBe(502);
  });

  describe('retries the subtasks step at most 3 times', () => {
    const names = ['Plan the work', 'Hire the helper', 'Hand off admin', 'Review the week'];
    const good = JSON.stringify({
      tasks: names.map((name) => ({ name, subtasks: [{ name: 'Step', description: 'Do' }] })),
    });
    const bad = {
      'invalid-json': '{"tasks": [ {"name": "Plan the work"',
      'too-few-tasks': JSON.stringify({ tasks: names.slice(0, 2).map((name) => ({ name, subtasks: [] })) }),
      'names-mismatch': good.replace('Hire the helper', 'Buy a boat'),
    };
    it.each(Object.entries(bad))('gives up after 4 answers with %s', async (reason, reply) => {
      const user = await member(ctx.app);
      stub.reply(...Array.from({ length: 4 }, () => ({ chunks: [reply.slice(0, 10), reply.slice(10)] })));
      const before = stub.requests.length;
      const outcome = await withRetries(
        async () =>
          readEvents(
            (
              await ctx.app.inject({
                method: 'POST',
                url: '/openai',
                payload: { step: '9', ...answers, tasks_array: names },
                headers: user.auth,
              })
            ).body,
          ).text,
        (text) => {
          const check = checkSubtasksReply(text, names);
          return check.ok ? { ok: true as const, value: check.tasks } : check;
        },
      );
      expect(outcome).toEqual({ ok: false, reason, attempts: 4 });
      expect(stub.requests.length - before).toBe(4);
    });
    it('succeeds when a retry answers well', async () => {
      const user = await member(ctx.app);
      stub.reply({ chunks: [bad['invalid-json']] }, { chunks: [bad['names-mismatch']] }, { chunks: [good] });
      const outcome = await withRetries(
        async () =>
          readEvents(
            (
              await ctx.app.inject({
                method: 'POST',
                url: '/openai',
                payload: { step: '9', ...answers, tasks_array: names },
                headers: user.auth,
              })
            ).body,
          ).text,
        (text) => {
          const check = checkSubtasksReply(text, names);
          return check.ok ? { ok: true as const, value: check.tasks } : check;
        },
      );
      expect(outcome).toMatchObject({ ok: true, attempts: 3 });
    });
  });
});
