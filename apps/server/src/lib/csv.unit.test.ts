import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv';

describe('CSV fields', () => {
  it('are written as they are when nothing needs quoting', () => {
    expect(csvField('Growth')).toBe('Growth');
    expect(csvField(42)).toBe('42');
    expect(csvField(-3.5)).toBe('-3.5');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(true)).toBe('true');
  });

  it('are quoted when they hold a comma, a quote or a line break, quotes doubled', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
  });

  it("keep a text a spreadsheet would run as a formula as text, with a leading '", () => {
    expect(csvField('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-cmd')).toBe("'-cmd");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\tx')).toBe("'\tx");
  });
});

describe('a CSV document', () => {
  it('has a header and one CRLF-ended record per row', () => {
    expect(
      toCsv(
        ['plan', 'members'],
        [
          ['Growth, monthly', 3],
          ['=1+1', 0],
        ],
      ),
    ).toBe('plan,members\r\n"Growth, monthly",3\r\n\'=1+1,0\r\n');
  });
});
