import { NAME_DISPLAY_CUT, NAME_DISPLAY_MAX } from '../constants';

/** Names longer than 21 characters are cut to 17 plus '...'. */
export function cutName(name: string): string {
  return name.length > NAME_DISPLAY_MAX ? `${name.slice(0, NAME_DISPLAY_CUT)}...` : name;
}

/** Splits plain text into paragraphs on blank lines. */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}
