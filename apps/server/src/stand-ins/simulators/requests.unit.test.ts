import { describe, expect, it } from 'vitest';
import { redirectAllowed, str, validEmail, withQuery } from './requests';

describe('what the simulators read of a request', () => {
  it('accepts redirect URIs under PUBLIC_URL only', () => {
    const base = 'https://app.example.com/planner';
    expect(redirectAllowed(base, 'https://app.example.com/planner/oauth2/handler?x=1')).toBe(true);
    expect(redirectAllowed(base, 'https://app.example.com/planner')).toBe(true);
    expect(redirectAllowed(base, 'https://app.example.com/plannerx/cb')).toBe(false);
    expect(redirectAllowed(base, 'https://app.example.com.evil.test/planner/cb')).toBe(false);
    expect(redirectAllowed(base, 'https://app.example.com@evil.test/planner/cb')).toBe(false);
    expect(redirectAllowed(base, 'http://app.example.com/planner/cb')).toBe(false);
    expect(redirectAllowed(base, 'https://app.example.com/planner/cb#frag')).toBe(false);
    expect(redirectAllowed(base, 'not a url')).toBe(false);
    expect(redirectAllowed(base, undefined)).toBe(false);
  });

  it('adds the parameters given to a redirect, over those it has, and leaves out the unset ones', () => {
    expect(withQuery('https://app.example.com/cb?state=old&x=1', { state: 'new', code: 'c d', error: undefined })).toBe(
      'https://app.example.com/cb?state=new&x=1&code=c+d',
    );
  });

  it('takes a field only as text, and an e-mail only in its shape and length', () => {
    expect(str('ada')).toBe('ada');
    expect(str(['ada'])).toBeUndefined();
    expect(str(1)).toBeUndefined();
    expect(validEmail('ada@example.com')).toBe(true);
    expect(validEmail('ada@example')).toBe(false);
    expect(validEmail('ada example@example.com')).toBe(false);
    expect(validEmail(`${'a'.repeat(243)}@example.com`)).toBe(false);
    expect(validEmail(`${'a'.repeat(242)}@example.com`)).toBe(true);
    expect(validEmail(undefined)).toBe(false);
  });
});
