import { describe, expect, it } from 'vitest';
import { uploadErrorText } from './upload-errors';

describe('uploadErrorText', () => {
  it('reads err from JSON embedded in a message', () => {
    expect(uploadErrorText('Request failed: {"err":"Token invalid","ECODE":"OAUTH_025"}')).toBe('Token invalid');
  });
  it('reads message when the embedded JSON has no err', () => {
    expect(uploadErrorText('400 {"message":"Workspace not found"}')).toBe('Workspace not found');
  });
  it('keeps a plain message', () => {
    expect(uploadErrorText('Not authorized')).toBe('Not authorized');
  });
  it('keeps a message whose braces are not JSON', () => {
    expect(uploadErrorText('bad {value}')).toBe('bad {value}');
  });
  it('falls back to Please try again', () => {
    expect(uploadErrorText('')).toBe('Please try again');
    expect(uploadErrorText(undefined)).toBe('Please try again');
    expect(uploadErrorText('{"err":""}')).toBe('{"err":""}');
  });
});
