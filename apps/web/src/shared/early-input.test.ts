import { describe, expect, it } from 'vitest';
import { EarlyInput } from './early-input';

type Field = { value: string };

/** The visitor types `text` into `field` key by key, as the browser reports it. */
function type(early: EarlyInput<Field>, field: Field, text: string) {
  for (const key of text) {
    early.beforeChange(field);
    field.value += key;
    early.changed(field);
  }
}

describe('EarlyInput', () => {
  it('hands over what was typed before the page was taken over', () => {
    const early = new EarlyInput<Field>();
    const box = { value: '' };
    type(early, box, 'ing');
    expect(early.texts().get(box)).toBe('ing');
  });

  it('keeps the text a render erased and the keys pressed after it, in order', () => {
    const early = new EarlyInput<Field>();
    const box = { value: '' };
    type(early, box, 'ingd');
    box.value = ''; // a render sets the box back to the app's (empty) state
    type(early, box, 'o');
    expect(early.texts().get(box)).toBe('ingdo');
  });

  it('hands over the erased text when nothing was typed after the render', () => {
    const early = new EarlyInput<Field>();
    const box = { value: '' };
    type(early, box, 'ingdo');
    box.value = '';
    expect(early.texts().get(box)).toBe('ingdo');
  });

  it('survives two renders that each set the box back', () => {
    const early = new EarlyInput<Field>();
    const box = { value: '' };
    type(early, box, 'in');
    box.value = '';
    type(early, box, 'gd');
    box.value = '';
    type(early, box, 'o');
    expect(early.texts().get(box)).toBe('ingdo');
  });

  it('types onto a field the render sets back to a text of its own', () => {
    const early = new EarlyInput<Field>();
    const name = { value: 'Ann' }; // drawn by the server with the app's text
    type(early, name, 'a');
    name.value = 'Ann';
    type(early, name, 'e');
    expect(early.texts().get(name)).toBe('Annae');
  });

  it('takes a field no render touched as the visitor left it, deletions included', () => {
    const early = new EarlyInput<Field>();
    const name = { value: '' };
    type(early, name, 'Anne');
    early.beforeChange(name);
    name.value = 'Ann'; // Backspace
    early.changed(name);
    expect(early.texts().get(name)).toBe('Ann');
  });

  it('keeps fields apart and leaves out fields never typed into', () => {
    const early = new EarlyInput<Field>();
    const first = { value: '' };
    const second = { value: '' };
    type(early, first, 'a');
    type(early, second, 'b');
    first.value = '';
    expect([...early.texts().entries()].map(([field, text]) => [field === first, text])).toEqual([
      [true, 'a'],
      [false, 'b'],
    ]);
  });
});
