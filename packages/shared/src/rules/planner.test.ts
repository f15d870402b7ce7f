import { describe, expect, it } from 'vitest';
import { AI_MESSAGES } from '../messages';
import {
  checkSubtasksReply,
  nextProgress,
  parseProjects,
  parseSmartGoal,
  parseTaskNames,
  sseParser,
  taskColor,
  withRetries,
} from './planner';

const names = ['Plan the launch', 'Build the page', 'Write the emails', 'Run the ads'];
const reply = (tasks: { name: string; subtasks: { name: string; description: string }[] }[]) =>
  JSON.stringify({ tasks });
const sub = [{ name: 'Do it', description: 'Why' }];

describe('parseProjects', () => {
  it('keeps at most 5 names of a numbered list, without their descriptions', () => {
    const text = [
      'Here are projects:',
      '1. **Email Nurture Sequence** — a five-email welcome series',
      '2. Referral Program: reward clients who refer',
      '3) Webinar Funnel - monthly live training',
      '- Podcast Guest Tour',
      '* Local SEO Refresh',
      '6. Sixth Idea',
      'Tip: start small.',
    ].join('\n');
    expect(parseProjects(text)).toEqual([
      'Email Nurture Sequence',
      'Referral Program',
      'Webinar Funnel',
      'Podcast Guest Tour',
      'Local SEO Refresh',
    ]);
  });
  it('ignores duplicates and prose', () => {
    expect(parseProjects('no list here\n1. A Plan\n2. a plan')).toEqual(['A Plan']);
    expect(parseProjects('')).toEqual([]);
  });
});

describe('parseTaskNames', () => {
  it('reads up to 8 names', () => {
    const text = Array.from({ length: 10 }, (_, i) => `${i + 1}. Task number ${i + 1}: details`).join('\n');
    expect(parseTaskNames(text)).toHaveLength(8);
    expect(parseTaskNames(text)[0]).toBe('Task number 1');
  });
});

describe('checkSubtasksReply', () => {
  it('accepts matching JSON, also fenced, and keeps the expected spelling', () => {
    const ok = reply(names.map((n) => ({ name: n.toUpperCase(), subtasks: sub })));
    const result = checkSubtasksReply(`Sure!\n\`\`\`json\n${ok}\n\`\`\``, names);
    expect(result).toMatchObject({ ok: true });
    if (result.ok) expect(result.tasks.map((t) => t.name)).toEqual(names);
  });
  it('rejects invalid JSON', () => {
    expect(checkSubtasksReply('{"tasks": [', names)).toEqual({ ok: false, reason: 'invalid-json' });
    expect(checkSubtasksReply('{"tasks": [{"name": 1}]}', names)).toEqual({ ok: false, reason: 'invalid-json' });
  });
  it('rejects fewer than 3 tasks', () => {
    const two = reply(names.slice(0, 2).map((n) => ({ name: n, subtasks: sub })));
    expect(checkSubtasksReply(two, names.slice(0, 2))).toEqual({ ok: false, reason: 'too-few-tasks' });
  });
  it('rejects names that do not match', () => {
    const wrong = reply(names.map((n, i) => ({ name: i === 2 ? 'Something else' : n, subtasks: sub })));
    expect(checkSubtasksReply(wrong, names)).toEqual({ ok: false, reason: 'names-mismatch' });
  });
});

describe('withRetries', () => {
  it('retries at most 3 times, then gives the last reason', async () => {
    let calls = 0;
    const outcome = await withRetries(
      async () => {
        calls++;
        return 'bad';
      },
      (r) => {
        const c = checkSubtasksReply(r, names);
        return c.ok ? { ok: true as const, value: c.tasks } : c;
      },
    );
    expect(calls).toBe(4);
    expect(outcome).toEqual({ ok: false, reason: 'invalid-json', attempts: 4 });
    // The message shown then tells the true number of attempts.
    expect(AI_MESSAGES.TASKS_FAILED).toContain(`after ${calls} attempts`);
  });
  it('stops at the first good reply', async () => {
    const replies = ['bad', reply(names.map((n) => ({ name: n, subtasks: sub })))];
    const outcome = await withRetries(
      async () => replies.shift()!,
      (r) => {
        const c = checkSubtasksReply(r, names);
        return c.ok ? { ok: true as const, value: c.tasks } : c;
      },
    );
    expect(outcome).toMatchObject({ ok: true, attempts: 2 });
  });
});

describe('sseParser', () => {
  it('joins events split across chunks', () => {
    const feed = sseParser();
    expect(feed('event: delta\ndata: {"t":')).toEqual([]);
    expect(feed('"a"}\n\n: comment\n\nevent: done\ndata: 1\n\n')).toEqual([
      { event: 'delta', data: '{"t":"a"}' },
      { event: 'done', data: '1' },
    ]);
  });
});

describe('progress and colours', () => {
  it('grows by 0.5 up to 98, then 100 when done', () => {
    expect(nextProgress(10, false)).toBe(10.5);
    expect(nextProgress(98, false)).toBe(98);
    expect(nextProgress(50, true)).toBe(100);
  });
  it('puts 8 tasks in 4 groups of two', () => {
    expect(Array.from({ length: 8 }, (_, i) => taskColor(i))).toEqual([
      'blue',
      'blue',
      'green',
      'green',
      'amber',
      'amber',
      'purple',
      'purple',
    ]);
  });
  it('splits a SMART goal into its parts', () => {
    const parts = parseSmartGoal(
      'Specific: Grow list\nMeasurable: 500 subscribers\nAchievable: yes\nRelevant: sales\nTime-Bound: 90 days',
    );
    expect(parts).toEqual({
      specific: 'Grow list',
      measurable: '500 subscribers',
      achievable: 'yes',
      relevant: 'sales',
      time_bound: '90 days',
    });
  });
});
