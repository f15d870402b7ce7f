import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EditorDocument } from './plan-document';
import { clearDraft, draftKey, readDraft, writeDraft } from './plan-draft-store';

const doc = (name: string): EditorDocument => ({ name, plan: { start_date: null, sections: [] } });

/** The browser's storage, in memory: the unit project runs in Node. */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

let localStorage: Storage;
beforeEach(() => {
  localStorage = new MemoryStorage();
  vi.stubGlobal('window', { localStorage, sessionStorage: new MemoryStorage() });
});
afterEach(() => vi.unstubAllGlobals());

describe('the drafts kept on the device', () => {
  it('keeps a member’s draft of a copy with the version it was made from, until cleared', () => {
    writeDraft('ada', 7, 3, doc('Unsaved'), 1_000);
    expect(readDraft('ada', 7)).toEqual({ base: 3, doc: doc('Unsaved'), at: 1_000 });
    writeDraft('ada', 7, 4, doc('Later'), 2_000);
    expect(readDraft('ada', 7)?.base).toBe(4);
    clearDraft('ada', 7);
    expect(readDraft('ada', 7)).toBeNull();
  });

  it('never shows one member’s draft to another, nor one copy’s to another', () => {
    writeDraft('ada', 7, 3, doc('Ada’s'));
    expect(readDraft('grace', 7)).toBeNull();
    expect(readDraft('ada', 8)).toBeNull();
    clearDraft('grace', 7);
    expect(readDraft('ada', 7)?.doc.name).toBe('Ada’s');
  });

  it('outlives the app’s sign-out, which clears only the session’s own keys', async () => {
    const { clearAppStorage } = await import('../../shared/session/storage-keys');
    writeDraft('ada', 7, 3, doc('Unsaved'));
    clearAppStorage();
    expect(readDraft('ada', 7)?.doc.name).toBe('Unsaved');
  });

  it('keeps each tab’s draft apart, and takes over the draft a closed tab left', () => {
    const tab = (storage: Storage) => vi.stubGlobal('window', { localStorage, sessionStorage: storage });
    const first = new MemoryStorage();
    const second = new MemoryStorage();
    tab(first);
    writeDraft('ada', 7, 3, doc('First tab'), 1_000);
    tab(second);
    writeDraft('ada', 7, 3, doc('Second tab'), 2_000);
    // The second tab's save forgets only its own.
    clearDraft('ada', 7);
    tab(first);
    expect(readDraft('ada', 7)?.doc.name).toBe('First tab');
    // A new tab (the first one closed) finds it and makes it its own.
    tab(new MemoryStorage());
    expect(readDraft('ada', 7)?.doc.name).toBe('First tab');
    clearDraft('ada', 7);
    expect(readDraft('ada', 7)).toBeNull();
  });

  it('reads nothing from a damaged or foreign value', () => {
    localStorage.setItem(draftKey('ada', 7), '{not json');
    expect(readDraft('ada', 7)).toBeNull();
    localStorage.setItem(draftKey('ada', 7), JSON.stringify({ base: '3', doc: doc('x'), at: 1 }));
    expect(readDraft('ada', 7)).toBeNull();
  });
});
