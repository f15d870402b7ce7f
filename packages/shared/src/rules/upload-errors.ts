import { UPLOAD_MESSAGES } from '../messages';

/**
 * The text to show for a failed upload step. Servers and task tools often embed a JSON body in their
 * message ('Request failed: {"err":"Token invalid","ECODE":"OAUTH_025"}'); its `err` (or `message`)
 * is what the user should read. Empty or missing text falls back to 'Please try again'.
 */
export function uploadErrorText(message: unknown): string {
  if (typeof message !== 'string') return UPLOAD_MESSAGES.TRY_AGAIN;
  const text = message.trim();
  if (text === '') return UPLOAD_MESSAGES.TRY_AGAIN;
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start !== -1 && end > start) {
    try {
      const embedded = JSON.parse(text.slice(start, end + 1)) as Record<string, unknown>;
      for (const key of ['err', 'message', 'error']) {
        const value = embedded[key];
        if (typeof value === 'string' && value.trim() !== '') return value.trim();
      }
    } catch {
      // Not JSON after all: show the message as it is.
    }
  }
  return text;
}
