import { MESSAGES } from '@dpp/shared/messages';
import { newTask } from '@dpp/shared/rules/my-plans';
import { MY_PLAN_LIMITS, MY_PLANS_MESSAGES } from '@dpp/shared/schemas/my-plans';
import { describe, expect, it } from 'vitest';
import type { ChangeTarget, EditorDocument } from './plan-document';
import { planOps } from './plan-document';
import {
  type History,
  type HistoryAction,
  historyKey,
  historyReducer,
  initialHistory,
  saveProblem,
  startHistory,
} from './use-plan-editor';

const doc: EditorDocument = { name: 'Plan', plan: { start_date: null, sections: [] } };
const start: History = startHistory(doc);
const rename = (name: string, at: number, key: string | null = 'name') =>
  ({ type: 'change', apply: (d: EditorDocument) => planOps.rename(d, name), key, at }) as const;

const twoTasks: EditorDocument = {
  name: 'Launch',
  plan: {
    start_date: null,
    sections: [
      {
        id: 's1',
        name: 'One',
        description: '',
        tasks: [newTask('a', { name: 'Alpha' }), newTask('b', { name: 'Beta' }), newTask('c', { name: 'Gamma' })],
      },
    ],
  },
};
const target = (id: string, name: string): ChangeTarget => ({ kind: 'task', id, name });
const renameTask = (id: string, name: string, at: number, was = id): HistoryAction => ({
  type: 'change',
  apply: (d) => planOps.updateTask(d, id, { name }),
  key: `task:${id}:name`,
  at,
  target: target(id, was),
});
const names = (d: EditorDocument) => d.plan.sections.flatMap((s) => s.tasks.map((t) => t.name));
const run = (state: History, ...actions: HistoryAction[]) => actions.reduce(historyReducer, state);

describe('the editor history', () => {
  it('keeps typing in one field within a second as one step of Undo', () => {
    let state = historyReducer(start, rename('P', 1_000));
    state = historyReducer(state, rename('Pl', 1_500));
    state = historyReducer(state, rename('Pla', 2_000));
    expect(state.past).toHaveLength(1);
    // A pause, or another field, starts a new step.
    state = historyReducer(state, rename('Plan B', 4_000));
    state = historyReducer(state, rename('Plan C', 4_100, null));
    expect(state.past.map((p) => p.doc.name)).toEqual(['Plan', 'Pla', 'Plan B']);
    state = historyReducer(historyReducer(state, { type: 'undo' }), { type: 'undo' });
    expect(state.doc.name).toBe('Pla');
  });

  it('changes nothing for a change that changes nothing, and undoes nothing past the start', () => {
    const same = historyReducer(start, { type: 'change', apply: (d) => d, key: null, at: 1 });
    expect(same).toBe(start);
    expect(historyReducer(start, { type: 'undo' })).toBe(start);
  });
});

describe('the changes the server does not hold yet', () => {
  it('keeps one change per field typed in one step, and drops those the server acknowledged', () => {
    let state = run(startHistory(twoTasks), renameTask('a', 'A', 1_000), renameTask('a', 'Al', 1_200));
    expect(state.pending).toHaveLength(1);
    state = run(state, { type: 'sending', seq: state.seq });
    // Typed on while the save is on its way: kept apart from the sent change, which the answer then drops.
    state = run(state, renameTask('a', 'Alp', 1_400));
    expect(state.pending.map((c) => c.seq)).toEqual([2, 3]);
    state = run(state, { type: 'acknowledged', seq: 2 });
    expect(state.pending.map((c) => c.seq)).toEqual([3]);
  });

  it('forgets an unsent change on Undo, and undoes a sent one with a change of its own', () => {
    let state = run(startHistory(twoTasks), renameTask('a', 'First', 1_000), renameTask('b', 'Second', 5_000));
    state = run(state, { type: 'undo' });
    expect(names(state.doc)).toEqual(['First', 'Beta', 'Gamma']);
    expect(state.pending).toHaveLength(1);
    state = run(state, { type: 'sending', seq: state.seq }, { type: 'acknowledged', seq: state.seq }, { type: 'undo' });
    expect(names(state.doc)).toEqual(['Alpha', 'Beta', 'Gamma']);
    // The server holds "First": going back is a change to save.
    expect(state.pending).toHaveLength(1);
    expect(names(state.pending[0]!.apply(twoTasks))).toEqual(['Alpha', 'Beta', 'Gamma']);
  });

  it('makes its changes again on the latest copy after a refusal, keeping the other tab’s work', () => {
    let state = run(startHistory(twoTasks), renameTask('b', 'Mine', 1_000));
    state = run(state, { type: 'sending', seq: state.seq });
    // Typed while the refused save's latest copy was being read: made again too.
    state = run(state, renameTask('c', 'Typed meanwhile', 3_000, 'Gamma'));
    const theirs = planOps.updateTask(twoTasks, 'a', { name: 'Theirs' });
    state = run(state, { type: 'merge', latest: theirs });
    expect(names(state.doc)).toEqual(['Theirs', 'Mine', 'Typed meanwhile']);
    expect(state.skipped).toEqual([]);
    // Nothing of it is on the server yet, and Undo cannot go back behind the other tab's work.
    expect(state.sentSeq).toBe(0);
    expect(state.pending).toHaveLength(2);
    expect(state.past).toEqual([]);
  });

  it('skips a change whose task the other tab deleted, and names it', () => {
    let state = run(startHistory(twoTasks), renameTask('c', 'Renamed here', 1_000, 'Gamma'));
    state = run(state, renameTask('b', 'Kept', 3_000));
    const theirs = planOps.deleteTask(twoTasks, 'c');
    state = run(state, { type: 'merge', latest: theirs });
    expect(names(state.doc)).toEqual(['Alpha', 'Kept']);
    expect(state.skipped).toEqual(['Gamma']);
    expect(state.pending).toHaveLength(1);
    expect(run(state, { type: 'dismiss-skipped' }).skipped).toEqual([]);
  });
});

describe('Redo', () => {
  /** The save path in small: the server holds the document a save carried once it is acknowledged. */
  const saved = (state: History): { state: History; server: EditorDocument } => {
    const sending = run(state, { type: 'sending', seq: state.seq });
    return { state: run(sending, { type: 'acknowledged', seq: state.seq }), server: state.doc };
  };
  /** What the server would hold once every pending change reached it: the page's document, always. */
  const replayed = (state: History, server: EditorDocument) => state.pending.reduce((d, c) => c.apply(d), server);

  it('brings back what Undo took away, in order, as changes to save', () => {
    let state = run(startHistory(twoTasks), renameTask('a', 'First', 1_000), renameTask('b', 'Second', 5_000));
    state = run(state, { type: 'undo' }, { type: 'undo' });
    expect(names(state.doc)).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(state.pending).toEqual([]);
    state = run(state, { type: 'redo' });
    expect(names(state.doc)).toEqual(['First', 'Beta', 'Gamma']);
    state = run(state, { type: 'redo' });
    expect(names(state.doc)).toEqual(['First', 'Second', 'Gamma']);
    // The forgotten changes are made again with new numbers, after everything made before.
    expect(state.pending.map((c) => c.seq)).toEqual([3, 4]);
    expect(names(replayed(state, twoTasks))).toEqual(['First', 'Second', 'Gamma']);
    // Nothing left to redo; Undo goes back again.
    expect(run(state, { type: 'redo' })).toBe(state);
    expect(names(run(state, { type: 'undo' }).doc)).toEqual(['First', 'Beta', 'Gamma']);
  });

  it('has nothing to redo after a new change made after an Undo', () => {
    let state = run(startHistory(twoTasks), renameTask('a', 'First', 1_000), { type: 'undo' });
    expect(state.future).toHaveLength(1);
    state = run(state, renameTask('c', 'Other', 5_000));
    expect(state.future).toEqual([]);
    expect(run(state, { type: 'redo' })).toBe(state);
    expect(names(state.doc)).toEqual(['Alpha', 'Beta', 'Other']);
  });

  it('forgets an Undo no save carried, and redoes one a save carried with a change of its own', () => {
    let start = saved(run(startHistory(twoTasks), renameTask('a', 'Sent', 1_000)));
    // The server holds "Sent": Undo is a change to save; Redo before that save just forgets it.
    let state = run(start.state, { type: 'undo' });
    expect(state.pending).toHaveLength(1);
    state = run(state, { type: 'redo' });
    expect(names(state.doc)).toEqual(['Sent', 'Beta', 'Gamma']);
    expect(state.pending).toEqual([]);
    // Undo again: still a change of its own, as the server holds "Sent".
    state = run(state, { type: 'undo' });
    expect(names(replayed(state, start.server))).toEqual(['Alpha', 'Beta', 'Gamma']);

    // Once the Undo is saved, Redo is a change that saves "Sent" again.
    start = saved(state);
    state = run(start.state, { type: 'redo' });
    expect(names(state.doc)).toEqual(['Sent', 'Beta', 'Gamma']);
    expect(state.pending).toHaveLength(1);
    expect(names(replayed(state, start.server))).toEqual(['Sent', 'Beta', 'Gamma']);
  });

  it('starts afresh after a refused save, as Undo does', () => {
    let state = run(startHistory(twoTasks), renameTask('a', 'Mine', 1_000), { type: 'undo' });
    state = run(state, { type: 'merge', latest: planOps.updateTask(twoTasks, 'b', { name: 'Theirs' }) });
    expect(state.future).toEqual([]);
    expect(names(state.doc)).toEqual(['Alpha', 'Theirs', 'Gamma']);
  });

  it('keeps the pending changes true to the page, whatever mix of edits, undos, redos and saves', () => {
    // A fixed pseudo-random walk (the same every run): after each step, the changes the server lacks, made on what
    // it holds, give exactly the page's document.
    let seed = 38;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    let state = startHistory(twoTasks);
    let server = twoTasks;
    let at = 0;
    for (let step = 0; step < 2_000; step++) {
      const roll = random();
      at += roll < 0.1 ? 200 : 2_000;
      if (roll < 0.35) {
        state = run(state, renameTask(['a', 'b', 'c'][Math.floor(random() * 3)]!, `n${step}`, at));
      } else if (roll < 0.55) {
        state = run(state, { type: 'undo' });
      } else if (roll < 0.75) {
        state = run(state, { type: 'redo' });
      } else if (roll < 0.9) {
        ({ state, server } = saved(state));
      } else {
        // A save on its way while the member goes on.
        state = run(state, { type: 'sending', seq: state.seq });
        const carried = state.doc;
        const seq = state.seq;
        state = run(state, { type: 'undo' });
        state = run(state, { type: 'acknowledged', seq });
        server = carried;
      }
      expect(replayed(state, server), `step ${step}`).toEqual(state.doc);
    }
  });
});

describe('the history keys', () => {
  const press = (key: string, mods: { ctrl?: boolean; meta?: boolean; shift?: boolean; alt?: boolean } = {}) =>
    historyKey({
      key,
      ctrlKey: mods.ctrl ?? false,
      metaKey: mods.meta ?? false,
      shiftKey: mods.shift ?? false,
      altKey: mods.alt ?? false,
    });

  it('undoes with Ctrl+Z or Cmd+Z, redoes with Ctrl+Y or Ctrl+Shift+Z (Cmd on a Mac)', () => {
    expect(press('z', { ctrl: true })).toBe('undo');
    expect(press('z', { meta: true })).toBe('undo');
    expect(press('Z', { ctrl: true, shift: true })).toBe('redo');
    expect(press('Z', { meta: true, shift: true })).toBe('redo');
    expect(press('y', { ctrl: true })).toBe('redo');
    expect(press('y', { meta: true })).toBe('redo');
  });

  it('leaves other keys alone', () => {
    expect(press('z')).toBeNull();
    expect(press('y', { shift: true })).toBeNull();
    expect(press('z', { ctrl: true, alt: true })).toBeNull();
    expect(press('Y', { ctrl: true, shift: true })).toBeNull();
    expect(press('a', { ctrl: true })).toBeNull();
  });
});

describe('the draft kept on the device, on opening', () => {
  const copy = (version: number) => ({ name: 'Launch', plan: twoTasks.plan, version });
  const kept = planOps.updateTask(twoTasks, 'a', { name: 'Kept on the device' });

  it('opens the stored copy alone when nothing is kept', () => {
    const { history, stored, olderDraft } = initialHistory(copy(3), null);
    expect(history.doc).toBe(stored);
    expect(history.pending).toEqual([]);
    expect(olderDraft).toBe(false);
  });

  it('opens the kept draft as a change to save, one Undo away from the stored copy', () => {
    const { history, stored, olderDraft } = initialHistory(copy(3), { base: 3, doc: kept, at: 1 });
    expect(names(history.doc)[0]).toBe('Kept on the device');
    expect(history.pending).toHaveLength(1);
    expect(olderDraft).toBe(false);
    const undone = historyReducer(history, { type: 'undo' });
    expect(undone.doc).toBe(stored);
    expect(undone.pending).toEqual([]);
  });

  it('says when the kept draft was made from an older version than the stored one', () => {
    expect(initialHistory(copy(5), { base: 3, doc: kept, at: 1 }).olderDraft).toBe(true);
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
