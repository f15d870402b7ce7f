import { describe, expect, it } from 'vitest';
import { positionBeside, type SandboxObject } from './sandbox-store';

/** A section as the store holds it: its row id, and the position an insert gave it, if any. */
const section = (id: number, position?: number): SandboxObject => ({
  id,
  tool: 'asana',
  kind: 'section',
  remoteId: String(1000 + id),
  accountId: 1,
  parentId: '1',
  name: `Section ${id}`,
  data: position === undefined ? {} : { position },
  createdAt: new Date('2026-01-01T00:00:00Z'),
});

describe('positionBeside', () => {
  // Siblings as childrenOf lists them: by position where one was given, else by row id.
  const siblings = [section(1), section(5, 1.5), section(2), section(3)];

  it('places between the anchor and its neighbour on that side', () => {
    expect(positionBeside(siblings, siblings[0]!, 'after')).toBe(1.25);
    expect(positionBeside(siblings, siblings[2]!, 'before')).toBe(1.75);
    expect(positionBeside(siblings, siblings[2]!, 'after')).toBe(2.5);
  });

  it('places one step past the anchor at either end', () => {
    expect(positionBeside(siblings, siblings[0]!, 'before')).toBe(0);
    expect(positionBeside(siblings, siblings[3]!, 'after')).toBe(4);
  });
});
