// Unsaved edits of a plan copy, kept in the browser from the moment they are made until the server has them: a
// save refused because the session ended (an administrator ended all sessions, the 4 hours passed) or a closed
// tab loses nothing. Kept per member, per copy and per tab: two members of one browser never see each other's,
// and one tab's save never forgets what another tab still holds unsaved.
import { readStoredJson, removeStorage, tabStorage, writeStorage } from '../../shared/session';
import type { EditorDocument } from './plan-document';
import { newItemId } from './plan-document';

/** The page's document and the version of the stored copy it was made from. */
export interface PlanDraft {
  base: number;
  doc: EditorDocument;
  /** When it was last written (ms since the epoch). */
  at: number;
}

const PREFIX = 'planDraft';
/** This tab's name in its own storage: it outlives a reload and the way through the login page. */
const TAB_KEY = 'planDraftTab';

function thisTab(): string {
  const storage = tabStorage();
  const known = storage?.getItem(TAB_KEY);
  if (known) return known;
  const made = newItemId();
  try {
    storage?.setItem(TAB_KEY, made);
  } catch {
    // Without tab storage every page is a tab of its own; the drafts of closed ones are still taken over.
  }
  return made;
}

/** The storage key of one member's draft of one copy in one tab; the member is named by their identity username. */
export const draftKey = (member: string, copyId: number, tab = thisTab()) => `${PREFIX}:${member}:${copyId}:${tab}`;

function isDraft(value: unknown): value is PlanDraft {
  const draft = value as Partial<PlanDraft> | null;
  return (
    typeof draft?.base === 'number' &&
    typeof draft.doc?.name === 'string' &&
    Array.isArray(draft.doc.plan?.sections) &&
    typeof draft.at === 'number'
  );
}

function read(key: string): PlanDraft | null {
  const value = readStoredJson<unknown>(key);
  return isDraft(value) ? value : null;
}

/** Keys of the member's drafts of the copy in other tabs (closed ones, whose changes never reached the server). */
function otherTabsKeys(member: string, copyId: number): string[] {
  const prefix = `${PREFIX}:${member}:${copyId}:`;
  const own = draftKey(member, copyId);
  const keys: string[] = [];
  try {
    for (let i = 0; i < window.localStorage.length; i++) {
      const key = window.localStorage.key(i);
      if (key?.startsWith(prefix) && key !== own) keys.push(key);
    }
  } catch {
    // No storage, no drafts.
  }
  return keys;
}

/**
 * The member's kept draft of the copy: this tab's, else the newest another tab left (taken over by this tab), or
 * null.
 */
export function readDraft(member: string, copyId: number): PlanDraft | null {
  const own = read(draftKey(member, copyId));
  if (own) return own;
  let newest: { key: string; draft: PlanDraft } | null = null;
  for (const key of otherTabsKeys(member, copyId)) {
    const draft = read(key);
    if (draft && (!newest || draft.at > newest.draft.at)) newest = { key, draft };
  }
  if (!newest) return null;
  removeStorage(newest.key);
  writeStorage(draftKey(member, copyId), JSON.stringify(newest.draft));
  return newest.draft;
}

/** Keeps the page's document as the member's draft of the copy, made from version `base`. */
export function writeDraft(member: string, copyId: number, base: number, doc: EditorDocument, at = Date.now()): void {
  writeStorage(draftKey(member, copyId), JSON.stringify({ base, doc, at } satisfies PlanDraft));
}

/** The server holds everything this tab had: nothing of it to keep. */
export function clearDraft(member: string, copyId: number): void {
  removeStorage(draftKey(member, copyId));
}
