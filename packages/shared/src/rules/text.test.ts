import { describe, expect, it } from 'vitest';
import { unstorableTextAt } from './text';

describe('unstorableTextAt', () => {
  it('accepts ordinary text, emoji, tabs and line breaks, numbers and nothing', () => {
    expect(unstorableTextAt({ a: 'Plan 💥', b: ['x\ty\r\nz'], c: 1, d: null, e: true })).toBeUndefined();
    expect(unstorableTextAt(undefined)).toBeUndefined();
  });

  it('finds NUL and lone surrogates at any depth, in values and in keys', () => {
    expect(unstorableTextAt('a\u0000b')).toBe('');
    expect(unstorableTextAt({ tasks: [{ name: 'ok' }, { name: 'x\ud800' }] })).toBe('tasks.1.name');
    expect(unstorableTextAt({ note: '\udfff' })).toBe('note');
    expect(unstorableTextAt({ 'bad\u0000key': 1 })).toBe('bad\u0000key');
  });

  it('walks bodies nested deeper than the call stack goes', () => {
    const depth = 200_000;
    const deep = JSON.parse(`${'['.repeat(depth)}"x\\u0000"${']'.repeat(depth)}`);
    expect(unstorableTextAt(deep)).toBe(Array(depth).fill('0').join('.'));
    expect(unstorableTextAt(JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`))).toBeUndefined();
  });
});
