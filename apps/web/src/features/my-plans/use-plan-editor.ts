import { type MyPlan, MyPlanSaveRequestSchema } from '@dpp/shared/schemas/my-plans';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { ApiError } from '../../shared/api/client';
import { getMyPlan, myPlansKeys, saveMyPlan } from './my-plans.api';
import type { EditorDocument } from './plan-document';

/** How long after the last change the copy is saved. */
export const AUTOSAVE_DELAY_MS = 800;
/** How many earlier versions Undo can go back to. */
const HISTORY = 100;
/** Keystrokes in one field within this time are one step of undo, not one per letter. */
const COALESCE_MS = 1_000;
/** The largest body a closing page may still send (the browser's limit for a keepalive request is 64 KiB). */
const KEEPALIVE_BYTES = 60_000;

export interface History {
  doc: EditorDocument;
  past: EditorDocument[];
  lastKey: string | null;
  lastAt: number;
}

export type HistoryAction =
  | { type: 'change'; apply: (doc: EditorDocument) => EditorDocument; key: string | null; at: number }
  | { type: 'undo' }
  | { type: 'replace'; doc: EditorDocument };

/** The editor's document and the earlier ones Undo goes back to. */
export function historyReducer(state: History, action: HistoryAction): History {
  switch (action.type) {
    case 'change': {
      const doc = action.apply(state.doc);
      if (doc === state.doc) return state;
      // Typing on in the same field extends the step already kept.
      const same = action.key !== null && action.key === state.lastKey && action.at - state.lastAt < COALESCE_MS;
      const past = same ? state.past : [...state.past, state.doc].slice(-HISTORY);
      return { doc, past, lastKey: action.key, lastAt: action.at };
    }
    case 'undo': {
      const previous = state.past.at(-1);
      if (!previous) return state;
      return { doc: previous, past: state.past.slice(0, -1), lastKey: null, lastAt: 0 };
    }
    case 'replace':
      // The member's own version stays one Undo away.
      return { doc: action.doc, past: [...state.past, state.doc].slice(-HISTORY), lastKey: null, lastAt: 0 };
  }
}

export type SaveStatus =
  | { kind: 'saved' }
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'conflict'; message: string }
  | { kind: 'failed'; message: string }
  /** The page's document breaks a rule of the schema (a blank name): nothing is sent until it is put right. */
  | { kind: 'invalid'; message: string };

const documentOf = (copy: MyPlan): EditorDocument => ({ name: copy.name, plan: copy.plan });

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
 * change and when the page is left, always from the version last received. A save refused as stale stops
 * saving and keeps the member's document in the page until they reload.
 */
export function usePlanEditor(copy: MyPlan) {
  const [history, dispatch] = useReducer(historyReducer, undefined, () => ({
    doc: documentOf(copy),
    past: [],
    lastKey: null,
    lastAt: 0,
  }));
  const [status, setStatus] = useState<SaveStatus>({ kind: 'saved' });
  const queryClient = useQueryClient();
  const version = useRef(copy.version);
  /** The version the server holds, as shown on the page: "saved at a version above N" is observable. */
  const [savedVersion, setSavedVersion] = useState(copy.version);
  /** The document the server holds as `version`. */
  const saved = useRef<EditorDocument>(history.doc);
  const current = useRef(history.doc);
  current.current = history.doc;
  const inFlight = useRef<Promise<void> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const stopped = useRef(false);
  /** The last save failed: it is tried again on the next change or on request, never in a loop. */
  const failed = useRef(false);

  const flush = useCallback(
    (options: { keepalive?: boolean } = {}): Promise<void> => {
      clearTimeout(timer.current);
      if (stopped.current || current.current === saved.current) return inFlight.current ?? Promise.resolve();
      // One save at a time, each from the version the last one answered.
      if (inFlight.current) return inFlight.current.then(() => flush(options));
      const sent = current.current;
      const body = { version: version.current, name: sent.name, plan: sent.plan };
      const problem = saveProblem(body);
      if (problem) {
        setStatus({ kind: 'invalid', message: problem });
        return Promise.resolve();
      }
      const keepalive = options.keepalive === true && JSON.stringify(body).length < KEEPALIVE_BYTES;
      failed.current = false;
      setStatus({ kind: 'saving' });
      const saving = saveMyPlan(copy.id, body, { keepalive })
        .then((answer) => {
          version.current = answer.version;
          saved.current = sent;
          setSavedVersion(answer.version);
          // My Plans, opened while the last save was on its way, shows the saved name and change time.
          void queryClient.invalidateQueries({ queryKey: myPlansKeys.list, exact: true });
          setStatus(current.current === sent ? { kind: 'saved' } : { kind: 'pending' });
        })
        .catch((error: unknown) => {
          const message = error instanceof ApiError ? error.message : 'Your changes could not be saved.';
          if (error instanceof ApiError && error.status === 409) {
            stopped.current = true;
            setStatus({ kind: 'conflict', message });
            return;
          }
          failed.current = true;
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
        if (!stopped.current && !failed.current && current.current !== saved.current) scheduleRef.current();
      });
    },
    [copy.id, queryClient],
  );

  const scheduleRef = useRef(() => {});
  scheduleRef.current = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
  };

  // Every change (an undo too) is saved a moment after the last one.
  useEffect(() => {
    if (stopped.current) return;
    if (history.doc === saved.current) {
      // Back to what the server holds (an undo of a change not sent yet): nothing to send.
      if (!inFlight.current) {
        clearTimeout(timer.current);
        setStatus({ kind: 'saved' });
      }
      return;
    }
    setStatus((s) => (s.kind === 'saving' ? s : { kind: 'pending' }));
    scheduleRef.current();
  }, [history.doc]);

  // Leaving the page saves what is left: within the app at once, and as the tab closes with a request that
  // outlives it; only a change too large to go with it makes the browser ask first.
  useEffect(() => {
    const onPageHide = () => void flush({ keepalive: true });
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (stopped.current || current.current === saved.current) return;
      if (JSON.stringify(current.current).length >= KEEPALIVE_BYTES) event.preventDefault();
    };
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('beforeunload', onBeforeUnload);
      void flush();
    };
  }, [flush]);

  const change = useCallback(
    (apply: (doc: EditorDocument) => EditorDocument, key: string | null = null) =>
      dispatch({ type: 'change', apply, key, at: Date.now() }),
    [],
  );
  const undo = useCallback(() => dispatch({ type: 'undo' }), []);

  /** Saves what is left now; true once the server holds the page's document. */
  const saveNow = useCallback(async (): Promise<boolean> => {
    // A save may find changes made meanwhile: a few rounds reach the latest, a failure stops at once.
    for (let round = 0; round < 3 && !stopped.current && current.current !== saved.current; round++) {
      const before = saved.current;
      await flush();
      if (saved.current === before) break;
    }
    return !stopped.current && current.current === saved.current;
  }, [flush]);

  /** After a refused save: the stored copy replaces the page's, whose document stays one Undo away. */
  const reload = useCallback(async () => {
    const fresh = await getMyPlan(copy.id);
    version.current = fresh.version;
    setSavedVersion(fresh.version);
    const doc = documentOf(fresh);
    saved.current = doc;
    stopped.current = false;
    dispatch({ type: 'replace', doc });
    setStatus({ kind: 'saved' });
  }, [copy.id]);

  return useMemo(
    () => ({
      doc: history.doc,
      canUndo: history.past.length > 0,
      status,
      savedVersion,
      change,
      undo,
      reload,
      flush,
      saveNow,
    }),
    [history.doc, history.past.length, status, savedVersion, change, undo, reload, flush, saveNow],
  );
}
