/**
 * CSV as RFC 4180 writes it: fields separated by commas, records by CRLF; a field holding a comma, a double quote,
 * a CR or an LF is quoted, its quotes doubled. A text field a spreadsheet would read as a formula (starting with
 * =, +, -, @, a tab or a CR) is prefixed with ' so that it stays text when opened.
 */

export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A header line and one line per row, each ending with CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((fields) => `${fields.map(csvField).join(',')}\r\n`).join('');
}
