import { addDays } from '@dpp/shared';
import type { DatedPlan } from '@dpp/shared/rules/my-plans';
import { describe, expect, it } from 'vitest';
import { asanaBatchesFor } from '../../../test/remote-plan';
import {
  ASANA_BATCH_MAX_ACTIONS,
  asanaListingPath,
  asanaNextActions,
  asanaTaskNotes,
} from '../../adapters/task-tools/asana';
import { CLICKUP_PRIORITIES, clickupDueDate } from '../../adapters/task-tools/clickup';
import { callTool, chunk, rateLimitDelayMs, vendorMessage } from '../../adapters/task-tools/http';
import { UpstreamError } from '../../ports/task-tool.port';
import type { TemplatePlan } from '../templates';
import { countItems, toUploadPlan } from './integrations.upload-plan';

const template: TemplatePlan = {
  sections: [
    {
      name: 'Plan',
      description: 'First',
      tasks: [
        {
          name: 'Goal',
          description: 'Write it',
          due_in_days: 3,
          subtasks: [
            { name: 'Draft', description: '' },
            { name: 'Review', description: 'Twice' },
          ],
        },
      ],
    },
    { name: 'Do', description: '', tasks: [{ name: 'Ship', description: '', due_in_days: 40, subtasks: [] }] },
  ],
};

describe('plan → upload items', () => {
  const plan = toUploadPlan({ key: 'project', name: 'Launch', description: 'Go', plan: template }, '2026-01-30');

  it('keys every item by position and dates tasks from the start', () => {
    expect(plan.sections.map((s) => s.key)).toEqual(['s0', 's1']);
    // A template's tasks have no start and no priority.
    expect(plan.sections[0]!.tasks[0]).toMatchObject({ startOn: null, priority: 'none' });
    expect(plan.sections[0]!.tasks[0]).toMatchObject({ key: 's0.t0', dueOn: '2026-02-02', description: 'Write it' });
    expect(plan.sections[0]!.tasks[0]!.subtasks.map((s) => s.key)).toEqual(['s0.t0.st0', 's0.t0.st1']);
    expect(plan.sections[1]!.tasks[0]!.dueOn).toBe('2026-03-11');
    expect(countItems(plan)).toBe(1 + 2 + 2 + 2);
  });

  it("carries a member's copy with its own due dates, none where it has none, whatever the start", () => {
    const copy: DatedPlan = {
      sections: [
        {
          name: 'Edited',
          description: '',
          tasks: [
            {
              name: 'Dated',
              description: 'd',
              due_on: '2027-05-10',
              start_on: '2027-05-03',
              priority: 'high',
              subtasks: [{ name: 'Step', description: '' }],
            },
            { name: 'Open', description: '', due_on: null, start_on: null, priority: 'none', subtasks: [] },
          ],
        },
      ],
    };
    const dated = toUploadPlan({ key: 'project', name: 'Mine', description: '', plan: copy }, '2026-01-30');
    expect(dated.sections[0]!.tasks.map((t) => [t.key, t.name, t.dueOn, t.startOn, t.priority])).toEqual([
      ['s0.t0', 'Dated', '2027-05-10', '2027-05-03', 'high'],
      ['s0.t1', 'Open', null, null, 'none'],
    ]);
    expect(dated.sections[0]!.tasks[0]!.subtasks).toEqual([{ key: 's0.t0.st0', name: 'Step', description: '' }]);
  });

  it("writes into Asana's notes what it has no field for: the priority, and a start without a due date", () => {
    const task = {
      description: 'Call the bank',
      dueOn: '2027-03-04',
      startOn: '2027-03-01',
      priority: 'high',
    } as const;
    expect(asanaTaskNotes(task)).toBe('Priority: High\n\nCall the bank');
    expect(asanaTaskNotes({ ...task, dueOn: null, priority: 'none' })).toBe('Starts 2027-03-01\n\nCall the bank');
    expect(asanaTaskNotes({ ...task, dueOn: null, priority: 'low', description: '' })).toBe(
      'Priority: Low\nStarts 2027-03-01',
    );
    expect(asanaTaskNotes({ ...task, priority: 'none' })).toBe('Call the bank');
    // A job queued before sending carried them has neither.
    expect(asanaTaskNotes({ description: 'Old', dueOn: null })).toBe('Old');
  });

  it('sends an Asana start only beside a due date', () => {
    const dated = toUploadPlan(
      {
        key: 'project',
        name: 'Mine',
        description: '',
        plan: {
          sections: [
            {
              name: 'S',
              description: '',
              tasks: [
                {
                  name: 'Both',
                  description: '',
                  due_on: '2027-03-04',
                  start_on: '2027-03-01',
                  priority: 'medium',
                  subtasks: [],
                },
              ],
            },
            {
              name: 'T',
              description: '',
              tasks: [
                {
                  name: 'Start',
                  description: '',
                  due_on: null,
                  start_on: '2027-03-01',
                  priority: 'none',
                  subtasks: [],
                },
              ],
            },
          ],
        },
      },
      '2027-01-01',
    );
    const ledger = new Map([
      ['s0', '10'],
      ['s1', '11'],
    ]);
    const actions = asanaNextActions(dated, '1', { get: (k) => ledger.get(k) });
    expect(actions.map((a) => a.action.data)).toEqual([
      expect.objectContaining({ due_on: '2027-03-04', start_on: '2027-03-01', notes: 'Priority: Medium' }),
      expect.not.objectContaining({ start_on: expect.anything() }),
    ]);
  });

  it("maps a plan's priorities to ClickUp's: high 2, medium 3 (normal), low 4; none is left unset", () => {
    expect(CLICKUP_PRIORITIES).toEqual({ high: 2, medium: 3, low: 4 });
  });

  it('adds days across months and leap years in UTC', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-05-01', 0)).toBe('2026-05-01');
  });

  it('maps to Asana actions, skipping what the ledger holds', () => {
    const ledger = new Map<string, string>([['s0', '10']]);
    const known = { get: (k: string) => ledger.get(k) };
    // s1 has no remote section yet, so only s0's task can be created beside it; the longer chain goes first.
    expect(asanaNextActions(plan, '1', known)).toEqual([
      {
        key: 's0.t0',
        action: {
          method: 'post',
          relative_path: '/tasks',
          data: {
            name: 'Goal',
            notes: 'Write it',
            due_on: '2026-02-02',
            projects: ['1'],
            memberships: [{ project: '1', section: '10' }],
          },
        },
      },
      {
        key: 's1',
        action: { method: 'post', relative_path: '/projects/1/sections', data: { name: 'Do', insert_after: '10' } },
      },
    ]);
    ledger.set('s1', '11');
    ledger.set('s0.t0', '20');
    ledger.set('s0.t0.st0', '30');
    expect(asanaNextActions(plan, '1', known).map((a) => [a.key, a.action.relative_path])).toEqual([
      ['s0.t0.st1', '/tasks/20/subtasks'],
      ['s1.t0', '/tasks'],
    ]);
  });

  it('never puts two creates into one Asana container in a batch, in the fewest batches that rule allows', () => {
    const big = toUploadPlan(
      {
        key: 'project',
        name: 'Big',
        description: '',
        plan: {
          sections: Array.from({ length: 10 }, (_, s) => ({
            name: `S${s}`,
            description: '',
            tasks: Array.from({ length: 10 }, (_, t) => ({
              name: `T${s}.${t}`,
              description: '',
              due_in_days: t,
              subtasks: Array.from({ length: 3 }, (_, k) => ({ name: `St${k}`, description: '' })),
            })),
          })),
        },
      },
      '2026-01-30',
    );
    const batches = asanaBatchesFor(big);
    const created = batches.flat().map((a) => a.key);
    for (const batch of batches) {
      expect(batch.length).toBeLessThanOrEqual(ASANA_BATCH_MAX_ACTIONS);
      const containers = batch.map((a) => asanaListingPath(a.action));
      expect(new Set(containers).size).toBe(containers.length);
    }
    expect(created).toHaveLength(countItems(big) - 1);
    expect(new Set(created).size).toBe(created.length);
    // 410 creates. Under the rule the first four batches can hold at most 1, 2, 4 and 7 of them (a section,
    // then its first task, then ...), and the 396 left need 40 more: 44 is the fewest possible.
    expect(batches).toHaveLength(44);
  });

  it('cuts a list in runs of at most the limit', () => {
    expect(chunk([...Array(23).keys()], 10).map((r) => r.length)).toEqual([10, 10, 3]);
    expect(chunk([], 10)).toEqual([]);
  });
});

describe('vendor responses', () => {
  it('reads how long a 429 asks to wait', () => {
    expect(rateLimitDelayMs(new Headers({ 'retry-after': '30' }))).toBe(30_000);
    expect(rateLimitDelayMs(new Headers({ 'x-ratelimit-reset': '1000' }), 990_000)).toBe(11_000);
    expect(rateLimitDelayMs(new Headers())).toBe(1000);
  });
  it('reads the error message of each vendor', () => {
    expect(vendorMessage({ errors: [{ message: 'project: Not a valid gid' }] })).toBe('project: Not a valid gid');
    expect(vendorMessage({ err: 'Token invalid', ECODE: 'OAUTH_025' })).toBe('Token invalid');
    expect(vendorMessage({ error_message: 'Complexity budget exhausted' })).toBe('Complexity budget exhausted');
    expect(vendorMessage('nope')).toBeNull();
  });
  it('sends ClickUp due dates as midday UTC in milliseconds', () => {
    expect(clickupDueDate('2026-02-02')).toBe(Date.UTC(2026, 1, 2, 12));
  });

  it('waits out a 429 and paces itself when the window is spent', async () => {
    const waits: number[] = [];
    const answers = [
      new Response('{"err":"Rate limit reached"}', { status: 429, headers: { 'retry-after': '3' } }),
      new Response('{"id":"1"}', {
        status: 200,
        headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(Math.ceil(Date.now() / 1000) + 5) },
      }),
    ];
    const fetch = (async () => answers.shift()!) as unknown as typeof globalThis.fetch;
    const sleep = async (ms: number) => {
      waits.push(ms);
    };
    const body = await callTool<{ id: string }>('clickup', { method: 'POST', url: 'http://x/task' }, { fetch, sleep });
    expect(body).toEqual({ id: '1' });
    expect(waits[0]).toBe(3000);
    expect(waits[1]).toBeGreaterThan(3000);
    expect(waits[1]).toBeLessThanOrEqual(7000);
  });

  it('classifies failures: 4xx permanent with the vendor text, 5xx retryable, long 429 rescheduled', async () => {
    const call = (response: Response) =>
      callTool(
        'asana',
        { method: 'GET', url: 'http://x' },
        { fetch: (async () => response) as never, maxInlineWaitMs: 1000 },
      );
    await expect(
      call(new Response('{"errors":[{"message":"team: Not a valid gid"}]}', { status: 400 })),
    ).rejects.toMatchObject({ retryable: false, message: 'team: Not a valid gid' });
    await expect(call(new Response('{}', { status: 503 }))).rejects.toMatchObject({ retryable: true, status: 503 });
    const limited = call(new Response('{}', { status: 429, headers: { 'retry-after': '120' } }));
    await expect(limited).rejects.toBeInstanceOf(UpstreamError);
    await expect(limited).rejects.toMatchObject({ retryAfterMs: 120_000 });
  });
});
