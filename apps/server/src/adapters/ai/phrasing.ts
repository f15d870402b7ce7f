/**
 * Turns a member's free-text answers into pieces that fit the offline planner's sentences: the answers
 * arrive as typed (capitalised, quoted, long, ending in a full stop), while the planner writes them into the
 * middle of its own sentences, after a label, or into a task's name.
 */

/** Words a shortened phrase must not end on: "grow repeat orders by" reads as cut off. */
const DANGLING = new Set(
  'a an the and or but nor so yet to of for from by with without in on at into onto as than that which who whose whom via per about like through our your their my its his her this these those is are was were be being been will would can could should must may might i we you they he she it'.split(
    ' ',
  ),
);

/** Words a title keeps in lower case unless they open it. */
const MINOR = new Set('a an the and or nor but for of to in on at by with as via per vs'.split(' '));

/** Opening words that make an answer a sentence about the member rather than a phrase about the offer. */
const SUBJECT_VERB =
  /^(?:i|we|my company|my business|our company|our business|our team)\s+(?:sell|offer|provide|make|create|build|run|deliver|design|teach|bake|cook|do|produce|supply|manage|write|host|organi[sz]e)s?\s+/i;

/** Text as one line without wrapping quotes, spaces or a closing full stop. */
export function plain(text: string): string {
  // Double quotes the member typed (around the answer or a name in it) would clash with any quoting of ours.
  let out = text
    .replace(/["“”«»]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  for (;;) {
    const unquoted = out.replace(/^["'“‘«]+\s*(.*?)\s*["'”’»]+$/u, '$1');
    const unended = unquoted.replace(/[\s.!?,;:…]+$/u, '');
    if (unended === out) return out;
    out = unended;
  }
}

/** A word typed as a sentence opener (Grow, Reach) rather than a name or acronym (SEO, LinkedIn, iPhone, I). */
const isOpenerCase = (word: string) => /^[A-Z][a-z'’-]*[,;]?$/.test(word) && word !== 'I' && !/^I['’]/.test(word);

/** The first letter in upper case: the opening of a sentence, a list item or the text after a label. */
export function capFirst(text: string): string {
  return text.replace(/^([^\p{L}\d]*)(\p{L})/u, (_m, lead: string, letter: string) => lead + letter.toUpperCase());
}

/** An answer continuing a sentence of ours: "Grow repeat orders." becomes "grow repeat orders". */
export function clause(text: string): string {
  const out = plain(text);
  const first = out.split(' ')[0] ?? '';
  return isOpenerCase(first) ? out.charAt(0).toLowerCase() + out.slice(1) : out;
}

/** An answer standing as a sentence of its own: capitalised and ended once. */
export function sentence(text: string): string {
  const out = plain(text);
  return out === '' ? '' : `${capFirst(out)}.`;
}

/** Every word typed with an opening capital in lower case, names and acronyms kept: "Boat Repair" → "boat repair". */
export function lowerWords(text: string): string {
  return plain(text)
    .split(' ')
    .map((w) => (isOpenerCase(w) ? w.toLowerCase() : w))
    .join(' ');
}

/** A title: each word capitalised but the minor ones inside it ("Hiring a Team for the Busy Season"). */
export function titleCase(text: string): string {
  return plain(text)
    .split(' ')
    .map((w, i) => (i > 0 && MINOR.has(w.toLowerCase()) ? w.toLowerCase() : capFirst(w)))
    .join(' ');
}

/**
 * At most `max` characters, cut only between words and never on a word that leaves the phrase hanging;
 * the first clause first, so a long answer gives its opening thought rather than half of two.
 */
export function shorten(text: string, max: number): string {
  const whole = plain(text);
  const firstClause = plain(whole.split(/[.;:!?]\s|\s[—–-]\s|\(/)[0] ?? whole);
  const source = firstClause.length >= 12 ? firstClause : whole;
  const words = source.split(' ');
  const kept: string[] = [];
  for (const word of words) {
    if ([...kept, word].join(' ').length > max) break;
    kept.push(word);
  }
  while (
    kept.length > 1 &&
    DANGLING.has(
      kept
        .at(-1)!
        .toLowerCase()
        .replace(/[^\p{L}']/gu, ''),
    )
  )
    kept.pop();
  // A first word longer than the limit (a web address) is kept whole: cutting it would leave half a word.
  return plain(kept.length > 0 ? kept.join(' ') : (words[0] ?? ''));
}

/** What the member sells, as a phrase to follow "get more from" or "Package and price"; empty when the answer is about them. */
export function offerPhrase(text: string, max: number): string {
  const stripped = plain(text).replace(SUBJECT_VERB, '');
  if (/^(?:i|we|my|our)\b/i.test(stripped)) return '';
  const phrase = shorten(stripped, max);
  // Typed in title case ("Handmade Soap And Candles") it is no name: lower case inside our sentence.
  const words = phrase.split(' ');
  const titled = words.some((_, i) => words.slice(i, i + 3).filter(isOpenerCase).length === 3);
  return titled ? lowerWords(phrase) : clause(phrase);
}

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\d']+/gu) ?? [];

/** Whether two answers say the same thing (three words in a row in common): one of them is enough in a sentence. */
export function overlaps(a: string, b: string): boolean {
  const grams = (words: string[]) => new Set(words.slice(2).map((_, i) => words.slice(i, i + 3).join(' ')));
  const other = grams(wordsOf(b));
  return [...grams(wordsOf(a))].some((g) => other.has(g));
}
