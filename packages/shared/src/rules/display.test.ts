import { describe, expect, it } from 'vitest';
import { cutName, paragraphs } from './display';

describe('cutName', () => {
  it('keeps names of up to 21 characters', () => {
    expect(cutName('Alexandria-Catherine1')).toBe('Alexandria-Catherine1');
  });
  it('cuts longer names to 17 characters plus ...', () => {
    expect(cutName('Alexandria-Catherine12')).toBe('Alexandria-Cather...');
  });
});

describe('paragraphs', () => {
  it('splits on blank lines and drops empty ones', () => {
    expect(paragraphs('One.\n\n  Two.\n \n\nThree.')).toEqual(['One.', 'Two.', 'Three.']);
  });
});
