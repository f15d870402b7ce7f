/**
 * Where in a parsed request (JSON body, query, path parameters) a string holds text that cannot be stored:
 * NUL, which PostgreSQL refuses in text, or half of a surrogate pair, which no UTF-8 encodes. Keys count
 * too. Returns the path to the first such string ('' for the value itself), or undefined when all is well.
 */
export function unstorableTextAt(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return isStorableText(value) ? undefined : path;
  if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) return undefined;
  for (const [key, child] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (!isStorableText(key)) return at;
    const found = unstorableTextAt(child, at);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const isStorableText = (text: string) => !text.includes('\u0000') && !LONE_SURROGATE.test(text);
