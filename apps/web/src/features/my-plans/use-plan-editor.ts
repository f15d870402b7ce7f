import { type MyPlan, MyPlanSaveRequestSchema } from '@dpp/shared/schemas/my-plans';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { ApiError } from '../../shared/api/client';
import { getMyPlan, myPlansKeys, saveMyPlan } from './my-plans.api';
import { type ChangeTarget, type EditorDocument, type PlanChange, replayChanges } from './plan-document';
import { clearDraft, type PlanDraft, readDraft, writeDraft } from './plan-draft-store';

/** How long after the last change the copy is saved. */
export const AUTOSAVE_DELAY_MS = 800;
/** How many earlier versions Undo can go back to. */
const HISTORY = 100;
/** Keystrokes in one field within this time are one step of undo, not one per letter. */
const COALESCE_MS = 1_000;
/** The largest body a closing page may still send (the browser's limit for a keepalive request is 64 KiB). */
const KEEPALIVE_BYTES = 60_000;
/** Refusals in a row (other tabs saving again and again) before the editor stops and asks the member. */
const MAX_MERGES_IN_A_ROW = 3;

/** A change the server does not hold yet, numbered in the order it was made. */
export interface PendingChange extends PlanChange {
  seq: number;
  key: string | null;
}

/** A document of the history, with the number of the last change it holds. */
export interface HistoryStep {
  doc: EditorDocument;
  seq: number;
}

/** A document Undo left, which Redo brings back, and how Undo left it. */
export interface RedoStep extends HistoryStep {
  /** Undo forgot these changes (no save had carried them): Redo makes them again. */
  forgotten?: PendingChange[];
  /** Undo was a change of its own (a save had carried what it undid): that change, and the step it went back to. */
  undo?: { seq: number; back: HistoryStep };
}

export interface History {
  doc: EditorDocument;
  /** Earlier documents Undo goes back to. */
  past: HistoryStep[];
  /** Documents Undo left, the latest last: Redo goes forward to them until a new change is made. */
  future: RedoStep[];
  lastKey: string | null;
  lastAt: number;
  /** The changes made since the last save the server acknowledged: made again on a newer copy after a refusal. */
  pending: PendingChange[];
  /** The number of the last change made. */
  seq: number;
  /** The number of the last change a save has carried (acknowledged or on its way). */
  sentSeq: number;
  /** Items of the member's changes that another tab deleted, named after the last merge. */
  skipped: string[];
}

export type HistoryAction =
  | {
      type: 'change';
      apply: (doc: EditorDocument) => EditorDocument;
      key: string | null;
      at: number;
      target?: ChangeTarget | undefined;
    }
  | { type: 'undo' }
  | { type: 'redo' }
  /** A save carrying every change up to `seq` is on its way. */
  | { type: 'sending'; seq: number }
  /** The server holds every change up to `seq`. */
  | { type: 'acknowledged'; seq: number }
  /** The save was refused as stale: the member's pending changes are made again on the latest copy. */
  | { type: 'merge'; latest: EditorDocument }
  | { type: 'dismiss-skipped' };

export const startHistory = (doc: EditorDocument, pending: PendingChange[] = []): History => ({
  doc,
  past: [],
  future: [],
  lastKey: null,
  lastAt: 0,
  pending,
  seq: pending.at(-1)?.seq ?? 0,
  sentSeq: 0,
  skipped: [],
});

/** The editor's document, the earlier ones Undo goes back to, and the changes the server does not hold yet. */
export function historyReducer(state: History, action: HistoryAction): History {
  switch (action.type) {
    case 'change': {
      const doc = action.apply(state.doc);
      if (doc === state.doc) return state;
      // Typing on in the same field extends the step already kept.
      const same = action.key !== null && action.key === state.lastKey && action.at - state.lastAt < COALESCE_MS;
      const past = same ? state.past : [...state.past, { doc: state.doc, seq: state.seq }].slice(-HISTORY);
      const seq = state.seq + 1;
      const change: PendingChange = { apply: action.apply, target: action.target, key: action.key, seq };
      // The same field typed on within one step: the later value is the whole change, unless the earlier one was
      // already sent (then both stay, in order).
      const last = state.pending.at(-1);
      const replaces = same && last?.key === action.key && last.seq > state.sentSeq;
      const pending = replaces ? [...state.pending.slice(0, -1), change] : [...state.pending, change];
      // A new change starts a new line of history: what Undo left can no longer be redone.
      return { ...state, doc, past, future: [], lastKey: action.key, lastAt: action.at, pending, seq };
    }
    case 'undo': {
      const previous = state.past.at(-1);
      if (!previous) return state;
      const past = state.past.slice(0, -1);
      const left: HistoryStep = { doc: state.doc, seq: state.seq };
      // Undoing changes no save has carried just forgets them; undoing what a save carried is a change of its own.
      if (state.sentSeq <= previous.seq) {
        const pending = state.pending.filter((c) => c.seq <= previous.seq);
        const forgotten = state.pending.filter((c) => c.seq > previous.seq);
        const future = [...state.future, { ...left, forgotten }];
        return { ...state, doc: previous.doc, past, future, pending, lastKey: null, lastAt: 0 };
      }
      const seq = state.seq + 1;
      const restore: PendingChange = { apply: () => previous.doc, key: null, seq };
      return {
        ...state,
        doc: previous.doc,
        past,
        future: [...state.future, { ...left, undo: { seq, back: previous } }],
        pending: [...state.pending, restore],
        seq,
        lastKey: null,
        lastAt: 0,
      };
    }
    case 'redo': {
      const next = state.future.at(-1);
      if (!next) return state;
      const future = state.future.slice(0, -1);
      const here: HistoryStep = { doc: state.doc, seq: state.seq };
      const moved = { ...state, doc: next.doc, future, lastKey: null, lastAt: 0 };
      const withPast = (step: HistoryStep) => [...state.past, step].slice(-HISTORY);
      // The changes an Undo forgot are made again, as new changes (numbered after everything made since).
      if (next.forgotten) {
        const again = next.forgotten.map((c, i) => ({ ...c, seq: state.seq + 1 + i }));
        return { ...moved, past: withPast(here), pending: [...state.pending, ...again], seq: state.seq + again.length };
      }
      // An Undo no save has carried is forgotten, and the step it went back to is in the past again as it was.
      const undo = next.undo;
      if (undo && undo.seq > state.sentSeq) {
        return { ...moved, past: withPast(undo.back), pending: state.pending.filter((c) => c.seq !== undo.seq) };
      }
      // Once a save carried the Undo, going forward again is a change of its own.
      const seq = state.seq + 1;
      const redo: PendingChange = { apply: () => next.doc, key: null, seq };
      return { ...moved, past: withPast(here), pending: [...state.pending, redo], seq };
    }
    case 'sending':
      return action.seq > state.sentSeq ? { ...state, sentSeq: action.seq } : state;
    case 'acknowledged':
      return { ...state, pending: state.pending.filter((c) => c.seq > action.seq) };
    case 'merge': {
      const { doc, applied, skipped } = replayChanges(action.latest, state.pending);
      // The earlier documents were made from an older copy: undoing (or redoing) to one would undo the other tab's
      // work.
      return {
        ...state,
        doc,
        past: [],
        future: [],
        pending: applied,
        sentSeq: 0,
        lastKey: null,
        lastAt: 0,
        skipped: [...state.skipped, ...skipped.filter((name) => !state.skipped.includes(name))],
      };
    }
    case 'dismiss-skipped':
      return state.skipped.length ? { ...state, skipped: [] } : state;
  }
}

/**
 * What a key pressed on the editor's page does to its history: Ctrl+Z (Cmd+Z on a Mac) undoes; Ctrl+Shift+Z and
 * Ctrl+Y (Cmd+Shift+Z, Cmd+Y) redo. Text fields included: the editor's history replaces the browser's own there.
 */
export function historyKey(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>,
): 'undo' | 'redo' | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  const key = event.key.toLowerCase();
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  return key === 'y' && !event.shiftKey ? 'redo' : null;
}

export type SaveStatus =
  | { kind: 'saved' }
  | { kind: 'pending' }
  | { kind: 'saving' }
  /** Another tab saved first: the latest copy is being read and the member's changes made again on it. */
  | { kind: 'merging' }
  | { kind: 'failed'; message: string }
  /** The session ended: nothing is sent until the member signs in again; the changes are kept on the device. */
  | { kind: 'signed-out' }
  /** The page's document breaks a rule of the schema (a blank name): nothing is sent until it is put right. */
  | { kind: 'invalid'; message: string };

const documentOf = (copy: Pick<MyPlan, 'name' | 'plan'>): EditorDocument => ({ name: copy.name, plan: copy.plan });

/**
 * Where the editor starts: the stored copy, with the member's draft kept on this device over it. A draft made from
 * the same version is the page's document; one made from an older version (a save the server took whose answer
 * never came, or another tab's) is laid over the latest, and the member is told.
 */
export function initialHistory(
  copy: Pick<MyPlan, 'name' | 'plan' | 'version'>,
  draft: PlanDraft | null,
): { history: History; stored: EditorDocument; olderDraft: boolean } {
  const stored = documentOf(copy);
  if (!draft) return { history: startHistory(stored), stored, olderDraft: false };
  const kept = draft.doc;
  const restore: PendingChange = { apply: () => kept, key: null, seq: 1 };
  // Undo goes back to the stored copy, as to any document before a change.
  const history = { ...startHistory(kept, [restore]), past: [{ doc: stored, seq: 0 }] };
  return { history, stored, olderDraft: draft.base !== copy.version };
}

/**
 * Why a save would be refused, in the server's own words (its schema: a blank name, a date past the days a plan may
 * have, a plan past its limits), or undefined: the member reads it before anything is sent.
 */
export function saveProblem(body: unknown): string | undefined {
  const check = MyPlanSaveRequestSchema.safeParse(body);
  return check.success ? undefined : (check.error.issues[0]?.message ?? 'Some of the plan is not valid.');
}

/**
 * The editor's document, its undo history and its autosave: a PUT of the whole copy about 800 ms after the last
 * change and when the page is left, always from the version last received. Unsaved changes are kept on the device
 * (per member and copy) until the server has them. A save refused as stale reads the latest copy, makes the
 * member's unsaved changes again on it and saves that. While the session is ended nothing is sent. A plan that is
 * only shown (`readOnly`, a viewer's) takes no change, reads no draft and sends nothing.
 */
export function usePlanEditor(copy: MyPlan, member: string, signedIn: boolean, readOnly = false) {
  const [start] = useState(() => initialHistory(copy, readOnly ? null : readDraft(member, copy.id)));
  const [history, dispatch] = useReducer(historyReducer, start.history);
  const [status, setStatus] = useState<SaveStatus>({ kind: 'saved' });
  const queryClient = useQueryClient();
  const version = useRef(copy.version);
  /** The version the server holds, as shown on the page: "saved at a version above N" is observable. */
  const [savedVersion, setSavedVersion] = useState(copy.version);
  /** The document the server holds as `version`. */
  const saved = useRef<EditorDocument>(start.stored);
  const state = useRef(history);
  state.current = history;
  const inFlight = useRef<Promise<void> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const session = useRef(signedIn);
  session.current = signedIn;
  /** The last save failed: it is tried again on the next change or on request, never in a loop. */
  const failed = useRef(false);
  const merges = useRef(0);

  /** Reads the latest copy and makes the changes the server does not hold yet again on it. */
  const mergeLatest = useCallback(async () => {
    const latest = await getMyPlan(copy.id);
    const doc = documentOf(latest);
    version.current = latest.version;
    saved.current = doc;
    setSavedVersion(latest.version);
    // The reducer makes every pending change again, those typed while the latest was read included.
    dispatch({ type: 'merge', latest: doc });
  }, [copy.id]);

  const flush = useCallback(
    (options: { keepalive?: boolean } = {}): Promise<void> => {
      clearTimeout(timer.current);
      if (!session.current) return inFlight.current ?? Promise.resolve();
      if (state.current.doc === saved.current) return inFlight.current ?? Promise.resolve();
      // One save at a time, each from the version the last one answered.
      if (inFlight.current) return inFlight.current.then(() => flush(options));
      const { doc: sent, seq } = state.current;
      const body = { version: version.current, name: sent.name, plan: sent.plan };
      const problem = saveProblem(body);
      if (problem) {
        setStatus({ kind: 'invalid', message: problem });
        return Promise.resolve();
      }
      const keepalive = options.keepalive === true && JSON.stringify(body).length < KEEPALIVE_BYTES;
      failed.current = false;
      setStatus({ kind: 'saving' });
      dispatch({ type: 'sending', seq });
      const saving = saveMyPlan(copy.id, body, { keepalive })
        .then((answer) => {
          merges.current = 0;
          version.current = answer.version;
          saved.current = sent;
          setSavedVersion(answer.version);
          dispatch({ type: 'acknowledged', seq });
          // My Plans, opened while the last save was on its way, shows the saved name and change time.
          void queryClient.invalidateQueries({ queryKey: myPlansKeys.list, exact: true });
          setStatus(state.current.doc === sent ? { kind: 'saved' } : { kind: 'pending' });
        })
        .catch(async (error: unknown) => {
          if (error instanceof ApiError && error.status === 401) {
            // The session ended (the API client ends it here too): the changes stay pending and kept.
            setStatus({ kind: 'signed-out' });
            return;
          }
          if (error instanceof ApiError && error.status === 409 && merges.current < MAX_MERGES_IN_A_ROW) {
            merges.current += 1;
            setStatus({ kind: 'merging' });
            try {
              await mergeLatest();
              return;
            } catch (readError) {
              error = readError;
            }
          }
          failed.current = true;
          // Try again (or the next change) may merge again.
          merges.current = 0;
          const message = error instanceof ApiError ? error.message : 'Your changes could not be saved.';
          const detail =
            error instanceof ApiError && Array.isArray(error.details)
              ? (error.details as { message?: string }[]).map((d) => d.message).filter(Boolean)[0]
              : undefined;
          setStatus({ kind: 'failed', message: detail ? `${message} ${detail}` : message });
        })
        .finally(() => {
          inFlight.current = null;
        });
      inFlight.current = saving;
      return saving.then(() => {
        // Changes made while this save was on its way follow it.
        if (session.current && !failed.current && state.current.doc !== saved.current) scheduleRef.current();
      });
    },
    [copy.id, queryClient, mergeLatest],
  );

  const scheduleRef = useRef(() => {});
  scheduleRef.current = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
  };

  // What the server does not hold yet is kept on the device from the moment it is made, and forgotten once held.
  useEffect(() => {
    // A viewer's page changes nothing: a draft kept from when they could edit stays for when they can again.
    if (readOnly) return;
    if (history.pending.length === 0 && history.doc === saved.current) clearDraft(member, copy.id);
    else writeDraft(member, copy.id, savedVersion, history.doc);
  }, [history.doc, history.pending.length, savedVersion, member, copy.id, readOnly]);

  // Every change (an undo too) is saved a moment after the last one; nothing is sent while signed out.
  useEffect(() => {
    if (!signedIn) {
      clearTimeout(timer.current);
      setStatus({ kind: 'signed-out' });
      return;
    }
    if (history.doc === saved.current) {
      // Back to what the server holds (an undo of a change not sent yet): nothing to send.
      // A merge that found nothing left to make again (every change was deleted elsewhere) is saved too.
      clearTimeout(timer.current);
      setStatus((s) => (!inFlight.current || s.kind === 'merging' ? { kind: 'saved' } : s));
      return;
    }
    setStatus((s) => (s.kind === 'saving' || s.kind === 'merging' ? s : { kind: 'pending' }));
    scheduleRef.current();
  }, [history.doc, signedIn]);

  // Leaving the page saves what is left: within the app at once, and as the tab closes with a request that
  // outlives it; only a change too large to go with it makes the browser ask first.
  useEffect(() => {
    const onPageHide = () => void flush({ keepalive: true });
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!session.current || state.current.doc === saved.current) return;
      if (JSON.stringify(state.current.doc).length >= KEEPALIVE_BYTES) event.preventDefault();
    };
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('beforeunload', onBeforeUnload);
      clearTimeout(timer.current);
      void flush();
    };
  }, [flush]);

  const change = useCallback(
    (apply: (doc: EditorDocument) => EditorDocument, key: string | null = null, target?: ChangeTarget) => {
      if (!readOnly) dispatch({ type: 'change', apply, key, at: Date.now(), target });
    },
    [readOnly],
  );
  const undo = useCallback(() => dispatch({ type: 'undo' }), []);
  const redo = useCallback(() => dispatch({ type: 'redo' }), []);
  const dismissSkipped = useCallback(() => dispatch({ type: 'dismiss-skipped' }), []);

  /** Saves what is left now; true once the server holds the page's document. */
  const saveNow = useCallback(async (): Promise<boolean> => {
    // A save may find changes made meanwhile: a few rounds reach the latest, a failure stops at once.
    for (let round = 0; round < 3 && session.current && state.current.doc !== saved.current; round++) {
      const before = saved.current;
      await flush();
      if (saved.current === before) break;
    }
    return session.current && state.current.doc === saved.current;
  }, [flush]);

  /**
   * Takes in a change made to the copy elsewhere (a teammate's access ended, and their tasks unassigned): once the
   * save on its way is answered, the latest copy with the changes not saved yet made again on it.
   */
  const reload = useCallback(async () => {
    await inFlight.current;
    await mergeLatest();
  }, [mergeLatest]);

  return useMemo(
    () => ({
      doc: history.doc,
      canUndo: history.past.length > 0,
      canRedo: history.future.length > 0,
      /** Changes the server does not hold yet. */
      unsaved: history.pending.length > 0,
      status,
      savedVersion,
      /** Items of the member's changes that another tab deleted, so those changes were left out. */
      skipped: history.skipped,
      /** The draft kept on this device was made from an older version and now lies over the latest. */
      olderDraft: start.olderDraft,
      change,
      undo,
      redo,
      flush,
      saveNow,
      reload,
      dismissSkipped,
    }),
    [history, status, savedVersion, start.olderDraft, change, undo, redo, flush, saveNow, reload, dismissSkipped],
  );
}

export type EditorChange = ReturnType<typeof usePlanEditor>['change'];
