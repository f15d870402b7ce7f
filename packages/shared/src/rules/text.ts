/**
 * Where in a parsed request (JSON body, query, path parameters) a string holds text that cannot be stored:
 * NUL, which PostgreSQL refuses in text, or half of a surrogate pair, which no UTF-8 encodes. Keys count
 * too. Returns the path to the first such string ('' for the value itself), or undefined when all is well.
 */
export function unstorableTextAt(value: unknown): string | undefined {
  // Walked with a list of its own, not by recursion: a body of deeply nested arrays must not exhaust the stack.
  const pending: { value: unknown; path: string }[] = [{ value, path: '' }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (typeof next.value === 'string') {
      if (!isStorableText(next.value)) return next.path;
      continue;
    }
    if (typeof next.value !== 'object' || next.value === null || ArrayBuffer.isView(next.value)) continue;
    const children = Object.entries(next.value);
    // Pushed last to first, so the first bad value in document order is the one named.
    for (let i = children.length - 1; i >= 0; i--) {
      const [key, child] = children[i]!;
      const at = next.path ? `${next.path}.${key}` : key;
      if (!isStorableText(key)) return at;
      pending.push({ value: child, path: at });
    }
  }
  return undefined;
}

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const isStorableText = (text: string) => !text.includes('\u0000') && !LONE_SURROGATE.test(text);
