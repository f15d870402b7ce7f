import { describe, expect, it } from 'vitest';
import type { Account, SandboxObject } from '../sandbox-store';
import { clickupTaskDone, STATUSES, statusOf, taskRecord, userRecord, withStatus } from './clickup.records';

const object = (kind: string, remoteId: string, data: Record<string, unknown> = {}): SandboxObject => ({
  id: Number(remoteId.replace(/\D/g, '')) || 1,
  tool: 'clickup',
  kind,
  remoteId,
  accountId: 1,
  parentId: null,
  name: `${kind} ${remoteId}`,
  data,
  createdAt: new Date('2026-01-02T03:04:05.000Z'),
});
const account: Account = {
  id: 1,
  tool: 'clickup',
  remoteId: '81',
  email: 'ada.lovelace@example.com',
  name: 'Ada Lovelace',
  createdAt: new Date('2026-01-01T00:00:00.000Z'),
};
const [open, closed] = STATUSES as [(typeof STATUSES)[number], (typeof STATUSES)[number]];

describe("a task's status as ClickUp keeps it", () => {
  it('is "to do" until set, and closed records when until it is opened again', () => {
    expect(statusOf(object('task', '1'))).toEqual({ status: 'to do', color: '#87909e', type: 'open', orderindex: 0 });
    const done = withStatus({ name: 'x' }, closed);
    expect(done.status).toBe('complete');
    expect(Number(done.date_closed)).toBeGreaterThan(0);
    expect(withStatus({ date_closed: '1700000000000' }, closed).date_closed).toBe('1700000000000');
    expect(withStatus(done, open)).toMatchObject({ status: 'to do', date_closed: null });
  });

  it('reads done as the closed status, on tasks but not subtasks, for the sandbox page', () => {
    expect(clickupTaskDone.isDone(withStatus({}, closed))).toBe(true);
    expect(clickupTaskDone.isDone(withStatus({}, open))).toBe(false);
    expect(clickupTaskDone.isTask('task', { parent: null })).toBe(true);
    expect(clickupTaskDone.isTask('task', { parent: '86abc' })).toBe(false);
    expect(clickupTaskDone.isTask('list', {})).toBe(false);
  });
});

describe('records as ClickUp answers them', () => {
  it('gives a user the initials of their name', () => {
    expect(userRecord(account)).toMatchObject({ id: 81, username: 'Ada Lovelace', initials: 'AL' });
  });

  it('answers a task with its place, its priority as an object and the links it takes part in', () => {
    const link = { task_id: '86a', depends_on: '86b', type: 1, date_created: '1', userid: '81' };
    const task = object('task', '86a', {
      description: 'Why',
      priority: 'high',
      status: 'complete',
      due_date: '1767268800000',
      dependencies: [link],
      list: '12',
      parent: null,
    });
    const place = {
      list: object('list', '12'),
      folder: object('folder', '11'),
      space: object('space', '10'),
      team: object('team', '9'),
      account,
      publicUrl: 'http://localhost:3000',
    };
    const record = taskRecord({ ...place, task, index: 2 });
    expect(record).toMatchObject({
      id: '86a',
      description: 'Why',
      text_content: 'Why',
      status: { status: 'complete', type: 'closed' },
      orderindex: '2.00000000000000000000000000000000',
      priority: { id: '2', priority: 'high' },
      due_date: '1767268800000',
      start_date: null,
      dependencies: [{ ...link, workspace_id: '9', chain_id: null }],
      team_id: '9',
      url: 'http://localhost:3000/sandbox/clickup/#obj-86a',
      list: { id: '12' },
      folder: { id: '11' },
      space: { id: '10' },
    });
    expect(taskRecord({ ...place, task: object('task', '86c'), index: 0 })).toMatchObject({
      priority: null,
      status: { status: 'to do' },
      dependencies: [],
    });
  });
});
