import { MESSAGES } from '@dpp/shared/messages';
import { newTask } from '@dpp/shared/rules/my-plans';
import { MY_PLAN_LIMITS, MY_PLANS_MESSAGES } from '@dpp/shared/schemas/my-plans';
import { describe, expect, it } from 'vitest';
import type { EditorDocument } from './plan-document';
import { planOps } from './plan-document';
import { type History, historyReducer, saveProblem } from './use-plan-editor';

const doc: EditorDocument = { name: 'Plan', plan: { start_date: null, sections: [] } };
const start: History = { doc, past: [], lastKey: null, lastAt: 0 };
const rename = (name: string, at: number, key: string | null = 'name') =>
  ({ type: 'change', apply: (d: EditorDocument) => planOps.rename(d, name), key, at }) as const;

describe('the editor history', () => {
  it('keeps typing in one field within a second as one step of Undo', () => {
    let state = historyReducer(start, rename('P', 1_000));
    state = historyReducer(state, rename('Pl', 1_500));
    state = historyReducer(state, rename('Pla', 2_000));
    expect(state.past).toHaveLength(1);
    // A pause, or another field, starts a new step.
    state = historyReducer(state, rename('Plan B', 4_000));
    state = historyReducer(state, rename('Plan C', 4_100, null));
    expect(state.past.map((d) => d.name)).toEqual(['Plan', 'Pla', 'Plan B']);
    state = historyReducer(historyReducer(state, { type: 'undo' }), { type: 'undo' });
    expect(state.doc.name).toBe('Pla');
  });

  it('changes nothing for a change that changes nothing, and undoes nothing past the start', () => {
    const same = historyReducer(start, { type: 'change', apply: (d) => d, key: null, at: 1 });
    expect(same).toBe(start);
    expect(historyReducer(start, { type: 'undo' })).toBe(start);
  });

  it('keeps the page’s own document one Undo away when the stored one replaces it', () => {
    const edited = historyReducer(start, rename('Mine', 1_000));
    const latest = { ...doc, name: 'Theirs' };
    const replaced = historyReducer(edited, { type: 'replace', doc: latest });
    expect(replaced.doc).toBe(latest);
    expect(historyReducer(replaced, { type: 'undo' }).doc.name).toBe('Mine');
  });
});

describe('the check before a save', () => {
  const withTasks = (tasks: ReturnType<typeof newTask>[]) => ({
    version: 1,
    name: 'Plan',
    plan: { start_date: '2027-01-01', sections: [{ id: 's', name: 'S', description: '', tasks }] },
  });

  it("says in the server's words why a plan too large, or dated past the days a plan may have, is not sent", () => {
    expect(saveProblem(withTasks([newTask('a')]))).toBeUndefined();
    const wordy = Array.from({ length: MY_PLAN_LIMITS.CHARACTERS / MY_PLAN_LIMITS.DESCRIPTION + 1 }, (_, i) =>
      newTask(`t${i}`, { description: 'd'.repeat(MY_PLAN_LIMITS.DESCRIPTION) }),
    );
    expect(saveProblem(withTasks(wordy))).toBe(MY_PLANS_MESSAGES.TOO_MUCH_TEXT);
    expect(saveProblem(withTasks([newTask('a', { due_date: '2101-01-01' })]))).toBe(MESSAGES.DAY_OUT_OF_RANGE);
    expect(saveProblem({ ...withTasks([]), name: ' ' })).toBe(MY_PLANS_MESSAGES.NAME_REQUIRED);
  });
});
