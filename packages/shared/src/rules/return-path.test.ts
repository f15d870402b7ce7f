import { describe, expect, it } from 'vitest';
import { isReturnPath, RETURN_PATH_MAX } from './return-path';

describe('a return address after sign-up', () => {
  it('is a page of this site', () => {
    expect(isReturnPath('/team/accept/Ab-_09')).toBe(true);
    expect(isReturnPath('/')).toBe(true);
    expect(isReturnPath('/ai/preview')).toBe(true);
  });

  it('never leaves the site, and carries no query, fragment or odd character', () => {
    for (const path of [
      '',
      'team/accept/x',
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      '/x?next=//evil',
      '/x#y',
      '/x y',
      '/x\n',
      'javascript:alert(1)',
    ]) {
      expect(isReturnPath(path), path).toBe(false);
    }
  });

  it('has a length limit', () => {
    expect(isReturnPath(`/${'a'.repeat(RETURN_PATH_MAX - 1)}`)).toBe(true);
    expect(isReturnPath(`/${'a'.repeat(RETURN_PATH_MAX)}`)).toBe(false);
  });
});
