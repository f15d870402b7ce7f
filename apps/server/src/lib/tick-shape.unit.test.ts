import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const MODULE = new URL('./tick-shape.ts', import.meta.url).pathname;

/**
 * Node's nextTick feedback after a full collection that ran while no tick was queued, as V8 prints it: a child
 * node with V8's debugging intrinsics, with or without this module imported first.
 */
function nextTickFeedbackAfterIdleCollection(keepShape: boolean): string {
  const script = `
    ${keepShape ? `await import(${JSON.stringify(MODULE)});` : ''}
    const tick = () => new Promise((resolve) => process.nextTick(resolve));
    for (let i = 0; i < 1000; i++) await tick();
    await new Promise((resolve) => setTimeout(resolve, 10));
    globalThis.gc();
    for (let i = 0; i < 1000; i++) await tick();
    new Function('f', '%DebugPrint(f)')(process.nextTick);
  `;
  // Into a file: V8 prints with the C library, and a pipe the loader has made non-blocking drops the tail.
  const dir = mkdtempSync(join(tmpdir(), 'tick-shape-'));
  const output = openSync(join(dir, 'printed'), 'w');
  try {
    const child = spawnSync(
      process.execPath,
      ['--allow-natives-syntax', '--expose-gc', '--import', 'tsx', '--input-type=module', '-e', script],
      { stdio: ['ignore', output, 'pipe'], encoding: 'utf8' },
    );
    if (child.status !== 0) throw new Error(child.stderr);
    return readFileSync(join(dir, 'printed'), 'utf8');
  } finally {
    closeSync(output);
    rmSync(dir, { recursive: true, force: true });
  }
}

const literalStores = (printed: string) =>
  [...printed.matchAll(/DefineKeyedOwnPropertyInLiteral (\w+)/g)].map((match) => match[1]);

describe('the kept next-tick shape', () => {
  it('node itself loses the fast path of nextTick after a full collection with no tick queued', () => {
    // Why the module exists; once this no longer holds (a later node), the module can go.
    expect(literalStores(nextTickFeedbackAfterIdleCollection(false))).toContain('MEGAMORPHIC');
  });

  it('with the module imported first, every property store of the tick object stays monomorphic', () => {
    const stores = literalStores(nextTickFeedbackAfterIdleCollection(true));
    expect(stores).toHaveLength(4);
    expect(new Set(stores)).toEqual(new Set(['MONOMORPHIC']));
  });
});
